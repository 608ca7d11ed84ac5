import assert from "node:assert/strict";
import { patternFromWords, wordsFromPattern } from "./pattern_mode.ts";

Deno.test("patternFromWords() joins the words as alternatives and escapes what a regex would read", () => {
  assert.equal(patternFromWords("起诉状"), "起诉状");
  assert.equal(patternFromWords("起诉状、借条， 身份证"), "起诉状|借条|身份证");
  assert.equal(patternFromWords("判决书(2024).pdf"), "判决书\\(2024\\)\\.pdf");
  assert.ok(new RegExp(patternFromWords("借条、转账")).test("证据-转账记录.jpg"));
});

Deno.test("wordsFromPattern() reads plain patterns back as words; real regular expressions stay 正则", () => {
  assert.equal(wordsFromPattern(".*起诉状.*"), "起诉状");
  assert.equal(wordsFromPattern(".*(起诉状|借条).*"), "起诉状、借条");
  assert.equal(wordsFromPattern("身份证.*\\.(jpg|png)"), null);
  assert.equal(wordsFromPattern("^借条"), null);
  assert.equal(wordsFromPattern(patternFromWords("借条、转账")), "借条、转账");
});
