/**
 * Template-based generation, end to end (issue 4 "Speed"). Run as a script (not Deno.bench):
 *
 *   deno run -A bench/generation_bench.ts --rows 1000 [--sample 20] [--skip-carbone]
 *
 * On the realistic 民事调解书 template (3-4 pages once filled, ~35 variables, a table-row loop, a
 * condition) and N rows it prints:
 *   1. Word only: the docx worker pool over N rows.
 *   2. Word + PDF through the API: POST /api/upload-excel, then polling GET /api/conversion-progress
 *      until done (the real job, the warm LibreOffice pool, the blob store), with peak RSS.
 *   3. One `soffice --convert-to pdf` process per file on a sample, extrapolated to N.
 *   4. One document to PDF with the warm converter (median of 5).
 *   5. Carbone (npm carbone 3, its own LibreOffice factories) on the same template and data, converted
 *      to Carbone's {d.x} syntax (the table-row loop flattened to one row of joined lines, conditions
 *      kept open): Word+PDF per row.
 * The machine is shared: run with a small --rows here; the figures for the issue come from a quiet run.
 */

import { createRequire } from "node:module";
import { parseArgs } from "node:util";
import PizZip from "pizzip";
import * as XLSX from "xlsx";
import { buildMediationTemplate, mediationRow } from "../scripts/make_fixtures.ts";
import { startJobListener } from "../server/jobs/dispatch.ts";
import { jobHandlers } from "../server/jobs/handlers.ts";
import { createDocxRenderPool } from "../server/services/docx/docx_render_pool.ts";
import { cellToText } from "../server/services/docx/format_value.ts";
import { createPdfConverter } from "../server/services/pdf/libreoffice_pool.ts";
import { detectLibreOffice } from "../server/services/pdf/detect_libreoffice.ts";
import { testApp } from "../tests/helpers/test_app.ts";

const { values: args } = parseArgs({
  args: Deno.args,
  options: {
    rows: { type: "string", default: "1000" },
    sample: { type: "string", default: "20" },
    "skip-carbone": { type: "boolean", default: false },
    "carbone-timeout": { type: "string", default: "120" },
  },
});
const ROWS = Math.max(1, Number(args.rows));
const SAMPLE = Math.max(1, Math.min(ROWS, Number(args.sample)));
const template = buildMediationTemplate();
const rows = Array.from({ length: ROWS }, (_, i) => mediationRow(i + 1));
const workDir = await Deno.makeTempDir({ prefix: "generation-bench-" });
let peakRss = 0;
const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, Deno.memoryUsage().rss)), 100);

function seconds(start: number): number {
  return (performance.now() - start) / 1000;
}
function line(label: string, s: number, n: number) {
  console.log(`${label}: ${n} documents in ${s.toFixed(2)} s = ${(n / s).toFixed(1)} documents/s`);
}

// 1. Word only
{
  using pool = createDocxRenderPool();
  await pool.renderRows(template, rows.slice(0, 8));
  const start = performance.now();
  const results = await pool.renderRows(template, rows);
  const failed = results.filter((r) => "error" in r).length;
  line(`1. Word only (workers)${failed ? `, ${failed} failed` : ""}`, seconds(start), ROWS);
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
  while (true) {
    progress = await (await t.request("GET", "/api/conversion-progress", { as: member })).json();
    if (progress.completed) break;
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

// 5. Carbone
if (!args["skip-carbone"]) {
  const limit = Number(args["carbone-timeout"]) * 1000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      benchCarbone(),
      new Promise((
        _,
        reject,
      ) => (timer = setTimeout(() => reject(new Error(`no result within ${limit / 1000} s`)), limit))),
    ]);
  } catch (err) {
    console.log(`5. Carbone failed: ${err instanceof Error ? err.message : err}`);
  } finally {
    clearTimeout(timer);
    // Stop Carbone's LibreOffice factories (they outlive the script otherwise).
    const converter = createRequire(import.meta.url)("carbone/lib/converter.js") as {
      exit(cb?: () => void): void;
    };
    await new Promise<void>((resolve) => converter.exit(() => resolve()));
  }
}

clearInterval(rssTimer);
await Deno.remove(workDir, { recursive: true }).catch(() => {});
Deno.exit(0);

/** The template in Carbone's syntax: every ${name} becomes {d.vK}; sections are dropped (kept open). */
function carboneTemplate(): { bytes: Uint8Array; keys: Map<string, string> } {
  const zip = new PizZip(template);
  const keys = new Map<string, string>();
  for (
    const path of Object.keys(zip.files).filter((p) => /^word\/(document|header\d*|footer\d*)\.xml$/.test(p))
  ) {
    const xml = zip.file(path)!.asText().replace(
      /\$((?:<[^>]+>)*)\{((?:<[^>]+>|[^<}])*)\}/g,
      (_m, _tags, inner) => {
        const name = String(inner).replace(/<[^>]+>/g, "").split("|")[0].trim();
        if (/^[#^/]/.test(name)) return "";
        if (!keys.has(name)) keys.set(name, `v${keys.size}`);
        return `{d.${keys.get(name)}}`;
      },
    );
    zip.file(path, xml);
  }
  return { bytes: zip.generate({ type: "uint8array" }), keys };
}

async function benchCarbone() {
  // Carbone looks for soffice.bin on PATH (Linux); Debian keeps it beside the soffice script.
  const soffice = detectLibreOffice();
  if (soffice) {
    const dir = Deno.realPathSync(soffice).replace(/\/[^/]+$/, "");
    Deno.env.set("PATH", `${dir}:${Deno.env.get("PATH") ?? ""}`);
  }
  const { default: carbone } = await import("carbone");
  const { bytes, keys } = carboneTemplate();
  const path = `${workDir}/carbone_template.docx`;
  await Deno.writeFile(path, bytes);
  const processes = navigator.hardwareConcurrency ?? 2;
  carbone.set({ factories: processes, startFactory: true, tempPath: workDir });
  const data = rows.map((row) => {
    const out: Record<string, string> = {};
    for (const [name, key] of keys) {
      const loopKey = Object.keys(row).find((k) => k.endsWith(`.${name}`));
      out[key] = cellToText(row[name] ?? (loopKey ? row[loopKey] : ""));
    }
    return out;
  });
  const render = (d: Record<string, string>) =>
    new Promise<Uint8Array>((resolve, reject) =>
      carbone.render(
        path,
        d,
        { convertTo: "pdf" },
        (err: unknown, result: Uint8Array) => (err ? reject(err) : resolve(result)),
      )
    );
  await render(data[0]); // warm-up: factories start
  const start = performance.now();
  let next = 0;
  let ok = 0;
  await Promise.all(Array.from({ length: processes * 2 }, async () => {
    while (next < data.length) {
      const d = data[next++];
      const pdf = await render(d);
      const docx = await new Promise<Uint8Array>((resolve, reject) =>
        carbone.render(
          path,
          d,
          {},
          (err: unknown, result: Uint8Array) => (err ? reject(err) : resolve(result)),
        )
      );
      if (pdf.length > 0 && docx.length > 0) ok++;
    }
  }));
  const s = seconds(start);
  line(`5. Carbone Word + PDF (${ok} ok, ${processes} factories)`, s, ROWS);
  console.log(`   our API run vs Carbone: ${(s / apiSeconds).toFixed(2)}x`);
}
