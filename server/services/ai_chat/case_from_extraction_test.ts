import assert from "node:assert/strict";
import type { OcrMergedField } from "../../../common/schemas/ocr.ts";
import { OCR_TEMPLATE_PRESETS } from "../ocr_extract/template_presets.ts";
import { caseFromExtraction, caseNameOf, fieldRole } from "./case_from_extraction.ts";
import { requirePreset } from "./presets.ts";

function merged(values: Record<string, string | null>, labels: Record<string, string>) {
  const out: Record<string, OcrMergedField> = {};
  for (const [key, label] of Object.entries(labels)) {
    const value = values[key] ?? null;
    out[key] = {
      label,
      value,
      found: value !== null,
      sourceFile: null,
      source: null,
      method: value === null ? null : "rules",
      confidence: 0.9,
      conflict: false,
      checks: [],
    };
  }
  return out;
}

const LENDING = OCR_TEMPLATE_PRESETS.find((p) => p.key === "private_lending")!;
const LABELS = Object.fromEntries(LENDING.fields.map((f) => [f.key, f.label]));

Deno.test("caseFromExtraction() fills a complaint from the 民间借贷要素 template by meaning, numbers as written", () => {
  const result = {
    mergedResult: merged({
      plaintiff_name: "李四",
      plaintiff_phone: "19184295755",
      defendant_name: "张三",
      defendant_id_no: "110101199003074514",
      defendant_phone: "0592-37404502",
      loan_amount: "50,000.00元",
      loan_date: "2024年1月5日",
      interest_rate: "年利率6%",
      due_date: "2024年12月31日",
      court: "杭州市西湖区人民法院",
      case_no: null,
    }, LABELS),
  };
  const preset = requirePreset("civil_loan_complaint");
  const data = caseFromExtraction(preset.fields, result);
  assert.deepEqual(data, {
    原告姓名: "李四",
    原告电话: "19184295755",
    被告姓名: "张三",
    被告性别: "男",
    被告出生日期: "1990年3月7日",
    被告身份证号: "110101199003074514",
    被告电话: "0592-37404502",
    借款本金: "50,000.00元",
    借款日期: "2024年1月5日",
    约定还款日期: "2024年12月31日",
    约定年利率: "年利率6%",
    受诉法院: "杭州市西湖区人民法院",
  });
  assert.equal(caseNameOf(result), "李四诉张三");
});

Deno.test("caseFromExtraction() prefers the same key or label; an invalid ID gives no 性别; unfound values stay gaps", () => {
  const result = {
    mergedResult: merged(
      { 原告姓名: "王五", plaintiff_name: "李四", defendant_id_no: "110101199003074515" },
      {
        原告姓名: "原告姓名",
        plaintiff_name: "出借人",
        defendant_id_no: "借款人身份证号",
        court: "受理法院",
      },
    ),
  };
  assert.deepEqual(
    caseFromExtraction([
      { key: "原告姓名", label: "原告姓名" },
      { key: "被告性别", label: "被告性别" },
      { key: "受诉法院", label: "受诉法院" },
    ], result),
    { 原告姓名: "王五" },
  );
});

Deno.test("fieldRole() reads parties and facts with the extraction's vocabulary; a party's 性别 is not its name", () => {
  assert.deepEqual(fieldRole({ key: "被告性别", label: "被告性别" }), {
    party: "debtor",
    attribute: "gender",
    fact: null,
  });
  assert.deepEqual(fieldRole({ key: "x", label: "出借人" }), {
    party: "creditor",
    attribute: "name",
    fact: null,
  });
  assert.deepEqual(fieldRole({ key: "受诉法院", label: "受诉法院" }), {
    party: null,
    attribute: null,
    fact: "court",
  });
});
