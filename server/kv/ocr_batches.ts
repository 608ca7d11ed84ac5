import type { OcrFileStatus, OcrRunStatus } from "../../common/schemas/ocr.ts";
import { AppError } from "../errors.ts";
import { addAiUseSuccess, applyAiRefund, planAiRefund } from "./ai_uses.ts";

// Keys:  ["ocr_batches", id] -> OcrBatch                  (id = newId(createdAt): time-sortable)
//        ["ocr_batches_by_user", userId, id] -> id
//        ["ocr_batches_undelivered", id] -> JobMessage    (KV writes it when it gives up delivering: enqueueAiJob)
//
// An extraction-wizard batch (/ocr-extract) is created with its AI-use charge (one per file, type
// ocrextract) and its queue message in one commit. Each file is settled once (text stored and usage
// record, or failure and refund `<batchId>:<index>`); once every file is settled the job merges the
// fields and stores the result, and the batch is finished. Finished files and batches never change
// again except through the user's edit of the merged result (`resultKey` blob).

export interface OcrBatchFile {
  index: number;
  /** The spec's recordId of fileResults. */
  recordId: string;
  fileName: string;
  size: number;
  blobKey: string;
  status: OcrFileStatus;
  error?: string;
  /** The file's DocumentText JSON in the blob store. */
  docKey?: string;
  /** While the file is read: pages read so far and the file's pages (moved per page, issue #26). */
  pagesDone?: number;
  pagesTotal?: number;
}

export interface OcrBatch {
  id: string;
  userId: number;
  username: string;
  templateId: string;
  templateName: string;
  /** The template's fields at the time of the batch (a JSON list in the blob store: too big for the record). */
  fieldsKey: string;
  fieldCount: number;
  status: OcrRunStatus;
  /** Why the batch failed as a whole (its job stopped outside the per-file handling; ai_run_guard.ts). */
  error?: string;
  files: OcrBatchFile[];
  /** The OcrBatchResult JSON, once merged. */
  resultKey?: string;
  /** The case by its parties (李四诉张三), from the merged result; "" when none was found. */
  caseName?: string;
  blobPrefix: string;
  createdAt: number;
  updatedAt: number;
}

/** The refund id of one file's AI use: its settlement and a failed batch's refund share it (once per file). */
export function ocrBatchRefundId(batchId: string, index: number): string {
  return `${batchId}:${index}`;
}

/** Adds a new batch and its index to the caller's commit (the AI-use charge; the job is enqueued beside it). */
export function addOcrBatch(op: Deno.AtomicOperation, batch: OcrBatch): Deno.AtomicOperation {
  return op.check({ key: ["ocr_batches", batch.id], versionstamp: null })
    .set(["ocr_batches", batch.id], batch)
    .set(["ocr_batches_by_user", batch.userId, batch.id], batch.id);
}

export async function getOcrBatch(kv: Deno.Kv, id: string): Promise<OcrBatch | null> {
  return (await kv.get<OcrBatch>(["ocr_batches", id])).value;
}

/** The batch when it belongs to `userId`, else null. */
export async function getOcrBatchOf(kv: Deno.Kv, userId: number, id: string): Promise<OcrBatch | null> {
  const batch = await getOcrBatch(kv, id);
  return batch && batch.userId === userId ? batch : null;
}

/** A user's batches, newest first. */
export async function listOcrBatches(kv: Deno.Kv, userId: number, limit = 200): Promise<OcrBatch[]> {
  const ids: string[] = [];
  for await (
    const e of kv.list<string>({ prefix: ["ocr_batches_by_user", userId] }, { reverse: true, limit })
  ) {
    ids.push(e.value);
  }
  const out: OcrBatch[] = [];
  for (let i = 0; i < ids.length; i += 10) {
    const entries = await kv.getMany<OcrBatch[]>(ids.slice(i, i + 10).map((id) => ["ocr_batches", id]));
    for (const e of entries) if (e.value) out.push(e.value);
  }
  return out;
}

export function isBatchFileFinished(file: Pick<OcrBatchFile, "status">): boolean {
  return file.status === "completed" || file.status === "failed";
}

/**
 * Changes one unfinished file with compare-and-set on the batch, adding the caller's writes to the same
 * commit. Returns false when the file is already finished or the batch is gone.
 */
