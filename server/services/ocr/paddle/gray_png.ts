/**
 * Page PNGs as grey pixels for the recogniser process. The pages it is handed are 8-bit grey PNGs (pdftoppm
 * -gray, the image worker): those are inflated by the runtime's native zlib and unfiltered here, ~4× less
 * CPU than fast-png's JavaScript inflate (measured 105 → ~30 ms for a 1240 × 1754 page, issue #26). Any other
 * PNG (colour, alpha, 16-bit, interlaced) goes through fast-png.
 */
import { decode as decodePng } from "fast-png";
import { inflateSync } from "node:zlib";
import type { GrayImage } from "./gray_image.ts";

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

/** A PNG (grey, grey+alpha, RGB or RGBA, 8 or 16 bit) as one grey channel. */
export function decodeGrayPng(png: Uint8Array): GrayImage {
  return decodePlainGray(png) ?? decodeAnyPng(png);
}

/** 8-bit grey, non-interlaced PNGs only; null for any other kind. Throws on a damaged file. */
export function decodePlainGray(png: Uint8Array): GrayImage | null {
  if (png.length < 33 || SIGNATURE.some((b, i) => png[i] !== b)) throw new Error("not a PNG file");
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const width = view.getUint32(16), height = view.getUint32(20);
  const [depth, colour, , , interlace] = png.subarray(24, 29);
  if (depth !== 8 || colour !== 0 || interlace !== 0) return null;
  const idat: Uint8Array[] = [];
  for (let p = 8; p + 8 <= png.length;) {
    const length = view.getUint32(p);
    const type = String.fromCharCode(png[p + 4], png[p + 5], png[p + 6], png[p + 7]);
    if (type === "IDAT") idat.push(png.subarray(p + 8, p + 8 + length));
    if (type === "IEND") break;
    p += 12 + length;
  }
  const raw = inflateSync(idat.length === 1 ? idat[0] : concat(idat));
  if (raw.length < height * (width + 1)) throw new Error("PNG data is cut short");
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (width + 1)];
    const src = y * (width + 1) + 1, row = y * width, up = row - width;
    switch (filter) {
      case 0:
        data.set(raw.subarray(src, src + width), row);
        break;
      case 1:
        for (let x = 0; x < width; x++) data[row + x] = raw[src + x] + (x > 0 ? data[row + x - 1] : 0);
        break;
      case 2:
        for (let x = 0; x < width; x++) data[row + x] = raw[src + x] + (y > 0 ? data[up + x] : 0);
        break;
      case 3:
        for (let x = 0; x < width; x++) {
          const a = x > 0 ? data[row + x - 1] : 0, b = y > 0 ? data[up + x] : 0;
          data[row + x] = raw[src + x] + ((a + b) >> 1);
        }
        break;
      case 4:
        for (let x = 0; x < width; x++) {
          const a = x > 0 ? data[row + x - 1] : 0, b = y > 0 ? data[up + x] : 0;
          const c = x > 0 && y > 0 ? data[up + x - 1] : 0;
          const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
          data[row + x] = raw[src + x] + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
        }
        break;
      default:
        throw new Error(`PNG row filter ${filter} is unknown`);
    }
  }
  return { data, width, height };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

function decodeAnyPng(png: Uint8Array): GrayImage {
  const img = decodePng(png);
  const { width, height, channels } = img;
  const src = img.data;
  const shift = img.depth === 16 ? 8 : 0;
  const data = new Uint8Array(width * height);
  if (channels <= 2) {
    for (let i = 0; i < data.length; i++) data[i] = src[i * channels] >> shift;
  } else {
    for (let i = 0; i < data.length; i++) {
      const p = i * channels;
      data[i] = ((src[p] >> shift) * 299 + (src[p + 1] >> shift) * 587 + (src[p + 2] >> shift) * 114) / 1000;
    }
  }
  return { data, width, height };
}
