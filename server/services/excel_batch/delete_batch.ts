/** Deleting an Excel batch wizard task's files and records (the nightly clean-up, the storage manager). */
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { deleteBatchRecords, type ExcelBatch, isBatchRunning } from "../../kv/excel_batch.ts";

/**
 * Deletes a finished wizard task's folder (template copy, rows, settings, generated files) first,
 * then its records (outputs, batch, run markers), so an interrupted delete can run again. A task
 * whose run is still open answers BATCH_RUNNING. The task record (server/kv/tasks.ts) is left to
 * its owner. Returns false when the records were gone.
 */
export async function deleteExcelBatch(
  deps: Pick<AppDeps, "kv" | "blobs">,
  batch: Pick<ExcelBatch, "id" | "blobPrefix">,
): Promise<boolean> {
  if (await isBatchRunning(deps.kv, batch.id)) throw new AppError("BATCH_RUNNING");
  await deps.blobs.deletePrefix(batch.blobPrefix);
  return await deleteBatchRecords(deps.kv, batch.id);
}
