/**
 * Reads a .tar.xz of law files (the built-in national corpus, server/services/laws/data/national.tar.xz):
 * xz is decoded by xz-decompress (xz-embedded compiled to WebAssembly, no native code and no system
 * tools), the tar by nanotar. Only .md/.txt files that walkLawFiles() would read are returned, with
 * their path inside the archive (the folder gives the level hint).
 */
import xz from "xz-decompress";
import { parseTar } from "nanotar";
import { isLawFilePath } from "./load_folder.ts";

/** The national part of LawRefBook/Laws (1 510 files; laws are outside copyright, see data/README.md). */
export const BUILTIN_LAWS_ARCHIVE = new URL("./data/national.tar.xz", import.meta.url);

export interface ArchivedLawFile {
  /** Path inside the archive, e.g. national/民法典/合同编.md */
  path: string;
  text: string;
}

/** Decompresses a .tar.xz file and returns its law files in path order. */
export async function readLawArchive(url: URL | string): Promise<ArchivedLawFile[]> {
  return await decodeLawArchive(await Deno.readFile(url));
}

/** The law files of .tar.xz bytes, in path order (no file access: runs in a permission-less worker). */
export async function decodeLawArchive(bytes: Uint8Array): Promise<ArchivedLawFile[]> {
  const compressed = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream();
  const tar = new Uint8Array(await new Response(new xz.XzReadableStream(compressed)).arrayBuffer());
  const decoder = new TextDecoder("utf-8");
  return parseTar(tar)
    .filter((e) => e.type === "file" && e.data && isLawFilePath(e.name))
    .map((e) => ({ path: e.name, text: decoder.decode(e.data) }))
    .sort((a, b) => a.path.localeCompare(b.path));
}
