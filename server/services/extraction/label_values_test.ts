import assert from "node:assert/strict";
import { extractCaseFields } from "./extract_case_fields.ts";
import { docOf } from "./test_docs.ts";

Deno.test("generic fields are read next to their label: same line, next line, table cells, sheet cells", async () => {
  const doc = docOf("借款合同.docx", [
    "合同编号：JK2024-0001",
    "保证人：",
    "郑七",
    "担保方式 | 连带责任保证 | 保证金额 | 人民币伍万元整",
    "放款日期：2024年3月5日",
  ]);
  const sheet = docOf("台账.xlsx", ["序号：1，客户经理：孙八，联系电话：13500006666"], { method: "sheet" });
  const r = await extractCaseFields([doc, sheet], [
    { key: "contract_no", label: "合同编号" },
    { key: "guarantor", label: "保证人" },
    { key: "guarantee_type", label: "担保方式" },
    { key: "guarantee_amount", label: "保证金额" },
    { key: "manager", label: "客户经理" },
    { key: "missing", label: "抵押物" },
  ]);
  assert.equal(r.fields.contract_no.value, "JK2024-0001");
  assert.equal(r.fields.guarantor.value, "郑七");
  assert.equal(r.fields.guarantor.source?.line, 3);
  assert.equal(r.fields.guarantee_type.value, "连带责任保证");
  assert.equal(r.fields.guarantee_amount.candidates[0].normalized, "50000");
  assert.equal(r.fields.guarantee_amount.value, "50000.00"); // 人民币伍万元整 as a clerk exports it
  assert.equal(
    r.fields.guarantee_amount.source?.snippet,
    "担保方式 | 连带责任保证 | 保证金额 | 人民币伍万元整",
  );
  assert.equal(r.fields.manager.value, "孙八");
  assert.equal(r.fields.missing.found, false);
});
