import { AppError } from "../../errors.ts";
import { runInWorker } from "../../workers/run_in_worker.ts";
import type { ImageWorkerInput, ImageWorkerResult } from "../../workers/image_check_worker.ts";
import {
  DOC_TEXT_MAX_INPUT_BYTES,
  DOC_TEXT_MAX_PIXELS,
  DOC_TEXT_STEP_TIMEOUT_MS,
  OCR_MAX_SIDE,
} from "./limits.ts";

const WORKER_URL = new URL("../../workers/image_check_worker.ts", import.meta.url);

export interface PreparedImage {
  /** Grey PNG, long side at most OCR_MAX_SIDE. */
  png: Uint8Array;
  width: number;
  height: number;
  orientation: number;
  deskewDegrees: number;
}

/**
 * Decodes and checks an untrusted PNG/JPEG in a permission-less worker: refuses more than
 * DOC_TEXT_MAX_PIXELS from the header before decoding (DOC_TEXT_IMAGE_TOO_LARGE), applies the EXIF
 * orientation, turns it grey, shrinks it to OCR_MAX_SIDE and straightens a small tilt. `bytes` is copied.
 */
export async function prepareImage(
  bytes: Uint8Array,
  options: { maxPixels?: number; maxSide?: number; deskew?: boolean; timeoutMs?: number } = {},
): Promise<PreparedImage> {
  const maxPixels = options.maxPixels ?? DOC_TEXT_MAX_PIXELS;
  const input: ImageWorkerInput = {
    op: "prepare",
    // A copy of our own: the worker takes the buffer (a Buffer's slice() would share the caller's).
    bytes: new Uint8Array(bytes),
    maxPixels,
    maxSide: options.maxSide ?? OCR_MAX_SIDE,
    deskew: options.deskew ?? true,
  };
  const result = await runInWorker<ImageWorkerResult>(WORKER_URL, input, {
    timeoutMs: options.timeoutMs ?? DOC_TEXT_STEP_TIMEOUT_MS,
    maxInputBytes: DOC_TEXT_MAX_INPUT_BYTES,
  });
  if (!result.ok) {
    throw new AppError("DOC_TEXT_IMAGE_TOO_LARGE", {
      width: result.tooLarge.width,
      height: result.tooLarge.height,
      limit: Math.round(maxPixels / 10_000),
    });
  }
  return result;
}

/** Turns a prepared PNG clockwise by 90, 180 or 270 degrees (in the worker). */
export async function rotateImage(png: Uint8Array, degrees: 90 | 180 | 270): Promise<PreparedImage> {
  const result = await runInWorker<ImageWorkerResult>(WORKER_URL, {
    op: "rotate",
    bytes: png.slice(),
    degrees,
  }, {
    timeoutMs: DOC_TEXT_STEP_TIMEOUT_MS,
    maxInputBytes: DOC_TEXT_MAX_INPUT_BYTES,
  });
  if (!result.ok) throw new AppError("DOC_TEXT_UNREADABLE", { reason: "图片无法旋转" });
  return result;
}
