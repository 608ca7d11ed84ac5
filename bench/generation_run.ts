/**
 * Template-based generation, end to end (issue 4 "Speed"). Started by bench/generation_bench.ts:
 *
 *   deno run -A bench/generation_bench.ts --rows 1000 [--sample 20] [--repeat 3] [--skip-carbone] [--carbone-timeout s]
 *
 * On the realistic 民事调解书 template (3-4 pages once filled, ~35 variables, a table-row loop, a
 * condition) and N rows it prints:
 *   1. Word only: the docx worker pool over N rows.
 *   2. Word + PDF through the API: POST /api/upload-excel, then polling GET /api/conversion-progress
 *      until done (the real job, the warm LibreOffice pool, the blob store), with peak RSS.
 *   3. One `soffice --convert-to pdf` process per file on a sample (one profile for all, made by an
 *      untimed first call, as a user's would be), extrapolated to N.
 *   4. One document to PDF with the warm converter (median of 5).
 *   5. Carbone (npm carbone 3.8) on the same template and rows, under Node (bench/carbone_runner.mjs,
 *      started by bench/carbone_compare.ts, which also converts the template to Carbone's {d.x} syntax,
 *      loop and condition included): Word only (one Node process per core) and Word + PDF (one process,
 *      one Carbone LibreOffice factory per core), then both pipelines side by side. Both sides warm up
 *      first: one document per LibreOffice process (ours: the warm converter; Carbone: its factories).
 *      Carbone used to "hang" here: its converter ran the first python3 on PATH, pyenv's, which has no
 *      `uno` module, so its factories died at start and were restarted forever (the trace is in
 *      carbone_compare.ts). The runner now gets LibreOffice's soffice.bin and the uno-capable python3.
 * --repeat R runs R rounds of ours then Carbone (Word only, then Word + PDF), each round one after
 * the other so both see about the same load on a shared machine, and prints the medians and each
 * round's figures. Our app (render workers, LibreOffice listeners) is set up once, as a running
 * server's is; each round uploads a new batch.
 * Time limits: our API run stops waiting after --api-timeout (default 60 s + 0.5 s per row), each
 * Carbone run after --carbone-timeout (default 120 s + 0.6 s per row for Word + PDF, 60 s + 0.1 s per
 * row for Word only); a Carbone run past its limit is stopped and killed with its LibreOffice processes.
 * The machine is shared: run with a small --rows here; the figures for the issue come from a quiet run.
 */

import process from "node:process";
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
import { pdfDifferences, viewPdf } from "../tests/helpers/pdf_compare.ts";

const { values: args } = parseArgs({
  args: Deno.args,
  options: {
    rows: { type: "string", default: "1000" },
    sample: { type: "string", default: "20" },
    repeat: { type: "string", default: "1" },
    "skip-carbone": { type: "boolean", default: false },
    "carbone-timeout": { type: "string" },
    "api-timeout": { type: "string" },
  },
});
const ROWS = Math.max(1, Number(args.rows));
const SAMPLE = Math.max(1, Math.min(ROWS, Number(args.sample)));
const REPEAT = Math.max(1, Number(args.repeat));
const CARBONE = !args["skip-carbone"];
const cores = navigator.hardwareConcurrency ?? 2;
const template = buildMediationTemplate();
const rows = Array.from({ length: ROWS }, (_, i) => mediationRow(i + 1));
const workDir = await Deno.makeTempDir({ prefix: "generation-bench-" });
const loadavg = () => Deno.loadavg().map((l) => l.toFixed(2)).join(" ");
console.log(`load average at start: ${loadavg()} on ${cores} cores`);
let peakRss = 0;
const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, Deno.memoryUsage().rss)), 100);

function seconds(start: number): number {
  return (performance.now() - start) / 1000;
}
function line(label: string, s: number, n: number) {
  console.log(`${label}: ${n} documents in ${s.toFixed(2)} s = ${(n / s).toFixed(1)} documents/s`);
}
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
const carboneLimit = (perRow: number, base: number) =>
  Number(args["carbone-timeout"] ?? base + ROWS * perRow) * 1000;

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

