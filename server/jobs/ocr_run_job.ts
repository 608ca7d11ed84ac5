import type { AppDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import {
  getOcrRun,
  isFileFinished,
  markOcrFilePages,
  markOcrFileProcessing,
  settleOcrFileFailure,
  settleOcrFileSuccess,
} from "../kv/ocr_runs.ts";
import { keyFactList, loadOcrEngines, type OcrEngines } from "../services/ocr_runs/engines.ts";
import { isScanned, type StoredOcrResult, toFileResultView } from "../services/ocr_runs/result_view.ts";
import type { DocumentText } from "../services/doc_text/types.ts";
import type { JobMessageOf } from "../kv/job_messages.ts";

/** The Chinese reason a file failed, from whatever it threw (unknown errors are logged, not shown). */
function failureMessage(err: unknown, fileName: string): string {
  if (err instanceof AppError) return err.message;
  console.error(`[ocr] reading ${fileName} failed:`, err);
  return "文件识别失败，文件可能已损坏";
}

/**
 * Reads the files of one OCR识别 run, in order, each through readDocumentText and extractKeyFacts.
 * Idempotent under at-least-once delivery: finished files are skipped, and each file is settled (result
 * and usage record, or failure and refund) by a compare-and-set that succeeds only once.
 */
export function makeOcrRunHandler(engines: () => Promise<OcrEngines>) {
  return async function handleOcrRun(deps: AppDeps, msg: JobMessageOf<"ocr.run">): Promise<void> {
    const { kv, blobs, clock } = deps;
    const run = await getOcrRun(kv, msg.runId);
    if (!run) return;
    let engine: OcrEngines;
    try {
      engine = await engines();
    } catch (err) {
      console.error("[ocr] the document-text service could not be loaded:", err);
      const error = new AppError("OCR_ENGINE_UNAVAILABLE").message;
      for (const f of run.files) {
        await settleOcrFileFailure(kv, { runId: run.id, index: f.index, now: clock.now(), error });
      }
      return;
    }
    for (const file of run.files) {
      if (isFileFinished(file)) continue;
      const at = { runId: run.id, index: file.index };
      await markOcrFileProcessing(kv, { ...at, now: clock.now() });
      try {
        const bytes = await blobs.read(file.blobKey);
        if (!bytes) throw new AppError("OCR_RUN_NOT_FOUND");
        // Progress per page; writes are chained so they land in order, and awaited before settling.
        let progress = Promise.resolve();
        const read = await engine.readDocumentText(deps, {
          bytes,
          fileName: file.fileName,
          onPage: ({ pagesDone, pagesTotal }) => {
            progress = progress.then(() =>
              markOcrFilePages(kv, { ...at, now: clock.now(), pagesDone, pagesTotal }).then(() => {})
            ).catch(() => {});
          },
        });
        await progress;
        // Only the DocumentText contract is kept (never page images or other extras).
        const doc: DocumentText = {
          fileName: read.fileName,
          kind: read.kind,
          pages: read.pages,
          warnings: read.warnings,
        };
        const { keyFacts } = toFileResultView(doc, keyFactList(await engine.extractKeyFacts(doc)));
        const resultKey = `${run.blobPrefix}/result-${file.index}.json`;
        const stored: StoredOcrResult = { doc, keyFacts };
        await blobs.put(resultKey, new TextEncoder().encode(JSON.stringify(stored)));
        await settleOcrFileSuccess(kv, {
          ...at,
          now: clock.now(),
          resultKey,
          pageCount: doc.pages.length,
          scanned: isScanned(doc),
        });
      } catch (err) {
        // The run may have been deleted meanwhile: settling then writes nothing.
        await settleOcrFileFailure(kv, {
          ...at,
          now: clock.now(),
          error: failureMessage(err, file.fileName),
        });
      }
    }
  };
}

export const handleOcrRun = makeOcrRunHandler(loadOcrEngines);
