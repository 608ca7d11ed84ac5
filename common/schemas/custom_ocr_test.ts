import assert from "node:assert/strict";
import { customPatternProblem, searchablePattern } from "./custom_ocr.ts";

Deno.test("customPatternProblem() accepts the file-name patterns rules are made of", () => {
  for (
    const p of [
      ".*起诉状.*",
      ".*(借条|借款合同).*",
      "身份证.*\\.(jpg|png)",
      "借条|欠条",
      "^(?:证据-)?转账记录\\d{1,3}\\.xlsx$",
      "[（(]签字版[)）]",
      "(?<kind>判决书)",
      "a{2,5}b?",
    ]
  ) assert.equal(customPatternProblem(p), null, p);
});

Deno.test("searchablePattern() drops a leading and a trailing .* only", () => {
  assert.equal(searchablePattern(".*起诉状.*"), "起诉状");
  assert.equal(searchablePattern(".*(借条|借款合同).*"), "(借条|借款合同)");
  assert.equal(searchablePattern(".*?a"), ".*?a");
  assert.equal(searchablePattern("a\\.*"), "a\\.*");
  assert.equal(searchablePattern("^a.*$"), "^a.*$");
  assert.equal(searchablePattern(".*"), "", "matches every name, as .* does");
});

Deno.test("customPatternProblem() refuses invalid, empty, long and backtracking-prone patterns", () => {
  assert.equal(customPatternProblem(""), "存在空的匹配规则");
  assert.equal(customPatternProblem("  "), "存在空的匹配规则");
  assert.equal(customPatternProblem("a".repeat(256)), "匹配规则不能超过255个字符");
  assert.match(customPatternProblem("(")!, /不是有效的正则表达式/);
  assert.match(customPatternProblem("[a-")!, /不是有效的正则表达式/);
  for (const p of ["(a+)+$", "(a|a)*b", "(.*)*x", "(x+x+)+y", "((ab)*c)+", "(a|b){2,}", "(\\w+\\s?)*$"]) {
    assert.match(customPatternProblem(p) ?? "", /过于复杂/, p);
  }
  assert.match(customPatternProblem("(a)\\1")!, /反向引用/);
  assert.match(customPatternProblem(".*a.*a.*a.*b")!, /过于复杂/);
  assert.match(customPatternProblem("\\w+\\w+\\w+$x")!, /过于复杂/);
});

Deno.test("an accepted pattern at its worst runs in bounded time on a 255-character name", () => {
  const name = "a".repeat(254) + "!";
  for (const p of [".*a.*a.*b", "a*a*b", "(?:a|b)c*d", "\\w+\\w+$x", ".*(a|b).*a.*"]) {
    assert.equal(customPatternProblem(p), null, p);
    const t0 = performance.now();
    new RegExp(searchablePattern(p)).test(name);
    const ms = performance.now() - t0;
    assert.ok(ms < 2000, `${p}: ${ms.toFixed(0)} ms`);
    console.log(`${p}: ${ms.toFixed(1)} ms`);
  }
});
