import type { OcrTemplateField } from "../../common/schemas/ocr.ts";
import type { AppDeps } from "../deps.ts";
import type { JobMessageOf } from "../kv/job_messages.ts";
import {
  finishOcrBatch,
  getOcrBatch,
  isBatchFileFinished,
  markBatchFilePages,
  markBatchFileProcessing,
  type OcrBatchFile,
  settleBatchFileFailure,
  settleBatchFileSuccess,
} from "../kv/ocr_batches.ts";
import { caseNameOf } from "../services/ai_chat/case_from_extraction.ts";
import type { CaseExtraction } from "../services/extraction/types.ts";
import { buildBatchResult } from "../services/ocr_extract/batch_result.ts";
import { AI_TOOLS, type AiTools, extractWithTools } from "./ai_tools.ts";
import { readRunFiles, readStoredDocs, storeDoc } from "./read_run_files.ts";

/**
 * Reads each file of an extraction batch (readDocumentText), then merges the case's fields
 * (extractCaseFields) into the part 4 §3 result. Idempotent under at-least-once delivery: finished
 * files are skipped, each file is settled (usage record, or failure and refund) by a compare-and-set
 * that succeeds once, and the result is stored once (finishOcrBatch).
 */
export function makeOcrExtractHandler(tools: AiTools) {
  return async function handleOcrExtract(deps: AppDeps, msg: JobMessageOf<"ocr_extract.run">): Promise<void> {
    const { kv, blobs, clock } = deps;
    const batch = await getOcrBatch(kv, msg.batchId);
    // A batch failed as a whole (ai_run_guard.ts) stays failed: a later delivery changes nothing.
    if (!batch || batch.resultKey || batch.status === "failed") return;
    const at = (file: OcrBatchFile) => ({ batchId: batch.id, index: file.index, now: clock.now() });
    await readRunFiles<OcrBatchFile>(deps, {
      files: batch.files.filter((f) => !isBatchFileFinished(f)),
      tools,
      steps: {
        area: "ocr_extract",
        missing: "OCR_BATCH_NOT_FOUND",
        markProcessing: (file) => markBatchFileProcessing(kv, at(file)),
        markPages: (file, pages) => markBatchFilePages(kv, { ...at(file), ...pages }),
        settleSuccess: async (file, doc) => {
          const docKey = `${batch.blobPrefix}/doc-${file.index}.json`;
          await storeDoc(blobs, docKey, doc);
          await settleBatchFileSuccess(kv, { ...at(file), docKey });
        },
        settleFailure: (file, error) => settleBatchFileFailure(kv, { ...at(file), error }),
      },
    });
    const settled = await getOcrBatch(kv, batch.id);
    if (!settled || settled.resultKey || settled.status === "failed") return;
    const docs = await readStoredDocs(
      blobs,
      settled.files.map((f) => f.status === "completed" ? f.docKey : undefined),
    );
    const stored = await blobs.read(settled.fieldsKey);
    const fields: OcrTemplateField[] = stored ? JSON.parse(new TextDecoder().decode(stored)) : [];
    const extraction: CaseExtraction = docs.length
      ? await extractWithTools(deps, {
        docs,
        fields: fields.map((f) => ({
          key: f.key,
          label: f.label,
          ...(f.prompt ? { prompt: f.prompt } : {}),
        })),
        userId: settled.userId,
        tools,
        area: "ocr_extract",
      })
      : { fields: {} };
    const result = buildBatchResult(settled, { fields, extraction, now: clock.now() });
    const resultKey = `${settled.blobPrefix}/result.json`;
    await blobs.put(resultKey, new TextEncoder().encode(JSON.stringify(result)));
    await finishOcrBatch(kv, {
      batchId: settled.id,
      resultKey,
      now: clock.now(),
      caseName: caseNameOf(result),
    });
  };
}

export const handleOcrExtract = makeOcrExtractHandler(AI_TOOLS);
