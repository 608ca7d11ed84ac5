import assert from "node:assert/strict";
import jpeg from "jpeg-js";
import { decodeJpegGray, jpegScaleEighths } from "./jpeg_decode.ts";

Deno.test("jpegScaleEighths: the smallest DCT scale whose long side still reaches the wanted size", () => {
  assert.equal(jpegScaleEighths(1654, 2339, 1754), 6); // a 200 dpi A4 photo: 1241 × 1755
  assert.equal(jpegScaleEighths(4000, 3000, 1754), 4); // a 12 MP phone photo: 2000 × 1500
  assert.equal(jpegScaleEighths(8000, 6000, 1754), 2);
  assert.equal(jpegScaleEighths(1496, 814, 1754), 8); // smaller than wanted: never enlarged
  assert.equal(jpegScaleEighths(1754, 1000, 1754), 8);
});

Deno.test("decodeJpegGray: djpeg gives grey pixels at the DCT scale, each the luma of its colour", async () => {
  const width = 2400, height = 1600;
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      // left half orange, right half light blue
      [rgba[o], rgba[o + 1], rgba[o + 2], rgba[o + 3]] = x < width / 2
        ? [200, 100, 50, 255]
        : [120, 180, 240, 255];
    }
  }
  const bytes = jpeg.encode({ data: rgba, width, height }, 90).data;
  const gray = await decodeJpegGray(bytes, { width, height, longSide: 1754, timeoutMs: 30_000 });
  assert.ok(gray, "djpeg (libjpeg-turbo-progs, scripts/setup.sh) decodes the JPEG");
  assert.deepEqual([gray.width, gray.height, gray.data.length], [1800, 1200, 1800 * 1200]);
  const at = (x: number, y: number) => gray.data[y * gray.width + x];
  // BT.601 luma: 0.299 R + 0.587 G + 0.114 B
  assert.ok(Math.abs(at(300, 600) - 124) <= 3, `orange → ${at(300, 600)}`);
  assert.ok(Math.abs(at(1500, 600) - 169) <= 3, `blue → ${at(1500, 600)}`);
});

Deno.test("decodeJpegGray: what djpeg cannot read comes back null (the JS decoder then says why)", async () => {
  const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
  assert.equal(await decodeJpegGray(png, { width: 10, height: 10, longSide: 1754, timeoutMs: 30_000 }), null);
});
