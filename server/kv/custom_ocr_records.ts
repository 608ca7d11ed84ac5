/**
 * Folder records of custom OCR (part 4 §3 "Folder record"): one run of a rule over one case folder
 * of the user's AI document folder. Its files' texts and the full extraction (candidates with their
 * sources) live in the blob store under users/<userId>/custom_ocr/<recordId>/.
 *
 * Keys:  ["custom_ocr_records", userId, id] -> FolderRecord   (ids sort by creation time)
 */
import type { FieldSpec } from "../../common/field_spec.ts";
import { newId } from "./ids.ts";

export type RecordStatus = "pending" | "processing" | "completed" | "failed";

export interface RecordFile {
  fileName: string;
  /** Path inside the user's AI folder, for display. */
  path: string;
  /** The AI folder node and blob read; the file may be deleted meanwhile (then it fails). */
  nodeId: string;
  blobKey: string;
  status: "pending" | "processing" | "completed" | "failed";
  error?: string;
  /** The field keys the rule asks of this file (its patterns' fields plus the global ones). */
  keys: string[];
  docKey?: string;
  /** SHA-256 of the bytes read (hex): a re-run reuses the text of an unchanged file. */
  hash?: string;
  /** Its text came from the previous run of the same folder and rule: not read, not charged. */
  reused?: boolean;
  /** While the file is read: pages read so far and the file's pages (moved per page, issue #26). */
  pagesDone?: number;
  pagesTotal?: number;
}

export interface FieldValue {
  value: string;
  /** The file the value was read from ("手动输入" for a value typed by hand). */
  source: string;
  /** Canonical form (an amount's digits "12000.00", a date YYYY-MM-DD), when read from a file. */
  normalized?: string;
  /**
   * The model gave it but no line of its file states it (模型推断，无原文): offered, never chosen by
   * itself, never printed into a document until a person picks it (issue #25 finding 2).
   */
  unverified?: boolean;
  /**
   * Where in its file it was read (issue #27 item 4), for the page crop: 1-based page and line, the line's
   * box (for a value over several lines the union of theirs) and each line's box then. Absent for values
   * typed by hand, files without boxes (Word, sheets) and records made before.
   */
  page?: number;
  line?: number;
  box?: [number, number, number, number];
  boxes?: [number, number, number, number][];
}

/** A value a person typed or picked (issue #27): kept over every later run until they clear it. */
export interface KeptValue extends FieldValue {
  at: number;
}

export interface FolderRecord {
  id: string;
  userId: number;
  /** For the usage records the run writes. */
  username: string;
  ruleId: string;
  ruleName: string;
  folderPath: string;
  status: RecordStatus;
  files: RecordFile[];
  /** The rule's fields asked of at least one file, in rule order. */
  fields: FieldSpec[];
  /** AI uses charged up front (one per file) and given back for failed files. */
  charged: number;
  refunded: number;
  mergedResult: Record<string, string | null>;
  fieldValues: Record<string, FieldValue[]>;
  errorMessage: string | null;
  /** Values a person typed or picked, by field key; carried into the case's next run. */
  kept?: Record<string, KeptValue>;
  /** Per kept field: values read from new or changed files that disagree with it (冲突). */
  conflicts?: Record<string, FieldValue[]>;
  /** Blob of the full CaseExtraction once completed. */
  extractionKey: string | null;
  createdAt: number;
  updatedAt: number;
}

const PREFIX = "custom_ocr_records";

export function newRecordId(now: number): string {
  return newId(now);
}

export function recordKey(userId: number, id: string): Deno.KvKey {
  return [PREFIX, userId, id];
}

/** The refund id of one file's AI use: its settlement and a failed record's refund share it (once per file). */
export function customOcrRefundId(recordId: string, index: number): string {
  return `custom_ocr:${recordId}:${index}`;
}

export async function getRecordEntry(
  kv: Deno.Kv,
  userId: number,
  id: string,
): Promise<Deno.KvEntryMaybe<FolderRecord>> {
  if (!/^[0-9a-f]{20}$/.test(id)) return { key: recordKey(userId, id), value: null, versionstamp: null };
  return await kv.get<FolderRecord>(recordKey(userId, id));
}

/** The user's records, newest first. */
export async function listRecords(kv: Deno.Kv, userId: number): Promise<FolderRecord[]> {
  const out: FolderRecord[] = [];
  for await (const e of kv.list<FolderRecord>({ prefix: [PREFIX, userId] }, { reverse: true })) {
    out.push(e.value);
  }
  return out;
}

/** Every user's records, newest first (administrators' view of AI处理记录). */
export async function listAllRecords(kv: Deno.Kv): Promise<FolderRecord[]> {
  const out: FolderRecord[] = [];
  for await (const e of kv.list<FolderRecord>({ prefix: [PREFIX] })) out.push(e.value);
  return out.sort((a, b) => b.createdAt - a.createdAt || b.id.localeCompare(a.id));
}

/**
 * Marks one file of a record as being read, with the pages read so far when given, by compare-and-set.
 * False when the record is gone or the file is already settled (completed or failed): nothing is written.
 */
export async function markRecordFile(
  kv: Deno.Kv,
  input: {
    userId: number;
    recordId: string;
    index: number;
    now: number;
    pagesDone?: number;
    pagesTotal?: number;
  },
): Promise<boolean> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const entry = await getRecordEntry(kv, input.userId, input.recordId);
    const file = entry.value?.files[input.index];
    if (!entry.value || !file || file.status === "completed" || file.status === "failed") return false;
    const pages = input.pagesTotal === undefined
      ? {}
      : { pagesDone: input.pagesDone, pagesTotal: input.pagesTotal };
    const next: FolderRecord = {
      ...entry.value,
      files: entry.value.files.map((f, i) =>
        i === input.index ? { ...f, status: "processing", ...pages } : f
      ),
      updatedAt: input.now,
    };
    if ((await kv.atomic().check(entry).set(entry.key, next).commit()).ok) return true;
  }
  return false;
}

export async function deleteRecordEntry(
  kv: Deno.Kv,
  record: Pick<FolderRecord, "userId" | "id">,
): Promise<void> {
  await kv.delete(recordKey(record.userId, record.id));
}
