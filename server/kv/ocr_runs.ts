import type { OcrFileStatus, OcrRunStatus, OcrRunView } from "../../common/schemas/ocr.ts";
import { addAiUseSuccess, applyAiRefund, planAiRefund } from "./ai_uses.ts";
import { AppError } from "../errors.ts";

// Keys:  ["ocr_runs", id] -> OcrRun                     (id = newId(createdAt): time-sortable)
//        ["ocr_runs_by_user", userId, id] -> id
//        ["ocr_runs_undelivered", id] -> JobMessage     (KV writes it when it gives up delivering: enqueueAiJob)
//
// A run is created with its AI-use charge (one per file) and its queue message in one commit
// (services/ocr_runs/start_run.ts). Each file is settled once: success writes its usage record,
// failure refunds its use (refund id `<runId>:<index>`), both in the commit that finishes the file,
// and a finished file never changes again, so a redelivered message settles nothing twice.

export interface OcrRunFile {
  index: number;
  fileName: string;
  size: number;
  /** The upload, under the run's blob folder. */
  blobKey: string;
  status: OcrFileStatus;
  error?: string;
  /** The file's result (OcrFileResultView JSON) in the blob store. */
  resultKey?: string;
  pageCount?: number;
  scanned?: boolean;
  /** While the file is read: pages read so far and the file's pages (moved per page, issue #26). */
  pagesDone?: number;
  pagesTotal?: number;
}

export interface OcrRun {
  id: string;
  userId: number;
  username: string;
  status: OcrRunStatus;
  /** Why the run failed as a whole (its job stopped outside the per-file handling; ai_run_guard.ts). */
  error?: string;
  files: OcrRunFile[];
  blobPrefix: string;
  createdAt: number;
  updatedAt: number;
}

/** The refund id of one file's AI use: its settlement and a failed run's refund share it (once per file). */
export function ocrRunRefundId(runId: string, index: number): string {
  return `${runId}:${index}`;
}

/** Adds a new run and its index to the caller's commit (the AI-use charge; the job is enqueued beside it). */
export function addOcrRun(op: Deno.AtomicOperation, run: OcrRun): Deno.AtomicOperation {
  return op.check({ key: ["ocr_runs", run.id], versionstamp: null })
    .set(["ocr_runs", run.id], run)
    .set(["ocr_runs_by_user", run.userId, run.id], run.id);
}

export async function getOcrRun(kv: Deno.Kv, id: string): Promise<OcrRun | null> {
  return (await kv.get<OcrRun>(["ocr_runs", id])).value;
}

/** The run when it belongs to `userId`, else null (another user's run reads as absent). */
export async function getOcrRunOf(kv: Deno.Kv, userId: number, id: string): Promise<OcrRun | null> {
  const run = await getOcrRun(kv, id);
  return run && run.userId === userId ? run : null;
}

/** A user's runs, newest first. */
export async function listOcrRuns(kv: Deno.Kv, userId: number, limit = 50): Promise<OcrRun[]> {
  const ids: string[] = [];
  for await (const e of kv.list<string>({ prefix: ["ocr_runs_by_user", userId] }, { reverse: true, limit })) {
    ids.push(e.value);
  }
  const runs: OcrRun[] = [];
  for (let i = 0; i < ids.length; i += 10) {
    const entries = await kv.getMany<OcrRun[]>(ids.slice(i, i + 10).map((id) => ["ocr_runs", id]));
    for (const e of entries) if (e.value) runs.push(e.value);
  }
  return runs;
}

export function isFileFinished(file: Pick<OcrRunFile, "status">): boolean {
  return file.status === "completed" || file.status === "failed";
}

function runStatusOf(files: OcrRunFile[]): OcrRunStatus {
  if (!files.every(isFileFinished)) return "processing";
  return files.every((f) => f.status === "failed") ? "failed" : "completed";
}

/**
 * Changes one unfinished file with compare-and-set on the run, adding the caller's writes to the same
 * commit. Returns false when the file (or run) is already finished or gone: nothing is written.
 */
