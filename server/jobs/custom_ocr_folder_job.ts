import { userItemPrefix } from "../blobs/blob_keys.ts";
import type { AppDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import { addAiUseSuccess, applyAiRefund, planAiRefund } from "../kv/ai_uses.ts";
import {
  customOcrRefundId,
  type FolderRecord,
  getRecordEntry,
  markRecordFile,
  type RecordFile,
} from "../kv/custom_ocr_records.ts";
import type { JobMessageOf } from "../kv/job_messages.ts";
import { recordResult, routeExtraction } from "../services/custom_ocr/folder_case.ts";
import { applyKeptValues } from "../services/custom_ocr/kept_values.ts";
import type { CaseExtraction } from "../services/extraction/types.ts";
import { AI_TOOLS, type AiTools, extractWithTools } from "./ai_tools.ts";
import { readRunFiles, readStoredDocs, storeDoc } from "./read_run_files.ts";

/** A file read or failed: its page progress is dropped (the record shows pages only while reading). */
function settledFile(
  { pagesDone: _done, pagesTotal: _total, ...file }: RecordFile,
  input: { docKey?: string; error?: string },
): RecordFile {
  return input.error !== undefined
    ? { ...file, status: "failed", error: input.error }
    : { ...file, status: "completed", docKey: input.docKey };
}

/** Writes one file's outcome once: success with its usage record, or failure with its refund. */
async function settleFile(
  deps: AppDeps,
  input: { record: FolderRecord; index: number; docKey?: string; error?: string },
): Promise<void> {
  const { kv, clock } = deps;
  for (let attempt = 0; attempt < 50; attempt++) {
    const entry = await getRecordEntry(kv, input.record.userId, input.record.id);
    const current = entry.value;
    if (!current) return;
    const file = current.files[input.index];
    if (file.status === "completed" || file.status === "failed") return;
    const now = clock.now();
    const failed = input.error !== undefined;
    const next: FolderRecord = {
      ...current,
      files: current.files.map((f, i) => i === input.index ? settledFile(f, input) : f),
      refunded: current.refunded + (failed ? 1 : 0),
      updatedAt: now,
    };
    const op = kv.atomic().check(entry).set(entry.key, next);
    const usage = {
      type: "aiextract" as const,
      username: current.username,
      description: `自定义OCR：${current.folderPath}/${file.fileName}`,
    };
    if (failed) {
      const refund = await planAiRefund(kv, {
        refundId: customOcrRefundId(current.id, input.index),
        userId: current.userId,
        usage,
        at: now,
      });
      if (refund) applyAiRefund(op, refund);
    } else addAiUseSuccess(op, { ...usage, userId: current.userId, at: now });
    if ((await op.commit()).ok) return;
  }
  throw new AppError("QUOTA_BUSY");
}

/**
 * The job of one custom OCR record (a folder run or an upload run): its files read, then its fields
 * merged. Idempotent under at-least-once delivery (settled files are skipped, each file is settled by a
 * compare-and-set that succeeds once, the result is written once).
 */
export function makeCustomOcrFolderHandler(tools: AiTools) {
  return async function handleCustomOcrFolder(
    deps: AppDeps,
    msg: Pick<JobMessageOf<"custom_ocr.folder">, "userId" | "recordId">,
  ): Promise<void> {
    const { kv, blobs, clock } = deps;
    const first = (await getRecordEntry(kv, msg.userId, msg.recordId)).value;
    if (!first || first.status === "completed" || first.status === "failed") return;
    const prefix = userItemPrefix(first.userId, "custom_ocr", first.id);
    const at = (file: { index: number }) => ({
      userId: first.userId,
      recordId: first.id,
      index: file.index,
      now: clock.now(),
    });
    await readRunFiles<RecordFile & { index: number }>(deps, {
      files: first.files.flatMap((f, index) =>
        f.status === "completed" || f.status === "failed" ? [] : [{ ...f, index }]
      ),
      tools,
      steps: {
        area: "custom_ocr",
        missing: "AI_FOLDER_NOT_FOUND",
        markProcessing: (file) => markRecordFile(kv, at(file)),
        markPages: (file, pages) => markRecordFile(kv, { ...at(file), ...pages }),
        settleSuccess: async (file, doc) => {
          const docKey = `${prefix}/doc-${file.index}.json`;
          await storeDoc(blobs, docKey, doc);
          await settleFile(deps, { record: first, index: file.index, docKey });
        },
        settleFailure: (file, error) => settleFile(deps, { record: first, index: file.index, error }),
      },
    });
    const read = (await getRecordEntry(kv, msg.userId, msg.recordId)).value;
    if (!read || read.status !== "processing") return;
    const docs = await readStoredDocs(
      blobs,
      read.files.map((f) => f.status === "completed" ? f.docKey : undefined),
    );
    let extraction: CaseExtraction = { fields: {} };
    const errorMessage: string | null = docs.length === 0 ? "所有文件均识别失败" : null;
    if (docs.length > 0) {
      extraction = await extractWithTools(deps, {
        docs,
        fields: first.fields,
        userId: msg.userId,
        tools,
        area: "custom_ocr",
      });
    }
    const settled = await getRecordEntry(kv, msg.userId, msg.recordId);
    if (!settled.value || settled.value.status !== "processing") return;
    const routed = routeExtraction(extraction, settled.value);
    const extractionKey = `${prefix}/extraction.json`;
    await blobs.put(extractionKey, new TextEncoder().encode(JSON.stringify(routed)));
    const freshFiles = new Set(settled.value.files.filter((f) => !f.reused).map((f) => f.fileName));
    const next: FolderRecord = {
      ...settled.value,
      ...applyKeptValues(recordResult(routed), {
        kept: settled.value.kept ?? {},
        extraction: routed,
        freshFiles,
      }),
      status: errorMessage ? "failed" : "completed",
      errorMessage,
      extractionKey,
      updatedAt: clock.now(),
    };
    await kv.atomic().check(settled).set(settled.key, next).commit();
  };
}

export const handleCustomOcrFolder = makeCustomOcrFolderHandler(AI_TOOLS);
