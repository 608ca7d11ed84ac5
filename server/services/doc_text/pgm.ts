/**
 * Grey page pixels and their hand-over format, binary PGM (P5, 8 bit): what poppler (`pdftoppm -gray`) and
 * libjpeg-turbo (`djpeg -grayscale -pnm`) write, what Tesseract and the Paddle recogniser read, and what
 * prepareImage() hands to the recogniser — no compression on either side (issue #26: pdftoppm's PNG
 * output alone cost 2.4 CPU s for a 200 dpi scan page, PNG decoding and encoding in JS another 0.3 s).
 */

export interface GrayPixels {
  /** One byte per pixel, row by row, 0 black .. 255 white. */
  data: Uint8Array;
  width: number;
  height: number;
}

/** A PGM's header ends after its magic, width, height and maxval, each followed by one whitespace. */
function readHeader(
  bytes: Uint8Array,
): { width: number; height: number; maxval: number; offset: number } | null {
  if (bytes.length < 8 || bytes[0] !== 0x50 || bytes[1] !== 0x35) return null; // "P5"
  const fields: number[] = [];
  let p = 2;
  while (fields.length < 3) {
    // whitespace and comments ("# ..." to the end of the line) between fields
    while (p < bytes.length && (bytes[p] === 0x23 || bytes[p] <= 0x20)) {
      if (bytes[p] === 0x23) { while (p < bytes.length && bytes[p] !== 0x0a) p++; }
      else p++;
    }
    let n = 0, digits = 0;
    while (p < bytes.length && bytes[p] >= 0x30 && bytes[p] <= 0x39 && digits < 9) {
      n = n * 10 + bytes[p++] - 0x30;
      digits++;
    }
    if (digits === 0 || p >= bytes.length || bytes[p] > 0x20) return null;
    fields.push(n);
  }
  return { width: fields[0], height: fields[1], maxval: fields[2], offset: p + 1 };
}

/** True when the bytes start like a binary PGM. */
export function isPgm(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x50 && bytes[1] === 0x35;
}

/**
 * The pixels of an 8-bit binary PGM, as a view into `bytes` (not copied); null when it is not one or is
 * cut short.
 */
export function parsePgm(bytes: Uint8Array): GrayPixels | null {
  const header = readHeader(bytes);
  if (!header || header.maxval !== 255 || header.width < 1 || header.height < 1) return null;
  const size = header.width * header.height;
  if (bytes.length < header.offset + size) return null;
  return {
    data: bytes.subarray(header.offset, header.offset + size),
    width: header.width,
    height: header.height,
  };
}

/** An 8-bit binary PGM of the pixels (one copy of the data behind a short header). */
export function encodePgm(img: GrayPixels): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${img.width} ${img.height}\n255\n`);
  const out = new Uint8Array(header.length + img.width * img.height);
  out.set(header);
  out.set(img.data.subarray(0, img.width * img.height), header.length);
  return out;
}
