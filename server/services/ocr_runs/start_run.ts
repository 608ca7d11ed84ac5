import { userItemPrefix } from "../../blobs/blob_keys.ts";
import type { AppDeps, CurrentUser } from "../../deps.ts";
import { newId } from "../../kv/ids.ts";
import { addOcrRun, type OcrRun } from "../../kv/ocr_runs.ts";
import { assertAiUsesLeft, chargeAiUses } from "../ai_metering/ai_metering.ts";
import { enqueueAiJob, ocrRunMessage } from "../ai_metering/ai_run_kinds.ts";
import { receiveOcrFiles } from "./receive_files.ts";

/**
 * Starts an OCR识别 run from a multipart upload: refuses at once when no AI use is left, streams the
 * files to the blob store under the upload rules, then charges one AI use per file in the same commit
 * that creates the run and enqueues its job. Too few uses (AI_QUOTA_INSUFFICIENT) or a bad file leave
 * nothing behind: no charge, no run, no stored files.
 */
export async function startOcrRun(
  deps: AppDeps,
  input: {
    user: Pick<CurrentUser, "id" | "username">;
    body: ReadableStream<Uint8Array> | null;
    contentType?: string;
  },
): Promise<{ run: OcrRun; left: number }> {
  const { kv, blobs, clock } = deps;
  await assertAiUsesLeft(kv, { userId: input.user.id, amount: 1 });
  const now = clock.now();
  const id = newId(now);
  const blobPrefix = userItemPrefix(input.user.id, "ocr", id);
  const files = await receiveOcrFiles({
    body: input.body,
    contentType: input.contentType,
    blobs,
    blobPrefix,
  });
  const run: OcrRun = {
    id,
    userId: input.user.id,
    username: input.user.username,
    status: "processing",
    files: files.map((f) => ({ ...f, status: "pending" })),
    blobPrefix,
    createdAt: now,
    updatedAt: now,
  };
  try {
    const left = await chargeAiUses(kv, {
      userId: run.userId,
      amount: files.length,
      extend: (op) => enqueueAiJob(addOcrRun(op, run), ocrRunMessage(run)),
    });
    return { run, left };
  } catch (err) {
    await blobs.deletePrefix(blobPrefix).catch(() => {});
    throw err;
  }
}
