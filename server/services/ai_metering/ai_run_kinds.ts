import { customOcrRefundId, type FolderRecord, recordKey } from "../../kv/custom_ocr_records.ts";
import { isBatchFileFinished, type OcrBatch, ocrBatchRefundId } from "../../kv/ocr_batches.ts";
import { isFileFinished, type OcrRun, ocrRunRefundId } from "../../kv/ocr_runs.ts";
import type { AiRunTarget } from "./ai_run_failure.ts";
import type { JobMessage, JobMessageOf } from "../../kv/job_messages.ts";

/**
 * The AI jobs that keep their own run record instead of a task (OCR识别 runs, OCR信息提取 batches,
 * custom OCR records): the one place that enqueues each (enqueueAiJob(), with its undelivered key), and
 * how each run is found and failed. jobs/ai_run_guard.ts fails them through this table when their
 * handler stops unexpectedly, and resumes or fails them at start-up.
 */

export type AiJobType = "ocr.run" | "ocr_extract.run" | "custom_ocr.folder";
export type AiJobMessage = JobMessageOf<AiJobType>;

export interface AiRunKind<M extends AiJobMessage> {
  /** The run's id, for the in-flight marker. */
  runId(msg: M): string;
  /** Where KV puts the message when it gives up delivering it (the `keysIfUndelivered` of its enqueue). */
  undeliveredKey(msg: M): Deno.KvKey;
  undeliveredPrefix: Deno.KvKey;
  // deno-lint-ignore no-explicit-any
  target(msg: M): AiRunTarget<any>;
}

function failFile<F extends { status: string; error?: string }>(file: F, error: string): F {
  return { ...file, status: "failed", error: error.slice(0, 120) };
}

const ocrRun: AiRunKind<JobMessageOf<"ocr.run">> = {
  runId: (msg) => msg.runId,
  undeliveredKey: (msg) => ["ocr_runs_undelivered", msg.runId],
  undeliveredPrefix: ["ocr_runs_undelivered"],
  target: (msg): AiRunTarget<OcrRun> => ({
    key: ["ocr_runs", msg.runId],
    isOpen: (run) => run.status === "processing",
    unsettled: (run) => run.files.filter((f) => !isFileFinished(f)).map((f) => f.index),
    refundOf: (run, { index, error }) => ({
      refundId: ocrRunRefundId(run.id, index),
      userId: run.userId,
      usage: {
        username: run.username,
        type: "aiocr",
        description: `OCR识别失败：${run.files[index].fileName}（${error}）`,
      },
    }),
    failFiles: (run, { indexes, error, now, final }) => ({
      ...run,
      files: run.files.map((f) => indexes.includes(f.index) ? failFile(f, error) : f),
      ...(final ? { status: "failed" as const, error } : {}),
      updatedAt: now,
    }),
  }),
};

const ocrBatch: AiRunKind<JobMessageOf<"ocr_extract.run">> = {
  runId: (msg) => msg.batchId,
  undeliveredKey: (msg) => ["ocr_batches_undelivered", msg.batchId],
  undeliveredPrefix: ["ocr_batches_undelivered"],
  target: (msg): AiRunTarget<OcrBatch> => ({
    key: ["ocr_batches", msg.batchId],
    // All files settled but no merged result yet is still open: the merge is what stopped.
    isOpen: (batch) => batch.status === "processing" && !batch.resultKey,
    unsettled: (batch) => batch.files.filter((f) => !isBatchFileFinished(f)).map((f) => f.index),
    refundOf: (batch, { index, error }) => ({
      refundId: ocrBatchRefundId(batch.id, index),
      userId: batch.userId,
      usage: {
        username: batch.username,
        type: "ocrextract",
        description: `OCR信息提取失败：${batch.files[index].fileName}（${error}）`,
      },
    }),
    failFiles: (batch, { indexes, error, now, final }) => ({
      ...batch,
      files: batch.files.map((f) => indexes.includes(f.index) ? failFile(f, error) : f),
      ...(final ? { status: "failed" as const, error } : {}),
      updatedAt: now,
    }),
  }),
};

const customOcr: AiRunKind<JobMessageOf<"custom_ocr.folder">> = {
  runId: (msg) => msg.recordId,
  undeliveredKey: (msg) => ["custom_ocr_undelivered", msg.recordId],
  undeliveredPrefix: ["custom_ocr_undelivered"],
  target: (msg): AiRunTarget<FolderRecord> => ({
    key: recordKey(msg.userId, msg.recordId),
    isOpen: (record) => record.status === "processing" || record.status === "pending",
    unsettled: (record) =>
      record.files.flatMap((f, index) => f.status === "completed" || f.status === "failed" ? [] : [index]),
    refundOf: (record, { index }) => ({
      refundId: customOcrRefundId(record.id, index),
      userId: record.userId,
      usage: {
        username: record.username,
        type: "aiextract",
        description: `自定义OCR：${record.folderPath}/${record.files[index].fileName}`,
      },
    }),
    failFiles: (record, { indexes, error, now, final }) => ({
      ...record,
      files: record.files.map((f, i) => indexes.includes(i) ? failFile(f, error) : f),
      refunded: record.refunded + indexes.length,
      ...(final ? { status: "failed" as const, errorMessage: error } : {}),
      updatedAt: now,
    }),
  }),
};

/** Every AI job type with its run record; the compiler insists on one entry per AiJobType. */
export const aiRunKinds: { [T in AiJobType]: AiRunKind<JobMessageOf<T>> } = {
  "ocr.run": ocrRun,
  "ocr_extract.run": ocrBatch,
  "custom_ocr.folder": customOcr,
};

/** True for a message of an AI job that keeps its own run record. */
export function isAiJobMessage(msg: JobMessage): msg is AiJobMessage {
  return Object.hasOwn(aiRunKinds, msg.type);
}

/** The kind of an AI job message (typed loosely: the table is keyed by the message's own type). */
export function aiRunKindOf(msg: AiJobMessage): AiRunKind<AiJobMessage> {
  return aiRunKinds[msg.type] as AiRunKind<AiJobMessage>;
}

/**
 * Adds an AI job's queue message to the caller's commit (the one that creates its run and charges its
 * uses), with its kind's undelivered key: if KV gives up delivering it, start-up finds and fails the run.
 */
export function enqueueAiJob(op: Deno.AtomicOperation, msg: AiJobMessage): Deno.AtomicOperation {
  return op.enqueue(msg, { keysIfUndelivered: [aiRunKindOf(msg).undeliveredKey(msg)] });
}

/** The job message of an OCR识别 run. */
export function ocrRunMessage(run: Pick<OcrRun, "id" | "userId">): JobMessageOf<"ocr.run"> {
  return { type: "ocr.run", runId: run.id, userId: run.userId };
}

/** The job message of an OCR信息提取 batch. */
export function ocrBatchMessage(batch: Pick<OcrBatch, "id" | "userId">): JobMessageOf<"ocr_extract.run"> {
  return { type: "ocr_extract.run", batchId: batch.id, userId: batch.userId };
}

/** The job message of a custom OCR record (a folder run or an upload run). */
export function folderRunMessage(
  record: Pick<FolderRecord, "id" | "userId">,
): JobMessageOf<"custom_ocr.folder"> {
  return { type: "custom_ocr.folder", recordId: record.id, userId: record.userId };
}
