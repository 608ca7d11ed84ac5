/**
 * Template-based generation, end to end (issue 4 "Speed"). Started by bench/generation_bench.ts:
 *
 *   deno run -A bench/generation_bench.ts --rows 1000 [--sample 20] [--skip-carbone] [--carbone-timeout s]
 *
 * On the realistic 民事调解书 template (3-4 pages once filled, ~35 variables, a table-row loop, a
 * condition) and N rows it prints:
 *   1. Word only: the docx worker pool over N rows.
 *   2. Word + PDF through the API: POST /api/upload-excel, then polling GET /api/conversion-progress
 *      until done (the real job, the warm LibreOffice pool, the blob store), with peak RSS.
 *   3. One `soffice --convert-to pdf` process per file on a sample, extrapolated to N.
 *   4. One document to PDF with the warm converter (median of 5).
 *   5. Carbone (npm carbone 3.8) on the same template and rows, under Node (bench/carbone_runner.mjs,
 *      started by bench/carbone_compare.ts, which also converts the template to Carbone's {d.x} syntax,
 *      loop and condition included): Word only (one Node process per core) and Word + PDF (one process,
 *      one Carbone LibreOffice factory per core), then both pipelines side by side. Both sides warm up
 *      first: one document per LibreOffice process (ours: the warm converter; Carbone: its factories).
 *      Carbone used to "hang" here: its converter ran the first python3 on PATH, pyenv's, which has no
 *      `uno` module, so its factories died at start and were restarted forever (the trace is in
 *      carbone_compare.ts). The runner now gets LibreOffice's soffice.bin and the uno-capable python3.
 * Time limits: our API run stops waiting after --api-timeout (default 60 s + 0.5 s per row), each
 * Carbone run after --carbone-timeout (default 120 s + 0.6 s per row for Word + PDF, 60 s + 0.1 s per
 * row for Word only); a Carbone run past its limit is stopped and killed with its LibreOffice processes.
 * The machine is shared: run with a small --rows here; the figures for the issue come from a quiet run.
 */

import { parseArgs } from "node:util";
import PizZip from "pizzip";
import * as XLSX from "xlsx";
import { buildMediationTemplate, mediationRow } from "../scripts/make_fixtures.ts";
import { startJobListener } from "../server/jobs/dispatch.ts";
import { jobHandlers } from "../server/jobs/handlers.ts";
import { createDocxRenderPool } from "../server/services/docx/docx_render_pool.ts";
import { type CarboneResult, runCarbone } from "./carbone_compare.ts";
import { createPdfConverter } from "../server/services/pdf/libreoffice_pool.ts";
import { detectLibreOffice } from "../server/services/pdf/detect_libreoffice.ts";
import { testApp } from "../tests/helpers/test_app.ts";

const { values: args } = parseArgs({
  args: Deno.args,
  options: {
    rows: { type: "string", default: "1000" },
    sample: { type: "string", default: "20" },
    "skip-carbone": { type: "boolean", default: false },
    "carbone-timeout": { type: "string" },
    "api-timeout": { type: "string" },
  },
});
const ROWS = Math.max(1, Number(args.rows));
const SAMPLE = Math.max(1, Math.min(ROWS, Number(args.sample)));
const template = buildMediationTemplate();
const rows = Array.from({ length: ROWS }, (_, i) => mediationRow(i + 1));
const workDir = await Deno.makeTempDir({ prefix: "generation-bench-" });
console.log(
  `load average at start: ${
    Deno.loadavg().map((l) => l.toFixed(2)).join(" ")
  } on ${navigator.hardwareConcurrency} cores`,
);
let peakRss = 0;
const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, Deno.memoryUsage().rss)), 100);

function seconds(start: number): number {
  return (performance.now() - start) / 1000;
}
function line(label: string, s: number, n: number) {
  console.log(`${label}: ${n} documents in ${s.toFixed(2)} s = ${(n / s).toFixed(1)} documents/s`);
}

