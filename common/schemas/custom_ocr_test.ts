import assert from "node:assert/strict";
import { customRuleBody } from "./custom_ocr.ts";

function ruleWith(pattern: string) {
  return { rule_name: "规则", patterns: [{ pattern, fields: [{ key: "name", label: "姓名" }] }] };
}

Deno.test("customRuleBody accepts the file-name patterns rules are made of", () => {
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
  ) assert.equal(customRuleBody.safeParse(ruleWith(p)).success, true, p);
});

Deno.test("customRuleBody refuses a back-reference with its Chinese message on the pattern", () => {
  const parsed = customRuleBody.safeParse(ruleWith("(a)\\1"));
  assert.equal(parsed.success, false);
  assert.match(parsed.error!.issues[0].message, /不支持反向引用/);
  assert.deepEqual(parsed.error!.issues[0].path, ["patterns", 0, "pattern"]);
});
