import assert from "node:assert/strict";
import { SearchIndex } from "./search_index.ts";

const DOCS = [
  { text: "借款人应当按照约定的期限返还借款。", context: "民法典 合同编 借款合同" },
  { text: "出借人请求借款人按照合同约定利率支付利息的，人民法院应予支持。", context: "民间借贷规定" },
  { text: "离婚时，夫妻的共同财产由双方协议处理。", context: "民法典 婚姻家庭编" },
  { text: "借款的利息不得预先在本金中扣除。借款利息", context: "民法典 合同编 借款合同" },
];

Deno.test("fieldScores() gives each listed doc the BM25 score() adds, split by field", () => {
  const index = new SearchIndex(DOCS);
  const terms = new Map([["借款", 1], ["利息", 0.5], ["合同", 1]]);
  const all = new Float32Array(index.size);
  index.score(terms, all);
  const docs = [3, 0, 2, 1];
  const { text, context } = index.fieldScores(terms, docs);
  docs.forEach((d, k) => assert.ok(Math.abs(text[k] + 0.6 * context[k] - all[d]) < 1e-4, `doc ${d}`));
  assert.equal(text[2] + context[2], 0, "the divorce article holds none of the terms");
  assert.ok(context[0] > 0 && text[0] > 0);
});
