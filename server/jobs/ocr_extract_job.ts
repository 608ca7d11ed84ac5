import type { OcrTemplateField } from "../../common/schemas/ocr.ts";
import type { AppDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import {
  finishOcrBatch,
  getOcrBatch,
  isBatchFileFinished,
  markBatchFilePages,
  markBatchFileProcessing,
  type OcrBatch,
  settleBatchFileFailure,
  settleBatchFileSuccess,
} from "../kv/ocr_batches.ts";
import { caseNameOf } from "../services/ai_chat/case_from_extraction.ts";
import type { DocumentText } from "../services/doc_text/types.ts";
import { extractCaseFields } from "../services/extraction/extract_case_fields.ts";
import type { CaseExtraction } from "../services/extraction/types.ts";
import { getLlmClient } from "../services/llm/llm_client.ts";
import type { LlmClient } from "../services/llm/types.ts";
import { buildBatchResult } from "../services/ocr_extract/batch_result.ts";
import { loadOcrEngines, type OcrEngines } from "../services/ocr_runs/engines.ts";
import type { JobMessageOf } from "../kv/job_messages.ts";

export interface OcrExtractTools {
  engines: () => Promise<OcrEngines>;
  /** The model client for this user's batch when one is configured (null: rules only). */
  llm: (deps: AppDeps, userId: number) => Promise<LlmClient | null>;
}

function failureMessage(err: unknown, fileName: string): string {
  if (err instanceof AppError) return err.message;
  console.error(`[ocr_extract] reading ${fileName} failed:`, err);
  return "文件识别失败，文件可能已损坏";
}

async function readDocs(deps: AppDeps, batch: OcrBatch): Promise<DocumentText[]> {
  const docs: DocumentText[] = [];
  for (const f of batch.files) {
    if (f.status !== "completed" || !f.docKey) continue;
    const bytes = await deps.blobs.read(f.docKey);
    if (bytes) docs.push(JSON.parse(new TextDecoder().decode(bytes)) as DocumentText);
  }
  return docs;
}

/** The fields of the case; with a model configured it helps, and when it fails the rules alone answer. */
async function extract(
  deps: AppDeps,
  spec: OcrTemplateField[],
  docs: DocumentText[],
  tools: OcrExtractTools & { userId: number },
) {
  const fields = spec.map((f) => ({
    key: f.key,
    label: f.label,
    ...(f.prompt ? { prompt: f.prompt } : {}),
  }));
  let llm: LlmClient | null = null;
  try {
    llm = await tools.llm(deps, tools.userId);
  } catch (err) {
    console.warn("[ocr_extract] model client unavailable, rules only:", err);
  }
  if (llm) {
    try {
      return await extractCaseFields(docs, fields, { llm });
    } catch (err) {
      console.warn("[ocr_extract] model extraction failed, rules only:", err);
    }
  }
  return await extractCaseFields(docs, fields, {});
}

/**
 * Reads each file of an extraction batch (readDocumentText), then merges the case's fields
 * (extractCaseFields) into the part 4 §3 result. Idempotent under at-least-once delivery: finished
 * files are skipped, each file is settled (usage record, or failure and refund) by a compare-and-set
 * that succeeds once, and the result is stored once (finishOcrBatch).
 */
export function makeOcrExtractHandler(tools: OcrExtractTools) {
  return async function handleOcrExtract(deps: AppDeps, msg: JobMessageOf<"ocr_extract.run">): Promise<void> {
    const { kv, blobs, clock } = deps;
    const batch = await getOcrBatch(kv, msg.batchId);
    // A batch failed as a whole (ai_run_guard.ts) stays failed: a later delivery changes nothing.
    if (!batch || batch.resultKey || batch.status === "failed") return;
    let engine: OcrEngines | null = null;
    try {
      engine = await tools.engines();
    } catch (err) {
      console.error("[ocr_extract] the document-text service could not be loaded:", err);
    }
    for (const file of batch.files) {
      if (isBatchFileFinished(file)) continue;
      const at = { batchId: batch.id, index: file.index };
      await markBatchFileProcessing(kv, { ...at, now: clock.now() });
      try {
        if (!engine) throw new AppError("OCR_ENGINE_UNAVAILABLE");
        const bytes = await blobs.read(file.blobKey);
        if (!bytes) throw new AppError("OCR_BATCH_NOT_FOUND");
        // Progress per page; writes are chained so they land in order, and awaited before settling.
        let progress = Promise.resolve();
        const read = await engine.readDocumentText(deps, {
          bytes,
          fileName: file.fileName,
          onPage: ({ pagesDone, pagesTotal }) => {
            progress = progress.then(() =>
              markBatchFilePages(kv, { ...at, now: clock.now(), pagesDone, pagesTotal }).then(() => {})
            ).catch(() => {});
          },
        });
        await progress;
        const doc: DocumentText = {
          fileName: read.fileName,
          kind: read.kind,
          pages: read.pages,
          warnings: read.warnings,
        };
        const docKey = `${batch.blobPrefix}/doc-${file.index}.json`;
        await blobs.put(docKey, new TextEncoder().encode(JSON.stringify(doc)));
        await settleBatchFileSuccess(kv, { ...at, now: clock.now(), docKey });
      } catch (err) {
        await settleBatchFileFailure(kv, {
          ...at,
          now: clock.now(),
          error: failureMessage(err, file.fileName),
        });
      }
    }
    const settled = await getOcrBatch(kv, batch.id);
    if (!settled || settled.resultKey || settled.status === "failed") return;
    const docs = await readDocs(deps, settled);
    const stored = await blobs.read(settled.fieldsKey);
    const fields: OcrTemplateField[] = stored ? JSON.parse(new TextDecoder().decode(stored)) : [];
    const extraction: CaseExtraction = docs.length
      ? await extract(deps, fields, docs, { ...tools, userId: settled.userId })
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

export const handleOcrExtract = makeOcrExtractHandler({
  engines: loadOcrEngines,
  // A background batch waits for the user's model slots instead of being refused (semaphore.ts).
  llm: (deps, userId) => getLlmClient(deps, { user: userId, whenBusy: "wait" }),
});
