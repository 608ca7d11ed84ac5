/**
 * Recognition figures (issue #10 "Numbers"): seconds per page, one page and two in parallel, on a clean
 * 300 dpi scan and on a degraded phone photo; peak memory of a recogniser process; character error rate of
 * the default engine (PaddleOCR PP-OCRv4) against the known text of generated pages, with Tesseract beside it.
 *   deno bench -A bench/ocr_bench.ts
 *   OCR_BENCH_DATASET=1 deno bench -A bench/ocr_bench.ts   # also reads ../shared/data/extraction/cases once
 * Aims: < 3 % CER on degraded photos, < 1.5 s per page per core, < 2 GB per recogniser. Prints, asserts
 * nothing. The machine is shared (load average printed): compare within one run.
 */

import {
  BENCH_PAGES,
  characterErrorRate,
  degradeToPhoto,
  makeTextPdf,
  renderPage,
} from "../scripts/make_ocr_fixtures.ts";
import { fileExtension } from "../common/document_kinds.ts";
import { readDocumentText } from "../server/services/doc_text/read_document_text.ts";
import { prepareImage } from "../server/services/doc_text/prepare_image.ts";
import { documentPlainText } from "../server/services/doc_text/types.ts";
import type { OcrEngine } from "../server/services/ocr/ocr_engine.ts";
import { createOcrEngine, createTesseractEngine } from "../server/services/ocr/ocr_pool.ts";

const PAGES = BENCH_PAGES;

