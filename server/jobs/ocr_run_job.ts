import type { AppDeps } from "../deps.ts";
import type { JobMessageOf } from "../kv/job_messages.ts";
import {
  getOcrRun,
  isFileFinished,
  markOcrFilePages,
  markOcrFileProcessing,
  type OcrRunFile,
  settleOcrFileFailure,
  settleOcrFileSuccess,
} from "../kv/ocr_runs.ts";
import { isScanned, type StoredOcrResult, toFileResultView } from "../services/ocr_runs/result_view.ts";
import { AI_TOOLS, type AiTools } from "./ai_tools.ts";
import { readRunFiles } from "./read_run_files.ts";

/**
 * Reads the files of one OCR识别 run, in order, each through readDocumentText and extractKeyFacts.
 * Idempotent under at-least-once delivery: finished files are skipped, and each file is settled (result
 * and usage record, or failure and refund) by a compare-and-set that succeeds only once.
 */
export function makeOcrRunHandler(tools: AiTools) {
  return async function handleOcrRun(deps: AppDeps, msg: JobMessageOf<"ocr.run">): Promise<void> {
    const { kv, blobs, clock } = deps;
    const run = await getOcrRun(kv, msg.runId);
    if (!run) return;
    const at = (file: OcrRunFile) => ({ runId: run.id, index: file.index, now: clock.now() });
    await readRunFiles<OcrRunFile>(deps, {
      files: run.files.filter((f) => !isFileFinished(f)),
      tools,
      steps: {
        area: "ocr",
        missing: "OCR_RUN_NOT_FOUND",
        markProcessing: (file) => markOcrFileProcessing(kv, at(file)),
        markPages: (file, pages) => markOcrFilePages(kv, { ...at(file), ...pages }),
        settleSuccess: async (file, doc) => {
          const { keyFacts } = toFileResultView(doc, tools.extractKeyFacts(doc).facts);
          const resultKey = `${run.blobPrefix}/result-${file.index}.json`;
          const stored: StoredOcrResult = { doc, keyFacts };
          await blobs.put(resultKey, new TextEncoder().encode(JSON.stringify(stored)));
          await settleOcrFileSuccess(kv, {
            ...at(file),
            resultKey,
            pageCount: doc.pages.length,
            scanned: isScanned(doc),
          });
        },
        settleFailure: (file, error) => settleOcrFileFailure(kv, { ...at(file), error }),
      },
    });
  };
}

export const handleOcrRun = makeOcrRunHandler(AI_TOOLS);
