/**
 * Reads law files from a folder on the server (LAWS_DIR, benchmarks, tests): every .md and .txt below
 * it, parsed with the source folder as a level hint. .docx files are read too when a text extractor
 * is given.
 */
import { folderHint } from "./assemble.ts";
import { parseLawFile } from "./parse_markdown.ts";
import type { ParsedLawFile } from "./types.ts";

const SKIP = /^(_index\.md|README\.md|法律法规模版\.md)$/;
const SKIP_FOLDER = /^(DLC|scripts|__MACOSX|\..*)$/;

/** True for a law file's relative path (folder/name.md): not a section index, template or DLC file. */
export function isLawFilePath(rel: string): boolean {
  const parts = rel.split("/").filter(Boolean);
  const name = parts[parts.length - 1] ?? "";
  return /\.(md|txt)$/i.test(name) && !SKIP.test(name) &&
    !parts.slice(0, -1).some((p) => SKIP_FOLDER.test(p));
}

export async function* walkLawFiles(dir: string, rel = ""): AsyncGenerator<{ path: string; rel: string }> {
  const entries: Deno.DirEntry[] = [];
  for await (const e of Deno.readDir(dir)) entries.push(e);
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entries) {
    const path = `${dir}/${e.name}`;
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory) {
      if (SKIP_FOLDER.test(e.name)) continue;
      yield* walkLawFiles(path, r);
    } else if (e.isFile && isLawFilePath(r)) {
      yield { path, rel: r };
    }
  }
}

export async function parseLawFolder(dir: string): Promise<ParsedLawFile[]> {
  const out: ParsedLawFile[] = [];
  for await (const f of walkLawFiles(dir)) {
    const parts = f.rel.split("/");
    out.push(parseLawFile(await Deno.readTextFile(f.path), parts[parts.length - 1], folderHint(parts)));
  }
  return out;
}
