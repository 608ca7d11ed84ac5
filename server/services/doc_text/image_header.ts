/**
 * What an uploaded image is and how big, from its first bytes only (no decoding): PNG or JPEG, width and
 * height, and a JPEG's EXIF orientation. Decompression bombs are refused on these figures before any
 * decoder runs (issue #10 §1). Pure JS over a DataView: safe on untrusted bytes in any thread.
 */
import { ParseFailure } from "../../workers/worker_protocol.ts";

export const NOT_IMAGE = "不是有效的图片文件（支持 png、jpg、jpeg）";

export function sniffImage(bytes: Uint8Array): "png" | "jpeg" | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return "png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  return null;
}

export interface ImageHeader {
  width: number;
  height: number;
  /** EXIF orientation 1-8 (1 = upright; always 1 for PNG). */
  orientation: number;
}

/** Width and height from the header, without decoding; EXIF orientation for JPEG. Throws ParseFailure. */
export function readImageHeader(bytes: Uint8Array): ImageHeader {
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