async function changeFile(
  kv: Deno.Kv,
  input: { batchId: string; index: number; now: number },
  change: (file: OcrBatchFile) => OcrBatchFile,
  addToCommit?: (op: Deno.AtomicOperation, batch: OcrBatch) => Promise<void>,
): Promise<boolean> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const entry = await kv.get<OcrBatch>(["ocr_batches", input.batchId]);
    const file = entry.value?.files[input.index];
    if (!entry.value || !file || isBatchFileFinished(file)) return false;
    const files = entry.value.files.map((f) => f.index === input.index ? change(f) : f);
    const op = kv.atomic().check(entry).set(["ocr_batches", input.batchId], {
      ...entry.value,
      files,
      updatedAt: input.now,
    });
    await addToCommit?.(op, entry.value);
    if ((await op.commit()).ok) return true;
  }
  throw new AppError("QUOTA_BUSY");
}

/** Records how many of a file's pages are read (so the bar moves). False when the file is finished. */
export function markBatchFilePages(
  kv: Deno.Kv,
  input: { batchId: string; index: number; now: number; pagesDone: number; pagesTotal: number },
): Promise<boolean> {
  const { pagesDone, pagesTotal } = input;
  return changeFile(kv, input, (f) => ({ ...f, pagesDone, pagesTotal }));
}

export function markBatchFileProcessing(
  kv: Deno.Kv,
  input: { batchId: string; index: number; now: number },
): Promise<boolean> {
  return changeFile(kv, input, (f) => ({ ...f, status: "processing" }));
}

/** Stores a file's text key and its ocrextract usage record in one commit. False when already settled. */
export function settleBatchFileSuccess(
  kv: Deno.Kv,
  input: { batchId: string; index: number; now: number; docKey: string },
): Promise<boolean> {
  return changeFile(kv, input, (f) => ({ ...f, status: "completed", docKey: input.docKey }), (op, batch) => {
    addAiUseSuccess(op, {
      userId: batch.userId,
      username: batch.username,
      type: "ocrextract",
      description: `OCR信息提取（${batch.templateName}）：${batch.files[input.index].fileName}`,
      at: input.now,
    });
    return Promise.resolve();
  });
}

/** Stores a file's failure and refunds its AI use (once) in one commit. False when already settled. */
export function settleBatchFileFailure(
  kv: Deno.Kv,
  input: { batchId: string; index: number; now: number; error: string },
): Promise<boolean> {
  return changeFile(
    kv,
    input,
    (f) => ({ ...f, status: "failed", error: input.error.slice(0, 120) }),
    async (op, batch) => {
      const refund = await planAiRefund(kv, {
        refundId: ocrBatchRefundId(batch.id, input.index),
        userId: batch.userId,
        usage: {
          username: batch.username,
          type: "ocrextract",
          description: `OCR信息提取失败：${batch.files[input.index].fileName}（${input.error}）`,
        },
        at: input.now,
      });
      if (refund) applyAiRefund(op, refund);
    },
  );
}

/**
 * Finishes a batch whose files are all settled: sets the result key and the status, once. False when
 * files are still unsettled or the batch already has its result.
 */
export async function finishOcrBatch(
  kv: Deno.Kv,
  input: { batchId: string; resultKey: string; now: number; caseName?: string },
): Promise<boolean> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const entry = await kv.get<OcrBatch>(["ocr_batches", input.batchId]);
    const batch = entry.value;
    if (!batch || batch.resultKey || batch.status === "failed" || !batch.files.every(isBatchFileFinished)) {
      return false;
    }
    const status: OcrRunStatus = batch.files.every((f) => f.status === "failed") ? "failed" : "completed";
    const next: OcrBatch = {
      ...batch,
      status,
      resultKey: input.resultKey,
      ...(input.caseName !== undefined ? { caseName: input.caseName } : {}),
      updatedAt: input.now,
    };
    if ((await kv.atomic().check(entry).set(["ocr_batches", batch.id], next).commit()).ok) return true;
  }
  throw new AppError("QUOTA_BUSY");
}

/** Removes a batch and its index (its blobs are the caller's business). */
export async function deleteOcrBatch(kv: Deno.Kv, batch: Pick<OcrBatch, "id" | "userId">): Promise<void> {
  const res = await kv.atomic()
    .delete(["ocr_batches", batch.id])
    .delete(["ocr_batches_by_user", batch.userId, batch.id])
    .delete(["ocr_batches_undelivered", batch.id])
    .commit();
  if (!res.ok) throw new Error("ocr batch delete rejected");
}
