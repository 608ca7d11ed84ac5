/**
 * Carbone side of bench/generation_bench.ts, run under Node (Carbone is a Node library; the Deno bench
 * starts this file with `node` as a child process, see bench/carbone_compare.ts):
 *
 *   node bench/carbone_runner.mjs <job.json>
 *
 * job.json: { template, rows, mode: "word" | "pdf", factories, tempDir, pipeName, sampleDir, conversionTimeoutMs }
 * - "word": carbone.render(template, row) to DOCX for every row, in this one process.
 * - "pdf": render to DOCX, then carbone.convert(docx) to PDF on Carbone's own LibreOffice factories
 *   (`factories` of them, 2 documents in flight per factory), i.e. a Word and a PDF per row as our job.
 * Outputs stay in memory (counted), except the first row's, written to sampleDir for the checks.
 *
 * Protocol (one JSON object per stdout line): after a warm-up document it prints {"event":"ready"} and
 * waits for "go" on stdin, so the parent starts the clock for every runner at once; it ends with
 * {"event":"done", ok, failed, seconds, errors, samples}. "stop" on stdin ends it early (time limit):
 * it stops Carbone's factories and prints what it had done so far.
 *
 * Environment: Carbone finds soffice.bin and a python3 on PATH at require time; that python3 must
 * import `uno` (see carbone_compare.ts, which prepares PATH).
 */

import { createRequire } from "node:module";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";

const require = createRequire(import.meta.url);
const carbone = require("carbone");
const converter = require("carbone/lib/converter.js");

const job = JSON.parse(readFileSync(process.argv[2], "utf8"));
const stdinLines = createInterface({ input: process.stdin });
let stopped = false;
let goResolve;
const go = new Promise((resolve) => (goResolve = resolve));
stdinLines.on("line", (line) => {
  if (line.trim() === "go") goResolve();
  if (line.trim() === "stop") stopped = true;
});

/** Writes one protocol line. */
function emit(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

/** carbone.render as a promise (DOCX out, no conversion). */
function renderDocx(data) {
  return new Promise((resolve, reject) =>
    carbone.render(job.template, data, {}, (err, result) => (err ? reject(err) : resolve(result)))
  );
}

/** carbone.convert of a DOCX buffer to PDF on the factories. */
function convertToPdf(docx) {
  return new Promise((resolve, reject) =>
    carbone.convert(
      docx,
      { convertTo: "pdf", extension: "docx" },
      (err, result) => (err ? reject(err) : resolve(result)),
    )
  );
}

/** One row: DOCX, and in "pdf" mode its PDF too. */
async function produce(data) {
  const docx = await renderDocx(data);
  if (!docx || docx.length === 0) throw new Error("empty DOCX");
  if (job.mode !== "pdf") return { docx };
  const pdf = await convertToPdf(docx);
  if (!pdf || pdf.length === 0) throw new Error("empty PDF");
  return { docx, pdf };
}

/** Stops Carbone's LibreOffice + Python factories (they outlive the process otherwise). */
function stopFactories() {
  return new Promise((resolve) => converter.exit(() => resolve()));
}

async function main() {
  carbone.set({
    tempPath: job.tempDir,
    renderPath: join(job.tempDir, "carbone_render"),
    factories: job.mode === "pdf" ? job.factories : 1,
    pipeNamePrefix: job.pipeName,
    startFactory: job.mode === "pdf",
    // Like our converter: a hung conversion is killed, and retried once.
    converterFactoryTimeout: job.conversionTimeoutMs,
    attempts: 2,
  });
  // Warm-up: one document per factory at once (each LibreOffice has loaded Writer and the fonts),
  // template code paths loaded; the first row's output is the sample.
  const warmUp = Array.from(
    { length: job.mode === "pdf" ? Math.max(1, job.factories) : 1 },
    () => job.rows[0],
  );
  const [sample] = await Promise.all(warmUp.map(produce));
  const samples = { docx: join(job.sampleDir, `carbone_${job.mode}_${job.pipeName}.docx`) };
  writeFileSync(samples.docx, sample.docx);
  if (sample.pdf) {
    samples.pdf = join(job.sampleDir, `carbone_${job.mode}_${job.pipeName}.pdf`);
    writeFileSync(samples.pdf, sample.pdf);
  }
  emit({ event: "ready" });
  await go;

  const start = performance.now();
  const inFlight = job.mode === "pdf" ? Math.max(1, job.factories) * 2 : 1;
  let next = 0;
  let ok = 0;
  let failed = 0;
  const errors = [];
  await Promise.all(Array.from({ length: inFlight }, async () => {
    while (next < job.rows.length && !stopped) {
      const index = next++;
      try {
        await produce(job.rows[index]);
        ok++;
      } catch (err) {
        failed++;
        if (errors.length < 5) errors.push(`row ${index + 1}: ${err instanceof Error ? err.message : err}`);
      }
    }
  }));
  const seconds = (performance.now() - start) / 1000;
  await stopFactories();
  emit({ event: "done", ok, failed, seconds, stopped, errors, samples });
  process.exit(0);
}

main().catch(async (err) => {
  emit({ event: "error", message: err instanceof Error ? err.stack ?? err.message : String(err) });
  await stopFactories();
  process.exit(1);
});
