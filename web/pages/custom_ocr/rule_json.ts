/**
 * A custom OCR rule as a JSON file (issue #27 item 5): exported in the shape the create call takes
 * (rule_name, description, patterns with their fields, global_fields: the shape of a shared rules.json),
 * and read back from one rule or a list of rules, each checked by the same schema as the dialog.
 */
import {
  type CustomRuleBody,
  customRuleBody,
  type CustomRuleView,
} from "../../../common/schemas/custom_ocr.ts";

export function ruleToJson(rule: CustomRuleView): CustomRuleBody {
  const row = (f: CustomRuleView["fields"][number]) => ({
    key: f.field_key,
    label: f.field_label,
    prompt: f.field_prompt,
  });
  return {
    rule_name: rule.rule_name,
    description: rule.description,
    patterns: rule.patterns.map((p) => ({
      pattern: p.file_pattern,
      fields: rule.fields.filter((f) => f.pattern_id === p.id).map(row),
    })),
    global_fields: rule.fields.filter((f) => f.pattern_id === null).map(row),
  };
}

/** The rules of a JSON file, or the first reason it cannot be imported (in Chinese). */
export function rulesFromJson(text: string): { rules: CustomRuleBody[] } | { error: string } {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    return { error: "文件不是有效的JSON" };
  }
  const list = Array.isArray(data) ? data : [data];
  if (list.length === 0) return { error: "文件中没有规则" };
  const rules: CustomRuleBody[] = [];
  for (const [i, item] of list.entries()) {
    const parsed = customRuleBody.safeParse(item);
    if (!parsed.success) {
      const name = (item as { rule_name?: unknown })?.rule_name;
      const which = typeof name === "string" && name ? `“${name}”` : `第 ${i + 1} 条`;
      return { error: `规则${which}无法导入：${parsed.error.issues[0]?.message ?? "格式不正确"}` };
    }
    rules.push(parsed.data);
  }
  return { rules };
}
