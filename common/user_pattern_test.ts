import assert from "node:assert/strict";
import {
  compileUserPattern,
  USER_PATTERN_MAX_WEIGHT,
  userPatternProblem,
  userPatternsProblem,
  userPatternWeight,
} from "./user_pattern.ts";

function matches(pattern: string, text: string): boolean {
  const compiled = compileUserPattern(pattern);
  if (!compiled.ok) throw new Error(compiled.problem);
  return compiled.pattern.test(text);
}

Deno.test("compileUserPattern() finds what JavaScript's RegExp finds, for the syntax rules use", () => {
  const names = [
    "张三起诉状.pdf",
    "借款合同（签字版）.docx",
    "证据-转账记录12.xlsx",
    "转账记录1234.xlsx",
    "身份证 正面.jpg",
    "身份证\u3000反面.png",
    "判决书.PDF",
    "aab.txt",
    "A-1.txt",
    "x\ny",
    "€5.pdf",
    "😀表情.png",
  ];
  const patterns = [
    ".*起诉状.*",
    "(借条|借款合同)",
    "^(?:证据-)?转账记录\\d{1,3}\\.xlsx$",
    "[（(]签字版[)）]",
    "(?<kind>判决书)",
    "a{2,5}b?",
    "身份证\\s正面",
    "身份证\\s反面",
    "\\S+\\.png$",
    "^[^.]+\\.pdf$",
    "\\bA\\b",
    "x.y",
    "[^]",
    "\\u20ac",
    "\\x41-",
    "\\ud83d\\ude00",
    "\\Q",
    "\\.PDF$",
    "[\\w-]+\\.txt",
    "a{,3}",
    "证据-?转账",
  ];
  for (const p of patterns) {
    for (const name of names) {
      assert.equal(matches(p, name), new RegExp(p).test(name), `${p} on ${JSON.stringify(name)}`);
    }
  }
});

Deno.test("userPatternProblem() refuses what RE2 cannot run, in Chinese, and invalid or empty patterns", () => {
  assert.equal(userPatternProblem(""), "存在空的匹配规则");
  assert.equal(userPatternProblem("  "), "存在空的匹配规则");
  assert.equal(userPatternProblem("a".repeat(256)), "匹配规则不能超过255个字符");
  assert.match(userPatternProblem("(")!, /不是有效的正则表达式/);
  assert.match(userPatternProblem("[a-")!, /不是有效的正则表达式/);
  assert.match(userPatternProblem("(a)\\1")!, /不支持反向引用/);
  assert.match(userPatternProblem("(?<x>a)\\k<x>")!, /不支持反向引用/);
  for (const p of ["a(?=b)", "a(?!b)", "(?<=a)b", "(?<!a)b"]) {
    assert.match(userPatternProblem(p)!, /不支持前瞻或后顾断言/, p);
  }
  assert.match(userPatternProblem("(a{0,100}){0,100}")!, /重复次数过大/);
  assert.match(userPatternProblem(".{0,1000}".repeat(28))!, /重复次数过大/);
});

Deno.test("userPatternWeight() bounds the program RE2 builds; one rule's patterns are bounded together", () => {
  assert.equal(userPatternWeight("起诉状"), 3);
  assert.equal(userPatternWeight("a{0,40}a{0,40}a{0,40}a{0,40}!"), 161);
  assert.equal(userPatternWeight("((a{0,5}){0,5}){0,5}b"), 126);
  assert.equal(userPatternWeight("(借条|借款合同)"), 6);
  assert.ok(userPatternWeight("[\\s\\S]{99}".repeat(6)) > USER_PATTERN_MAX_WEIGHT);
  assert.equal(userPatternsProblem(["起诉状", "借条|欠条"]), null);
  assert.equal(
    userPatternsProblem(Array(5).fill("[\\s\\S]{25}".repeat(10))),
    "匹配规则的重复次数合计过大，请减少或简化匹配规则",
  );
});

/**
 * The patterns of issue #25 finding 1. The check before RE2 counted only `*`, `+` and `{n,}` and
 * accepted every one of them; JavaScript's RegExp then took seconds to minutes on these names.
 */
const PATHOLOGICAL: [string, string][] = [
  ["a{0,40}a{0,40}a{0,40}a{0,40}!", "a".repeat(120)],
  ["a{0,60}a{0,60}a{0,60}a{0,60}a{0,60}!", "a".repeat(250)],
  ["(a|aa){0,30}(a|aa){0,30}!", "a".repeat(200)],
  ["((a{0,5}){0,5}){0,5}b", "a".repeat(250)],
  ["(a+)+$x", "a".repeat(250)],
  ["(.*)*x", "y".repeat(250)],
  // the heaviest shape found under USER_PATTERN_MAX_WEIGHT (RE2 falls back from its DFA here)
  ["[\\s\\S]{51}".repeat(10), "a".repeat(255)],
];

Deno.test("compileUserPattern() runs the issue's stalling patterns in bounded time", () => {
  for (const [p, name] of PATHOLOGICAL) {
    const t0 = performance.now();
    assert.equal(matches(p, name), false, p);
    const ms = performance.now() - t0;
    assert.ok(ms < 250, `${p}: ${ms.toFixed(0)} ms`);
  }
});
