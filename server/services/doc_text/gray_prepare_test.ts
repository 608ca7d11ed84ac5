import assert from "node:assert/strict";
import { parsePgm } from "./pgm.ts";
import { preparePixels, shrink, turnPixels } from "./gray_prepare.ts";

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
