import type { CaseSplitLevel, CaseSplitStatus } from "../../common/constants.ts";
import { newId } from "./ids.ts";

// Keys:  ["case_split_tasks", id] -> CaseSplitRecord             (id = newId(createdAt): newest-first)
//        ["case_split_by_user", userId, id] -> id
//        ["case_split_files", id, chunk] -> StoredOutputFile[]    (FILES_PER_CHUNK per value; a county
//                                                                split can have ~3 000 regions, more
//                                                                than one 64 KiB value holds)
//
// A split task (part 4 §3) is created by the upload ("uploaded"), moves to "processing" in the commit
// that starts its background task (server/kv/tasks.ts, see services/case_split/start_split.ts), and
// ends "completed" (with its files) or "failed". Rows that could not be placed live in the blob store
// (error_rows.json), not in KV: there may be 100 000 of them.

export interface CaseSplitRecord {
  id: string;
  userId: number;
  status: CaseSplitStatus;
  splitLevel: CaseSplitLevel | null;
  /** The uploaded file's name as the user sees it (never used as a blob key). */
  originalFilename: string;
  sourceKind: "xlsx" | "xls";
  /** The column picker's names (services/case_split/split_sheet.ts headerLabels). */
  headers: string[];
  totalRows: number;
  successRows: number;
  errorCount: number;
  addressColumn: string | null;
  fileCount: number;
  /** The background task of the current or last split (GET /api/tasks/:id). */
  jobTaskId: string | null;
  error: string | null;
  createdAt: number;
  updatedAt: number;
}

/** One output workbook: a region or 其他 (`code` null), with its file name inside the task's folder. */
export interface StoredOutputFile {
  region: string;
  code: string | null;
  count: number;
  file: string;
}

const FILES_PER_CHUNK = 300;

export function splitTaskKey(id: string): Deno.KvKey {
  return ["case_split_tasks", id];
}

export async function getSplitTask(kv: Deno.Kv, id: string): Promise<CaseSplitRecord | null> {
  return (await kv.get<CaseSplitRecord>(splitTaskKey(id))).value;
}

export interface NewSplitTask {
  userId: number;
  originalFilename: string;
  sourceKind: "xlsx" | "xls";
  headers: string[];
  totalRows: number;
  now: number;
}

/** The record of an uploaded sheet, status "uploaded"; `id` may be chosen by the caller (its blob folder). */
export async function createSplitTask(kv: Deno.Kv, input: NewSplitTask, id = newId(input.now)) {
  const record: CaseSplitRecord = {
    id,
    userId: input.userId,
    status: "uploaded",
    splitLevel: null,
    originalFilename: input.originalFilename,
    sourceKind: input.sourceKind,
    headers: input.headers,
    totalRows: input.totalRows,
    successRows: 0,
    errorCount: 0,
    addressColumn: null,
    fileCount: 0,
    jobTaskId: null,
    error: null,
    createdAt: input.now,
    updatedAt: input.now,
  };
  const res = await kv.atomic()
    .check({ key: splitTaskKey(id), versionstamp: null })
    .set(splitTaskKey(id), record)
    .set(["case_split_by_user", record.userId, id], id)
    .commit();
  if (!res.ok) throw new Error("split task id collision");
  return record;
}

export interface SplitTaskFilter {
  /** Part of the file name, case-insensitive. */
  filename?: string;
  splitLevel?: CaseSplitLevel;
  /** Created at or after (ms). */
  from?: number;
  /** Created before (ms). */
  to?: number;
}

/**
 * A user's split tasks, newest first, filtered, one page of them and the number that match. Reads
 * all of the user's records (a person's task list stays in the hundreds); ids sort by creation time,
 * so the date range narrows the key range read.
 */
