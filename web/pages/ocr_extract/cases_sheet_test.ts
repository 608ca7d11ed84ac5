import assert from "node:assert/strict";
import type { OcrBatchResult, OcrMergedField } from "../../../common/schemas/ocr.ts";
import { casesSheet } from "./cases_sheet.ts";

function result(templateName: string, fields: [string, string, string | null][]): OcrBatchResult {
  const mergedResult: Record<string, OcrMergedField> = {};
  for (const [key, label, value] of fields) {
    mergedResult[key] = {
      label,
      value,
      found: value !== null,
      sourceFile: null,
      source: null,
      method: null,
      confidence: 0,
      conflict: false,
      checks: [],
    };
  }
  return {
    batchId: templateName,
    templateId: templateName,
    templateName,
    fieldOrder: fields.map(([key]) => key),
    mergedResult,
    fieldValues: {},
    fileResults: [],
    createdAt: "2026-11-28T02:00:00.000Z",
    updatedAt: "2026-11-28T02:00:00.000Z",
  };
}

Deno.test("casesSheet() gives one row per case and one column per field label, shared across templates", () => {
  const sheet = casesSheet([
    { caseName: "李四诉张三", result: result("借贷", [["a", "出借人", "李四"], ["b", "借款金额", "5万元"]]) },
    {
      caseName: "王五诉赵六",
      result: result("借贷2", [["x", "借款金额", null], ["y", "受理法院", "西湖法院"]]),
    },
  ]);
  assert.deepEqual(sheet.header, ["案件", "模板", "处理日期", "出借人", "借款金额", "受理法院"]);
  assert.deepEqual(sheet.rows, [
    ["李四诉张三", "借贷", "2026-11-28", "李四", "5万元", ""],
    ["王五诉赵六", "借贷2", "2026-11-28", "", "", "西湖法院"],
  ]);
});
