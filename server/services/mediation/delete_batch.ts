/** Deleting a generation batch (DELETE /api/mediation/batch/:batch_no and the nightly clean-up). */
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { deleteBatchRecords, type MediationBatch } from "../../kv/mediation_batches.ts";

/**
 * Deletes a finished batch: its folder (template copy, sheet, Word and PDF files) first, then its
 * records (rows, number, count), so an interrupted delete leaves a batch that can be deleted again
 * rather than records pointing at nothing. A batch still generating answers BATCH_RUNNING. Returns
 * false when the batch was already gone.
 */
export async function deleteMediationBatch(
  deps: Pick<AppDeps, "kv" | "blobs">,
  batch: Pick<MediationBatch, "id" | "userId" | "status" | "blobPrefix">,
): Promise<boolean> {
  if (batch.status === "pending" || batch.status === "running") throw new AppError("BATCH_RUNNING");
  await deps.blobs.deletePrefix(batch.blobPrefix);
  return await deleteBatchRecords(deps.kv, batch);
}
