/**
 * Word rendering off the main thread, started with `deno: { permissions: "none" }` (no file, net or
 * env access: template and data arrive as messages). See server/services/docx/docx_render_pool.ts.
 *
 * Protocol (one reply per request, matched by id; docx buffers are transferred, not copied):
 *   in:  { id, template: Uint8Array, rows: Record<string, unknown>[], paragraphs?: (ParagraphBlocks | null)[] }
 *        (paragraphs[i]: the blocks of row i's paragraph variables `#{名称}`, see render_docx.ts)
 *   out: { id, results: ({ docx: Uint8Array } | { error: WorkerError })[] }   one result per row
 *        { id, error: WorkerError }                                          template refused
 *   in:  { id, ping: true }  ->  out: { id, results: [] }   (loaded and warmed up, see warmUp())
 *   WorkerError = { code: ErrorCode, params, message } (an AppError, carried as data).
 * The renderers of the last few templates are kept (a renderer compiles its template once, see
 * render_docx.ts), so sending the same template with every chunk is cheap, also when several jobs
 * with different templates share the worker.
 */

import PizZip from "pizzip";
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
  | { id: number; error: WorkerError }
  /** Sent once, when the worker's code has loaded: a chunk's time limit counts from here. */
  | { ready: true };

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

let warmedUp = false;

/**
 * On the first ping: renders a small template using every kind of tag (values, formatters, a
 * condition, a table-row loop) a few times, so the first real batch does not pay V8's first
 * compilations of the rendering code (~0.25 s per worker measured; a fresh worker's first 100
 * documents took 3.4 ms each, later ones 1.3 ms).
 */
function warmUp(): void {
  if (warmedUp) return;
  warmedUp = true;
  const p = (text: string) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
  const cell = (text: string) => `<w:tc>${p(text)}</w:tc>`;
  const body = p("${甲}：${金额|大写}（${金额|千分位}），${日期|yyyy年M月d日}") + p("${#有}") + p("${乙}") +
    p("${/有}") + p("${空}") +
    `<w:tbl><w:tr>${cell("${#计划}${期}")}${cell("${额|千分位}${/计划}")}</w:tr></w:tbl>` + p("完");
  const zip = new PizZip();
  zip.file(
    "[Content_Types].xml",
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ' +
      'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    "_rels/.rels",
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" ' +
      'Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    "word/document.xml",
    '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
      `<w:body>${body}</w:body></w:document>`,
  );
  const renderer = createDocxRenderer(zip.generate({ type: "uint8array" }));
  for (let i = 0; i < 20; i++) {
    renderer.render({
      甲: `张${i}`,
      金额: 1234.5 + i,
      日期: { t: "n", v: 45356 + i, w: "2024/3/5" },
      有: i % 2 ? "是" : "否",
      乙: "乙\n丙",
      空: "",
      "计划.期": "1\n2",
      "计划.额": "100\n200",
    });
  }
}

function handle(request: RenderRequest): { reply: RenderReply; transfer: ArrayBuffer[] } {
  if ("ping" in request) {
    try {
      warmUp();
    } catch (err) {
      return { reply: { id: request.id, error: toWorkerError(err) }, transfer: [] };
    }
    return { reply: { id: request.id, results: [] }, transfer: [] };
  }
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
scope.postMessage({ ready: true }, []);
