/**
 * The member center's usage export (part 3 §7): GET /api/member/usage-records?page=1&pageSize=10000,
 * then the .xlsx built in the browser. Compares our writer (common/xlsx_writer.ts: chunked
 * XML deflated by CompressionStream, no library; also with deflate off) with SheetJS (aoa_to_sheet + write) and ExcelJS (writeBuffer).
 *
 *   time:        deno bench -A bench/usage_export_bench.ts
 *   peak memory: deno run -A bench/usage_export_bench.ts --memory
 *                (one child process per variant; peak RSS above the prepared baseline, Linux only)
 *   smaller:     EXPORT_ROWS=1000 deno bench -A bench/usage_export_bench.ts
 *
 * The 2-core shared build machine is noisy: re-run on a quiet machine for figures to quote.
 */
import ExcelJS from "exceljs";
import * as XLSX from "xlsx";
import { USAGE_TYPE_LABELS, USAGE_TYPES } from "../common/constants.ts";
import { recordUsage } from "../server/kv/usage.ts";
import { testApp } from "../tests/helpers/test_app.ts";
import type { UsageRecordRow } from "../web/api/member.ts";
import { writeXlsx } from "../common/xlsx_writer.ts";
import { buildUsageExport, USAGE_EXPORT_COLUMNS } from "../web/pages/member_center/usage_export.ts";

const ROWS = Number(Deno.env.get("EXPORT_ROWS") ?? 10_000);
const VARIANTS = ["api", "ours", "ours-stored", "sheetjs", "exceljs"] as const;
type Variant = typeof VARIANTS[number];

/** Records shaped as the API answers them (what the browser holds before building the file). */
function sampleRecords(n: number): UsageRecordRow[] {
  const start = Date.UTC(2026, 0, 5, 2);
  return Array.from({ length: n }, (_, i) => {
    const type = USAGE_TYPES[i % USAGE_TYPES.length];
    return {
      id: String(i),
      username: `律师${i % 40}`,
      type,
      type_label: USAGE_TYPE_LABELS[type],
      description: `批量生成文书：民事调解书_当事人${i}_2026.docx 等 ${1 + (i % 20)} 份`,
      status: i % 10 === 0 ? "failed" : "success",
      created_at: new Date(start - i * 60_000).toISOString(),
    };
  });
}

function rowsOf(records: UsageRecordRow[]): (string | number)[][] {
  return records.map((
    r,
  ) => [r.username, r.type_label, r.description, r.status === "success" ? "成功" : "失败", r.created_at]);
}

async function exportWithOurs(records: UsageRecordRow[]): Promise<number> {
  return (await (await buildUsageExport(records)).arrayBuffer()).byteLength;
}

async function exportWithOursStored(records: UsageRecordRow[]): Promise<number> {
  const blob = await writeXlsx({ columns: USAGE_EXPORT_COLUMNS, rows: rowsOf(records) }, { deflate: false });
  return (await blob.arrayBuffer()).byteLength;
}

function exportWithSheetJs(records: UsageRecordRow[]): number {
  const sheet = XLSX.utils.aoa_to_sheet([USAGE_EXPORT_COLUMNS.map((c) => c.header), ...rowsOf(records)]);
  sheet["!cols"] = USAGE_EXPORT_COLUMNS.map((c) => ({ wch: c.width }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, "使用记录");
  return (XLSX.write(book, { bookType: "xlsx", type: "array" }) as ArrayBuffer).byteLength;
}

async function exportWithExcelJs(records: UsageRecordRow[]): Promise<number> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("使用记录");
  sheet.columns = USAGE_EXPORT_COLUMNS.map((c) => ({ header: c.header, width: c.width }));
  sheet.addRows(rowsOf(records));
  return (await book.xlsx.writeBuffer()).byteLength;
}

/** An app with ROWS usage records of one member, seeded through recordUsage (16 writers). */
async function seededApp() {
  const t = await testApp();
  const m = await t.userWith(["member_center"], { username: "律师1" });
  const now = t.clock.now();
  for (let base = 0; base < ROWS; base += 16) {
    await Promise.all(Array.from({ length: Math.min(16, ROWS - base) }, (_, k) =>
      recordUsage(t.kv, {
        userId: m.user.id,
        username: "律师1",
        type: "mediation",
        description: `批量生成文书：民事调解书_当事人${base + k}_2026.docx 等 20 份`,
        status: "success",
        at: now - (base + k) * 1000,
      })));
  }
  return { t, member: m };
}

