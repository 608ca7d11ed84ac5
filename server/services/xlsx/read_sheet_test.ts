import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { readSheet } from "./read_sheet.ts";
import { appErrorOf } from "../../../tests/helpers/app_error.ts";

function workbookBytes(
  rows: unknown[][],
  book: "xlsx" | "biff8" = "xlsx",
  edit?: (ws: XLSX.WorkSheet) => void,
): Uint8Array {
  const ws = XLSX.utils.aoa_to_sheet(rows);
  edit?.(ws);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, "当事人");
  return new Uint8Array(XLSX.write(wb, { type: "array", bookType: book }));
}

Deno.test("readSheet() reads headers and rows of a real xlsx, cells as the user sees them", async () => {
  const bytes = workbookBytes(
    [
      ["姓名", "金额", "签订日期", "比例", "已结清", "编号"],
      ["张三", 1234.5, 46027, 0.25, true, 1001],
      [],
      ["李四", 88, 46028, 0.5, false, null],
    ],
    "xlsx",
    (ws) => {
      for (const ref of ["C2", "C4"]) ws[ref].z = "yyyy-mm-dd";
      for (const ref of ["D2", "D4"]) ws[ref].z = "0%";
      ws["B2"].z = "#,##0.00";
    },
  );
  const sheet = await readSheet(bytes);
  assert.equal(sheet.sheetName, "当事人");
  assert.deepEqual(sheet.headers, ["姓名", "金额", "签订日期", "比例", "已结清", "编号"]);
  assert.deepEqual(sheet.rows, [
    ["张三", "1,234.50", "2026-01-05", "25%", true, 1001],
    ["李四", 88, "2026-01-06", "50%", false, null],
  ]);
  assert.equal(sheet.totalRows, 2);
});

Deno.test("readSheet() reads an old .xls (BIFF8)", async () => {
  const sheet = await readSheet(
    workbookBytes([["案号", "被申请人"], ["（2026）粤01民初1号", "王五"]], "biff8"),
  );
  assert.deepEqual(sheet.headers, ["案号", "被申请人"]);
  assert.deepEqual(sheet.rows, [["（2026）粤01民初1号", "王五"]]);
});

Deno.test("readSheet() answers garbage bytes with a Chinese FILE_PARSE_FAILED", async () => {
  const err = await appErrorOf(readSheet(new TextEncoder().encode("姓名,金额\n张三,1\n")));
  assert.equal(err.code, "FILE_PARSE_FAILED");
  assert.equal(err.message, "文件解析失败：不是有效的Excel文件，请上传 .xlsx 或 .xls 格式的表格");
  const broken = workbookBytes([["a"], [1]]).slice(0, 300); // a zip cut short
  assert.equal(
    (await appErrorOf(readSheet(broken))).message,
    "文件解析失败：文件已损坏或不是有效的Excel文件",
  );
});

Deno.test("readSheet() refuses an empty sheet, a sheet with no data rows, and a missing header row", async () => {
  const empty = await appErrorOf(readSheet(workbookBytes([])));
  assert.equal(empty.message, "文件解析失败：表格中没有数据");
  const headerOnly = await appErrorOf(readSheet(workbookBytes([["姓名", "金额"]])));
  assert.equal(headerOnly.message, "文件解析失败：表格中没有数据");
  const noHeader = await appErrorOf(readSheet(workbookBytes([[null, null], ["张三", 1]], "xlsx", (ws) => {
    ws["!ref"] = "A1:B2";
  })));
  assert.equal(noHeader.message, "文件解析失败：表格第一行没有表头");
});

Deno.test("readSheet() enforces the row and column caps", async () => {
  const rows = [["h"], [1], [2], [3]];
  const tooMany = await appErrorOf(readSheet(workbookBytes(rows), { maxRows: 2 }));
  assert.equal(tooMany.message, "文件解析失败：表格数据行数超过上限2行");
  assert.equal((await readSheet(workbookBytes(rows), { maxRows: 3 })).totalRows, 3);
  const wide = await appErrorOf(readSheet(workbookBytes([["a", "b", "c"], [1, 2, 3]]), { maxColumns: 2 }));
  assert.equal(wide.message, "文件解析失败：表格列数超过上限2列");
  const big = await appErrorOf(readSheet(new Uint8Array(2048), { maxInputBytes: 1024 }));
  assert.equal(big.code, "FILE_TOO_LARGE");
});

/** Rewrites every central-directory entry to declare `size` uncompressed bytes (the data stays as it was). */
function declareUncompressed(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let p = 0; p + 46 <= out.length; p++) {
    if (view.getUint32(p, true) === 0x02014b50) view.setUint32(p + 24, size, true);
  }
  return out;
}

Deno.test("readSheet() refuses a zip whose central directory declares more than the cap, before parsing", async () => {
  const bytes = workbookBytes([["姓名"], ["张三"]]);
  const bomb = declareUncompressed(bytes, 40 * 1024 * 1024); // ~10 entries × 40 MB > 200 MB
  const err = await appErrorOf(readSheet(bomb));
  assert.equal(err.code, "FILE_PARSE_FAILED");
  assert.equal(err.message, "文件解析失败：文件解压后超过200MB，已拒绝处理");
  // The same file within a smaller cap is refused too; the untouched file still parses.
  assert.equal(
    (await appErrorOf(readSheet(workbookBytes([["a"], [1]]), { maxUncompressedBytes: 100 }))).code,
    "FILE_PARSE_FAILED",
  );
  assert.deepEqual((await readSheet(bytes)).rows, [["张三"]]);
});
