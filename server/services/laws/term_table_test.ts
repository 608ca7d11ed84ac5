import assert from "node:assert/strict";
import { expandTerms, type TermTable, termTableFromData, termTableToData } from "./term_table.ts";

const TABLE: TermTable = {
  translations: new Map([
    ["欠钱", [["借款", 0.4], ["偿还", 0.2]]],
    ["不还", [["偿还", 0.3], ["逾期", 0.1]]],
  ]),
  weights: new Map([["是否", 0.25], ["离婚", 1.5]]),
};

Deno.test("expandTerms() sums the probabilities over the question's bigrams and skips its own terms", () => {
  const out = expandTerms(TABLE, new Map([["欠钱", 1], ["不还", 1], ["逾期", 1]]));
  assert.deepEqual([...out.keys()], ["偿还", "借款"]);
  assert.ok(Math.abs(out.get("偿还")! - 0.5) < 1e-9);
  assert.equal(expandTerms(TABLE, new Map([["离婚", 1]])).size, 0);
});

Deno.test("termTableToData() and termTableFromData() keep the table", () => {
  assert.deepEqual(termTableFromData(termTableToData(TABLE)), TABLE);
});