async function exportFromApi(app: Awaited<ReturnType<typeof seededApp>>): Promise<number> {
  const res = await app.t.request("GET", `/api/member/usage-records?page=1&pageSize=${ROWS}`, {
    as: app.member,
  });
  const body = await res.json();
  if (body.records.length !== ROWS) throw new Error(`expected ${ROWS} records, got ${body.records.length}`);
  return body.records.length;
}

function readStatusKb(field: "VmRSS" | "VmHWM"): number {
  const status = Deno.readTextFileSync("/proc/self/status");
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
}

/** Child: prepares, resets the peak-RSS mark, runs one export, prints JSON figures. */
async function measureOne(variant: Variant): Promise<void> {
  const app = variant === "api" ? await seededApp() : null;
  const records = variant === "api" ? [] : sampleRecords(ROWS);
  (globalThis as { gc?: () => void }).gc?.();
  Deno.writeTextFileSync("/proc/self/clear_refs", "5"); // resets VmHWM to the current RSS
  const baseKb = readStatusKb("VmRSS");
  const started = performance.now();
  const out = variant === "api"
    ? await exportFromApi(app!)
    : variant === "ours"
    ? await exportWithOurs(records)
    : variant === "ours-stored"
    ? await exportWithOursStored(records)
    : variant === "sheetjs"
    ? exportWithSheetJs(records)
    : await exportWithExcelJs(records);
  const ms = performance.now() - started;
  const peakKb = readStatusKb("VmHWM");
  app?.t[Symbol.dispose]();
  console.log(
    JSON.stringify({ variant, ms: Math.round(ms), peakAboveBaseMiB: (peakKb - baseKb) / 1024, out }),
  );
}

async function measureAll(): Promise<void> {
  console.log(`usage export, ${ROWS} rows (one child process per variant)`);
  for (const variant of VARIANTS) {
    const child = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "--v8-flags=--expose-gc", import.meta.filename!, `--variant=${variant}`],
      env: { EXPORT_ROWS: String(ROWS) },
      stderr: "inherit",
    }).output();
    const line = new TextDecoder().decode(child.stdout).trim().split("\n").at(-1) ?? "";
    const r = JSON.parse(line);
    const what = variant === "api" ? `${r.out} records` : `${(r.out / 1024).toFixed(0)} KiB file`;
    console.log(
      `${variant.padEnd(12)} ${String(r.ms).padStart(6)} ms   peak RSS +${
        r.peakAboveBaseMiB.toFixed(1)
      } MiB   ${what}`,
    );
  }
}

const variantArg = Deno.args.find((a) => a.startsWith("--variant="))?.slice("--variant=".length);
if (variantArg) await measureOne(variantArg as Variant);
else if (Deno.args.includes("--memory")) await measureAll();
else {
  const records = sampleRecords(ROWS);
  const app = await seededApp();
  globalThis.addEventListener("unload", () => app.t[Symbol.dispose]());
  Deno.bench(`GET usage-records pageSize=${ROWS} (server + JSON)`, { group: "api" }, async () => {
    await exportFromApi(app);
  });
  Deno.bench(
    `xlsx of ${ROWS} rows: ours (chunked XML, deflated)`,
    { group: "xlsx", baseline: true },
    async () => {
      await exportWithOurs(records);
    },
  );
  Deno.bench(`xlsx of ${ROWS} rows: ours, stored (no deflate)`, { group: "xlsx" }, async () => {
    await exportWithOursStored(records);
  });
  Deno.bench(`xlsx of ${ROWS} rows: SheetJS`, { group: "xlsx" }, () => {
    exportWithSheetJs(records);
  });
  Deno.bench(`xlsx of ${ROWS} rows: ExcelJS`, { group: "xlsx" }, async () => {
    await exportWithExcelJs(records);
  });
}
