import assert from "node:assert/strict";
import { checkExcelFile, checkExcelRows } from "./excel_checks.ts";

const MB = 1024 * 1024;

Deno.test("checkExcelFile() asks for a template first, then the type, then the size", () => {
  assert.equal(checkExcelFile({ name: "a.pdf", size: 20 * MB }, false), "请先选择或上传模板");
  assert.equal(checkExcelFile({ name: "a.csv", size: 10 }, true), "只能上传 Excel 文件!");
  assert.equal(checkExcelFile({ name: "案件.XLSX", size: 10 * MB }, true), "文件大小不能超过 10MB!");
  assert.equal(checkExcelFile({ name: "案件.xls", size: 10 * MB - 1 }, true), null);
  assert.equal(checkExcelFile({ name: "案件.xlsx", size: 1 }, true), null);
});

Deno.test("checkExcelRows() refuses an empty sheet and more rows than remaining uses, with the spec's text", () => {
  assert.equal(checkExcelRows(0, 5), "Excel 文件中没有数据!");
  assert.equal(checkExcelRows(6, 5), "使用次数不足！需要 6 次，剩余 5 次");
  assert.equal(checkExcelRows(5, 5), null);
  assert.equal(checkExcelRows(500, null), null);
});