// Our side, set up once as a running server is: the app, its render workers (warm(), as main.ts
// does at start) and the warm LibreOffice listeners, one document each (Writer and fonts loaded), as
// Carbone's factories get one before its clock starts.
using t = await testApp();
await using pdf = createPdfConverter({ workDir });
await pdf.ready();
await t.deps.docx.warm();
{
  const [first] = await t.deps.docx.renderRows(template, rows.slice(0, 1));
  if ("docx" in first) await Promise.all(pdf.stats().listeners.map(() => pdf.convert(first.docx)));
}
t.deps.pdf = pdf;
startJobListener(t.deps, jobHandlers).catch(() => {});
const member = await t.userWith(["mediation"], { quotas: { mediation: ROWS * REPEAT } });
const templateId = await (async () => {
  const form = new FormData();
  form.append("file", new File([template as BlobPart], "民事调解书.docx"));
  return (await (await t.request("POST", "/api/templates/upload", { as: "admin", form })).json()).template.id;
})();

/** 1. Word only: a pool of its own, warmed as the server's is (every worker holds the template). */
async function oursWordOnly(): Promise<number> {
  using pool = createDocxRenderPool();
  await pool.warm();
  await pool.renderRows(template, rows.slice(0, 2 * pool.stats().size), { chunkSize: 1 });
  const start = performance.now();
  const results = await pool.renderRows(template, rows);
  const s = seconds(start);
  const failed = results.filter((r) => "error" in r).length;
  line(`1. Word only (${pool.stats().size} workers)${failed ? `, ${failed} failed` : ""}`, s, ROWS);
  return s;
}

