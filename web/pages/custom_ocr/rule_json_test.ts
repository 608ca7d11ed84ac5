import assert from "node:assert/strict";
import { rulesFromJson, ruleToJson } from "./rule_json.ts";

const VIEW = {
  id: "r1",
  rule_name: "借贷",
  description: "说明",
  patterns: [{ id: "p1", file_pattern: "起诉状" }, { id: "p2", file_pattern: "借条" }],
  fields: [
    { id: "f1", pattern_id: "p1", field_key: "原告", field_label: "原告", field_prompt: "" },
    { id: "f2", pattern_id: null, field_key: "案号", field_label: "案号", field_prompt: "如（2024）" },
  ],
  created_at: "",
  updated_at: "",
};

Deno.test("ruleToJson() and rulesFromJson() round-trip a rule in the create call's shape", () => {
  const json = ruleToJson(VIEW);
  assert.deepEqual(json.patterns.map((p) => [p.pattern, p.fields.length]), [["起诉状", 1], ["借条", 0]]);
  const back = rulesFromJson(JSON.stringify(json));
  assert.deepEqual(back, { rules: [json] });
  const two = rulesFromJson(`\uFEFF${JSON.stringify([json, { ...json, rule_name: "另一条" }])}`);
  assert.equal("rules" in two && two.rules.length, 2);
});

Deno.test("rulesFromJson() says why a file cannot be imported", () => {
  assert.deepEqual(rulesFromJson("{"), { error: "文件不是有效的JSON" });
  assert.deepEqual(rulesFromJson("[]"), { error: "文件中没有规则" });
  assert.deepEqual(
    rulesFromJson(JSON.stringify({ rule_name: "坏规则", patterns: [{ pattern: "起诉状", fields: [] }] })),
    { error: "规则“坏规则”无法导入：请至少添加一个全局字段或专属字段" },
  );
});
