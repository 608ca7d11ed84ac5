/**
 * PDF conversion through the warm LibreOffice pool, on rendered 民事调解书 documents (3-4 pages):
 * warm single-document latency (median of 10), 100 documents on two listeners, and 20 documents
 * with one cold `soffice --convert-to pdf` process per file for comparison.
 * Goals: one document ≤ 0.3 s warm; the pool ≥ 15× faster per document than cold processes.
 *   deno bench -A bench/pdf_convert_bench.ts
 * Each case prints its figures; the machine is shared and noisy, compare cases within one run.
 */

import { buildMediationTemplate, mediationRow } from "../scripts/make_fixtures.ts";
import { createDocxRenderer } from "../server/services/docx/render_docx.ts";
import { createPdfConverter } from "../server/services/pdf/libreoffice_pool.ts";
import { detectLibreOfficeInstall } from "../server/services/pdf/detect_libreoffice.ts";

const renderer = createDocxRenderer(buildMediationTemplate());
const docs = Array.from({ length: 100 }, (_, i) => renderer.render(mediationRow(i + 1)));
const install = detectLibreOfficeInstall();
const workDir = await Deno.makeTempDir({ prefix: "pdf-bench-" });
const figures: { poolSecondsPerDoc?: number; coldSecondsPerDoc?: number } = {};
// Deno.bench may call a case more than once even with n: 1; each case measures once.
const measured = new Set<string>();
globalThis.addEventListener("unload", () => Deno.removeSync(workDir, { recursive: true }));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function compare(): void {
  const { poolSecondsPerDoc: pool, coldSecondsPerDoc: cold } = figures;
  if (pool && cold) console.log(`pool vs cold process per file: ${(cold / pool).toFixed(1)}× faster`);
}

const ignore = "missing" in install;
if (ignore) console.log(`skipped: ${install.missing}`);

Deno.bench("warm single document, median of 10", { n: 1, warmup: 0, ignore }, async () => {
  if (measured.has("warm")) return;
  measured.add("warm");
  await using converter = createPdfConverter({ workDir, processes: 1 });
  await converter.ready();
  await converter.convert(docs[0]);
  const times: number[] = [];
  for (let i = 0; i < 10; i++) {
    const started = performance.now();
    await converter.convert(docs[i]);
    times.push((performance.now() - started) / 1000);
  }
  console.log(
    `warm single document: median ${median(times).toFixed(3)} s (min ${Math.min(...times).toFixed(3)}, ` +
      `max ${Math.max(...times).toFixed(3)})`,
  );
});

Deno.bench("100 documents, pool of 2 listeners", { n: 1, warmup: 0, ignore }, async () => {
  if (measured.has("pool")) return;
  measured.add("pool");
  await using converter = createPdfConverter({ workDir, processes: 2 });
  await converter.ready();
  await Promise.all([converter.convert(docs[0]), converter.convert(docs[1])]);
  const started = performance.now();
  const pdfs = await Promise.all(docs.map((doc) => converter.convert(doc)));
  const seconds = (performance.now() - started) / 1000;
  figures.poolSecondsPerDoc = seconds / docs.length;
  const rss = converter.stats().listeners.map((l) => `${(l.rssBytes / 2 ** 20).toFixed(0)} MiB`).join(", ");
  console.log(
    `pool of 2: ${docs.length} documents in ${seconds.toFixed(2)} s = ${
      (docs.length / seconds).toFixed(1)
    } ` +
      `documents/s (${figures.poolSecondsPerDoc.toFixed(3)} s/doc), ` +
      `${
        (pdfs.reduce((s, p) => s + p.length, 0) / docs.length / 1024).toFixed(0)
      } KiB per PDF, listeners ${rss}`,
  );
  compare();
});

Deno.bench("20 documents, one cold soffice per file", { n: 1, warmup: 0, ignore }, async () => {
  if ("missing" in install || measured.has("cold")) return;
  measured.add("cold");
  const dir = await Deno.makeTempDir({ dir: workDir });
  const profile = new URL(`file://${dir}/profile`).href;
  const count = 20;
  for (let i = 0; i < count; i++) await Deno.writeFile(`${dir}/${i}.docx`, docs[i]);
  const convertOne = (i: number) =>
    new Deno.Command(install.soffice, {
      args: [
        `-env:UserInstallation=${profile}`,
        "--headless",
        "--convert-to",
        "pdf",
        "--outdir",
        dir,
        `${dir}/${i}.docx`,
      ],
      stdout: "null",
      stderr: "null",
    }).output();
  await convertOne(0); // creates the profile, as a running server would already have
  const started = performance.now();
  for (let i = 0; i < count; i++) await convertOne(i);
  const seconds = (performance.now() - started) / 1000;
  let made = 0;
  for (let i = 0; i < count; i++) made += await Deno.stat(`${dir}/${i}.pdf`).then(() => 1, () => 0);
  figures.coldSecondsPerDoc = seconds / count;
  console.log(
    `cold soffice per file: ${made}/${count} PDFs in ${seconds.toFixed(2)} s = ` +
      `${figures.coldSecondsPerDoc.toFixed(3)} s/doc`,
  );
  compare();
});
