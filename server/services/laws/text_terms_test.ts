import assert from "node:assert/strict";
import { bigramTerms, forEachBigramKey, termKey } from "./text_terms.ts";

Deno.test("bigram keys equal the keys of the bigram strings, lone characters and ASCII words included", () => {
  for (const text of ["借款合同，利率LPR四倍。", "第一条 甲", "a", "民间借贷 2020年 第26条", "﨑﨑 compat"]) {
    const keys: (number | string)[] = [];
    forEachBigramKey(text, (k) => keys.push(k));
    assert.deepEqual(keys, bigramTerms(text).map(termKey), text);
  }
  assert.equal(typeof termKey("借款"), "number");
  assert.notEqual(termKey("借款"), termKey("款借"));
  assert.equal(termKey("借款人"), "借款人");
});
