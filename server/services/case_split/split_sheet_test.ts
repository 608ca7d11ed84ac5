import assert from "node:assert/strict";
import ExcelJS from "exceljs";
import { Writable } from "node:stream";
import * as XLSX from "xlsx";
import { headerLabels, inspectXlsx, type SplitEvent, splitSheet } from "./split_sheet.ts";

/** Generous: under `deno test` the worker module is type-checked when the worker starts (10-20 s on a loaded
 * 2-core machine); these tests check behaviour, not speed. */
const WORKER_TIME_LIMIT = 120_000;

/** An .xlsx as Excel stores it: shared strings after the worksheet (exceljs's writer does the same). */
async function excelStyleWorkbook(rows: unknown[][]): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const stream = new Writable({
    write(chunk, _e, cb) {
      chunks.push(new Uint8Array(chunk));
      cb();
    },
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: true, useStyles: true });
  const sheet = wb.addWorksheet("案件");
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await wb.commit();
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) out.set(c, at), at += c.length;
  return out;
}

Deno.test("headerLabels() names empty and repeated header cells so each column can be picked", () => {
  assert.deepEqual(headerLabels([" 地址 ", null, "地址", "", "案号"]), [
    "地址",
    "第2列",
    "地址(2)",
    "第4列",
    "案号",
  ]);
});

Deno.test("inspectXlsx() reads a workbook whose shared strings follow the sheet, in a worker without permissions", async () => {
  const bytes = await excelStyleWorkbook([["案号", "住所地"], ["1", "杭州市西湖区"], [], [
    "3",
    "广州市天河区",
  ]]);
  assert.deepEqual(await inspectXlsx(bytes, { timeoutMs: WORKER_TIME_LIMIT }), {
    headers: ["案号", "住所地"],
    totalRows: 2,
  });
});

Deno.test("splitSheet() streams one workbook per region with the rows' original values, dates included", async () => {
  const date = new Date(Date.UTC(2024, 2, 5));
  const bytes = await excelStyleWorkbook([
    ["案号", "住所地", "立案日期", "金额"],
    ["A1", "杭州市西湖区", date, 12.5],
    ["A2", "火星", date, 1],
    ["A3", "浙江杭州上城区", null, 3],
  ]);
  const files = new Map<string, Uint8Array[]>();
  const events: string[] = [];
  const outcome = await splitSheet({
    source: { bytes },
    addressIndex: 1,
    level: "city",
    timeoutMs: WORKER_TIME_LIMIT,
    onEvent: (e: SplitEvent) => {
      if (e.type !== "chunk") events.push(`${e.type}${"file" in e ? ` ${e.file}` : ""}`);
      if (e.type === "open") files.set(e.file, []);
      if (e.type === "chunk") files.get(e.file)!.push(e.bytes);
    },
  });
  assert.deepEqual(outcome.files, [
    { region: "杭州市", code: "330100", count: 2, file: "region-0001.xlsx" },
    { region: "其他", code: null, count: 1, file: "other.xlsx" },
  ]);
  assert.deepEqual(outcome.errorRows, [{ rowIndex: 3, address: "火星", reason: "无法识别地区" }]);
  assert.ok(events.includes("close summary.xlsx"));
  const wb = XLSX.read(
    new Uint8Array(await new Blob(files.get("region-0001.xlsx")! as Uint8Array<ArrayBuffer>[]).arrayBuffer()),
    {
      type: "array",
      cellDates: true,
      cellStyles: true,
    },
  );
  const rows = XLSX.utils.sheet_to_json(wb.Sheets[wb.SheetNames[0]], { header: 1, defval: null });
  // columns fitted to their content (#16 item 8): the address column is wider than the minimum
  assert.deepEqual(wb.Sheets[wb.SheetNames[0]]["!cols"]?.map((c) => c.width), [8, 16, 21, 8]);
  assert.deepEqual(rows, [["案号", "住所地", "立案日期", "金额"], ["A1", "杭州市西湖区", date, 12.5], [
    "A3",
    "浙江杭州上城区",
    null,
    3,
  ]]);
});

Deno.test("splitSheet() writes the 汇总 workbook: overview, every region's rows in file order, then the unplaced rows", async () => {
  const moment = new Date(Date.UTC(2024, 4, 6, 9, 30));
  const bytes = await excelStyleWorkbook([
    ["案号", "住所地", "开庭时间", "已结"],
    ["C1", "广州市天河区", moment, true],
    ["C2", "杭州市西湖区", null, false],
    ["C3", "广东省广州市越秀区", null, null],
    ["C4", "", null, null],
  ]);
  const files = new Map<string, Uint8Array[]>();
  const outcome = await splitSheet({
    source: { bytes },
    addressIndex: 1,
    level: "city",
    timeoutMs: WORKER_TIME_LIMIT,
    onEvent: (e: SplitEvent) => {
      if (e.type === "open") files.set(e.file, []);
      if (e.type === "chunk") files.get(e.file)!.push(e.bytes);
    },
  });
  assert.deepEqual(outcome.files.map((f) => [f.region, f.count, f.file]), [
    ["广州市", 2, "region-0001.xlsx"],
    ["杭州市", 1, "region-0002.xlsx"],
    ["其他", 1, "other.xlsx"],
  ]);
  assert.deepEqual([...files.keys()].sort(), [
    "other.xlsx",
    "region-0001.xlsx",
    "region-0002.xlsx",
    "summary.xlsx",
  ]);
  const read = async (file: string) =>
    XLSX.read(
      new Uint8Array(await new Blob(files.get(file)! as Uint8Array<ArrayBuffer>[]).arrayBuffer()),
      { type: "array", cellDates: true },
    );
  const rowsOf = (wb: XLSX.WorkBook, name: string) =>
    XLSX.utils.sheet_to_json(wb.Sheets[name], { header: 1, defval: null });
  const summary = await read("summary.xlsx");
  assert.deepEqual(summary.SheetNames, ["汇总", "广州市", "杭州市", "其他", "未识别明细"]);
  assert.deepEqual(rowsOf(summary, "汇总"), [
    ["地区", "案件数量", "占比"],
    ["广州市", 2, "50%"],
    ["杭州市", 1, "25%"],
    ["其他", 1, "25%"],
    ["合计", 4, "100%"],
  ]);
  const header = ["案号", "住所地", "开庭时间", "已结"];
  assert.deepEqual(rowsOf(summary, "广州市"), [header, ["C1", "广州市天河区", moment, true], [
    "C3",
    "广东省广州市越秀区",
    null,
    null,
  ]]);
  assert.deepEqual(rowsOf(summary, "其他"), [header, ["C4", null, null, null]]);
  assert.deepEqual(rowsOf(summary, "未识别明细"), [["行号", "地址", "原因"], [5, null, "地址为空"]]);
  const region = await read("region-0001.xlsx");
  assert.deepEqual(region.SheetNames, ["广州市"]);
  assert.deepEqual(rowsOf(region, "广州市"), rowsOf(summary, "广州市"));
});