/** 2. Word + PDF through the API: upload, then poll the progress until the batch is done. */
async function oursApi(): Promise<{ seconds: number; firstWordUrl: string }> {
  const upload = new FormData();
  upload.append("file", new File([sheetRows as BlobPart], "案件.xlsx"));
  peakRss = 0;
  const before = pdf.stats().timing;
  const loadsBefore = pdf.stats().conversions;
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const res = await t.request("POST", "/api/upload-excel", {
    as: member,
    form: upload,
    headers: { "template-type": "system", "template-id": templateId },
  });
  if (res.status !== 200) throw new Error(await res.text());
  const { batch_no } = await res.json();
  let progress;
  const apiLimit = Number(args["api-timeout"] ?? 60 + ROWS * 0.5) * 1000;
  while (true) {
    progress = await (await t.request("GET", `/api/conversion-progress?batch_no=${batch_no}`, { as: member }))
      .json();
    if (progress.completed) break;
    if (performance.now() - start > apiLimit) {
      throw new Error(
        `our API run not done after ${apiLimit / 1000} s: ${JSON.stringify(progress).slice(0, 300)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 50)); // finer than the page's 1 s: the batch's own time
  }
  const s = seconds(start);
  line(
    `2. Word + PDF through the API (${progress.successCount} ok, ${progress.failedCount} failed), peak RSS of this process ${
      (peakRss / 2 ** 20).toFixed(0)
    } MiB, listener RSS ${pdf.stats().listeners.map((l) => (l.rssBytes / 2 ** 20).toFixed(0)).join("/")} MiB`,
    s,
    ROWS,
  );
  console.log(
    `   ${
      pdf.stats().conversions - loadsBefore
    } LibreOffice loads for ${ROWS} rows (rows converted in merged groups, server/services/pdf/pdf_groups.ts)`,
  );
  printBreakdown(s, before, pdf.stats().timing, cpuBefore);
  await checkSameOutput(progress.files);
  return { seconds: s, firstWordUrl: progress.files[0].wordUrl };
}

type Timing = ReturnType<typeof pdf.stats>["timing"];

/**
 * The same output: a few rows' PDFs (first, middle and last of the first group, and the last row)
 * against their own Word files converted alone, as a reader sees them (tests/helpers/pdf_compare.ts).
 */
async function checkSameOutput(files: { wordUrl: string; pdfUrl: string }[]) {
  const fetchBytes = async (link: string) => {
    const url = new URL(link);
    return new Uint8Array(await (await t.request("GET", url.pathname + url.search)).arrayBuffer());
  };
  const picks = [...new Set([0, 4, 9, files.length - 1])].filter((i) => i < files.length);
  const lines: string[] = [];
  for (const i of picks) {
    const [word, batchPdf] = await Promise.all([fetchBytes(files[i].wordUrl), fetchBytes(files[i].pdfUrl)]);
    const [alone, ours] = await Promise.all([viewPdf(await pdf.convert(word)), viewPdf(batchPdf)]);
    const differences = pdfDifferences(ours, alone);
    lines.push(
      `row ${i + 1} ${
        differences.length ? differences.join("; ") : `the same (${alone.words.length} pages)`
      }`,
    );
  }
  console.log(`   PDFs against their Word files converted alone: ${lines.join(", ")}`);
}

/**
 * Where the Word + PDF run's time went: each listener's share of the wall time spent converting
 * (LibreOffice loading, exporting, closing; the UNO and pipe round trip) and idle, plus this process's
 * own CPU (render workers, KV, blob store, job) when Deno reports it.
 */
function printBreakdown(wall: number, a: Timing, b: Timing, cpuBefore: { user: number; system: number }) {
  const n = pdf.stats().processes || 1; // listeners being recycled are missing from stats().listeners
  const capacity = wall * 1000 * n;
  const part = (ms: number) => `${(ms / 1000).toFixed(2)} s (${((100 * ms) / capacity).toFixed(0)} %)`;
  const load = b.loadMs - a.loadMs, exported = b.exportMs - a.exportMs, close = b.closeMs - a.closeMs;
  const busy = b.busyMs - a.busyMs;
  console.log(`   breakdown over ${n} listeners × ${wall.toFixed(2)} s:`);
  console.log(`     LibreOffice load ${part(load)}, export ${part(exported)}, close ${part(close)}`);
  console.log(
    `     UNO/pipe round trip ${part(busy - load - exported - close)}, listeners idle ${
      part(capacity - busy)
    }`,
  );
  const cpu = process.cpuUsage(cpuBefore);
  console.log(
    `     this process (render workers, job, KV, blobs): ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s CPU`,
  );
}

// Rounds: ours and Carbone one after the other, so both see about the same machine load.
const word: { ours: number[]; carbone: number[] } = { ours: [], carbone: [] };
const both: { ours: number[]; carbone: number[] } = { ours: [], carbone: [] };
let carboneWord: CarboneResult | null = null;
let carbonePdf: CarboneResult | null = null;
let firstWordUrl = "";
for (let round = 1; round <= REPEAT; round++) {
  if (REPEAT > 1) console.log(`\n-- round ${round}/${REPEAT}, load average ${loadavg()}`);
  word.ours.push(await oursWordOnly());
  if (CARBONE) {
    carboneWord = await runCarbone({
      template,
      rows,
      mode: "word",
      parallel: cores,
      workDir,
      timeLimitMs: carboneLimit(0.1, 60),
    });
    report("5a. Carbone Word only", carboneWord, `${cores} Node processes`);
    if (!carboneWord.failure && !carboneWord.failed) word.carbone.push(carboneWord.seconds);
  }
  const api = await oursApi();
  both.ours.push(api.seconds);
  firstWordUrl = api.firstWordUrl;
  if (CARBONE) {
    carbonePdf = await runCarbone({
      template,
      rows,
      mode: "pdf",
      parallel: cores,
      workDir,
      timeLimitMs: carboneLimit(0.6, 120),
    });
    report("5b. Carbone Word + PDF", carbonePdf, `${cores} factories`);
    if (!carbonePdf.failure && !carbonePdf.failed) both.carbone.push(carbonePdf.seconds);
  }
}
if (REPEAT > 1) console.log(`\nload average after the rounds: ${loadavg()}`);

// 4. One document, warm
const url = new URL(firstWordUrl);
const sampleDocx = new Uint8Array(await (await t.request("GET", url.pathname + url.search)).arrayBuffer());
{
  const times: number[] = [];
  for (let i = 0; i < 6; i++) {
    const s = performance.now();
    await pdf.convert(sampleDocx);
    if (i > 0) times.push(seconds(s));
  }
  console.log(`4. one document to PDF, warm converter: median ${median(times).toFixed(3)} s`);
}

// 3. soffice per file on a sample: one profile for all (made by an untimed first call), as a user
// running `soffice --convert-to pdf` on each file would have.
{
  const soffice = detectLibreOffice();
  if (!soffice) console.log("3. skipped: no LibreOffice");
  else {
    const docs = await t.deps.docx.renderRows(template, rows.slice(0, SAMPLE));
    const dir = `${workDir}/cold`;
    await Deno.mkdir(dir, { recursive: true });
    const convert = (path: string) =>
      new Deno.Command(soffice, {
        args: [
          `-env:UserInstallation=file://${dir}/profile`,
          "--headless",
          "--convert-to",
          "pdf",
          "--outdir",
          dir,
          path,
        ],
        stdout: "null",
        stderr: "null",
      }).output();
    await Deno.writeFile(`${dir}/warm.docx`, sampleDocx);
    await convert(`${dir}/warm.docx`);
    const start = performance.now();
    let made = 0;
    for (const [i, r] of docs.entries()) {
      if (!("docx" in r)) continue;
      await Deno.writeFile(`${dir}/${i}.docx`, r.docx);
      await convert(`${dir}/${i}.docx`);
      if ((await Deno.stat(`${dir}/${i}.pdf`).catch(() => null))?.size) made++;
    }
    const per = seconds(start) / SAMPLE;
    const ours = median(both.ours);
    console.log(
      `3. one soffice process per file: ${per.toFixed(2)} s/document on ${SAMPLE} files (${made} PDFs) -> ${
        (per * ROWS).toFixed(0)
      } s for ${ROWS}; the API run (median) was ${((per * ROWS) / ours).toFixed(1)}x faster`,
    );
  }
}

