import { AppError } from "../../errors.ts";
import { runInWorker } from "../../workers/run_in_worker.ts";
import type { ImageWorkerInput, ImageWorkerResult } from "../../workers/image_check_worker.ts";
import { readImageHeader, sniffImage } from "./image_header.ts";
import { decodeJpegGray } from "./jpeg_decode.ts";
import {
  DOC_TEXT_MAX_INPUT_BYTES,
  DOC_TEXT_MAX_PIXELS,
  DOC_TEXT_STEP_TIMEOUT_MS,
  OCR_MAX_SIDE,
} from "./limits.ts";
import { preparePixels, turnPixels } from "./gray_prepare.ts";
import { type GrayPixels, parsePgm } from "./pgm.ts";

const WORKER_URL = new URL("../../workers/image_check_worker.ts", import.meta.url);

export interface PreparedImage {
  /** The page as the recogniser reads it: a grey PGM, long side at most OCR_MAX_SIDE. */
  pgm: Uint8Array;
  /** The PGM's pixels (a view into it). */
  pixels: GrayPixels;
  /** The same page as a grey PNG, with `png: true` (page images shown or embedded in a PDF). */
  png?: Uint8Array;
  width: number;
  height: number;
  orientation: number;
  deskewDegrees: number;
}

export interface PrepareOptions {
  maxPixels?: number;
  maxSide?: number;
  deskew?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Also encode the prepared page as a PNG. */
  png?: boolean;
}

function isPixels(source: Uint8Array | GrayPixels): source is GrayPixels {
  return !(source instanceof Uint8Array);
}

/**
 * Makes a page image ready for the recogniser (issue #10 §1, #26): an uploaded PNG/JPEG (untrusted
 * bytes) or the grey pixels of a rendered PDF page. A JPEG's size is read from its header and refused over
 * DOC_TEXT_MAX_PIXELS (DOC_TEXT_IMAGE_TOO_LARGE) before djpeg decodes it, grey and DCT-scaled to about
 * OCR_MAX_SIDE; a PNG (or a JPEG djpeg cannot read) is checked and decoded in JS in a permission-less
 * worker. Then (gray_prepare.ts): the EXIF orientation, the shrink to OCR_MAX_SIDE and the straightening
 * of a small tilt. `bytes` is copied, never taken.
 */
export async function prepareImage(
  source: Uint8Array | GrayPixels,
  options: PrepareOptions = {},
): Promise<PreparedImage> {
  const maxPixels = options.maxPixels ?? DOC_TEXT_MAX_PIXELS;
  const maxSide = options.maxSide ?? OCR_MAX_SIDE;
  const common = { maxPixels, maxSide, deskew: options.deskew ?? true, png: options.png };
  if (isPixels(source)) {
    if (!options.png) return fromPixels(source, 1, common);
    return await runImageWorker({
      op: "prepare",
      ...common,
      // A copy of our own: the worker takes the buffer.
      gray: source.data.slice(0, source.width * source.height),
      width: source.width,
      height: source.height,
      orientation: 1,
    }, options);
  }
  if (sniffImage(source) === "jpeg") {
    let header;
    try {
      header = readImageHeader(source);
    } catch {
      header = null; // the worker's decoder says what is wrong with it
    }
    if (header && header.width > 0 && header.height > 0) {
      if (header.width * header.height > maxPixels) throw tooLarge(header, maxPixels);
      const gray = await decodeJpegGray(source, {
        width: header.width,
        height: header.height,
        longSide: maxSide,
        timeoutMs: options.timeoutMs ?? DOC_TEXT_STEP_TIMEOUT_MS,
        signal: options.signal,
      });
      if (gray) {
        if (!options.png) return fromPixels(gray, header.orientation, common);
        return await runImageWorker({
          op: "prepare",
          ...common,
          gray: gray.data,
          width: gray.width,
          height: gray.height,
          orientation: header.orientation,
        }, options);
      }
    }
  }
  // A copy of our own: the worker takes the buffer (a Buffer's slice() would share the caller's).
  return await runImageWorker({ op: "prepare", ...common, bytes: new Uint8Array(source) }, options);
}

/**
 * Pixels our own tools decoded are prepared here, in the caller's thread: no parsing of untrusted bytes is
 * left, and a worker's start (~0.03 s on the main thread, plus its cold code) cost more than the work
 * (issue #26). Only a PNG for page images is still made in the worker (fast-png's deflate is slow JS).
 */
function fromPixels(
  img: GrayPixels,
  orientation: number,
  options: { maxSide: number; deskew: boolean },
): PreparedImage {
  const out = preparePixels(img, { orientation, maxSide: options.maxSide, deskew: options.deskew });
  return {
    pgm: out.pgm,
    pixels: out.pixels,
    width: out.pixels.width,
    height: out.pixels.height,
    orientation,
    deskewDegrees: out.deskewDegrees,
  };
}

function tooLarge(size: { width: number; height: number }, maxPixels: number): AppError {
  return new AppError("DOC_TEXT_IMAGE_TOO_LARGE", {
    width: size.width,
    height: size.height,
    limit: Math.round(maxPixels / 10_000),
  });
}

async function runImageWorker(
  input: ImageWorkerInput,
  options: { timeoutMs?: number; maxPixels?: number },
): Promise<PreparedImage> {
  const result = await runInWorker<ImageWorkerResult>(WORKER_URL, input, {
    timeoutMs: options.timeoutMs ?? DOC_TEXT_STEP_TIMEOUT_MS,
    maxInputBytes: DOC_TEXT_MAX_INPUT_BYTES,
  });
  if (!result.ok) throw tooLarge(result.tooLarge, options.maxPixels ?? DOC_TEXT_MAX_PIXELS);
  const pixels = parsePgm(result.pgm);
  if (!pixels) throw new AppError("DOC_TEXT_UNREADABLE", { reason: "图片处理结果无法读取" });
  return { ...result, pixels };
}

/** Turns prepared pixels clockwise by 90, 180 or 270 degrees (and straightens a lean left after it). */
export async function rotateImage(
  image: GrayPixels,
  degrees: 90 | 180 | 270,
  options: { png?: boolean } = {},
): Promise<PreparedImage> {
  if (!options.png) {
    const out = turnPixels(image, degrees);
    const { width, height } = out.pixels;
    return {
      pgm: out.pgm,
      pixels: out.pixels,
      width,
      height,
      orientation: 1,
      deskewDegrees: out.deskewDegrees,
    };
  }
  return await runImageWorker({
    op: "rotate",
    gray: image.data.slice(0, image.width * image.height),
    width: image.width,
    height: image.height,
    degrees,
    png: options.png,
  }, {});
}
