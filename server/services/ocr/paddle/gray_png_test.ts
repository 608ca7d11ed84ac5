import assert from "node:assert/strict";
import { encode as encodePng } from "fast-png";
import { deflateSync } from "node:zlib";
import { decodeGrayPng, decodePlainGray } from "./gray_png.ts";

function chunk(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + body.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, body.length);
  out.set([...type].map((c) => c.charCodeAt(0)), 4);
  out.set(body, 8);
  return out; // CRC left 0: the decoder does not check it
}

/** An 8-bit grey PNG whose row y uses filter y % 5, its data split over two IDAT chunks. */
function greyPngWithEveryFilter(pixels: Uint8Array, width: number, height: number): Uint8Array {
  const raw = new Uint8Array(height * (width + 1));
  const at = (x: number, y: number) => (x < 0 || y < 0 ? 0 : pixels[y * width + x]);
  for (let y = 0; y < height; y++) {
    const filter = y % 5;
    raw[y * (width + 1)] = filter;
    for (let x = 0; x < width; x++) {
      const v = at(x, y), a = at(x - 1, y), b = at(x, y - 1), c = at(x - 1, y - 1);
      const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
      const predictor = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter];
      raw[y * (width + 1) + 1 + x] = (v - predictor) & 255;
    }
  }
  const data = deflateSync(raw);
  const half = Math.floor(data.length / 2);
  const header = new Uint8Array(13);
  new DataView(header.buffer).setUint32(0, width);
  new DataView(header.buffer).setUint32(4, height);
  header.set([8, 0, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", data.subarray(0, half)),
    chunk("IDAT", data.subarray(half)),
    chunk("IEND", new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

Deno.test("decodePlainGray() undoes all five PNG row filters over several IDAT chunks", () => {
  const width = 37, height = 23;
  let seed = 7;
  const pixels = Uint8Array.from(
    { length: width * height },
    () => (seed = (seed * 1103515245 + 12345) >>> 0) >> 24,
  );
  const img = decodePlainGray(greyPngWithEveryFilter(pixels, width, height));
  assert.ok(img);
  assert.equal(img.width, width);
  assert.equal(img.height, height);
  assert.deepEqual(img.data, pixels);
});

Deno.test("decodeGrayPng() reads colour PNGs through fast-png and refuses what is not a PNG", () => {
  const rgb = encodePng({ width: 2, height: 1, channels: 3, data: new Uint8Array([255, 0, 0, 10, 20, 30]) });
  assert.equal(decodePlainGray(rgb), null);
  const img = decodeGrayPng(rgb);
  assert.deepEqual([...img.data], [76, 18]);
  const grey = encodePng({
    width: 3,
    height: 2,
    channels: 1,
    data: new Uint8Array([0, 50, 100, 150, 200, 250]),
  });
  assert.deepEqual([...decodeGrayPng(grey).data], [0, 50, 100, 150, 200, 250]);
  assert.throws(() => decodeGrayPng(new TextEncoder().encode("GIF89a not a png at all, long enough")));
});
