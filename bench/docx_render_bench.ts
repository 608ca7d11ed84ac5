/**
 * Word rendering throughput on the realistic 民事调解书 template (35 variables, a table-row loop,
 * a condition, Word-style markup): 1 000 rows on one thread, then on two permission-less workers.
 * Goal: 1 000 rows in at most 5 s (≥ 200 documents/s with both cores).
 *   deno bench -A bench/docx_render_bench.ts
 * Each case prints documents per second; compare cases within one run (shared machines are noisy).
 */

import process from "node:process";
import { buildMediationTemplate, mediationRow } from "../scripts/make_fixtures.ts";
import { createDocxRenderPool } from "../server/services/docx/docx_render_pool.ts";
import { createDocxRenderer } from "../server/services/docx/render_docx.ts";

const ROWS = 1000;
const template = buildMediationTemplate();
const rows = Array.from({ length: ROWS }, (_, i) => mediationRow(i + 1));

/** Wall time and CPU time (all threads of the process: on a busy machine CPU time is the steadier figure). */
function report(
  label: string,
  started: { wall: number; cpu: ReturnType<typeof process.cpuUsage> },
  bytes: number,
): void {
  const seconds = (performance.now() - started.wall) / 1000;
  const cpu = process.cpuUsage(started.cpu);
  const cpuMs = (cpu.user + cpu.system) / 1000 / ROWS;
  console.log(
    `${label}: ${ROWS} documents in ${seconds.toFixed(2)} s = ${(ROWS / seconds).toFixed(0)} documents/s, ` +
      `CPU ${cpuMs.toFixed(1)} ms per document, ${(bytes / ROWS / 1024).toFixed(1)} KiB per document`,
  );
}

function start() {
  return { wall: performance.now(), cpu: process.cpuUsage() };
}

Deno.bench("one mediation document (createDocxRenderer().render)", { group: "one" }, () => {
  renderer.render(rows[0]);
});
const renderer = createDocxRenderer(template);

Deno.bench("1 000 rows on one thread", { n: 1, warmup: 0 }, () => {
  const started = start();
  let bytes = 0;
  for (const row of rows) bytes += renderer.render(row).length;
  report("one thread", started, bytes);
});

Deno.bench("1 000 rows on two workers", { n: 1, warmup: 0 }, async () => {
  using pool = createDocxRenderPool({ size: 2 });
  await pool.renderRows(template, rows.slice(0, 50));
  const started = start();
  const results = await pool.renderRows(template, rows);
  const bytes = results.reduce((sum, r) => sum + ("docx" in r ? r.docx.length : 0), 0);
  report("two workers", started, bytes);
});
