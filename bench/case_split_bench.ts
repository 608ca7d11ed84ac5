/**
 * The whole county/city case split (read the sheet, place every address, write every region workbook,
 * the 汇总 workbook and the unplaced rows) on a generated sheet of 10 columns, as the background job
 * runs it (server/services/case_split/run_split.ts: permission-less worker, own streaming reader,
 * common/xlsx_writer.ts, outputs streamed into a local blob store). Goals at 100 000 rows: under 6 s
 * and under 500 MB.
 *
 *   deno bench -A bench/case_split_bench.ts                                    100 000 rows, 3 runs
 *   deno bench -A bench/case_split_bench.ts -- --rows 20000 --level county --runs 5
 *
 * Each run is a child process of its own that stores the upload, runs the split and exits, so the
 * peak is the peak of the process doing the split and nothing else (the kernel's VmHWM: the main
 * thread, the worker, the blob writes). Time is end to end: from reading the stored upload to the
 * last output file and error_rows.json written. CPU time (all threads) is printed beside it, and the
 * load average before each run: the machine is shared, and on a busy one CPU time is the steadier
 * figure. Re-run on a quiet machine for figures to quote.
 *
 * Addresses cycle through the labelled set in ../shared/data/case-split/ (easy and hard rows alike;
 * the matcher keeps no cache, so repeats cost the same as new addresses). The sheet is generated once
 * by another child process (exceljs's writer, shared strings, as Excel saves them).
 */
import { createWriteStream } from "node:fs";
import process from "node:process";
import type { CaseSplitLevel } from "../common/constants.ts";
import { LocalBlobStore } from "../server/blobs/local_blob_store.ts";
import type { CaseSplitRecord } from "../server/kv/case_split_tasks.ts";
import { runSplit, splitSourceKey } from "../server/services/case_split/run_split.ts";

const HEADER = ["序号", "案号", "原告", "被告", "住所地", "联系电话", "标的额", "立案日期", "案由", "备注"];
const ADDRESS_INDEX = 4;
const SURNAMES = "赵钱孙李周吴郑王冯陈褚卫蒋沈韩杨朱秦尤许何吕施张孔曹严华金魏陶姜";
const CAUSES = ["民间借贷纠纷", "金融借款合同纠纷", "信用卡纠纷", "买卖合同纠纷", "物业服务合同纠纷"];

function option(name: string, fallback: string): string {
  const i = Deno.args.indexOf(`--${name}`);
  return i >= 0 && Deno.args[i + 1] ? Deno.args[i + 1] : fallback;
}

