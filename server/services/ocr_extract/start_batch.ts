import { userItemPrefix } from "../../blobs/blob_keys.ts";
import type { AppDeps, CurrentUser } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { newId } from "../../kv/ids.ts";
import { addOcrBatch, type OcrBatch } from "../../kv/ocr_batches.ts";
import { getOcrTemplate } from "../../kv/ocr_templates.ts";
import { assertAiUsesLeft, chargeAiUses } from "../ai_metering/ai_metering.ts";
import { enqueueAiJob, ocrBatchMessage } from "../ai_metering/ai_run_kinds.ts";
import { receiveOcrFiles } from "../ocr_runs/receive_files.ts";

/**
 * Starts an extraction batch from POST /api/ocr/process-batch (multipart templateId + files): refuses at
 * once when no AI use is left, streams the files under the part 4 §5 rules, checks the template is the
 * user's, then charges one AI use per file (type ocrextract) in the commit that creates the batch and
 * enqueues its job. Any refusal leaves nothing: no charge, no batch, no stored files.
 */
export async function startOcrBatch(
  deps: AppDeps,
  input: {
    user: Pick<CurrentUser, "id" | "username">;
    body: ReadableStream<Uint8Array> | null;
    contentType?: string;
  },
): Promise<{ batch: OcrBatch; left: number }> {
  const { kv, blobs, clock } = deps;
  await assertAiUsesLeft(kv, { userId: input.user.id, amount: 1 });
  const now = clock.now();
  const id = newId(now);
  const blobPrefix = userItemPrefix(input.user.id, "ocr_extract", id);
  let templateId = "";
  const files = await receiveOcrFiles({
    body: input.body,
    contentType: input.contentType,
    blobs,
    blobPrefix,
    onField: (name, value) => {
      if (name === "templateId") templateId = value.trim();
    },
  });
  try {
    const template = templateId ? await getOcrTemplate(kv, input.user.id, templateId) : null;
    if (!template) throw new AppError("OCR_TEMPLATE_NOT_FOUND", {}, { field: "templateId" });
    const batch: OcrBatch = {
      id,
      userId: input.user.id,
      username: input.user.username,
      templateId: template.id,
      templateName: template.name,
      fieldsKey: `${blobPrefix}/fields.json`,
      fieldCount: template.fields.length,
      status: "processing",
      files: files.map((f) => ({ ...f, recordId: `${id}-${f.index}`, status: "pending" })),
      blobPrefix,
      createdAt: now,
      updatedAt: now,
    };
    await blobs.put(batch.fieldsKey, new TextEncoder().encode(JSON.stringify(template.fields)));
    const left = await chargeAiUses(kv, {
      userId: batch.userId,
      amount: files.length,
      extend: (op) => enqueueAiJob(addOcrBatch(op, batch), ocrBatchMessage(batch)),
    });
    return { batch, left };
  } catch (err) {
    await blobs.deletePrefix(blobPrefix).catch(() => {});
    throw err;
  }
}
