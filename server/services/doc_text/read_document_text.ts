import { AppError } from "../../errors.ts";
import { runInWorker } from "../../workers/run_in_worker.ts";
import type { DocTextWorkerInput, DocTextWorkerResult } from "../../workers/doc_text_worker.ts";
import type { PdfConverter } from "../pdf/libreoffice_pool.ts";
import type { OcrEngine, OcrLine, OcrPageResult } from "../ocr/ocr_engine.ts";
import { createTesseractEngine } from "../ocr/ocr_pool.ts";
import { roundBox } from "./layout.ts";
import {
  DOC_TEXT_FILE_TIMEOUT_MS,
  DOC_TEXT_MAX_INPUT_BYTES,
  DOC_TEXT_MAX_PAGES,
  DOC_TEXT_MAX_SHEET_ROWS,
  DOC_TEXT_MAX_UNCOMPRESSED_BYTES,
  DOC_TEXT_STEP_TIMEOUT_MS,
  OCR_MAX_SIDE,
  PDF_MIN_TEXT_CHARS,
} from "./limits.ts";
import { readPdfInfo, readPdfTextLayer, renderPdfPage } from "./poppler.ts";
import type { GrayPixels } from "./pgm.ts";
import { type PreparedImage, prepareImage, rotateImage } from "./prepare_image.ts";
import { type SearchablePage, writeSearchablePdf } from "./searchable_pdf.ts";
import type { DocumentText, OcrEngineName, ReadMethod, TextLine, TextPage } from "./types.ts";
import { DOC_TEXT_KINDS, fileExtension } from "../../../common/document_kinds.ts";

/**
 * The one place where uploaded files become text (issue #10 §1): pdf (text layer per page, OCR for pages
 * without one), doc (LibreOffice → PDF), docx, xls/xlsx (one page per worksheet), png/jpg/jpeg (OCR).
 * Untrusted parsing runs in permission-less workers, poppler and LibreOffice as subprocesses with
 * time-outs, recognition in the OCR engine's own processes (services/ocr/).
 */

export interface DocTextDeps {
  /** The recogniser pool (AppDeps.ocr); without one, pages are read by a Tesseract CLI call. */
  ocr?: OcrEngine;
  /** The warm LibreOffice pool (AppDeps.pdf), for .doc. */
  pdf?: PdfConverter;
}

export interface ReadDocumentTextInput {
  bytes: Uint8Array;
  fileName: string;
  signal?: AbortSignal;
  /** Keep the image of every recognised page (grey PNG, as recognised), for buildSearchablePdf(). */
  keepPageImages?: boolean;
  /** The whole file's time limit; default DOC_TEXT_FILE_TIMEOUT_MS. */
  timeoutMs?: number;
  /**
   * Called as pages are read (a text-layer page at once, a recognised page when it is done), so a screen's
   * bar moves while a long PDF is read. Sheets and Word files report once, at the end.
   */
  onPage?: (progress: { pagesDone: number; pagesTotal: number }) => void;
}

/** The image a recognised page was read from; its lines' boxes are in this image's pixels. */
export interface PageImage {
  page: number;
  png: Uint8Array;
  width: number;
  height: number;
}

export interface DocumentTextResult extends DocumentText {
  /** With `keepPageImages`: one per OCR'd page. */
  pageImages?: PageImage[];
}

const DOC_TEXT_WORKER = new URL("../../workers/doc_text_worker.ts", import.meta.url);
let fallbackEngine: OcrEngine | null = null;

/**
 * Reads a file's text, page by page. Throws AppError: DOC_TEXT_TYPE_UNSUPPORTED, DOC_TEXT_TOO_MANY_PAGES,
 * DOC_TEXT_IMAGE_TOO_LARGE, DOC_TEXT_UNREADABLE, DOC_TEXT_TIMEOUT, FILE_PARSE_FAILED/TIMEOUT (workers),
 * OCR_ENGINE_FAILED; an abort of `signal` rejects with its reason.
 */
