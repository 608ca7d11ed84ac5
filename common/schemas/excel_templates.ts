/**
 * The custom templates page (part 2 §2.2, §3, §5): Word templates, field-mapping templates and
 * paragraph templates. The Excel batch wizard reuses these schemas and the paragraph flags.
 */
import { z } from "zod";
import { PARAGRAPH_VARIABLE_PATTERN, type ParagraphFlags } from "../paragraphs.ts";
import {
  MAPPING_ROWS_MAX,
  PARAGRAPH_TEMPLATE_TEXT_MAX,
  TEMPLATE_DESCRIPTION_MAX,
  TEMPLATE_NAME_MAX,
} from "../constants.ts";

export const TEMPLATE_NAME_REQUIRED = "请输入模板名称";
export const MAPPING_REQUIRED = "请添加至少一个字段映射";
export const MAPPING_ROW_INCOMPLETE = "每一行字段映射都需要填写Excel字段和模板字段";
export const PARAGRAPH_VARIABLE_REQUIRED = "请输入段落变量";
export const PARAGRAPH_VARIABLE_FORMAT = "段落变量必须使用 #{变量名} 格式";
export const PARAGRAPH_TEMPLATE_REQUIRED = "请输入段落模板内容";
export const INDENT_EXCLUSIVE = "不缩进与全部缩进不能同时选择";
export const LINE_BREAK_EXCLUSIVE = "不换行与添加换行不能同时选择";

export const templateName = z.string({ error: TEMPLATE_NAME_REQUIRED }).trim()
  .min(1, TEMPLATE_NAME_REQUIRED)
  .max(TEMPLATE_NAME_MAX, `模板名称不能超过${TEMPLATE_NAME_MAX}个字符`);

export const templateDescription = z.string().trim()
  .max(TEMPLATE_DESCRIPTION_MAX, `描述不能超过${TEMPLATE_DESCRIPTION_MAX}个字符`)
  .optional().default("");

/** POST /api/excel-templates: saves an uploaded Word template (filePath from /upload). */
export const wordTemplateBody = z.object({
  templateName,
  description: templateDescription,
  filePath: z.string({ error: "请先上传模板文件" }).trim().min(1, "请先上传模板文件").max(200),
});
export type WordTemplateBody = z.input<typeof wordTemplateBody>;

const fieldName = z.string({ error: MAPPING_ROW_INCOMPLETE }).trim()
  .min(1, MAPPING_ROW_INCOMPLETE).max(200, "字段名不能超过200个字符");

/** One row: Excel header → template variable. */
export const fieldMapping = z.object({ excelField: fieldName, templateField: fieldName });
export type FieldMapping = z.infer<typeof fieldMapping>;

/** Every row needs both sides, with at least one row (part 2 §5). */
export const fieldMappings = z.array(fieldMapping, { error: MAPPING_REQUIRED })
  .min(1, MAPPING_REQUIRED)
  .max(MAPPING_ROWS_MAX, `字段映射最多${MAPPING_ROWS_MAX}行`);

/** POST/PUT /api/excel-templates/mapping-templates. */
export const mappingTemplateBody = z.object({
  templateName,
  description: templateDescription,
  mappings: fieldMappings,
});
export type MappingTemplateBody = z.input<typeof mappingTemplateBody>;

/** A paragraph variable: required, in the #{name} format. */
export const paragraphVariable = z.string({ error: PARAGRAPH_VARIABLE_REQUIRED }).trim()
  .min(1, PARAGRAPH_VARIABLE_REQUIRED)
  .max(100, "段落变量不能超过100个字符")
  .regex(PARAGRAPH_VARIABLE_PATTERN, PARAGRAPH_VARIABLE_FORMAT);

/** The paragraph text with ${name} placeholders. */
export const paragraphText = z.string({ error: PARAGRAPH_TEMPLATE_REQUIRED })
  .refine((s) => s.trim().length > 0, PARAGRAPH_TEMPLATE_REQUIRED)
  .refine(
    (s) => s.length <= PARAGRAPH_TEMPLATE_TEXT_MAX,
    `段落模板内容不能超过${PARAGRAPH_TEMPLATE_TEXT_MAX}个字符`,
  );

/** The six paragraph settings (part 2 §3), snake_case as the templates page sends them. */
export const PARAGRAPH_TEMPLATE_FLAGS = [
  "no_indent",
  "all_indent",
  "add_line_break",
  "no_line_break",
  "remove_last_char",
  "use_prefix",
] as const;
export type ParagraphTemplateFlag = typeof PARAGRAPH_TEMPLATE_FLAGS[number];

/** A saved paragraph template's settings as the wizard's paragraph rules (common/paragraphs.ts) name them. */
export function toParagraphFlags(t: Record<ParagraphTemplateFlag, boolean>): ParagraphFlags {
  return {
    noIndent: t.no_indent,
    allIndent: t.all_indent,
    addLineBreak: t.add_line_break,
    noLineBreak: t.no_line_break,
    removeLastChar: t.remove_last_char,
    usePrefix: t.use_prefix,
  };
}

const flag = z.boolean("开关值必须是布尔值").optional().default(false);

/**
 * POST/PUT /api/excel-templates/paragraph-templates. No-indent excludes all-indent and no-line-break
 * excludes add-line-break (part 2 §4): the page clears the other box, the server refuses both on.
 */
export const paragraphTemplateBody = z.object({
  template_name: templateName,
  variable: paragraphVariable,
  template: paragraphText,
  description: templateDescription,
  no_indent: flag,
  all_indent: flag,
  add_line_break: flag,
  no_line_break: flag,
  remove_last_char: flag,
  use_prefix: flag,
  /** "Save as preset": the wizard offers it beside the three built-in presets. */
  is_preset: flag,
}).superRefine((v, ctx) => {
  if (v.no_indent && v.all_indent) {
    ctx.addIssue({ code: "custom", message: INDENT_EXCLUSIVE, path: ["all_indent"] });
  }
  if (v.no_line_break && v.add_line_break) {
    ctx.addIssue({ code: "custom", message: LINE_BREAK_EXCLUSIVE, path: ["add_line_break"] });
  }
});
export type ParagraphTemplateBody = z.input<typeof paragraphTemplateBody>;

/** A Word template of the page (part 2 §3), as the server answers it. */
export interface WordTemplateRecord {
  id: string;
  template_name: string;
  original_filename: string;
  /** Opaque reference for the wizard's templateFile: `excel-templates/<id>` (not a blob key). */
  file_path: string;
  description: string;
  variables: string[];
  file_size: number;
  created_at: string;
}

export interface MappingTemplateRecord {
  id: string;
  template_name: string;
  description: string;
  mappings: { excel_field: string; template_field: string }[];
  created_at: string;
  updated_at: string;
}

export type ParagraphTemplateRecord =
  & { id: string; template_name: string; variable: string; template: string; description: string }
  & Record<ParagraphTemplateFlag | "is_preset", boolean>
  & { created_at: string; updated_at: string };