function load(): string {
  try {
    return Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
  } catch {
    return "?";
  }
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const pdf = await makeTextPdf(PAGES);
const truths = PAGES.map((p) => p.join("\n"));
const clean300: Uint8Array[] = [];
const photos: Uint8Array[] = [];
for (let i = 0; i < PAGES.length; i++) {
  clean300.push(await renderPage(pdf, i + 1, 300));
  photos.push(
    degradeToPhoto(await renderPage(pdf, i + 1, 200), {
      tiltDegrees: [1.5, -2.5, 3][i],
      quality: [60, 50, 55][i],
      noise: 22,
      seed: i + 3,
    }),
  );
}
const measured = new Set<string>();

async function runPages(
  name: string,
  engine: OcrEngine,
  pages: Uint8Array[],
  parallel: number,
): Promise<void> {
  // Decode/check/shrink/deskew once (timed apart), then recognise.
  let t = performance.now();
  const prepared = [];
  for (const p of pages) prepared.push(await prepareImage(p));
  const prepareSeconds = (performance.now() - t) / 1000 / pages.length;
  await engine.recognize(prepared[0].pgm); // warm-up (model load, first page slower)
  const cpuBefore = engine.stats().cpuSeconds;
  const cer: number[] = [];
  const perPage: number[] = [];
  t = performance.now();
  if (parallel === 1) {
    for (const [i, p] of prepared.entries()) {
      const t0 = performance.now();
      const r = await engine.recognize(p.pgm);
      perPage.push((performance.now() - t0) / 1000);
      cer.push(characterErrorRate(truths[i], r.lines.map((l) => l.text).join("\n")));
    }
  } else {
    // 2 × the pages, `parallel` at a time.
    const work = [...prepared.entries(), ...prepared.entries()];
    let next = 0;
    await Promise.all(Array.from({ length: parallel }, async () => {
      while (next < work.length) {
        const [i, p] = work[next++];
        const r = await engine.recognize(p.pgm);
        cer.push(characterErrorRate(truths[i], r.lines.map((l) => l.text).join("\n")));
      }
    }));
    perPage.push((performance.now() - t) / 1000 / work.length);
  }
  const stats = engine.stats();
  const cpuPerPage = (stats.cpuSeconds - cpuBefore) / cer.length;
  console.log(
    `${name}: ${median(perPage).toFixed(2)} s/page ${
      parallel > 1 ? `(wall, ${parallel} at once)` : "(median)"
    }` +
      (cpuPerPage > 0 ? `, ${cpuPerPage.toFixed(2)} CPU s/page` : "") +
      `, prepare ${prepareSeconds.toFixed(2)} s/page, CER ${
        (cer.reduce((a, b) => a + b, 0) / cer.length * 100).toFixed(2)
      }%` +
      ` [${cer.map((c) => (c * 100).toFixed(1)).join(" ")}]` +
      (stats.peakRssBytes ? `, peak RSS ${(stats.peakRssBytes / 1024 ** 3).toFixed(2)} GB per process` : "") +
      `, load ${load()}`,
  );
}

for (const [label, pages] of [["clean 300 dpi scan", clean300], ["degraded phone photo", photos]] as const) {
  Deno.bench(`PaddleOCR, ${label}, one page at a time`, { n: 1, warmup: 0 }, async () => {
    if (measured.has(`p1${label}`)) return;
    measured.add(`p1${label}`);
    await using engine = createOcrEngine({ processes: 1, log: () => {} });
    await runPages(`PaddleOCR 1 process, ${label}`, engine, pages, 1);
  });
  Deno.bench(`PaddleOCR, ${label}, two in parallel`, { n: 1, warmup: 0 }, async () => {
    if (measured.has(`p2${label}`)) return;
    measured.add(`p2${label}`);
    await using engine = createOcrEngine({ processes: 2, log: () => {} });
    await Promise.all([
      engine.recognize((await prepareImage(pages[0])).pgm),
      engine.recognize((await prepareImage(pages[1])).pgm),
    ]);
    await runPages(`PaddleOCR 2 processes, ${label}`, engine, pages, 2);
  });
  Deno.bench(`Tesseract, ${label}, one page at a time`, { n: 1, warmup: 0 }, async () => {
    if (measured.has(`t1${label}`)) return;
    measured.add(`t1${label}`);
    await runPages(`Tesseract, ${label}`, createTesseractEngine(), pages, 1);
  });
}

const DATASET = new URL("../../shared/data/extraction/cases/", import.meta.url).pathname;

Deno.bench("readDocumentText over the extraction data set (138 files)", {
  n: 1,
  warmup: 0,
  ignore: Deno.env.get("OCR_BENCH_DATASET") !== "1",
}, async () => {
  if (measured.has("dataset")) return;
  measured.add("dataset");
  await using ocr = createOcrEngine({ processes: Number(Deno.env.get("OCR_PROCESSES") ?? 1), log: () => {} });
  await ocr.ready();
  const forms = new Map<string, { files: number; pages: number; seconds: number; failed: number }>();
  const started = performance.now();
  const jobs: { path: string; name: string }[] = [];
  for (const entry of [...Deno.readDirSync(DATASET)].sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isDirectory) continue;
    for (
      const f of [...Deno.readDirSync(`${DATASET}${entry.name}`)].sort((a, b) => a.name.localeCompare(b.name))
    ) {
      if (f.isFile && f.name !== "expected.json") {
        jobs.push({ path: `${DATASET}${entry.name}/${f.name}`, name: f.name });
      }
    }
  }
  // As many files at once as recognisers, so the pool stays busy.
  let next = 0;
  const parallel = Math.max(1, ocr.stats().processes || 1);
  await Promise.all(Array.from({ length: parallel }, async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      const t0 = performance.now();
      let form = fileExtension(job.name);
      let pages = 0, failed = 0;
      try {
        const doc = await readDocumentText({ ocr }, {
          bytes: await Deno.readFile(job.path),
          fileName: job.name,
        });
        pages = doc.pages.length;
        if (form === "pdf") form = doc.pages.some((p) => p.method === "ocr") ? "scanned_pdf" : "text_pdf";
        if (documentPlainText(doc).trim() === "") failed = 1;
      } catch (err) {
        failed = 1;
        console.log(`  failed: ${job.path}: ${err instanceof Error ? err.message : err}`);
      }
      if (["jpg", "jpeg", "png"].includes(form)) form = "photo";
      const seconds = (performance.now() - t0) / 1000;
      const f = forms.get(form) ?? { files: 0, pages: 0, seconds: 0, failed: 0 };
      forms.set(form, {
        files: f.files + 1,
        pages: f.pages + pages,
        seconds: f.seconds + seconds,
        failed: f.failed + failed,
      });
    }
  }));
  const total = (performance.now() - started) / 1000;
  console.log(
    `data set: ${jobs.length} files in ${total.toFixed(1)} s (${parallel} recogniser(s)), load ${load()}`,
  );
  for (const [form, f] of [...forms].sort()) {
    console.log(
      `  ${form}: ${f.files} files, ${f.pages} pages, ${f.seconds.toFixed(1)} s, ` +
        `${(f.seconds / f.files).toFixed(2)} s/file${f.failed ? `, ${f.failed} empty or failed` : ""}`,
    );
  }
  console.log(`  recogniser peak RSS ${(ocr.stats().peakRssBytes / 1024 ** 3).toFixed(2)} GB`);
});
