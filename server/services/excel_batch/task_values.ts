/**
 * What each output document of a wizard task is rendered from (part 2 §2.1, §3; rules in
 * server/services/docx/README.md "Paragraph variables"): the template values through the field
 * mappings, and the blocks of the paragraph variables `#{名称}` built with common/paragraphs.ts.
 *
 * Without merge output each document holds one row and its block is that row's item numbered 1;
 * with merge output one document holds every processed row's items in row order, and the other
 * `${...}` take the first processed row's values. (With merge output and paragraphs off, the job
 * renders each row on its own and joins them: server/jobs/excel_batch_job.ts.)
 */

import { buildParagraphBlock, PARAGRAPH_VARIABLE_PATTERN } from "../../../common/paragraphs.ts";
import {
  type CreateTaskInput,
  EXCEL_BATCH_DEFAULT_NAME_PATTERN,
  type ParagraphMapping,
} from "../../../common/schemas/excel_batch.ts";
import type { FieldMapping } from "../../../common/schemas/excel_templates.ts";
import { fillParagraphTemplate } from "../docx/paragraph_fill.ts";
import type { ParagraphBlocks, RowValues } from "../docx/render_docx.ts";
import { renderFileName, sanitizeFileName, uniqueFileNames } from "../mediation/file_names.ts";

/** The settings a task's job reads back (stored as spec.json in the task's folder). */
export type TaskSpec =
  & Pick<
    CreateTaskInput,
    | "fieldMappings"
    | "paragraphEnabled"
    | "mergeOutput"
    | "prefixEnabled"
    | "prefixTemplate"
    | "paragraphMappings"
  >
  & {
    /** Absent in tasks made before the pattern existed: the default pattern. */
    fileNamePattern?: string;
  };

/** The name inside `#{名称}`. */
export function paragraphNameOf(variable: string): string {
  return PARAGRAPH_VARIABLE_PATTERN.exec(variable.trim())?.[1] ?? variable.trim();
}

/** The template values of one row: each template field takes its mapped Excel column's cell. */
export function mapRowValues(row: RowValues, mappings: readonly FieldMapping[]): RowValues {
  const values: RowValues = {};
  for (const m of mappings) {
    values[m.templateField] = Object.hasOwn(row, m.excelField) ? row[m.excelField] : null;
  }
  return values;
}

/**
 * What a paragraph template's `${名称}` reads: the row's Excel columns, and the mapped template
 * field names where no column has that name.
 */
function paragraphScope(row: RowValues, mappings: readonly FieldMapping[]): RowValues {
  return { ...mapRowValues(row, mappings), ...row };
}

function blocksOf(spec: TaskSpec, itemsOf: (p: ParagraphMapping) => string[]): ParagraphBlocks {
  const blocks: ParagraphBlocks = {};
  if (!spec.paragraphEnabled) return blocks;
  const prefixText = spec.prefixEnabled ? spec.prefixTemplate : null;
  for (const p of spec.paragraphMappings) {
    blocks[paragraphNameOf(p.variable)] = buildParagraphBlock(itemsOf(p), { flags: p, prefixText });
  }
  return blocks;
}

/**
 * The paragraph blocks of one row's own document. Throws TEMPLATE_VALUE_INVALID when a formatter
 * cannot read one of the row's values.
 */
export function rowParagraphBlocks(row: RowValues, spec: TaskSpec): ParagraphBlocks {
  const scope = paragraphScope(row, spec.fieldMappings);
  return blocksOf(spec, (p) => [fillParagraphTemplate(p.template, scope)]);
}

/** The paragraph blocks of the merged document: every row's item, in row order. */
export function mergedParagraphBlocks(rows: readonly RowValues[], spec: TaskSpec): ParagraphBlocks {
  const scopes = rows.map((row) => paragraphScope(row, spec.fieldMappings));
  return blocksOf(spec, (p) => scopes.map((scope) => fillParagraphTemplate(p.template, scope)));
}

/**
 * Output names, safe for every file system and unique within the task: per row, the file-name
 * pattern filled from the row (`{列名}`, `{任务名}`, `{序号}` = 1-based position; default
 * `{任务名}_{序号}`), or 第N行 when it gives nothing; `<任务名>.docx` for the merged document.
 */
export function outputFileNames(
  taskName: string,
  input: { merged: boolean; rows: readonly RowValues[]; rowNumbers: readonly number[]; pattern?: string },
): string[] {
  const base = sanitizeFileName(taskName) || "文档";
  if (input.merged) return [`${base}.docx`];
  const pattern = input.pattern?.trim() || EXCEL_BATCH_DEFAULT_NAME_PATTERN;
  const names = input.rows.map((row, i) =>
    renderFileName(pattern, { 任务名: base, 序号: i + 1, ...row }, input.rowNumbers[i] ?? i + 1)
  );
  return uniqueFileNames(names).map((n) => `${n}.docx`);
}
