/**
 * Renders rows on a few permission-less workers (server/workers/docx_render_worker.ts), one per
 * core: about twice the documents per second of one thread. Rows go out in chunks so every worker
 * stays busy; results come back in row order.
 */

import { AppError } from "../../errors.ts";
import { type ErrorCode, isErrorCode } from "../../../common/errors.ts";
import type { RenderReply, RenderRequest, WorkerError } from "../../workers/docx_render_worker.ts";
import type { ParagraphBlocks, RowValues } from "./render_docx.ts";

/** One row's outcome: the .docx bytes, or the error that refused this row. */
export type RowResult = { docx: Uint8Array } | { error: AppError };

export interface RenderRowsOptions {
  chunkSize?: number;
  paragraphs?: (ParagraphBlocks | undefined)[];
}

export interface DocxRenderPool extends Disposable {
  /**
   * Renders every row; throws when the template is refused, otherwise one result per row.
   * `paragraphs[i]` holds row i's paragraph-variable blocks (`#{名称}`, render_docx.ts), if any.
   */
  renderRows(template: Uint8Array, rows: RowValues[], options?: RenderRowsOptions): Promise<RowResult[]>;
  close(): void;
}

const WORKER_URL = new URL("../../workers/docx_render_worker.ts", import.meta.url);

/** Starts `size` workers (default: the number of cores). Close the pool when done. */
export function createDocxRenderPool(options: { size?: number } = {}): DocxRenderPool {
  const size = Math.max(1, options.size ?? navigator.hardwareConcurrency ?? 2);
  const workers = Array.from(
    { length: size },
    () => new Worker(WORKER_URL, { type: "module", deno: { permissions: "none" } } as WorkerOptions),
  );
  let nextId = 0;

  function send(worker: Worker, request: RenderRequest): Promise<RenderReply> {
    return new Promise((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<RenderReply>) => resolve(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        reject(new AppError("DOCX_RENDER_FAILED", { reason: event.message }));
      };
      worker.postMessage(request);
    });
  }

  async function renderRows(template: Uint8Array, rows: RowValues[], options: RenderRowsOptions = {}) {
    const { chunkSize = 25, paragraphs } = options;
    const results: RowResult[] = new Array(rows.length);
    let next = 0;
    async function drain(worker: Worker) {
      while (next < rows.length) {
        const start = next;
        next = Math.min(rows.length, next + chunkSize);
        const request: RenderRequest = { id: nextId++, template, rows: rows.slice(start, next) };
        if (paragraphs) request.paragraphs = paragraphs.slice(start, next).map((p) => p ?? null);
        const reply = await send(worker, request);
        if ("error" in reply) throw toAppError(reply.error);
        reply.results.forEach((result, i) => {
          results[start + i] = "docx" in result ? result : { error: toAppError(result.error) };
        });
      }
    }
    await Promise.all(workers.map(drain));
    return results;
  }

  function close() {
    for (const worker of workers) worker.terminate();
  }

  return { renderRows, close, [Symbol.dispose]: close };
}

function toAppError(error: WorkerError): AppError {
  const code: ErrorCode = isErrorCode(error.code) ? error.code : "DOCX_RENDER_FAILED";
  return new AppError(code, error.params);
}
