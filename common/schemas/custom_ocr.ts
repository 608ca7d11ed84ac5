/**
 * Custom OCR rules (/custom-ocr, part 4 §3, §5, §7): the rule editor's body with the spec's messages,
 * the safety check of a file-name pattern, and the rule shape the calls answer. Shared by the dialog
 * and the server.
 */
import { z } from "zod";

export const CUSTOM_RULE_NAME_MAX = 100;
export const CUSTOM_PATTERN_MAX = 255;
/**
 * Server policy: unbounded repeats (*, +, {n,}) in one pattern, not counting a leading and a trailing
 * `.*` (see searchablePattern). Under search semantics a pattern with k of them can take about
 * n^(k+1) steps on a name of n characters: k = 2 is at most ~17 million steps for 255 characters.
 */
export const CUSTOM_PATTERN_MAX_REPEATS = 2;

/**
 * The pattern as it is run: a leading `.*` and a trailing `.*` are dropped, which changes nothing
 * under search semantics on a file name (no line breaks) but removes two factors of backtracking.
 */
export function searchablePattern(pattern: string): string {
  let p = pattern;
  if (p.startsWith(".*") && !/^\.\*[?*+{]/.test(p)) p = p.slice(2);
  if (p.endsWith(".*") && !p.endsWith("\\.*") && p.length > 2) p = p.slice(0, -2);
  return p;
}

/**
 * Why a file-name pattern is refused, or null. Patterns are JavaScript regular expressions tested
 * with search semantics (`new RegExp(pattern).test(fileName)`). JavaScript offers no match time-out,
 * so shapes that can backtrack without end are refused here, before a pattern is stored: a repeated
 * group that itself repeats or alternates (`(a+)+`, `(a|a)*`), back-references, and more than
 * CUSTOM_PATTERN_MAX_REPEATS unbounded repeats. File names are at most 255 characters, so what is
 * left runs in bounded time.
 */
export function customPatternProblem(pattern: string): string | null {
  if (pattern.trim() === "") return "存在空的匹配规则";
  if (pattern.length > CUSTOM_PATTERN_MAX) return `匹配规则不能超过${CUSTOM_PATTERN_MAX}个字符`;
  try {
    new RegExp(pattern);
  } catch {
    return `匹配规则“${pattern}”不是有效的正则表达式`;
  }
  const groups: { repeats: boolean; alternates: boolean }[] = [];
  let unbounded = 0;
  const original = pattern;
  pattern = searchablePattern(pattern);
  /** What the last atom was: a closed group (with its inner flags), something else, or nothing. */
  let last: { group: { repeats: boolean; alternates: boolean } | null } | null = null;
  const complex = `匹配规则“${original}”过于复杂（重复的分组内含重复或“|”），可能导致匹配超时`;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === "\\") {
      const next = pattern[i + 1] ?? "";
      if (/[1-9]/.test(next) || (next === "k" && pattern[i + 2] === "<")) {
        return `匹配规则“${original}”不支持反向引用`;
      }
      i++;
      last = { group: null };
      continue;
    }
    if (ch === "[") {
      for (i++; i < pattern.length && pattern[i] !== "]"; i++) if (pattern[i] === "\\") i++;
      last = { group: null };
      continue;
    }
    if (ch === "(") {
      groups.push({ repeats: false, alternates: false });
      if (pattern[i + 1] === "?") i += pattern[i + 2] === "<" && /[=!]/.test(pattern[i + 3] ?? "") ? 3 : 2;
      if (pattern[i] === "<") { while (i < pattern.length && pattern[i] !== ">") i++; }
      last = null;
      continue;
    }
    if (ch === ")") {
      const inner = groups.pop() ?? { repeats: false, alternates: false };
      const outer = groups.at(-1);
      if (outer) {
        outer.repeats ||= inner.repeats;
        outer.alternates ||= inner.alternates;
      }
      last = { group: inner };
      continue;
    }
    if (ch === "|") {
      const g = groups.at(-1);
      if (g) g.alternates = true;
      last = null;
      continue;
    }
    const brace = ch === "{" ? /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i)) : null;
    if (ch === "*" || ch === "+" || ch === "?" || brace) {
      const isUnbounded = ch === "*" || ch === "+" ||
        (brace !== null && brace[2] !== undefined && brace[3] === "");
      const repeats = isUnbounded || (brace !== null && Number(brace[3] ?? brace[1]) > 1);
      if (last?.group && repeats && (last.group.repeats || last.group.alternates)) return complex;
      if (isUnbounded && ++unbounded > CUSTOM_PATTERN_MAX_REPEATS) return complex;
      const g = groups.at(-1);
      if (g && repeats) g.repeats = true;
      if (brace) i += brace[0].length - 1;
      if (pattern[i + 1] === "?") i++; // lazy
      last = null;
      continue;
    }
    last = { group: null };
  }
  return null;
}

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
    const problem = customPatternProblem(p.pattern);
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem, path: ["patterns", i, "pattern"] });
      return;
    }
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