// Side by side
if (CARBONE && carboneWord && carbonePdf) {
  await checkCarboneSamples(carboneWord, carbonePdf);
  const cell = (
    s: number | null,
  ) => (s === null ? "failed" : `${s.toFixed(2)} s (${(ROWS / s).toFixed(1)}/s)`);
  const med = (values: number[]) => (values.length === REPEAT ? median(values) : null);
  const label = REPEAT > 1 ? ` (medians of ${REPEAT} rounds)` : "";
  console.log(`\n${ROWS} rows${label}`);
  console.log(`${"".padEnd(20)}ours                    Carbone                 Carbone / ours`);
  for (const [name, pair] of [["Word only ", word], ["Word + PDF", both]] as const) {
    const ours = median(pair.ours);
    const theirs = med(pair.carbone);
    const ratio = theirs === null ? "-" : `${(theirs / ours).toFixed(2)}x`;
    console.log(`${name}          ${cell(ours).padEnd(24)}${cell(theirs).padEnd(24)}${ratio}`);
  }
  if (REPEAT > 1) {
    const list = (values: number[]) => values.map((v) => v.toFixed(2)).join(" ");
    console.log(`each round, Word + PDF: ours ${list(both.ours)} s; Carbone ${list(both.carbone)} s`);
  }
  console.log(
    "(ours Word + PDF is through the API: xlsx upload, quota, job, blob store; Carbone's is in-process)",
  );
}

console.log(`load average at the end: ${loadavg()}`);
clearInterval(rssTimer);
await pdf.close();
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