async function changeFile(
  kv: Deno.Kv,
  input: { runId: string; index: number; now: number },
  change: (file: OcrRunFile) => OcrRunFile,
  addToCommit?: (op: Deno.AtomicOperation, run: OcrRun) => Promise<void>,
): Promise<boolean> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const entry = await kv.get<OcrRun>(["ocr_runs", input.runId]);
    const file = entry.value?.files[input.index];
    if (!entry.value || !file || isFileFinished(file)) return false;
    const files = entry.value.files.map((f) => f.index === input.index ? change(f) : f);
    const next: OcrRun = { ...entry.value, files, status: runStatusOf(files), updatedAt: input.now };
    const op = kv.atomic().check(entry).set(["ocr_runs", input.runId], next);
    await addToCommit?.(op, entry.value);
    if ((await op.commit()).ok) return true;
  }
  throw new AppError("QUOTA_BUSY");
}

export function markOcrFileProcessing(
  kv: Deno.Kv,
  input: { runId: string; index: number; now: number },
): Promise<boolean> {
  return changeFile(kv, input, (f) => ({ ...f, status: "processing" }));
}

/** Records how many of a file's pages are read (so the bar moves). False when the file is finished. */
export function markOcrFilePages(
  kv: Deno.Kv,
  input: { runId: string; index: number; now: number; pagesDone: number; pagesTotal: number },
): Promise<boolean> {
  const { pagesDone, pagesTotal } = input;
  return changeFile(kv, input, (f) => ({ ...f, pagesDone, pagesTotal }));
}

/** Stores a file's success and its aiocr usage record in one commit. False when already settled. */
export function settleOcrFileSuccess(
  kv: Deno.Kv,
  input: {
    runId: string;
    index: number;
    now: number;
    resultKey: string;
    pageCount: number;
    scanned: boolean;
  },
): Promise<boolean> {
  const { resultKey, pageCount, scanned } = input;
  return changeFile(
    kv,
    input,
    ({ pagesDone: _done, pagesTotal: _total, ...f }) => ({
      ...f,
      status: "completed",
      resultKey,
      pageCount,
      scanned,
    }),
    (op, run) => {
      addAiUseSuccess(op, {
        userId: run.userId,
        username: run.username,
        type: "aiocr",
        description: `OCR识别：${run.files[input.index].fileName}`,
        at: input.now,
      });
      return Promise.resolve();
    },
  );
}

/** Stores a file's failure and refunds its AI use (once) in one commit. False when already settled. */
export function settleOcrFileFailure(
  kv: Deno.Kv,
  input: { runId: string; index: number; now: number; error: string },
): Promise<boolean> {
  return changeFile(
    kv,
    input,
    (f) => ({ ...f, status: "failed", error: input.error.slice(0, 120) }),
    async (op, run) => {
      const refund = await planAiRefund(kv, {
        refundId: ocrRunRefundId(run.id, input.index),
        userId: run.userId,
        usage: {
          username: run.username,
          type: "aiocr",
          description: `OCR识别失败：${run.files[input.index].fileName}（${input.error}）`,
        },
        at: input.now,
      });
      if (refund) applyAiRefund(op, refund);
    },
  );
}

/** Removes a run and its index (its blobs are the caller's business). */
export async function deleteOcrRun(kv: Deno.Kv, run: Pick<OcrRun, "id" | "userId">): Promise<void> {
  const res = await kv.atomic()
    .delete(["ocr_runs", run.id])
    .delete(["ocr_runs_by_user", run.userId, run.id])
    .delete(["ocr_runs_undelivered", run.id])
    .commit();
  if (!res.ok) throw new Error("ocr run delete rejected");
}

/** The run as the browser sees it. */
export function toOcrRunView(run: OcrRun): OcrRunView {
  return {
    id: run.id,
    status: run.status,
    ...(run.error ? { error: run.error } : {}),
    total: run.files.length,
    done: run.files.filter(isFileFinished).length,
    failed: run.files.filter((f) => f.status === "failed").length,
    createdAt: new Date(run.createdAt).toISOString(),
    files: run.files.map((f) => ({
      index: f.index,
      fileName: f.fileName,
      size: f.size,
      status: f.status,
      ...(f.error ? { error: f.error } : {}),
      ...(f.pageCount !== undefined ? { pageCount: f.pageCount } : {}),
      ...(f.scanned !== undefined ? { scanned: f.scanned } : {}),
      ...(f.status === "processing" && f.pagesTotal
        ? { pagesDone: f.pagesDone ?? 0, pagesTotal: f.pagesTotal }
        : {}),
    })),
  };
}
