/**
 * Filling a paragraph template (the wizard's paragraph text with `${列名}` placeholders) from one row,
 * with the same formatters and value rules as the Word template (format_value.ts).
 */

import { AppError } from "../../errors.ts";
import { formatCell } from "./format_value.ts";
import { cleanParagraphText } from "./paragraph_markers.ts";
import { parseTag } from "./tag_syntax.ts";

const PLACEHOLDER = /\$\{([^{}]*)\}/g;

/**
 * Checks a paragraph template: only value placeholders (`${名称}`, `${名称|格式}`), no sections.
 * Returns the names used, in order; throws TEMPLATE_INVALID with the faulty placeholder.
 */
export function checkParagraphTemplate(template: string): string[] {
  const names: string[] = [];
  for (const match of template.matchAll(PLACEHOLDER)) {
    const tag = parseTag(match[1]);
    if ("error" in tag) {
      throw new AppError("TEMPLATE_INVALID", { reason: `段落模板中的占位符“${match[0]}”${tag.error}` });
    }
    if (tag.kind !== "value") {
      throw new AppError("TEMPLATE_INVALID", {
        reason: `段落模板中的占位符“${match[0]}”不能使用条件或循环标记`,
      });
    }
    if (!names.includes(tag.name)) names.push(tag.name);
  }
  return names;
}

/**
 * The paragraph text for one row: each placeholder replaced by the row's value for that name (empty
 * when the row has none). Throws TEMPLATE_VALUE_INVALID when a formatter cannot read a value.
 */
export function fillParagraphTemplate(template: string, row: Record<string, unknown>): string {
  checkParagraphTemplate(template);
  return template.replace(PLACEHOLDER, (_whole, inner: string) => {
    const tag = parseTag(inner);
    if ("error" in tag) return "";
    const value = Object.hasOwn(row, tag.name) ? row[tag.name] : undefined;
    return cleanParagraphText(formatCell(value, { name: tag.name, formatter: tag.formatter }));
  });
}
