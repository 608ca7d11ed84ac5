import type { ErrorCode } from "../../common/errors.ts";
import type { BlobStore } from "../blobs/blob_store.ts";
import type { AppDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import type { DocumentText } from "../services/doc_text/types.ts";
import type { AiTools, PageProgress } from "./ai_tools.ts";

/** A file of an AI run as the loop sees it; `index` is its place in the run. */
export interface RunFile {
  index: number;
  fileName: string;
  blobKey: string;
}

/** What one kind of run writes at each step of a file (its run record's own functions). */
export interface RunFileSteps<F extends RunFile> {
  /** The log's prefix: ocr, ocr_extract, custom_ocr. */
  area: string;
  /** Thrown (and stored as the file's reason) when the file's bytes are gone. */
  missing: ErrorCode;
  /** The file is being read. */
  markProcessing(file: F): Promise<unknown>;
  /** Pages read so far, as they are read (so the screen's bar moves while a long PDF is read). */
  markPages(file: F, progress: PageProgress): Promise<unknown>;
  /** Stores what was read and settles the file (its usage record), once. */
  settleSuccess(file: F, doc: DocumentText): Promise<unknown>;
  /** Settles the file failed with its Chinese reason (its AI use refunded), once. */
  settleFailure(file: F, error: string): Promise<unknown>;
}

/** The Chinese reason a file failed, from whatever it threw (unknown errors are logged, not shown). */
function failureText(err: unknown, input: { area: string; fileName: string }): string {
  if (err instanceof AppError) return err.message;
  console.error(`[${input.area}] reading ${input.fileName} failed:`, err);
  return "文件识别失败，文件可能已损坏";
}

/**
 * The one per-file loop of every AI job: for each file, in order, mark it processing, read it
 * (reporting each page), then store and settle it, or settle it failed with its reason. Callers pass
 * only the files not yet settled and settle by compare-and-set, so a redelivered message settles
 * nothing twice. Page progress writes are chained so they land in order, and awaited before settling.
 */
export async function readRunFiles<F extends RunFile>(
  deps: AppDeps,
  input: { files: F[]; tools: AiTools; steps: RunFileSteps<F> },
): Promise<void> {
  const { tools, steps } = input;
  for (const file of input.files) {
    await steps.markProcessing(file);
    try {
      const bytes = await deps.blobs.read(file.blobKey);
      if (!bytes) throw new AppError(steps.missing);
      let progress = Promise.resolve();
      const read = await tools.readDocumentText(deps, {
        bytes,
        fileName: file.fileName,
        onPage: (pages) => {
          progress = progress.then(() => steps.markPages(file, pages)).then(() => {}, () => {});
        },
      });
      await progress;
      // Only the DocumentText contract is kept (never page images or other extras).
      const doc: DocumentText = {
        fileName: file.fileName,
        kind: read.kind,
        pages: read.pages,
        warnings: read.warnings,
      };
      await steps.settleSuccess(file, doc);
    } catch (err) {
      // The run may have been deleted meanwhile: settling then writes nothing.
      await steps.settleFailure(file, failureText(err, { area: steps.area, fileName: file.fileName }));
    }
  }
}

/** Stores a file's text as JSON under `key` (what readStoredDocs reads back). */
export async function storeDoc(blobs: BlobStore, key: string, doc: DocumentText): Promise<void> {
  await blobs.put(key, new TextEncoder().encode(JSON.stringify(doc)));
}

/** The texts stored for a run's read files, in file order (a missing blob is left out). */
export async function readStoredDocs(
  blobs: BlobStore,
  keys: (string | undefined)[],
): Promise<DocumentText[]> {
  const docs: DocumentText[] = [];
  for (const key of keys) {
    if (!key) continue;
    const bytes = await blobs.read(key);
    if (bytes) docs.push(JSON.parse(new TextDecoder().decode(bytes)) as DocumentText);
  }
  return docs;
}
