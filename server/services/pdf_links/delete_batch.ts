/** Deleting a PDF-to-link batch (DELETE /api/pdf-convert/batch/:batch_no and the nightly clean-up). */
import { userItemPrefix } from "../../blobs/blob_keys.ts";
import type { AppDeps } from "../../deps.ts";
import { deletePdfBatch } from "../../kv/pdf_links.ts";

/**
 * Deletes a batch's links (so their public addresses stop answering at once) and then its folder
 * users/<id>/pdf_links/<batchNo>/. Returns false, deleting nothing, when there was no such batch.
 */
export async function deletePdfBatchWithFiles(
  deps: Pick<AppDeps, "kv" | "blobs">,
  batch: { userId: number; batchNo: string },
): Promise<boolean> {
  if (!(await deletePdfBatch(deps.kv, batch.userId, batch.batchNo))) return false;
  await deps.blobs.deletePrefix(userItemPrefix(batch.userId, "pdf_links", batch.batchNo));
  return true;
}
