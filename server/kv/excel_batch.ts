/**
 * The Excel batch wizard's records (part 2 §2.1, §3): uploaded sheets waiting for a task, the tasks'
 * settings and one outcome per generated file.
 */
import { EXCEL_BATCH_UPLOAD_TTL_MS } from "../../common/constants.ts";
import { isTaskFinished, type TaskRecord } from "./tasks.ts";

// Keys:  ["excel_batch_uploads", userId, uploadId] -> ExcelBatchUpload      (expires after a day)
//        ["excel_batches", taskId] -> ExcelBatch                          (taskId: server/kv/tasks.ts)
//        ["excel_batch_files", taskId, index] -> ExcelBatchFile           (one per finished output; absent = not yet)
//        ["excel_batch_active", taskId] -> { taskId, userId }             (a run not closed yet; resumed at start-up)
//        ["excel_batch_closed", taskId] -> { at }                          (the run's close was written, once)
//        ["excel_batch_settings", userId] -> { fileNamePattern }            (the member's saved file-name pattern)
//
// A task is charged when it starts (startTask with quota). Each output is recorded with a commit
// that checks its entry is still absent, so a redelivered run records (and counts) nothing twice;
// the close (refund of failed rows, usage records) is guarded by ["excel_batch_closed", taskId].

/** An uploaded sheet (POST /api/excel-batch/upload), parsed, its rows kept as JSON under tmp/. */
export interface ExcelBatchUpload {
  id: string;
  userId: number;
  fileName: string;
  headers: string[];
  totalRows: number;
  /** tmp/excel_batch_uploads/<id>/rows.json: { headers, rows, rowNumbers } */
  rowsKey: string;
  uploadedAt: number;
}

/** A wizard task: the small part in KV; the full settings are in the task's folder (specKey). */
export interface ExcelBatch {
  id: string;
  userId: number;
  taskName: string;
  sourceFileName: string;
  templateName: string;
  /** The settings (mappings, paragraphs), the rows to process, a copy of the template. */
  specKey: string;
  rowsKey: string;
  templateKey: string;
  blobPrefix: string;
  /** Rows processed (the batch size). */
  total: number;
  mergeOutput: boolean;
  /** Uses deducted when the task started. */
  cost: number;
  createdAt: number;
}

export interface ExcelBatchFile {
  /** 0-based position among the processed rows (0 for the merged document). */
  index: number;
  /** 1-based data row (1 = the first row under the header); 0 for the merged document. */
  rowIndex: number;
  status: "done" | "failed";
  /** Display name with extension (safe, unique within the task). */
  fileName: string;
  blobKey: string | null;
  error?: string;
  finishedAt: number;
}

export interface ExcelBatchRun {
  taskId: string;
  userId: number;
}

export function uploadKey(userId: number, uploadId: string): Deno.KvKey {
  return ["excel_batch_uploads", userId, uploadId];
}

export function batchKey(taskId: string): Deno.KvKey {
  return ["excel_batches", taskId];
}

export function activeRunKey(taskId: string): Deno.KvKey {
  return ["excel_batch_active", taskId];
}

export function closedKey(taskId: string): Deno.KvKey {
  return ["excel_batch_closed", taskId];
}

function fileKey(taskId: string, index: number): Deno.KvKey {
  return ["excel_batch_files", taskId, index];
}

/** The id of one generated file in the API: `<taskId>_<index>`. */
export function fileIdOf(taskId: string, index: number): string {
  return `${taskId}_${index}`;
}

/** Splits a file id; null when it is not one. */
export function parseFileId(id: string): { taskId: string; index: number } | null {
  const match = /^([0-9a-f]{20})_(\d{1,6})$/.exec(id);
  return match ? { taskId: match[1], index: Number(match[2]) } : null;
}

/** Remembers an uploaded sheet for a day. */
export async function saveUpload(kv: Deno.Kv, upload: ExcelBatchUpload): Promise<void> {
  await kv.set(uploadKey(upload.userId, upload.id), upload, { expireIn: EXCEL_BATCH_UPLOAD_TTL_MS });
}

/** A user's upload by its opaque filePath; another user's id reads as absent. */
export async function getUpload(
  kv: Deno.Kv,
  userId: number,
  uploadId: string,
): Promise<ExcelBatchUpload | null> {
  if (!/^[0-9a-f]{20}$/.test(uploadId)) return null;
  return (await kv.get<ExcelBatchUpload>(uploadKey(userId, uploadId))).value;
}

/** Adds a new task's record and its active run to the task's commit. */
export function addBatchToCommit(op: Deno.AtomicOperation, batch: ExcelBatch): Deno.AtomicOperation {
  return op.check({ key: batchKey(batch.id), versionstamp: null })
    .set(batchKey(batch.id), batch)
    .set(activeRunKey(batch.id), { taskId: batch.id, userId: batch.userId } satisfies ExcelBatchRun);
}

export async function getBatch(kv: Deno.Kv, taskId: string): Promise<ExcelBatch | null> {
  return (await kv.get<ExcelBatch>(batchKey(taskId))).value;
}

