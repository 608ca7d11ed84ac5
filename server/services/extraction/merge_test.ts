import assert from "node:assert/strict";
import { mergeCaseFields } from "./merge.ts";
import type { FieldCandidate } from "./types.ts";

function cand(
  fileName: string,
  docKind: string,
  rank: number,
  value: string,
  extra: Partial<FieldCandidate> = {},
) {
  const c: FieldCandidate = {
    value,
    normalized: value,
    source: { fileName, page: 1, line: 1, snippet: value },
    method: "rules",
    confidence: 0.8,
    docKind,
    rank,
    ...extra,
  };
  return c;
}
const spec = [{ key: "defendant_id_no", label: "被告身份证号" }, { key: "other", label: "其他" }];

Deno.test("merge: the most authoritative document wins, the rest are kept, conflict flagged", () => {
  const r = mergeCaseFields([
    { defendant_id_no: [cand("起诉状.docx", "起诉状", 5, "A")] },
    { defendant_id_no: [cand("判决书.pdf", "判决书", 2, "B")] },
    { defendant_id_no: [cand("被告身份证.jpg", "身份证", 1, "B", { confidence: 0.6 })] },
  ], spec);
  const f = r.fields.defendant_id_no;
  assert.equal(f.value, "B");
  assert.equal(f.sourceFile, "被告身份证.jpg");
  assert.equal(f.found, true);
  assert.equal(f.conflict, true);
  assert.equal(f.candidates.length, 3);
  assert.equal(f.candidates[2].value, "A");
  // agreement of two files raises the confidence above the winner's own
  assert.ok(f.confidence > 0.6);
  assert.deepEqual(r.fields.other, {
    key: "other",
    label: "其他",
    value: null,
    found: false,
    sourceFile: null,
    source: null,
    method: null,
    confidence: 0,
    candidates: [],
    conflict: false,
  });
});

Deno.test("merge: agreeing files give no conflict and a higher confidence", () => {
  const one =
    mergeCaseFields([{ defendant_id_no: [cand("a.pdf", "借款合同", 3, "X")] }], spec).fields.defendant_id_no;
  const two = mergeCaseFields([
    { defendant_id_no: [cand("a.pdf", "借款合同", 3, "X")] },
    { defendant_id_no: [cand("b.pdf", "起诉状", 5, "X")] },
  ], spec).fields.defendant_id_no;
  assert.equal(two.conflict, false);
  assert.ok(two.confidence > one.confidence);
});

Deno.test("merge: an unverified model value never wins over a verified one", () => {
  const f = mergeCaseFields([
    {
      defendant_id_no: [
        cand("身份证.jpg", "身份证", 1, "M", { method: "model", unverified: true, confidence: 0.9 }),
      ],
    },
    { defendant_id_no: [cand("起诉状.docx", "起诉状", 5, "R")] },
  ], spec).fields.defendant_id_no;
  assert.equal(f.value, "R");
  assert.equal(f.candidates[1].unverified, true);
});

Deno.test("merge: an unverified model value alone is offered as a candidate, never chosen or found", () => {
  const f = mergeCaseFields([
    {
      defendant_id_no: [
        cand("申请书.pdf", "申请书", 3, "9990000", {
          method: "model",
          unverified: true,
          confidence: 0.9,
          checks: ["模型推断，无原文"],
        }),
      ],
    },
  ], spec).fields.defendant_id_no;
  assert.deepEqual(
    [f.value, f.found, f.sourceFile, f.source, f.method, f.confidence],
    [null, false, null, null, null, 0],
  );
  assert.deepEqual(f.candidates.map((c) => [c.value, c.unverified]), [["9990000", true]]);
});

Deno.test("merge: two equally authoritative files that disagree give no value (precision first)", () => {
  const f = mergeCaseFields([
    { defendant_id_no: [cand("起诉状.docx", "起诉状", 5, "A")] },
    { defendant_id_no: [cand("律师函.docx", "律师函", 5, "B")] },
  ], spec).fields.defendant_id_no;
  assert.equal(f.found, false);
  assert.equal(f.value, null);
  assert.equal(f.conflict, true);
  assert.equal(f.candidates.length, 2);
});

Deno.test("merge: a candidate a validator refused ranks after every validated one, whatever its document", () => {
  const f = mergeCaseFields([
    {
      defendant_id_no: [
        cand("身份证.jpg", "身份证", 1, "勤州区", { checks: ["区县无法识别，可能识别有误"] }),
      ],
    },
    { defendant_id_no: [cand("起诉状.docx", "起诉状", 5, "鄞州区")] },
  ], spec).fields.defendant_id_no;
  assert.equal(f.value, "鄞州区");
  assert.equal(f.conflict, true);
});

Deno.test("merge: a value that failed its validator alone is shown as a candidate but not chosen", () => {
  const f = mergeCaseFields([
    {
      defendant_id_no: [
        cand("身份证.jpg", "身份证", 1, "勤州区", { checks: ["区县无法识别，可能识别有误"] }),
      ],
    },
  ], spec).fields.defendant_id_no;
  assert.equal(f.found, false);
  assert.equal(f.candidates.length, 1);
});
