/**
 * Word rendering off the main thread, started with `deno: { permissions: "none" }` (no file, net or
 * env access: template and data arrive as messages). See server/services/docx/docx_render_pool.ts.
 *
 * Protocol (one reply per request, matched by id; docx buffers are transferred, not copied):
 *   in:  { id, template: Uint8Array, rows: Record<string, unknown>[], paragraphs?: (ParagraphBlocks | null)[] }
 *        (paragraphs[i]: the blocks of row i's paragraph variables `#{名称}`, see render_docx.ts)
 *   out: { id, results: ({ docx: Uint8Array } | { error: WorkerError })[] }   one result per row
 *        { id, error: WorkerError }                                          template refused
 *   in:  { id, ping: true }  ->  out: { id, results: [] }   (the worker has loaded: warm-up)
 *   WorkerError = { code: ErrorCode, params, message } (an AppError, carried as data).
 * The renderers of the last few templates are kept (a renderer compiles its template once, see
 * render_docx.ts), so sending the same template with every chunk is cheap, also when several jobs
 * with different templates share the worker.
 */

import { AppError } from "../errors.ts";
import { createDocxRenderer, type DocxRenderer, type ParagraphBlocks } from "../services/docx/render_docx.ts";

export interface RenderRowsRequest {
  id: number;
  template: Uint8Array;
  rows: Record<string, unknown>[];
  paragraphs?: (ParagraphBlocks | null)[];
}

export type RenderRequest = RenderRowsRequest | { id: number; ping: true };

export interface WorkerError {
  code: string;
  params: Record<string, unknown>;
  message: string;
}

export type RenderReply =
  | { id: number; results: ({ docx: Uint8Array } | { error: WorkerError })[] }
  | { id: number; error: WorkerError };

/** Renderers of the last templates used, most recent first. */
const cached: { template: Uint8Array; renderer: DocxRenderer }[] = [];
const CACHED_TEMPLATES = 4;

function rendererFor(template: Uint8Array): DocxRenderer {
  const at = cached.findIndex((c) => sameBytes(c.template, template));
  const entry = at >= 0 ? cached.splice(at, 1)[0] : { template, renderer: createDocxRenderer(template) };
  cached.unshift(entry);
  cached.length = Math.min(cached.length, CACHED_TEMPLATES);
  return entry.renderer;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function toWorkerError(err: unknown): WorkerError {
  const appError = err instanceof AppError
    ? err
    : new AppError("DOCX_RENDER_FAILED", { reason: String(err) });
  return { code: appError.code, params: appError.params, message: appError.message };
}

function handle(request: RenderRequest): { reply: RenderReply; transfer: ArrayBuffer[] } {
  if ("ping" in request) return { reply: { id: request.id, results: [] }, transfer: [] };
  let renderer: DocxRenderer;
  try {
    renderer = rendererFor(request.template);
  } catch (err) {
    return { reply: { id: request.id, error: toWorkerError(err) }, transfer: [] };
  }
  const transfer = new Set<ArrayBuffer>();
  const results = request.rows.map((row, i) => {
    try {
      const docx = renderer.render(row, request.paragraphs?.[i] ?? undefined);
      transfer.add(docx.buffer as ArrayBuffer);
      return { docx };
    } catch (err) {
      return { error: toWorkerError(err) };
    }
  });
  return { reply: { id: request.id, results }, transfer: [...transfer] };
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<RenderRequest>) => void) | null;
  postMessage(message: RenderReply, transfer: ArrayBuffer[]): void;
};

scope.onmessage = (event) => {
  const { reply, transfer } = handle(event.data);
  scope.postMessage(reply, transfer);
};