/** Writes the sheet with exceljs's streaming writer (shared strings, as Excel saves them). */
async function generateSheet(path: string, rows: number): Promise<void> {
  // Loaded here only: the measured child process should carry neither exceljs nor a second matcher.
  const { default: ExcelJS } = await import("exceljs");
  const { parseCsv } = await import("../scripts/eval_regions.ts");
  const csv = await Deno.readTextFile(
    new URL("../../shared/data/case-split/dev-addresses.csv", import.meta.url),
  );
  const table = parseCsv(csv);
  const column = table[0].indexOf("address");
  const addresses = table.slice(1).map((r) => r[column] ?? "");
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: createWriteStream(path),
    useSharedStrings: true,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet("案件清单");
  sheet.addRow(HEADER).commit();
  for (let i = 0; i < rows; i++) {
    const name = (k: number) => SURNAMES[(i * 7 + k) % SURNAMES.length] + "某" + (i % 100);
    const row = sheet.addRow([
      i + 1,
      `(2024)浙0106民初${10000 + i}号`,
      name(1),
      name(3),
      addresses[i % addresses.length],
      13800000000 + i,
      1000 + (i % 5000) * 3.5,
      new Date(Date.UTC(2024, i % 12, 1 + (i % 28))),
      CAUSES[i % CAUSES.length],
      i % 3 === 0 ? "已送达" : "",
    ]);
    row.getCell(8).numFmt = "yyyy-mm-dd";
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
}

function peakRssMb(): number {
  const status = Deno.readTextFileSync("/proc/self/status");
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

function loadAverage(): string {
  try {
    return Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
  } catch {
    return "?";
  }
}

interface RunFigures {
  rows: number;
  placed: number;
  other: number;
  files: number;
  seconds: number;
  cpuSeconds: number;
  peakMb: number;
  storedMb: number;
}

/** One measured split in this (child) process; prints its figures as one JSON line. */
async function childRun(sheetPath: string, level: CaseSplitLevel): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "case-split-run-" });
  try {
    const blobs = new LocalBlobStore(`${dir}/blobs`);
    const task: CaseSplitRecord & { addressIndex: number } = {
      id: "0000000000000000bench",
      userId: 1,
      status: "processing",
      splitLevel: level,
      originalFilename: "bench.xlsx",
      sourceKind: "xlsx",
      headers: HEADER,
      totalRows: 0,
      successRows: 0,
      errorCount: 0,
      addressColumn: HEADER[ADDRESS_INDEX],
      fileCount: 0,
      jobTaskId: null,
      error: null,
      createdAt: 0,
      updatedAt: 0,
      addressIndex: ADDRESS_INDEX,
    };
    await blobs.put(splitSourceKey(task), await Deno.readFile(sheetPath));
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const outcome = await runSplit(blobs, task);
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const peakMb = peakRssMb();
    let stored = 0;
    for await (const blob of blobs.list(`users/1/case_split/${task.id}/out`)) stored += blob.size;
    const figures: RunFigures = {
      rows: outcome.totalRows,
      placed: outcome.successRows,
      other: outcome.errorRows.length,
      files: outcome.files.length,
      seconds,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      peakMb,
      storedMb: stored / 1024 / 1024,
    };
    console.log(JSON.stringify(figures));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function runChild(args: string[]): Promise<string> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL(import.meta.url).pathname, ...args],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  if (!out.success) throw new Error(`child ${args[0]} failed`);
  return new TextDecoder().decode(out.stdout);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

if (Deno.args[0] === "--generate") {
  await generateSheet(Deno.args[1], Number(Deno.args[2]));
  Deno.exit(0);
}
if (Deno.args[0] === "--child") {
  await childRun(Deno.args[1], Deno.args[2] as CaseSplitLevel);
  Deno.exit(0);
}

const rows = Number(option("rows", "100000"));
const level = option("level", "city") as CaseSplitLevel;
const runs = Math.max(1, Number(option("runs", "3")));
let measured = false;

Deno.bench(`case split, ${rows} rows × 10 columns, ${level} level`, { n: 1, warmup: 0 }, async () => {
  if (measured) return; // Deno.bench may call a case again; measure once
  measured = true;
  const dir = await Deno.makeTempDir({ prefix: "case-split-bench-" });
  try {
    const sheetPath = `${dir}/sheet.xlsx`;
    await runChild(["--generate", sheetPath, String(rows)]);
    const inputMb = (await Deno.stat(sheetPath)).size / 1024 / 1024;
    console.log(`\ninput ${inputMb.toFixed(1)} MB, ${rows} rows × 10 columns, ${level} level, ${runs} runs`);
    const all: RunFigures[] = [];
    for (let i = 0; i < runs; i++) {
      const load = loadAverage();
      const f = JSON.parse(await runChild(["--child", sheetPath, level])) as RunFigures;
      all.push(f);
      console.log(
        `run ${i + 1}: ${f.seconds.toFixed(2)} s, ${Math.round(f.rows / f.seconds)} rows/s, ` +
          `CPU ${f.cpuSeconds.toFixed(2)} s, peak ${
            f.peakMb.toFixed(0)
          } MB (VmHWM of the splitting process); ` +
          `${f.placed} placed, ${f.other} in 其他, ${f.files} files + 汇总 (${f.storedMb.toFixed(1)} MB); ` +
          `load average ${load}`,
      );
    }
    const seconds = median(all.map((f) => f.seconds));
    console.log(
      `median: ${seconds.toFixed(2)} s, ${Math.round(rows / seconds)} rows/s, ` +
        `CPU ${median(all.map((f) => f.cpuSeconds)).toFixed(2)} s, ` +
        `peak ${median(all.map((f) => f.peakMb)).toFixed(0)} MB (max ${
          Math.max(...all.map((f) => f.peakMb)).toFixed(0)
        } MB)`,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
