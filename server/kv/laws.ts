/**
 * The law library's records (issue #14). Article texts are blobs (one JSON per law version).
 *
 * Keys:  ["laws", id] -> LawRecord
 *        ["laws_by_title", normalizedTitle, id] -> id
 *        ["law_library_setup"] -> LawLibrarySetup (the first-start import; outside ["laws"] on purpose)
 * Blobs: laws/<id>.json -> LawText
 */
import type { BlobStore } from "../blobs/blob_store.ts";
import { AppError } from "../errors.ts";
import { normalizeLawName } from "../../common/law_name_key.ts";
import type { LawSummary } from "../../common/schemas/law_search.ts";

/** One article: 第X条 plus its paragraphs up to the next article or heading. */
export interface LawArticle {
  /** 第六百八十条, 第十条之一 */
  number: string;
  num: number;
  /** 1 for 第X条之一; 0 otherwise. */
  sub: number;
  /** Headings above it: 编 / 分编 / 章 / 节 (or 一、管辖 in interpretations). */
  path: string[];
  /** The first paragraph without the 第X条 label, then the rest; items （一）… are paragraphs too. */
  paragraphs: string[];
}

/** One version of a law, as stored (KV ["laws", id]): what the screens list (LawSummary) and more. */
export interface LawRecord extends LawSummary {
  folder: string | null;
  /** sha256 of the article texts, to spot duplicate crawls and changed texts. */
  sha256: string;
  importedAt: number;
  /** Acts this one's text names as repealed (…同时废止). */
  repeals: string[];
}

/** What the blob store keeps per law version (laws/<id>.json). */
export interface LawText {
  articles: LawArticle[];
  body: string;
  history: string[];
  /** Words of each article found by Intl.Segmenter at import (start-up reuses them); absent in old blobs. */
  words?: string[][];
}

export function lawTextKey(id: string): string {
  return `laws/${id}.json`;
}

export async function listLawRecords(kv: Deno.Kv): Promise<LawRecord[]> {
  const out: LawRecord[] = [];
  for await (const e of kv.list<LawRecord>({ prefix: ["laws"] })) out.push(e.value);
  return out;
}

export async function getLawRecord(kv: Deno.Kv, id: string): Promise<LawRecord | null> {
  return (await kv.get<LawRecord>(["laws", id])).value;
}

export async function countLaws(kv: Deno.Kv): Promise<number> {
  let n = 0;
  for await (const _ of kv.list({ prefix: ["laws"] }, { limit: 1 })) n++;
  return n;
}

/** Stores a new law version: its text blob first, then the record and its title index in one commit. */
export async function createLaw(
  kv: Deno.Kv,
  blobs: BlobStore,
  record: LawRecord,
  text: LawText,
): Promise<void> {
  await blobs.put(lawTextKey(record.id), new TextEncoder().encode(JSON.stringify(text)));
  const res = await kv.atomic()
    .check({ key: ["laws", record.id], versionstamp: null })
    .set(["laws", record.id], record)
    .set(["laws_by_title", normalizeLawName(record.title), record.id], record.id)
    .commit();
  if (!res.ok) throw new AppError("INTERNAL");
}

/** Writes changed records (status, dates) in batches of atomic commits. */
export async function saveLawRecords(kv: Deno.Kv, records: LawRecord[]): Promise<void> {
  for (let i = 0; i < records.length; i += 50) {
    const op = kv.atomic();
    for (const r of records.slice(i, i + 50)) op.set(["laws", r.id], r);
    const res = await op.commit();
    if (!res.ok) throw new AppError("INTERNAL");
  }
}

export async function readLawText(blobs: BlobStore, id: string): Promise<LawText | null> {
  const bytes = await blobs.read(lawTextKey(id));
  return bytes ? JSON.parse(new TextDecoder().decode(bytes)) as LawText : null;
}

export async function deleteLaw(kv: Deno.Kv, blobs: BlobStore, record: LawRecord): Promise<void> {
  const res = await kv.atomic()
    .delete(["laws", record.id])
    .delete(["laws_by_title", normalizeLawName(record.title), record.id])
    .commit();
  if (!res.ok) throw new AppError("INTERNAL");
  await blobs.delete(lawTextKey(record.id));
}

/** Where the first-start import of the library stands (first_start_laws.ts). */
export interface LawLibrarySetup {
  state: "running" | "done";
  /** "builtin" or the folder imported. */
  source: string;
  at: number;
}

export async function getLawLibrarySetup(kv: Deno.Kv): Promise<LawLibrarySetup | null> {
  return (await kv.get<LawLibrarySetup>(["law_library_setup"])).value;
}

export async function setLawLibrarySetup(kv: Deno.Kv, setup: LawLibrarySetup): Promise<void> {
  await kv.set(["law_library_setup"], setup);
}
