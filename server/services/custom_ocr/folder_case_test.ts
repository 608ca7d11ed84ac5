import assert from "node:assert/strict";
import type { CaseExtraction, FieldCandidate } from "../extraction/types.ts";
import { recordResult, routeExtraction } from "./folder_case.ts";

function candidate(value: string, fileName: string, rank: number): FieldCandidate {
  return {
    value,
    normalized: value,
    source: { fileName, page: 1, line: 1, snippet: value },
    method: "rules",
    confidence: 0.9,
    rank,
  };
}

Deno.test("routeExtraction() keeps a field's values only from files the rule asks it of, and merges again", () => {
  const fromTransfer = candidate("320101199001011234", "转账记录.pdf", 4);
  const fromComplaint = candidate("110101199003074514", "起诉状.docx", 5);
  const extraction: CaseExtraction = {
    fields: {
      defendant_id_no: {
        key: "defendant_id_no",
        label: "被告身份证号",
        value: fromTransfer.value,
        found: true,
        sourceFile: "转账记录.pdf",
        source: fromTransfer.source,
        method: "rules",
        confidence: 0.9,
        candidates: [fromTransfer, fromComplaint],
        conflict: true,
      },
    },
  };
  const routed = routeExtraction(extraction, {
    files: [
      { fileName: "起诉状.docx", keys: ["defendant_id_no"] } as never,
      { fileName: "转账记录.pdf", keys: ["loan_amount"] } as never,
    ],
    fields: [{ key: "defendant_id_no", label: "被告身份证号" }, { key: "loan_amount", label: "借款金额" }],
  });
  assert.equal(routed.fields.defendant_id_no.value, "110101199003074514");
  assert.equal(routed.fields.defendant_id_no.sourceFile, "起诉状.docx");
  assert.equal(routed.fields.defendant_id_no.conflict, false);
  assert.equal(routed.fields.loan_amount.found, false);
  const { mergedResult, fieldValues } = recordResult(routed);
  assert.deepEqual(mergedResult, { defendant_id_no: "110101199003074514", loan_amount: null });
  assert.deepEqual(fieldValues.defendant_id_no, [
    { value: "110101199003074514", source: "起诉状.docx", normalized: "110101199003074514" },
  ]);
});

Deno.test("recordResult() keeps where each value was read (page, line, boxes), for the page crop", () => {
  const wrapped: FieldCandidate = {
    ...candidate("浙江省杭州市西湖区文三路478号", "起诉状.pdf", 5),
    source: {
      fileName: "起诉状.pdf",
      page: 2,
      line: 7,
      snippet: "住浙江省杭州市西湖区文三路478号",
      box: [100.04, 120, 900, 190],
      boxes: [[100.04, 120, 900, 150], [100, 160, 520.26, 190]],
    },
  };
  const typed = candidate("13800138000", "起诉状.docx", 5);
  const field = (key: string, c: FieldCandidate) => ({
    key,
    label: key,
    value: c.value,
    found: true,
    sourceFile: c.source.fileName,
    source: c.source,
    method: "rules" as const,
    confidence: 0.9,
    candidates: [c],
    conflict: false,
  });
  const { fieldValues } = recordResult({
    fields: { address: field("address", wrapped), phone: field("phone", typed) },
  });
  assert.deepEqual(fieldValues.address, [{
    value: "浙江省杭州市西湖区文三路478号",
    source: "起诉状.pdf",
    normalized: "浙江省杭州市西湖区文三路478号",
    page: 2,
    line: 7,
    box: [100, 120, 900, 190],
    boxes: [[100, 120, 900, 150], [100, 160, 520.3, 190]],
  }]);
  // A Word file has no boxes: nothing to crop, nothing kept.
  assert.deepEqual(fieldValues.phone, [{
    value: "13800138000",
    source: "起诉状.docx",
    normalized: "13800138000",
  }]);
});