export async function listSplitTasks(
  kv: Deno.Kv,
  userId: number,
  options: SplitTaskFilter & { page: number; pageSize: number },
): Promise<{ tasks: CaseSplitRecord[]; total: number }> {
  const prefix = ["case_split_by_user", userId];
  const idAt = (ms: number) => Math.max(0, ms).toString(16).padStart(12, "0");
  const selector: Deno.KvListSelector = {
    start: options.from !== undefined ? [...prefix, idAt(options.from)] : [...prefix, ""],
    end: options.to !== undefined ? [...prefix, idAt(options.to)] : [...prefix, "~"],
  };
  const ids: string[] = [];
  for await (const e of kv.list<string>(selector, { reverse: true })) ids.push(e.value);
  const needle = options.filename?.trim().toLowerCase() ?? "";
  const matching: CaseSplitRecord[] = [];
  for (let i = 0; i < ids.length; i += 10) {
    const entries = await kv.getMany<CaseSplitRecord[]>(ids.slice(i, i + 10).map(splitTaskKey));
    for (const e of entries) {
      const t = e.value;
      if (!t) continue;
      if (needle && !t.originalFilename.toLowerCase().includes(needle)) continue;
      if (options.splitLevel && t.splitLevel !== options.splitLevel) continue;
      matching.push(t);
    }
  }
  const start = (options.page - 1) * options.pageSize;
  return { tasks: matching.slice(start, start + options.pageSize), total: matching.length };
}

/** The output files of a completed task, in their stored order (regions by count, 其他 last). */
export async function listSplitFiles(
  kv: Deno.Kv,
  task: Pick<CaseSplitRecord, "id">,
): Promise<StoredOutputFile[]> {
  const files: StoredOutputFile[] = [];
  for await (const e of kv.list<StoredOutputFile[]>({ prefix: ["case_split_files", task.id] })) {
    files.push(...e.value);
  }
  return files;
}

/**
 * Stores a finished split: counts and files, status "completed", in one commit that also checks the
 * record is still the processing one (it may have been deleted meanwhile). Returns false when not.
 */
export async function completeSplitTask(
  kv: Deno.Kv,
  entry: Deno.KvEntry<CaseSplitRecord>,
  result: {
    successRows: number;
    errorCount: number;
    totalRows: number;
    files: StoredOutputFile[];
    now: number;
  },
): Promise<boolean> {
  const record: CaseSplitRecord = {
    ...entry.value,
    status: "completed",
    totalRows: result.totalRows,
    successRows: result.successRows,
    errorCount: result.errorCount,
    fileCount: result.files.length,
    error: null,
    updatedAt: result.now,
  };
  const op = kv.atomic().check(entry).set(splitTaskKey(record.id), record);
  const old = await listChunkKeys(kv, record.id);
  for (const key of old) op.delete(key);
  for (let i = 0; i * FILES_PER_CHUNK < result.files.length; i++) {
    op.set(
      ["case_split_files", record.id, i],
      result.files.slice(i * FILES_PER_CHUNK, (i + 1) * FILES_PER_CHUNK),
    );
  }
  return (await op.commit()).ok;
}

/** Marks a split failed with the Chinese message the list shows. No-op for a deleted record. */
export async function failSplitTask(kv: Deno.Kv, id: string, options: { error: string; now: number }) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const entry = await kv.get<CaseSplitRecord>(splitTaskKey(id));
    if (!entry.value) return;
    const record: CaseSplitRecord = {
      ...entry.value,
      status: "failed",
      error: options.error,
      updatedAt: options.now,
    };
    if ((await kv.atomic().check(entry).set(splitTaskKey(id), record).commit()).ok) return;
  }
  throw new Error("split task too contended");
}

async function listChunkKeys(kv: Deno.Kv, id: string): Promise<Deno.KvKey[]> {
  const keys: Deno.KvKey[] = [];
  for await (const e of kv.list({ prefix: ["case_split_files", id] })) keys.push(e.key);
  return keys;
}

/** Removes a split task, its index and its file list (its blobs are the caller's business). */
export async function deleteSplitTask(kv: Deno.Kv, task: Pick<CaseSplitRecord, "id" | "userId">) {
  const op = kv.atomic().delete(splitTaskKey(task.id)).delete(["case_split_by_user", task.userId, task.id]);
  for (const key of await listChunkKeys(kv, task.id)) op.delete(key);
  if (!(await op.commit()).ok) throw new Error("split task delete rejected");
}

/**
 * Split tasks not processing ("uploaded" and never split, "completed", "failed") and unchanged since
 * before `before` (ms): the clean-up's candidates, oldest first. Ids sort by creation time, and a
 * task changes only after it was created, so only ids older than `before` are read.
 */
export async function* listSplitTasksIdleBefore(kv: Deno.Kv, before: number): AsyncIterable<CaseSplitRecord> {
  const end = ["case_split_tasks", before.toString(16).padStart(12, "0")];
  for await (const e of kv.list<CaseSplitRecord>({ prefix: ["case_split_tasks"], end })) {
    if (e.value.status !== "processing" && e.value.updatedAt < before) yield e.value;
  }
}