// 1. Word only
let wordSeconds = 0;
{
  using pool = createDocxRenderPool();
  // Warm as the server's pool is: every worker started (main.ts warm()) and holding the compiled
  // template (one row per worker, so each compiles it once).
  await pool.warm();
  await pool.renderRows(template, rows.slice(0, 2 * pool.stats().size), { chunkSize: 1 });
  const start = performance.now();
  const results = await pool.renderRows(template, rows);
  wordSeconds = seconds(start);
  const failed = results.filter((r) => "error" in r).length;
  line(`1. Word only (workers)${failed ? `, ${failed} failed` : ""}`, wordSeconds, ROWS);
}

// 2. Word + PDF through the API
const sheetRows = (() => {
  const headers = Object.keys(rows[0]);
  const aoa = [
    headers,
    ...rows.map((r) => headers.map((h) => typeof r[h] === "object" ? (r[h] as { v: number }).v : r[h])),
  ];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(aoa), "Sheet1");
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }));
})();
let apiSeconds = 0;
let sampleDocx: Uint8Array | null = null;
{
  using t = await testApp();
  await using pdf = createPdfConverter({ workDir });
  await pdf.ready();
  // Warm-up as for Carbone's factories: one document per listener (Writer and fonts loaded), as in a
  // server that has converted before.
  // The app's render workers are up, as main.ts starts them (warm()) with the server.
  await t.deps.docx.warm();
  {
    const [first] = await t.deps.docx.renderRows(template, rows.slice(0, 1));
    if ("docx" in first) await Promise.all(pdf.stats().listeners.map(() => pdf.convert(first.docx)));
  }
  t.deps.pdf = pdf;
  startJobListener(t.deps, jobHandlers).catch(() => {});
  const member = await t.userWith(["mediation"], { quotas: { mediation: ROWS } });
  const form = new FormData();
  form.append("file", new File([template as BlobPart], "民事调解书.docx"));
  const tpl = await (await t.request("POST", "/api/templates/upload", { as: "admin", form })).json();
  const upload = new FormData();
  upload.append("file", new File([sheetRows as BlobPart], "案件.xlsx"));
  peakRss = 0;
  const start = performance.now();
  const res = await t.request("POST", "/api/upload-excel", {
    as: member,
    form: upload,
    headers: { "template-type": "system", "template-id": tpl.template.id },
  });
  if (res.status !== 200) throw new Error(await res.text());
  let progress;
  const apiLimit = Number(args["api-timeout"] ?? 60 + ROWS * 0.5) * 1000;
  while (true) {
    progress = await (await t.request("GET", "/api/conversion-progress", { as: member })).json();
    if (progress.completed) break;
    if (performance.now() - start > apiLimit) {
      throw new Error(
        `our API run not done after ${apiLimit / 1000} s: ${JSON.stringify(progress).slice(0, 300)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  apiSeconds = seconds(start);
  line(
    `2. Word + PDF through the API (${progress.successCount} ok, ${progress.failedCount} failed), peak RSS of this process ${
      (peakRss / 2 ** 20).toFixed(0)
    } MiB, listener RSS ${pdf.stats().listeners.map((l) => (l.rssBytes / 2 ** 20).toFixed(0)).join("/")} MiB`,
    apiSeconds,
    ROWS,
  );
  const first = new URL(progress.files[0].wordUrl);
  sampleDocx = new Uint8Array(await (await t.request("GET", first.pathname + first.search)).arrayBuffer());

  // 4. One document, warm
  const times: number[] = [];
  for (let i = 0; i < 6; i++) {
    const s = performance.now();
    await pdf.convert(sampleDocx);
    if (i > 0) times.push(seconds(s));
  }
  times.sort((a, b) => a - b);
  console.log(`4. one document to PDF, warm converter: median ${times[2].toFixed(3)} s`);
}

// 3. soffice per file on a sample
{
  const soffice = detectLibreOffice();
  if (!soffice || !sampleDocx) console.log("3. skipped: no LibreOffice");
  else {
    using pool = createDocxRenderPool();
    const docs = await pool.renderRows(template, rows.slice(0, SAMPLE));
    const dir = `${workDir}/cold`;
    await Deno.mkdir(dir, { recursive: true });
    const start = performance.now();
    for (const [i, r] of docs.entries()) {
      if (!("docx" in r)) continue;
      await Deno.writeFile(`${dir}/${i}.docx`, r.docx);
      await new Deno.Command(soffice, {
        args: [
          `-env:UserInstallation=file://${dir}/profile-${i}`,
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
    }
    const per = seconds(start) / SAMPLE;
    console.log(
      `3. one soffice process per file: ${per.toFixed(2)} s/document on ${SAMPLE} files -> ${
        (per * ROWS).toFixed(0)
      } s for ${ROWS}; ` +
        `the API run was ${((per * ROWS) / apiSeconds).toFixed(1)}x faster`,
    );
  }
}

// 5. Carbone, and the side-by-side summary
if (!args["skip-carbone"]) {
  const cores = navigator.hardwareConcurrency ?? 2;
  const limit = (perRow: number, base: number) =>
    Number(args["carbone-timeout"] ?? base + ROWS * perRow) * 1000;
  const word = await runCarbone({
    template,
    rows,
    mode: "word",
    parallel: cores,
    workDir,
    timeLimitMs: limit(0.1, 60),
  });
  report("5a. Carbone Word only", word, `${cores} Node processes`);
  const pdf = await runCarbone({
    template,
    rows,
    mode: "pdf",
    parallel: cores,
    workDir,
    timeLimitMs: limit(0.6, 120),
  });
  report("5b. Carbone Word + PDF", pdf, `${cores} factories`);
  await checkCarboneSamples(word, pdf);
  const cell = (
    s: number | null,
  ) => (s === null ? "failed" : `${s.toFixed(2)} s (${(ROWS / s).toFixed(1)}/s)`);
  const carbone = (r: CarboneResult) => (r.failure || r.failed ? null : r.seconds);
  console.log(`\n${ROWS} rows            ours                    Carbone                 Carbone / ours`);
  for (
    const [label, ours, theirs] of [["Word only ", wordSeconds, carbone(word)], [
      "Word + PDF",
      apiSeconds,
      carbone(pdf),
    ]] as const
  ) {
    const ratio = theirs === null ? "-" : `${(theirs / ours).toFixed(2)}x`;
    console.log(`${label}      ${cell(ours).padEnd(24)}${cell(theirs).padEnd(24)}${ratio}`);
  }
  console.log(
    "(ours Word + PDF is through the API: xlsx upload, quota, job, blob store; Carbone's is in-process)",
  );
}

console.log(`load average at the end: ${Deno.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
clearInterval(rssTimer);
await Deno.remove(workDir, { recursive: true }).catch(() => {});
Deno.exit(0);

function report(label: string, r: CarboneResult, how: string) {
  if (r.failure) {
    console.log(`${label} failed: ${r.failure}`);
    return;
  }
  line(
    `${label} (${r.ok} ok, ${r.failed} failed, ${how}, peak RSS with LibreOffice ${
      (r.peakRssBytes / 2 ** 20).toFixed(0)
    } MiB)`,
    r.seconds,
    ROWS,
  );
  for (const error of r.errors) console.log(`   ${error}`);
}

/** Carbone's first documents hold row 1's values (the loop's last line and the names). */
async function checkCarboneSamples(word: CarboneResult, pdf: CarboneResult) {
  const expected = [String(rows[0]["申请人"]), String(rows[0]["被申请人"]), "含利息"];
  const texts: [string, string][] = [];
  for (const path of [word.samples.docx, pdf.samples.docx]) {
    if (!path) continue;
    const xml = new PizZip(await Deno.readFile(path)).file("word/document.xml")!.asText();
    texts.push([path, xml.replace(/<[^>]+>/g, "")]);
  }
  if (pdf.samples.pdf) {
    const out = await new Deno.Command("pdftotext", {
      args: [pdf.samples.pdf, "-"],
      stdout: "piped",
      stderr: "null",
    })
      .output().catch(() => null);
    if (out?.success) texts.push([pdf.samples.pdf, new TextDecoder().decode(out.stdout).replace(/\s+/g, "")]);
  }
  for (const [path, text] of texts) {
    const missing = expected.filter((value) => !text.includes(value));
    console.log(
      `   ${path.slice(path.lastIndexOf("/") + 1)}: ${
        missing.length ? `MISSING ${missing.join(", ")}` : "row 1's values present"
      }`,
    );
  }
}
