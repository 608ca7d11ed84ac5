import {
  type ImageHeader,
  NOT_IMAGE,
  readImageHeader,
  sniffImage,
} from "../services/doc_text/image_header.ts";
import { encodePgm, type GrayPixels } from "../services/doc_text/pgm.ts";
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

/** Applies EXIF orientation 1-8 (mirrors included). */
export function orient(img: Gray, orientation: number): Gray {
  if (orientation <= 1 || orientation > 8) return img;
  const { width: w, height: h, data } = img;
  const swap = orientation >= 5;
  const ow = swap ? h : w;
  const oh = swap ? w : h;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < oh; y++) {
    for (let x = 0; x < ow; x++) {
      let sx: number, sy: number;
      switch (orientation) {
        case 2:
          [sx, sy] = [w - 1 - x, y];
          break;
        case 3:
          [sx, sy] = [w - 1 - x, h - 1 - y];
          break;
        case 4:
          [sx, sy] = [x, h - 1 - y];
          break;
        case 5:
          [sx, sy] = [y, x];
          break;
        case 6:
          [sx, sy] = [y, h - 1 - x];
          break;
        case 7:
          [sx, sy] = [w - 1 - y, h - 1 - x];
          break;
        default:
          [sx, sy] = [w - 1 - y, x];
          break; // 8
      }
      out[y * ow + x] = data[sy * w + sx];
    }
  }
  return { width: ow, height: oh, data: out };
}

/** Turns clockwise by 90, 180 or 270 degrees. */
function rotate(img: Gray, degrees: 90 | 180 | 270): Gray {
  return orient(img, degrees === 90 ? 6 : degrees === 180 ? 3 : 8);
}

/** Area-average shrink so the long side is at most `maxSide`. */
export function shrink(img: Gray, maxSide: number): Gray {
  const long = Math.max(img.width, img.height);
  if (long <= maxSide) return img;
  const f = long / maxSide;
  const ow = Math.max(1, Math.round(img.width / f));
  const oh = Math.max(1, Math.round(img.height / f));
  const out = new Uint8Array(ow * oh);
  for (let y = 0; y < oh; y++) {
    const y0 = Math.floor(y * f), y1 = Math.min(img.height, Math.max(y0 + 1, Math.floor((y + 1) * f)));
    for (let x = 0; x < ow; x++) {
      const x0 = Math.floor(x * f), x1 = Math.min(img.width, Math.max(x0 + 1, Math.floor((x + 1) * f)));
      let sum = 0;
      for (let yy = y0; yy < y1; yy++) {
        const row = yy * img.width;
        for (let xx = x0; xx < x1; xx++) sum += img.data[row + xx];
      }
      out[y * ow + x] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return { width: ow, height: oh, data: out };
}

/**
 * The small tilt of text lines (within ±5°), by projection profiles: on a shrunk, thresholded copy, the
 * angle whose row sums vary most is the one that lines the text up with the rows. `score` is that variation
 * (how strongly the dark pixels form rows); 0 when the page is nearly blank or nearly black.
 */
export function skewProfile(img: Gray): { angle: number; score: number } {
  const small = shrink(img, 800);
  const { width: w, height: h, data } = small;
  let mean = 0;
  for (let i = 0; i < data.length; i++) mean += data[i];
  mean /= data.length;
  const threshold = Math.min(mean * 0.75, 160);
  const xs: number[] = [], ys: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (data[y * w + x] < threshold) {
        xs.push(x - w / 2);
        ys.push(y);
      }
    }
  }
  if (xs.length < 200 || xs.length > data.length * 0.5) return { angle: 0, score: 0 };
  const score = (deg: number): number => {
    const t = Math.tan((deg * Math.PI) / 180);
    const bins = new Float64Array(h * 2 + 4);
    for (let i = 0; i < xs.length; i++) {
      const row = Math.round(ys[i] - xs[i] * t) + h;
      if (row >= 0 && row < bins.length) bins[row]++;
    }
    let s = 0;
    for (let i = 1; i < bins.length; i++) s += (bins[i] - bins[i - 1]) ** 2;
    return s / xs.length;
  };
  const base = score(0);
  let best = 0, bestScore = base;
  for (let deg = -5; deg <= 5.001; deg += 0.5) {
    const s = score(deg);
    if (s > bestScore) [best, bestScore] = [deg, s];
  }
  for (let deg = best - 0.4; deg <= best + 0.401; deg += 0.1) {
    const s = score(deg);
    if (s > bestScore) [best, bestScore] = [deg, s];
  }
  // The base score with no rotation must be clearly beaten, else leave the page alone.
  const angle = Math.abs(best) < 0.3 || bestScore < base * 1.05 ? 0 : Math.round(best * 10) / 10;
  return { angle, score: bestScore };
}

export function estimateSkew(img: Gray): number {
  return skewProfile(img).angle;
}

/** Rotates by a small angle around the centre (bilinear), filling the corners with white. */
export function rotateSmall(img: Gray, degrees: number): Gray {
  const { width: w, height: h, data } = img;
  const a = (-degrees * Math.PI) / 180;
  const cos = Math.cos(a), sin = Math.sin(a);
  const cx = w / 2, cy = h / 2;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const dx = x - cx, dy = y - cy;
      const sx = cx + dx * cos - dy * sin;
      const sy = cy + dx * sin + dy * cos;
      const x0 = Math.floor(sx), y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= w || y0 + 1 >= h) {
        out[y * w + x] = 255;
        continue;
      }
      const fx = sx - x0, fy = sy - y0;
      const p = y0 * w + x0;
      out[y * w + x] = (data[p] * (1 - fx) + data[p + 1] * fx) * (1 - fy) +
        (data[p + w] * (1 - fx) + data[p + w + 1] * fx) * fy;
    }
  }
  return { width: w, height: h, data: out };
}

export async function toPng(img: Gray): Promise<Uint8Array> {
  const { encode: encodePng } = await import("fast-png");
  return encodePng({ width: img.width, height: img.height, data: img.data, channels: 1, depth: 8 });
}

async function done(
  img: Gray,
  extra: { orientation: number; deskewDegrees: number; png?: boolean },
): Promise<ImageWorkerResult> {
  return {
    ok: true,
    pgm: encodePgm(img),
    png: extra.png ? await toPng(img) : undefined,
    width: img.width,
    height: img.height,
    orientation: extra.orientation,
    deskewDegrees: extra.deskewDegrees,
  };
}

function pixelsOf(gray: Uint8Array, width: number, height: number): Gray {
  if (!(width > 0 && height > 0 && gray.length === width * height)) throw new ParseFailure(NOT_IMAGE);
  return { data: gray, width, height };
}

async function run(input: ImageWorkerInput): Promise<ImageWorkerResult> {
  if (input.op === "rotate") {
    // A page turned upright may still lean a little: straighten it as "prepare" does.
    let img = rotate(pixelsOf(input.gray, input.width, input.height), input.degrees);
    const skew = estimateSkew(img);
    if (skew !== 0) img = rotateSmall(img, -skew);
    return await done(img, { orientation: 1, deskewDegrees: skew === 0 ? 0 : -skew, png: input.png });
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
  img = shrink(orient(img, header.orientation), input.maxSide);
  const skew = input.deskew ? estimateSkew(img) : 0;
  if (skew !== 0) img = rotateSmall(img, -skew);
  return await done(img, {
    orientation: header.orientation,
    deskewDegrees: skew === 0 ? 0 : -skew,
    png: input.png,
  });
}

if (typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== "undefined") {
  serveWorker(run);
}
