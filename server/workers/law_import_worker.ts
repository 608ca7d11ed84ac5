import PizZip from "pizzip";
import { EMPTY_LAW_FILE, folderHint, isEmptyLawFile } from "../services/laws/assemble.ts";
import { parseLawFile } from "../services/laws/parse_markdown.ts";
import type { ParsedLawFile } from "../services/laws/types.ts";
import { ParseFailure, serveWorker } from "./worker_protocol.ts";
import { readZipDirectory } from "./zip_directory.ts";

/**
 * Parses uploaded law files inside a permission-less worker (issue #14): .md and .txt (UTF-8, the
 * LawRefBook layout or plain text), .docx from flk.npc.gov.cn (paragraphs of word/document.xml), and a
 * .zip holding any of these (folders kept as the level hint). Started only by services/laws/import_laws.ts.
 */

export interface LawImportWorkerInput {
  files: { name: string; bytes: Uint8Array }[];
  maxUncompressedBytes: number;
}

export interface LawImportWorkerResult {
  parsed: ParsedLawFile[];
  /** Files that held no law (no title or unreadable), with the reason. */
  skipped: { name: string; reason: string }[];
}

const decoder = new TextDecoder("utf-8");

function docxText(bytes: Uint8Array): string {
  const zip = new PizZip(bytes);
  const xml = zip.file("word/document.xml")?.asText();
  if (!xml) throw new ParseFailure("不是有效的Word文件（.docx）");
  const paragraphs: string[] = [];
  for (const p of xml.split(/<\/w:p>/)) {
    const texts = [...p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]);
    const line = texts.join("").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&")
      .replace(/&quot;/g, '"').replace(/&apos;/g, "'");
    paragraphs.push(line);
  }
  return paragraphs.join("\n");
}

function parseOne(name: string, bytes: Uint8Array, folder: string | null): ParsedLawFile {
  const lower = name.toLowerCase();
  const text = lower.endsWith(".docx") ? docxText(bytes) : decoder.decode(bytes);
  return parseLawFile(text, name.split("/").pop()!, folder);
}

function run(input: LawImportWorkerInput): LawImportWorkerResult {
  const parsed: ParsedLawFile[] = [];
  const skipped: { name: string; reason: string }[] = [];
  const keep = (name: string, p: ParsedLawFile) => {
    if (isEmptyLawFile(p)) {
      skipped.push({ name, reason: EMPTY_LAW_FILE });
    } else parsed.push(p);
  };
  for (const f of input.files) {
    const lower = f.name.toLowerCase();
    try {
      if (lower.endsWith(".zip")) {
        const dir = readZipDirectory(f.bytes);
        if (dir.uncompressedBytes > input.maxUncompressedBytes) {
          throw new ParseFailure("压缩包解压后过大");
        }
        const zip = new PizZip(f.bytes);
        for (const entry of Object.values(zip.files)) {
          if (
            entry.dir || !/\.(md|txt|docx)$/i.test(entry.name) ||
            /(^|\/)(_index|README|法律法规模版)\.md$/.test(entry.name)
          ) continue;
          if (/(^|\/)(DLC|scripts|__MACOSX)\//.test(entry.name)) continue;
          const folder = folderHint(entry.name.split("/").filter(Boolean));
          keep(entry.name, parseOne(entry.name, entry.asUint8Array(), folder));
        }
      } else {
        keep(f.name, parseOne(f.name, f.bytes, null));
      }
    } catch (err) {
      skipped.push({
        name: f.name,
        reason: err instanceof ParseFailure ? err.message : "文件内容无法识别，可能已损坏",
      });
    }
  }
  return { parsed, skipped };
}

serveWorker<LawImportWorkerInput, LawImportWorkerResult>(run);
