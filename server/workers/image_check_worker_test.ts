import assert from "node:assert/strict";
import { encode as encodePng } from "fast-png";
import jpeg from "jpeg-js";
import { makeBombPng, withExifOrientation } from "../../scripts/make_ocr_fixtures.ts";
import { readImageHeader } from "../services/doc_text/image_header.ts";
import { estimateSkew } from "../services/doc_text/gray_prepare.ts";

/** A grey page with dark text-like bars (rows of "characters"), tilted by `tilt` degrees, turned if asked. */
function page(tilt: number, sideways = false): { width: number; height: number; data: Uint8Array } {
  const w = 600, h = 800;
  const data = new Uint8Array(w * h).fill(240);
  const t = Math.tan((tilt * Math.PI) / 180);
  let seed = 12345;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let line = 0; line < 20; line++) {
    const y0 = 60 + line * 34;
    // characters of uneven width, so the gaps do not line up from one line to the next (as in real text)
    let next = 60 + Math.floor(random() * 10);
    for (let x = 60; x < 540; x++) {
      if (x >= next) next = x + 8 + Math.floor(random() * 14);
      if (next - x <= 3) continue; // the gap before the next character
      for (let y = y0; y < y0 + 16; y++) {
        const yy = Math.round(y + (x - w / 2) * t);
        if (yy >= 0 && yy < h) data[yy * w + x] = 20;
      }
    }
  }
  if (!sideways) return { width: w, height: h, data };
  const out = new Uint8Array(w * h);
  for (let y = 0; y < w; y++) for (let x = 0; x < h; x++) out[y * h + x] = data[(h - 1 - x) * w + y];
  return { width: h, height: w, data: out };
}

Deno.test("readImageHeader: PNG and JPEG sizes and the EXIF orientation, without decoding", () => {
  assert.deepEqual(readImageHeader(makeBombPng(60_000)), { width: 60_000, height: 60_000, orientation: 1 });
  const rgba = new Uint8Array(30 * 20 * 4).fill(200);
  const jpg = jpeg.encode({ data: rgba, width: 30, height: 20 }, 80).data;
  assert.deepEqual(readImageHeader(jpg), { width: 30, height: 20, orientation: 1 });
  assert.deepEqual(readImageHeader(withExifOrientation(jpg, 6)), { width: 30, height: 20, orientation: 6 });
  const png = encodePng({ width: 7, height: 9, data: new Uint8Array(63), channels: 1, depth: 8 });
  assert.deepEqual(readImageHeader(png), { width: 7, height: 9, orientation: 1 });
  assert.throws(() => readImageHeader(new TextEncoder().encode("GIF89a....")));
});

Deno.test("estimateSkew finds a small tilt (the correction undoes it) and leaves a straight page alone", () => {
  assert.equal(estimateSkew(page(0)), 0);
  for (const tilt of [2, -3, 1.5]) {
    const found = estimateSkew(page(tilt));
    assert.ok(Math.abs(Math.abs(found) - Math.abs(tilt)) <= 0.3, `tilt ${tilt}: found ${found}`);
  }
});
