import { decode as decodePng, encode as encodePng } from "fast-png";
import jpeg from "jpeg-js";
import { ParseFailure, serveWorker } from "./worker_protocol.ts";

/**
 * Decodes, checks and prepares an untrusted image for the recogniser inside a permission-less worker
 * (issue #10 §1): the pixel count is read from the header and refused before decoding (decompression
 * bombs), the EXIF orientation is applied, the image is turned grey, shrunk to `maxSide` on its long side,
 * a small tilt is straightened, and the result is a grey PNG. Also turns a prepared PNG by 90/180/270°
 * (a page photographed on its side or upside down: read_document_text.ts decides from the recogniser's output).
 * Started only through services/doc_text/prepare_image.ts.
 */

export type ImageWorkerInput =
  | { op: "prepare"; bytes: Uint8Array; maxPixels: number; maxSide: number; deskew: boolean }
  | { op: "rotate"; bytes: Uint8Array; degrees: 90 | 180 | 270 };

export type ImageWorkerResult =
  | {
    ok: true;
    png: Uint8Array;
    width: number;
    height: number;
    /** EXIF orientation found (1 = upright). */
    orientation: number;
    /** Degrees the tilt was corrected by (0 when none). */
    deskewDegrees: number;
  }
  | { ok: false; tooLarge: { width: number; height: number } };

interface Gray {
  width: number;
  height: number;
  data: Uint8Array;
}

const NOT_IMAGE = "不是有效的图片文件（支持 png、jpg、jpeg）";

export function sniffImage(bytes: Uint8Array): "png" | "jpeg" | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return "png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  return null;
}

/** Width and height from the header, without decoding; EXIF orientation for JPEG. */
export function readImageHeader(bytes: Uint8Array): { width: number; height: number; orientation: number } {
  const kind = sniffImage(bytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === "png") {
    if (bytes.length < 24) throw new ParseFailure(NOT_IMAGE);
    return { width: view.getUint32(16), height: view.getUint32(20), orientation: 1 };
  }
  if (kind !== "jpeg") throw new ParseFailure(NOT_IMAGE);
  let orientation = 1;
  let p = 2;
  while (p + 4 <= bytes.length) {
    if (bytes[p] !== 0xff) {
      p++;
      continue;
    }
    const marker = bytes[p + 1];
    if (marker === 0xff) {
      p++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      p += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) break;
    const length = view.getUint16(p + 2);
    if (length < 2) break;
    if (marker === 0xe1 && p + 10 <= bytes.length && readAscii(bytes, p + 4, 4) === "Exif") {
      orientation = readExifOrientation(bytes, p + 10, Math.min(bytes.length, p + 2 + length)) ?? orientation;
    }
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof && p + 9 <= bytes.length) {
      return { height: view.getUint16(p + 5), width: view.getUint16(p + 7), orientation };
    }
    p += 2 + length;
  }
  throw new ParseFailure(NOT_IMAGE);
}

function readAscii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

/** Tag 0x0112 of IFD0 in the TIFF block that starts at `tiff`. */
function readExifOrientation(bytes: Uint8Array, tiff: number, end: number): number | null {
  if (tiff + 8 > end) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const little = bytes[tiff] === 0x49;
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd + 2 > end) return null;
  const count = view.getUint16(ifd, little);
  for (let i = 0; i < count && ifd + 2 + i * 12 + 12 <= end; i++) {
    const entry = ifd + 2 + i * 12;
    if (view.getUint16(entry, little) === 0x0112) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

function toGray(bytes: Uint8Array, maxPixels: number): Gray {
  if (sniffImage(bytes) === "jpeg") {
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
function orient(img: Gray, orientation: number): Gray {
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
function shrink(img: Gray, maxSide: number): Gray {
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
function rotateSmall(img: Gray, degrees: number): Gray {
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

function toPng(img: Gray): Uint8Array {
  return encodePng({ width: img.width, height: img.height, data: img.data, channels: 1, depth: 8 });
}

function run(input: ImageWorkerInput): ImageWorkerResult {
  if (input.op === "rotate") {
    // A page turned upright may still lean a little: straighten it as "prepare" does.
    let img = rotate(toGray(input.bytes, 200_000_000), input.degrees);
    const skew = estimateSkew(img);
    if (skew !== 0) img = rotateSmall(img, -skew);
    return {
      ok: true,
      png: toPng(img),
      width: img.width,
      height: img.height,
      orientation: 1,
      deskewDegrees: skew === 0 ? 0 : -skew,
    };
  }
  const header = readImageHeader(input.bytes);
  if (header.width <= 0 || header.height <= 0) throw new ParseFailure(NOT_IMAGE);
  if (header.width * header.height > input.maxPixels) {
    return { ok: false, tooLarge: { width: header.width, height: header.height } };
  }
  let img: Gray;
  try {
    img = toGray(input.bytes, input.maxPixels);
  } catch {
    throw new ParseFailure("图片已损坏，无法解码");
  }
  img = shrink(orient(img, header.orientation), input.maxSide);
  const skew = input.deskew ? estimateSkew(img) : 0;
  if (skew !== 0) img = rotateSmall(img, -skew);
  return {
    ok: true,
    png: toPng(img),
    width: img.width,
    height: img.height,
    orientation: header.orientation,
    deskewDegrees: skew === 0 ? 0 : -skew,
  };
}

if (typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== "undefined") {
  serveWorker(run);
}
