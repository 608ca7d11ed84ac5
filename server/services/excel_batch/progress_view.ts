/**
 * GET /api/excel-batch/task/:id/progress (part 2 §3, §4): the task's status in the wizard's words
 * (processing, completed, failed), done/total, and the generated files with their direct addresses.
 */

import type { ExcelBatchStatus, TaskProgressResult } from "../../../common/schemas/excel_batch.ts";
import { type ExcelBatch, fileIdOf, listFiles } from "../../kv/excel_batch.ts";
import type { TaskRecord } from "../../kv/tasks.ts";

/** pending and running are "processing"; done is "completed". */
export function wizardStatus(task: Pick<TaskRecord, "status">): ExcelBatchStatus {
  if (task.status === "done") return "completed";
  if (task.status === "failed") return "failed";
  return "processing";
}

/** The progress answer; `link(fileId)` gives a file's direct address. */
export async function taskProgressView(
  kv: Deno.Kv,
  input: { task: TaskRecord; batch: ExcelBatch; link: (fileId: string) => Promise<string> },
): Promise<TaskProgressResult> {
  const { task, batch } = input;
  const files = await listFiles(kv, batch.id);
  const status = wizardStatus(task);
  const done = files.filter((f) => f.status === "done");
  const failed = files.filter((f) => f.status === "failed");
  const processed = status === "processing"
    ? (batch.mergeOutput ? (files.length ? batch.total : 0) : files.length)
    : batch.total;
  const progress = status === "completed" ? 100 : Math.floor((processed / Math.max(1, batch.total)) * 100);
  const generatedFiles = await Promise.all(done.map(async (f) => {
    const id = fileIdOf(batch.id, f.index);
    return {
      id,
      file_name: f.fileName,
      row_index: f.rowIndex,
      created_at: new Date(f.finishedAt).toISOString(),
      download_url: await input.link(id),
    };
  }));
  return {
    success: true,
    task: {
      id: batch.id,
      task_name: batch.taskName,
      status,
      total_rows: batch.total,
      processed_rows: processed,
      success_count: batch.mergeOutput ? (done.length ? batch.total : 0) : done.length,
      failed_count: batch.mergeOutput ? (failed.length ? batch.total : 0) : failed.length,
      progress,
      merge_output: batch.mergeOutput,
      error: task.error?.message ?? null,
      created_at: new Date(batch.createdAt).toISOString(),
    },
    generatedFiles,
    failedRows: failed.map((f) => ({ row_index: f.rowIndex, error: f.error ?? "" })),
  };
}