export async function readDocumentText(
  deps: DocTextDeps,
  input: ReadDocumentTextInput,
): Promise<DocumentTextResult> {
  const kind = fileExtension(input.fileName);
  if (!(DOC_TEXT_KINDS as readonly string[]).includes(kind)) {
    throw new AppError("DOC_TEXT_TYPE_UNSUPPORTED", { name: input.fileName });
  }
  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(new AppError("DOC_TEXT_TIMEOUT")),
    input.timeoutMs ?? DOC_TEXT_FILE_TIMEOUT_MS,
  );
  const signal = input.signal ? AbortSignal.any([input.signal, timeout.signal]) : timeout.signal;
  const ctx: ReadContext = {
    deps,
    signal,
    keepImages: input.keepPageImages ?? false,
    images: [],
    warnings: [],
    engines: new Map(),
    onPage: input.onPage,
  };
  try {
    const work = readByKind(ctx, kind, input.bytes);
    // A worker or tool that ignores the signal still cannot hold the caller past the time limit.
    const aborted = new Promise<never>((_, reject) => {
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    });
    aborted.catch(() => {});
    // Work that loses the race still settles later: its rejection must not go unhandled.
    work.catch(() => {});
    const pages = await Promise.race([work, aborted]);
    if (kind === "docx" || kind === "xls" || kind === "xlsx") {
      input.onPage?.({ pagesDone: pages.length, pagesTotal: pages.length });
    }
    const tesseractPages = [...ctx.engines].filter(([, e]) => e === "tesseract").map(([p]) => p);
    if (tesseractPages.length > 0) {
      ctx.warnings.push(
        `${pageList(tesseractPages, kind)}由Tesseract识别（未使用PaddleOCR模型），识别准确度较低，请核对`,
      );
    }
    const result: DocumentTextResult = { fileName: input.fileName, kind, pages, warnings: ctx.warnings };
    if (ctx.keepImages) result.pageImages = ctx.images.sort((a, b) => a.page - b.page);
    return result;
  } finally {
    clearTimeout(timer);
  }
}

interface ReadContext {
  deps: DocTextDeps;
  signal: AbortSignal;
  keepImages: boolean;
  images: PageImage[];
  warnings: string[];
  /** Page number → the engine that recognised it. */
  engines: Map<number, OcrEngineName>;
  onPage?: ReadDocumentTextInput["onPage"];
}

/**
 * Runs `read` for pages 1..total, up to `parallel` at once (a file's pages spread over the recognisers),
 * telling `ctx.onPage` as each one finishes; the pages come back in order.
 */
async function readPagesInParallel(
  ctx: ReadContext,
  total: number,
  parallel: number,
  read: (page: number) => Promise<TextPage>,
): Promise<TextPage[]> {
  const pages: TextPage[] = new Array(total);
  let next = 0, done = 0;
  async function lane(): Promise<void> {
    while (next < total) {
      const index = next++;
      ctx.signal.throwIfAborted();
      pages[index] = await read(index + 1);
      ctx.onPage?.({ pagesDone: ++done, pagesTotal: total });
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(parallel, total)) }, lane));
  return pages;
}

function pageList(pages: number[], kind: string): string {
  if (kind !== "pdf" && kind !== "doc") return "图片";
  return `第${pages.join("、")}页`;
}

function readByKind(ctx: ReadContext, kind: string, bytes: Uint8Array): Promise<TextPage[]> {
  switch (kind) {
    case "pdf":
      return readPdf(ctx, bytes, "pdf_text");
    case "doc":
      return readDoc(ctx, bytes);
    case "docx":
      return readDocx(ctx, bytes);
    case "xls":
    case "xlsx":
      return readSheets(ctx, bytes);
    default:
      return readImage(ctx, bytes);
  }
}

