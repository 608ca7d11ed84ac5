import assert from "node:assert/strict";
import { caseFromExtraction } from "./case_from_extraction.ts";

Deno.test("caseFromExtraction() matches fields by key, then by label ignoring brackets; unfound values stay gaps", () => {
  const fields = [
    { key: "原告姓名", label: "原告姓名" },
    { key: "借款本金", label: "借款本金（元）" },
    { key: "被告姓名", label: "被告姓名" },
    { key: "受诉法院", label: "受诉法院" },
  ];
  const merged = {
    原告姓名: { label: "原告姓名", value: " 李明 ", found: true },
    amount: { label: "借款本金", value: "50000", found: true },
    defendant: { label: "被告姓名：", value: "王强", found: true },
    court: { label: "受诉法院", value: null, found: false },
  };
  assert.deepEqual(caseFromExtraction(fields, merged), {
    原告姓名: "李明",
    借款本金: "50000",
    被告姓名: "王强",
  });
});
