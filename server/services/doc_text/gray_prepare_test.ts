import assert from "node:assert/strict";
import { parsePgm } from "./pgm.ts";
import { estimateSkew, preparePixels, shrink, turnPixels } from "./gray_prepare.ts";

Deno.test("shrink(): each output pixel is the mean of the source pixels it covers; small images are kept", () => {
  const img = { width: 4, height: 2, data: Uint8Array.from([0, 10, 20, 30, 40, 50, 60, 70]) };
  const half = shrink(img, 2);
  assert.deepEqual([half.width, half.height, [...half.data]], [2, 1, [25, 45]]);
  assert.equal(shrink(img, 4), img);
});

Deno.test("preparePixels: EXIF orientation then the shrink to the page size; the PGM holds the same pixels", () => {
  const width = 300, height = 200;
  const data = new Uint8Array(width * height).fill(255);
  for (let x = 0; x < 30; x++) for (let y = 0; y < height; y++) data[y * width + x] = 0; // a dark left band
  const out = preparePixels({ width, height, data }, { orientation: 6, maxSide: 150, deskew: false });
  // EXIF 6 turns clockwise: 200 × 300, shrunk to 100 × 150; the left band becomes the top band.
  assert.deepEqual([out.pixels.width, out.pixels.height, out.deskewDegrees], [100, 150, 0]);
  assert.equal(out.pixels.data[5 * 100 + 50], 0);
  assert.equal(out.pixels.data[100 * 100 + 50], 255);
  const pgm = parsePgm(out.pgm)!;
  assert.deepEqual([pgm.width, pgm.height], [100, 150]);
  assert.deepEqual(pgm.data, out.pixels.data);
  const back = turnPixels(out.pixels, 270);
  assert.deepEqual([back.pixels.width, back.pixels.height], [150, 100]);
  assert.equal(back.pixels.data[50 * 150 + 5], 0, "turned back: the band is on the left again");
});

/** A page of text-like bars tilted by `tilt` degrees. */
function tiltedPage(width: number, height: number, tilt: number) {
  const data = new Uint8Array(width * height).fill(240);
  const t = Math.tan((tilt * Math.PI) / 180);
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let y0 = 60; y0 < height - 60; y0 += 34) {
    let next = 60;
    for (let x = 60; x < width - 60; x++) {
      if (x >= next) next = x + 8 + Math.floor(random() * 14);
      if (next - x <= 3) continue;
      for (let y = y0; y < y0 + 16; y++) {
        const yy = Math.round(y + (x - width / 2) * t);
        if (yy >= 0 && yy < height) data[yy * width + x] = 20;
      }
    }
  }
  return { width, height, data };
}

Deno.test("preparePixels: a tilted page a little over the page size is shrunk and straightened in one pass", () => {
  const out = preparePixels(tiltedPage(680, 850, 2), { orientation: 1, maxSide: 800, deskew: true });
  assert.deepEqual([out.pixels.width, out.pixels.height], [640, 800]);
  assert.ok(Math.abs(out.deskewDegrees + 2) <= 0.3, String(out.deskewDegrees));
  assert.equal(estimateSkew(out.pixels), 0, "straight after");
  // Far over the page size: the area shrink first, then the turn; the same size and straightness.
  const big = preparePixels(tiltedPage(1360, 1700, 2), { orientation: 1, maxSide: 800, deskew: true });
  assert.deepEqual([big.pixels.width, big.pixels.height], [640, 800]);
  assert.equal(estimateSkew(big.pixels), 0);
});
