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