/**
 * A user's wizard task by the id of its folder (users/<userId>/excel_batch/<folderId>), or null.
 * The folder is named with newId() at the same `now` as its task (services/excel_batch/
 * start_task.ts), so only the tasks created in that millisecond are read.
 */
export async function getBatchByFolder(
  kv: Deno.Kv,
  userId: number,
  folderId: string,
): Promise<ExcelBatch | null> {
  if (!/^[0-9a-f]{20}$/.test(folderId)) return null;
  const ms = folderId.slice(0, 12);
  const blobPrefix = `users/${userId}/excel_batch/${folderId}`;
  for await (
    const e of kv.list<ExcelBatch>({ start: ["excel_batches", ms], end: ["excel_batches", `${ms}g`] })
  ) {
    if (e.value.userId === userId && e.value.blobPrefix === blobPrefix) return e.value;
  }
  return null;
}

/** Whether a task's run is still open (its outputs are being written). */
export async function isBatchRunning(kv: Deno.Kv, taskId: string): Promise<boolean> {
  return (await kv.get(activeRunKey(taskId))).value !== null;
}

/** Every recorded output of a task, in row order. */
export async function listFiles(kv: Deno.Kv, taskId: string): Promise<ExcelBatchFile[]> {
  const files: ExcelBatchFile[] = [];
  for await (const e of kv.list<ExcelBatchFile>({ prefix: ["excel_batch_files", taskId] })) {
    files.push(e.value);
  }
  return files;
}

export async function getFile(kv: Deno.Kv, taskId: string, index: number): Promise<ExcelBatchFile | null> {
  return (await kv.get<ExcelBatchFile>(fileKey(taskId, index))).value;
}

/** Records one output once; false when it was already recorded (a redelivered run). */
export async function recordFile(kv: Deno.Kv, taskId: string, file: ExcelBatchFile): Promise<boolean> {
  const key = fileKey(taskId, file.index);
  const res = await kv.atomic().check({ key, versionstamp: null }).set(key, file).commit();
  return res.ok;
}

/** The runs not closed yet (for resuming after a restart). */
export async function listActiveRuns(kv: Deno.Kv): Promise<ExcelBatchRun[]> {
  const runs: ExcelBatchRun[] = [];
  for await (const e of kv.list<ExcelBatchRun>({ prefix: ["excel_batch_active"] })) runs.push(e.value);
  return runs;
}

/**
 * Deletes a task's wizard records: its outputs in commits of 500, then the batch, its active run and
 * its close marker in one commit that checks the batch is still there. The caller removes the blob
 * folder (batch.blobPrefix) first; the task record is server/kv/tasks.ts's. False when it was gone.
 */
export async function deleteBatchRecords(kv: Deno.Kv, taskId: string): Promise<boolean> {
  const entry = await kv.get<ExcelBatch>(batchKey(taskId));
  if (!entry.value) return false;
  const keys: Deno.KvKey[] = [];
  for await (const e of kv.list({ prefix: ["excel_batch_files", taskId] })) keys.push(e.key);
  for (let i = 0; i < keys.length; i += 500) {
    const op = kv.atomic();
    for (const key of keys.slice(i, i + 500)) op.delete(key);
    if (!(await op.commit()).ok) throw new Error("excel batch files delete rejected");
  }
  const res = await kv.atomic()
    .check(entry)
    .delete(entry.key)
    .delete(activeRunKey(taskId))
    .delete(closedKey(taskId))
    .commit();
  return res.ok;
}

/**
 * Wizard tasks created before `before` (ms) whose run is over: no active run, and a task that is
 * finished since before `before`, or gone (removed by an older clean-up that left the batch behind).
 * The clean-up's candidates, oldest first.
 */
export async function* listBatchesIdleBefore(kv: Deno.Kv, before: number): AsyncIterable<ExcelBatch> {
  const end = ["excel_batches", before.toString(16).padStart(12, "0")];
  for await (const e of kv.list<ExcelBatch>({ prefix: ["excel_batches"], end })) {
    const [task, active] = await kv.getMany<[TaskRecord, ExcelBatchRun]>([
      ["tasks", e.value.id],
      activeRunKey(e.value.id),
    ]);
    if (active.value) continue;
    if (task.value && (!isTaskFinished(task.value) || task.value.updatedAt >= before)) continue;
    yield e.value;
  }
}

/** The member's saved file-name pattern for wizard tasks; null when never saved. */
export async function getExcelBatchNamePattern(kv: Deno.Kv, userId: number): Promise<string | null> {
  const entry = await kv.get<{ fileNamePattern: string }>(["excel_batch_settings", userId]);
  return entry.value?.fileNamePattern ?? null;
}

export async function setExcelBatchNamePattern(
  kv: Deno.Kv,
  userId: number,
  fileNamePattern: string,
): Promise<void> {
  await kv.set(["excel_batch_settings", userId], { fileNamePattern });
}
