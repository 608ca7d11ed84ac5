/**
 * Every message the job queue carries. Types are named "area.action"; a message that belongs to a
 * task carries its `taskId`, and its handler reads the task first (delivery is at least once).
 * The union lives in kv/ because task and run records store and enqueue these messages (kv imports no
 * job); the handlers are in server/jobs/.
 */

/** Nightly removal of old finished tasks and stale temporary files (server/jobs/cleanup_job.ts, running services/storage/cleanup.ts). */
export interface CleanupMessage {
  type: "maintenance.cleanup";
  taskId: string;
}

/** One run of a template-based generation batch: the first run, or a retry of its failed rows. */
export interface MediationGenerateMessage {
  type: "mediation.generate";
  taskId: string;
  batchId: string;
  userId: number;
  /** 1 for the first run; each retry of the failed rows adds one. */
  attempt: number;
}

/** The background split of one county/city case-split task (server/jobs/case_split_job.ts). */
export interface CaseSplitMessage {
  type: "case_split.run";
  /** The background task (server/kv/tasks.ts). */
  taskId: string;
  /** The split task (server/kv/case_split_tasks.ts). */
  splitId: string;
}

/** The documents of one Excel batch wizard task (server/jobs/excel_batch_job.ts). */
export interface ExcelBatchGenerateMessage {
  type: "excel_batch.generate";
  taskId: string;
  userId: number;
}

/** One OCR识别 run: its files read one by one (server/jobs/ocr_run_job.ts). */
export interface OcrRunMessage {
  type: "ocr.run";
  runId: string;
  userId: number;
}

/** One OCR信息提取 batch: its files read, then its fields merged (server/jobs/ocr_extract_job.ts). */
export interface OcrExtractMessage {
  type: "ocr_extract.run";
  batchId: string;
  userId: number;
}

/** One custom OCR folder record (server/jobs/custom_ocr_folder_job.ts). */
export interface CustomOcrFolderMessage {
  type: "custom_ocr.folder";
  recordId: string;
  userId: number;
}

export type JobMessage =
  | CustomOcrFolderMessage
  | OcrRunMessage
  | OcrExtractMessage
  | CleanupMessage
  | MediationGenerateMessage
  | CaseSplitMessage
  | ExcelBatchGenerateMessage;
export type JobType = JobMessage["type"];
export type JobMessageOf<T extends JobType> = Extract<JobMessage, { type: T }>;

/** True for a value shaped like a job message (the queue hands handlers `unknown`). */
export function isJobMessage(value: unknown): value is JobMessage {
  return typeof value === "object" && value !== null &&
    typeof (value as { type?: unknown }).type === "string";
}
