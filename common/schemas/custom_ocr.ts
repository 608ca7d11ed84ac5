/**
 * Custom OCR rules (/custom-ocr, part 4 §3, §5, §7): the rule editor's body with the spec's messages,
 * the check of a file-name pattern (common/user_pattern.ts), and the rule shape the calls answer. Shared by the dialog
 * and the server.
 */
import { z } from "zod";
import { USER_PATTERN_MAX, userPatternProblem, userPatternsProblem } from "../user_pattern.ts";

export const CUSTOM_RULE_NAME_MAX = 100;
/** A file-name pattern is at most this many characters; how patterns run: common/user_pattern.ts. */
export const CUSTOM_PATTERN_MAX = USER_PATTERN_MAX;

const field = z.object({
  key: z.string().trim().max(50, "字段键名不能超过50个字符").optional().default(""),
  label: z.string().trim().max(50, "字段名称不能超过50个字符").optional().default(""),
  prompt: z.string().trim().max(500, "提取说明不能超过500个字符").optional().default(""),
});

/** POST/PUT /api/custom-ocr/rules (part 4 §5 "Custom rule"). */
export const customRuleBody = z.object({
  rule_name: z.string({ error: "请输入规则名称" }).trim().min(1, "请输入规则名称")
    .max(CUSTOM_RULE_NAME_MAX, "规则名称不能超过100个字符"),
  description: z.string().trim().max(500, "描述不能超过500个字符").optional().default(""),
  patterns: z.array(
    z.object({ pattern: z.string().optional().default(""), fields: z.array(field).default([]) }),
  )
    .min(1, "请至少添加一个文件匹配规则").max(100, "匹配规则不能超过100条"),
  global_fields: z.array(field).max(200).optional().default([]),
}).superRefine((rule, ctx) => {
  for (const [i, p] of rule.patterns.entries()) {
    const problem = userPatternProblem(p.pattern);
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem, path: ["patterns", i, "pattern"] });
      return;
    }
  }
  const together = userPatternsProblem(rule.patterns.map((p) => p.pattern));
  if (together) {
    ctx.addIssue({ code: "custom", message: together, path: ["patterns"] });
    return;
  }
  if (rule.global_fields.length === 0 && rule.patterns.every((p) => p.fields.length === 0)) {
    ctx.addIssue({ code: "custom", message: "请至少添加一个全局字段或专属字段", path: ["global_fields"] });
    return;
  }
  if (rule.global_fields.some((f) => !f.key || !f.label)) {
    ctx.addIssue({ code: "custom", message: "存在未完整填写的全局字段", path: ["global_fields"] });
    return;
  }
  if (rule.patterns.some((p) => p.fields.some((f) => !f.key || !f.label))) {
    ctx.addIssue({ code: "custom", message: "存在未完整填写的专属字段", path: ["patterns"] });
  }
});
export type CustomRuleBody = z.output<typeof customRuleBody>;

/** A rule as the calls answer it (part 4 §3): patterns and a flat list of fields (pattern_id null: global). */
export interface CustomRuleView {
  id: string;
  rule_name: string;
  description: string;
  patterns: { id: string; file_pattern: string }[];
  fields: {
    id: string;
    pattern_id: string | null;
    field_key: string;
    field_label: string;
    field_prompt: string;
  }[];
  created_at: string;
  updated_at: string;
}
