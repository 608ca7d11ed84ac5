import {
  type ImageHeader,
  NOT_IMAGE,
  readImageHeader,
  sniffImage,
} from "../services/doc_text/image_header.ts";
import { type PreparedPixels, preparePixels, turnPixels } from "../services/doc_text/gray_prepare.ts";
import type { GrayPixels } from "../services/doc_text/pgm.ts";
import { ParseFailure, serveWorker } from "./worker_protocol.ts";

/**
 * Prepares a page image for the recogniser inside a permission-less worker (issue #10 §1, #26): applies the
 * EXIF orientation, shrinks the image to `maxSide` on its long side, straightens a small tilt, and hands it
 * back as a grey PGM (and a PNG when asked, for page images shown or embedded). The input is either pixels
 * already decoded by a trusted native tool (djpeg, pdftoppm: see prepare_image.ts) or an untrusted PNG/JPEG
 * that is decoded here in JS (fast-png, jpeg-js, loaded only then), after its pixel count was checked from
 * the header (decompression bombs). Also turns prepared pixels by 90/180/270° (a page photographed on its
 * side or upside down). Started only through services/doc_text/prepare_image.ts.
 */

export type ImageWorkerInput =
  | {
    op: "prepare";
    /** An encoded PNG/JPEG to decode here, or... */
    bytes?: Uint8Array;
    /** ...grey pixels decoded already (`width` × `height`), with the EXIF orientation still to apply. */
    gray?: Uint8Array;
    width?: number;
    height?: number;
    orientation?: number;
    maxPixels: number;
    maxSide: number;
    deskew: boolean;
    png?: boolean;
  }
  | { op: "rotate"; gray: Uint8Array; width: number; height: number; degrees: 90 | 180 | 270; png?: boolean };

export type ImageWorkerResult =
  | {
    ok: true;
    /** The prepared page as a grey PGM. */
    pgm: Uint8Array;
    /** The same page as a grey PNG, when asked for. */
    png?: Uint8Array;
    width: number;
    height: number;
    /** EXIF orientation found (1 = upright). */
    orientation: number;
    /** Degrees the tilt was corrected by (0 when none). */
    deskewDegrees: number;
  }
  | { ok: false; tooLarge: { width: number; height: number } };

type Gray = GrayPixels;

/**
 * An encoded PNG or JPEG as grey pixels, decoded in JS. The decoders are imported only here: a worker that
 * gets pixels already decoded starts without them (~0.1 CPU s less per page).
 */
export async function toGray(bytes: Uint8Array, maxPixels: number): Promise<Gray> {
  if (sniffImage(bytes) === "jpeg") {
    const jpeg = (await import("jpeg-js")).default;
    const img = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: false,
      maxResolutionInMP: Math.ceil(maxPixels / 1_000_000),
      maxMemoryUsageInMB: 2048,
    });
    const n = img.width * img.height;
    const out = new Uint8Array(n);
    const channels = img.data.length / n;
    for (let i = 0; i < n; i++) {
      const o = i * channels;
      out[i] = channels >= 3
        ? (img.data[o] * 299 + img.data[o + 1] * 587 + img.data[o + 2] * 114) / 1000
        : img.data[o];
    }
    return { width: img.width, height: img.height, data: out };
  }
  const { decode: decodePng } = await import("fast-png");
  const img = decodePng(bytes);
  const n = img.width * img.height;
  const out = new Uint8Array(n);
  const data = img.data;
  const scale = img.depth === 16 ? 1 / 257 : img.depth < 8 && !img.palette ? 255 / ((1 << img.depth) - 1) : 1;
  const palette = img.palette;
  const channels = palette ? 1 : img.channels;
  const alpha = !palette && (channels === 2 || channels === 4);
  for (let i = 0; i < n; i++) {
    let r: number, g: number, b: number, a = 255;
    if (palette) {
      const entry = palette[data[i]] ?? [0, 0, 0];
      [r, g, b] = entry;
      if (entry.length > 3) a = entry[3];
    } else {
      const o = i * channels;
      if (channels >= 3) {
        r = data[o] * scale;
        g = data[o + 1] * scale;
        b = data[o + 2] * scale;
      } else r = g = b = data[o] * scale;
      if (alpha) a = data[o + channels - 1] * scale;
    }
    const y = (r * 299 + g * 587 + b * 114) / 1000;
    // Transparent parts become white paper.
    out[i] = Math.round((y * a + 255 * (255 - a)) / 255);
  }
  return { width: img.width, height: img.height, data: out };
}

export async function toPng(img: Gray): Promise<Uint8Array> {
  const { encode: encodePng } = await import("fast-png");
  return encodePng({ width: img.width, height: img.height, data: img.data, channels: 1, depth: 8 });
}

function done(
  img: PreparedPixels,
  extra: { orientation: number; png?: Uint8Array },
): ImageWorkerResult {
  return {
    ok: true,
    pgm: img.pgm,
    png: extra.png,
    width: img.pixels.width,
    height: img.pixels.height,
    orientation: extra.orientation,
    deskewDegrees: img.deskewDegrees,
  };
}

function pixelsOf(gray: Uint8Array, width: number, height: number): Gray {
  if (!(width > 0 && height > 0 && gray.length === width * height)) throw new ParseFailure(NOT_IMAGE);
  return { data: gray, width, height };
}

async function run(input: ImageWorkerInput): Promise<ImageWorkerResult> {
  if (input.op === "rotate") {
    const img = turnPixels(pixelsOf(input.gray, input.width, input.height), input.degrees);
    return done(img, { orientation: 1, png: input.png ? await toPng(img.pixels) : undefined });
  }
  let img: Gray;
  let header: ImageHeader;
  if (input.gray) {
    img = pixelsOf(input.gray, input.width ?? 0, input.height ?? 0);
    header = { width: img.width, height: img.height, orientation: input.orientation ?? 1 };
  } else {
    const bytes = input.bytes ?? new Uint8Array();
    header = readImageHeader(bytes);
    if (header.width <= 0 || header.height <= 0) throw new ParseFailure(NOT_IMAGE);
    if (header.width * header.height > input.maxPixels) {
      return { ok: false, tooLarge: { width: header.width, height: header.height } };
    }
    try {
      img = await toGray(bytes, input.maxPixels);
    } catch {
      throw new ParseFailure("图片已损坏，无法解码");
    }
  }
  const prepared = preparePixels(img, {
    orientation: header.orientation,
    maxSide: input.maxSide,
    deskew: input.deskew,
  });
  return done(prepared, {
    orientation: header.orientation,
    png: input.png ? await toPng(prepared.pixels) : undefined,
  });
}

if (typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== "undefined") {
  serveWorker(run);
}
