import assert from "node:assert/strict";
import { decode as decodePng } from "fast-png";
import jpeg from "jpeg-js";
import { makeTextPdf, renderPage, withExifOrientation } from "../../../scripts/make_ocr_fixtures.ts";
import { appErrorOf } from "../../../tests/helpers/app_error.ts";
import { OCR_MAX_SIDE } from "./limits.ts";
import { type GrayPixels, parsePgm } from "./pgm.ts";
import { renderPdfPage } from "./poppler.ts";
import { prepareImage } from "./prepare_image.ts";

const pdf = await makeTextPdf();
const scanPng = await renderPage(pdf, 1, 200); // 1654 × 2339 grey
const scan = decodePng(scanPng);
const rgba = new Uint8Array(scan.width * scan.height * 4);
for (let i = 0; i < scan.width * scan.height; i++) {
  const v = scan.data[i * scan.channels];
  rgba.set([v, v, v, 255], i * 4);
}
const photo = jpeg.encode({ data: rgba, width: scan.width, height: scan.height }, 90).data;

/** Mean grey difference of two images of (nearly) one size, each pixel of `a` against the nearest of `b`. */
function imageDifference(a: GrayPixels, b: GrayPixels): number {
  let sum = 0;
  for (let y = 0; y < a.height; y++) {
    const by = Math.min(b.height - 1, Math.round((y * b.height) / a.height));
    for (let x = 0; x < a.width; x++) {
      const bx = Math.min(b.width - 1, Math.round((x * b.width) / a.width));
      sum += Math.abs(a.data[y * a.width + x] - b.data[by * b.width + bx]);
    }
  }
  return sum / (a.width * a.height);
}

Deno.test("prepareImage: a JPEG photo and the PNG it was made from become the same grey page for the recogniser", async () => {
  const fromPng = await prepareImage(scanPng, { deskew: false });
  const fromJpeg = await prepareImage(photo, { deskew: false });
  for (const image of [fromPng, fromJpeg]) {
    // 1653 × 2339 shrunk to 1754 high; djpeg's 6/8 scale (1240 × 1755) rounds the width one way or the other
    assert.equal(image.height, OCR_MAX_SIDE);
    assert.ok(Math.abs(image.width - 1240) <= 1, String(image.width));
    // The hand-over is a grey PGM whose pixels are `pixels`; no PNG unless asked.
    const pgm = parsePgm(image.pgm)!;
    assert.deepEqual([pgm.width, pgm.height], [image.width, image.height]);
    assert.equal(image.pixels.data.length, image.width * image.height);
    assert.equal(image.png, undefined);
  }
  const diff = imageDifference(fromJpeg.pixels, fromPng.pixels);
  assert.ok(diff < 4, `mean grey difference ${diff.toFixed(2)}`);
});

Deno.test("prepareImage: a JPEG's EXIF orientation is applied to the pixels djpeg decoded; a PNG on request", async () => {
  // Full size (no shrink, whose rounding depends on the axis): the pixels must match exactly.
  const options = { deskew: false, maxSide: 4000 };
  const turned = await prepareImage(withExifOrientation(photo, 6), { ...options, png: true });
  assert.equal(turned.orientation, 6);
  const upright = await prepareImage(photo, options);
  assert.deepEqual([turned.width, turned.height], [upright.height, upright.width]);
  const png = decodePng(turned.png!);
  assert.deepEqual([png.width, png.height, png.channels], [turned.width, turned.height, 1]);
  assert.deepEqual(png.data, turned.pixels.data);
  // EXIF 6 (turn 90° clockwise to view): the upright page's row y is the turned one's column width-1-y.
  const w = turned.width;
  let differing = 0;
  for (let y = 0; y < upright.height; y++) {
    for (let x = 0; x < upright.width; x++) {
      if (upright.pixels.data[y * upright.width + x] !== turned.pixels.data[x * w + w - 1 - y]) differing++;
    }
  }
  assert.equal(differing, 0);
});

Deno.test("prepareImage: a JPEG over the pixel cap is refused from its header, before djpeg runs", async () => {
  const err = await appErrorOf(prepareImage(photo, { maxPixels: 1_000_000 }));
  assert.equal(err.code, "DOC_TEXT_IMAGE_TOO_LARGE");
});

Deno.test("renderPdfPage: a PDF page comes as grey pixels at the recogniser's size, ready for prepareImage", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeFile(`${dir}/in.pdf`, pdf);
    const pixels = await renderPdfPage(`${dir}/in.pdf`, 1, { maxSide: OCR_MAX_SIDE, timeoutMs: 30_000 });
    assert.equal(Math.max(pixels.width, pixels.height), OCR_MAX_SIDE);
    assert.equal(pixels.data.length, pixels.width * pixels.height);
    const prepared = await prepareImage(pixels);
    assert.deepEqual([prepared.width, prepared.height], [pixels.width, pixels.height]);
    assert.ok(prepared.pixels.data.some((v) => v < 100), "the page's text is dark");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