async function withTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await Deno.makeTempDir({ prefix: "doc-text-" });
  try {
    return await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

async function readPdf(ctx: ReadContext, bytes: Uint8Array, method: ReadMethod): Promise<TextPage[]> {
  return await withTempDir(async (dir) => {
    const path = `${dir}/in.pdf`;
    await Deno.writeFile(path, bytes);
    return await readPdfFile(ctx, path, method);
  });
}

async function readPdfFile(ctx: ReadContext, path: string, method: ReadMethod): Promise<TextPage[]> {
  const step = { timeoutMs: DOC_TEXT_STEP_TIMEOUT_MS, signal: ctx.signal };
  const info = await readPdfInfo(path, step);
  if (info.pages > DOC_TEXT_MAX_PAGES) {
    throw new AppError("DOC_TEXT_TOO_MANY_PAGES", { pages: info.pages, limit: DOC_TEXT_MAX_PAGES });
  }
  if (info.pages === 0) throw new AppError("DOC_TEXT_UNREADABLE", { reason: "PDF中没有页面" });
  const layer = await readPdfTextLayer(path, { first: 1, last: info.pages }, step);
  return await readPagesInParallel(ctx, info.pages, engineOf(ctx).concurrency, async (page) => {
    const text = layer[page - 1];
    if (text && text.chars >= PDF_MIN_TEXT_CHARS) {
      return {
        page,
        width: Math.round(text.width * 10) / 10,
        height: Math.round(text.height * 10) / 10,
        method,
        lines: text.lines.map((l) => {
          const line: TextLine = { text: l.text, box: l.box, confidence: 1, method };
          if (l.cells && l.cells.length > 1) line.cells = l.cells.map((c) => ({ text: c.text, box: c.box }));
          return line;
        }),
      };
    }
    const rendered = await renderPdfPage(path, page, { maxSide: OCR_MAX_SIDE, ...step });
    return await recognizePage(ctx, page, rendered);
  });
}

async function readDoc(ctx: ReadContext, bytes: Uint8Array): Promise<TextPage[]> {
  const converter = ctx.deps.pdf;
  if (!converter?.available) {
    throw new AppError("DOC_TEXT_UNREADABLE", {
      reason: "服务器未安装LibreOffice，无法读取.doc文件，请另存为.docx后上传",
    });
  }
  return await withTempDir(async (dir) => {
    await Deno.writeFile(`${dir}/in.doc`, bytes);
    try {
      await converter.convertFile(`${dir}/in.doc`, `${dir}/in.pdf`);
    } catch (err) {
      if (err instanceof AppError && err.code === "PDF_CONVERSION_TIMEOUT") {
        throw new AppError("DOC_TEXT_TIMEOUT");
      }
      throw new AppError("DOC_TEXT_UNREADABLE", { reason: "Word文件（.doc）无法打开，可能已损坏" });
    }
    ctx.signal.throwIfAborted();
    return await readPdfFile(ctx, `${dir}/in.pdf`, "docx");
  });
}

async function runDocTextWorker(
  ctx: ReadContext,
  kind: DocTextWorkerInput["kind"],
  bytes: Uint8Array,
): Promise<Extract<DocTextWorkerResult, { ok: true }>> {
  const input: DocTextWorkerInput = {
    kind,
    bytes: new Uint8Array(bytes), // a copy: the worker takes its buffer
    maxUncompressedBytes: DOC_TEXT_MAX_UNCOMPRESSED_BYTES,
    maxSheets: DOC_TEXT_MAX_PAGES,
    maxRows: DOC_TEXT_MAX_SHEET_ROWS,
  };
  ctx.signal.throwIfAborted();
  const result = await runInWorker<DocTextWorkerResult>(DOC_TEXT_WORKER, input, {
    timeoutMs: DOC_TEXT_STEP_TIMEOUT_MS,
    maxInputBytes: DOC_TEXT_MAX_INPUT_BYTES,
  });
  if (result.ok) return result;
  if (result.code === "too_many_pages") {
    throw new AppError("DOC_TEXT_TOO_MANY_PAGES", { pages: result.pages, limit: DOC_TEXT_MAX_PAGES });
  }
  const mb = Math.round(DOC_TEXT_MAX_UNCOMPRESSED_BYTES / 1024 / 1024);
  throw new AppError("DOC_TEXT_UNREADABLE", { reason: `文件解压后超过${mb}MB，疑似压缩炸弹，已拒绝处理` });
}

async function readDocx(ctx: ReadContext, bytes: Uint8Array): Promise<TextPage[]> {
  const result = await runDocTextWorker(ctx, "docx", bytes);
  const lines = result.pages[0]?.lines ?? [];
  if (lines.length === 0 && result.images?.length) {
    // A Word file holding only pictures (a scan pasted in): each picture is recognised as a page.
    const images = result.images;
    return await readPagesInParallel(
      ctx,
      images.length,
      engineOf(ctx).concurrency,
      (page) => recognizePage(ctx, page, images[page - 1]),
    );
  }
  if (lines.length === 0 && result.hasImages) ctx.warnings.push("Word文件中没有文字，其中的图片无法识别");
  const cells = result.pages[0]?.cells;
  return [{
    page: 1,
    method: "docx",
    lines: lines.map((text, i) => {
      const row = cells?.[i];
      const line: TextLine = { text, confidence: 1, method: "docx" };
      if (row && row.length > 1) line.cells = row.map((c) => ({ text: c.text, col: c.col }));
      return line;
    }),
  }];
}

async function readSheets(ctx: ReadContext, bytes: Uint8Array): Promise<TextPage[]> {
  const result = await runDocTextWorker(ctx, "sheet", bytes);
  return result.pages.map((p, i) => {
    if (p.truncatedRows) {
      ctx.warnings.push(
        `工作表“${p.sheetName}”超过${DOC_TEXT_MAX_SHEET_ROWS}行，其余${p.truncatedRows}行未读取`,
      );
    }
    return {
      page: i + 1,
      sheetName: p.sheetName,
      method: "sheet" as const,
      lines: p.lines.map((text) => ({ text, confidence: 1, method: "sheet" as const })),
    };
  });
}

async function readImage(ctx: ReadContext, bytes: Uint8Array): Promise<TextPage[]> {
  ctx.signal.throwIfAborted();
  return await readPagesInParallel(ctx, 1, 1, (page) => recognizePage(ctx, page, bytes));
}

function engineOf(ctx: ReadContext): OcrEngine {
  if (ctx.deps.ocr) return ctx.deps.ocr;
  fallbackEngine ??= createTesseractEngine();
  return fallbackEngine;
}

interface PageScore {
  chars: number;
  meanConfidence: number;
  /**
   * Share of the characters in lines whose box cannot hold them side by side (width per character under
   * 0.12 of the box height): text running up or down the page, i.e. a page lying on its side.
   */
  sideways: number;
}

function score(lines: OcrLine[]): PageScore {
  const chars = lines.reduce((n, l) => n + l.text.length, 0);
  const meanConfidence = chars ? lines.reduce((s, l) => s + l.confidence * l.text.length, 0) / chars : 0;
  const implausible = lines.filter((l) => {
    const w = l.box[2] - l.box[0], h = l.box[3] - l.box[1];
    // Upright rows of digits in a tilted photo come to ~0.3; text running up the page to under 0.05.
    return l.text.length >= 2 && w / l.text.length < h * 0.12;
  }).reduce((n, l) => n + l.text.length, 0);
  return { chars, meanConfidence, sideways: chars ? implausible / chars : 0 };
}

/**
 * Decodes, checks, straightens and recognises one page image. The Paddle recogniser finds a page lying on
 * its side or upside down itself (from its detector's boxes and line classifier) and says how it turned
 * it. For Tesseract, a page whose lines cannot be rows of text (PageScore.sideways) is tried turned a
 * quarter each way, and a page that reads poorly (mean confidence under 0.8) upside down; the better
 * reading wins. The turn is kept in `TextPage.turned`.
 */
async function recognizePage(
  ctx: ReadContext,
  page: number,
  source: Uint8Array | GrayPixels,
): Promise<TextPage> {
  let image: PageCandidate = await prepareImage(source, { signal: ctx.signal, png: ctx.keepImages });
  ctx.signal.throwIfAborted();
  const engine = engineOf(ctx);
  let result = await engine.recognize(image.pgm, { signal: ctx.signal });
  let turned: 90 | 180 | 270 | undefined;
  if (result.turned !== undefined) {
    turned = result.turned || undefined;
    if (turned) {
      // Only the kept image needs turning; the page's size is known without it.
      image = ctx.keepImages ? await rotateImage(image.pixels, turned, { png: true }) : {
        ...image,
        width: turned === 180 ? image.width : image.height,
        height: turned === 180 ? image.height : image.width,
      };
    }
  } else {
    [image, result, turned] = await tryTurns(engine, ctx.signal, image, result);
  }
  ctx.engines.set(page, result.engine);
  if (ctx.keepImages && image.png) {
    ctx.images.push({ page, png: image.png, width: image.width, height: image.height });
  }
  const lines: TextLine[] = result.lines.map((l) => ({
    text: l.text,
    box: roundBox(l.box),
    confidence: Math.round(l.confidence * 1000) / 1000,
    method: "ocr",
  }));
  const out: TextPage = {
    page,
    width: image.width,
    height: image.height,
    lines,
    method: "ocr",
    engine: result.engine,
  };
  if (turned) out.turned = turned;
  return out;
}

/** A page image and its size (after a turn, `pixels` may still be the unturned page's). */
type PageCandidate = Pick<PreparedImage, "pgm" | "pixels" | "png" | "width" | "height">;

/** For engines that do not find the orientation themselves: reads the page turned when it reads badly. */
async function tryTurns(
  engine: OcrEngine,
  signal: AbortSignal,
  first: PageCandidate,
  firstResult: OcrPageResult,
): Promise<[PageCandidate, OcrPageResult, 90 | 180 | 270 | undefined]> {
  let [image, result, s] = [first, firstResult, score(firstResult.lines)];
  let turned: 90 | 180 | 270 | undefined;
  const turns: (90 | 180 | 270)[] = s.sideways > 0.5
    ? [270, 90]
    : s.chars > 0 && s.meanConfidence < 0.8
    ? [180]
    : [];
  for (const degrees of turns) {
    const other = await rotateImage(first.pixels, degrees, { png: first.png !== undefined });
    const otherResult = await engine.recognize(other.pgm, { signal });
    const t = score(otherResult.lines);
    const better = s.sideways > 0.5
      ? t.sideways < 0.2 && t.meanConfidence > 0.85 &&
        t.chars * t.meanConfidence > s.chars * s.meanConfidence * 0.5
      : t.chars * t.meanConfidence > s.chars * s.meanConfidence * 1.1 && t.meanConfidence > s.meanConfidence;
    if (better) {
      [image, result, s, turned] = [other, otherResult, t, degrees];
      if (t.meanConfidence > 0.9) break;
    }
  }
  return [image, result, turned];
}

/** The image a recognised page was read from, made again the same way (deterministic), for a searchable PDF. */
/** A recognised page's image as it was recognised (EXIF orientation, deskew, turn): its boxes' space. */
export async function ocrPageImage(
  source: Uint8Array | GrayPixels,
  turned?: 90 | 180 | 270,
): Promise<PageImage & { page: 0 }> {
  let image = await prepareImage(source, { png: !turned });
  if (turned) image = await rotateImage(image.pixels, turned, { png: true });
  return { page: 0, png: image.png!, width: image.width, height: image.height };
}

/**
 * A searchable PDF of a file read before (issue #10 §6): every page as an image (recognised pages as they
 * were recognised, text-layer pages rendered) with the document's lines as an invisible text layer.
 * Throws DOC_TEXT_UNREADABLE for Word files and sheets (no page images).
 */
export async function buildSearchablePdf(
  deps: DocTextDeps,
  input: { bytes: Uint8Array; fileName: string; doc: DocumentText },
): Promise<Uint8Array> {
  const kind = fileExtension(input.fileName);
  const pages: SearchablePage[] = [];
  if (kind === "png" || kind === "jpg" || kind === "jpeg") {
    const page = input.doc.pages[0];
    const image = await ocrPageImage(input.bytes, page?.turned);
    pages.push({ image: image.png, width: image.width, height: image.height, lines: page?.lines ?? [] });
  } else if (kind === "pdf" || kind === "doc") {
    await withTempDir(async (dir) => {
      const path = `${dir}/in.pdf`;
      if (kind === "doc") {
        if (!deps.pdf?.available) {
          throw new AppError("DOC_TEXT_UNREADABLE", { reason: "服务器未安装LibreOffice" });
        }
        await Deno.writeFile(`${dir}/in.doc`, input.bytes);
        await deps.pdf.convertFile(`${dir}/in.doc`, path);
      } else await Deno.writeFile(path, input.bytes);
      const step = { timeoutMs: DOC_TEXT_STEP_TIMEOUT_MS };
      const info = await readPdfInfo(path, step);
      if (info.pages > DOC_TEXT_MAX_PAGES) {
        throw new AppError("DOC_TEXT_TOO_MANY_PAGES", { pages: info.pages, limit: DOC_TEXT_MAX_PAGES });
      }
      for (const page of input.doc.pages) {
        if (page.page > info.pages) break;
        const rendered = await renderPdfPage(path, page.page, { maxSide: OCR_MAX_SIDE, ...step });
        if (page.method === "ocr") {
          const image = await ocrPageImage(rendered, page.turned);
          pages.push({ image: image.png, width: image.width, height: image.height, lines: page.lines });
          continue;
        }
        const plain = await prepareImage(rendered, { deskew: false, png: true });
        // Text-layer boxes are in points: scale them to the rendered image's pixels.
        const f = page.width ? plain.width / page.width : 1;
        pages.push({
          image: plain.png!,
          width: plain.width,
          height: plain.height,
          lines: page.lines.map((l) => ({
            text: l.text,
            box: l.box ? [l.box[0] * f, l.box[1] * f, l.box[2] * f, l.box[3] * f] : undefined,
          })),
        });
      }
    });
  } else if (kind === "docx" && input.doc.pages.some((p) => p.method === "ocr")) {
    const ctx: ReadContext = {
      deps,
      signal: AbortSignal.timeout(DOC_TEXT_FILE_TIMEOUT_MS),
      keepImages: false,
      images: [],
      warnings: [],
      engines: new Map(),
    };
    const images = (await runDocTextWorker(ctx, "docx", input.bytes)).images ?? [];
    for (const page of input.doc.pages) {
      const bytes = images[page.page - 1];
      if (!bytes) continue;
      const image = await ocrPageImage(bytes, page.turned);
      pages.push({ image: image.png, width: image.width, height: image.height, lines: page.lines });
    }
  } else {
    throw new AppError("DOC_TEXT_UNREADABLE", { reason: "只有PDF、图片和扫描件可以生成可搜索PDF" });
  }
  if (pages.length === 0) throw new AppError("DOC_TEXT_UNREADABLE", { reason: "文件中没有可生成的页面" });
  return await writeSearchablePdf(pages);
}
