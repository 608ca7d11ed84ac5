/**
 * Pure pieces of the Excel batch wizard (part 2 §2.1): suggested field mappings, saved templates
 * turned into wizard rows, the batch download's groups, and the CSV of download addresses.
 */
import { PARAGRAPH_PRESETS } from "../../../common/paragraphs.ts";
import type { ParagraphMapping } from "../../../common/schemas/excel_batch.ts";
import type {
  FieldMapping,
  MappingTemplateRecord,
  ParagraphTemplateRecord,
} from "../../../common/schemas/excel_templates.ts";
import { toParagraphFlags } from "../../../common/schemas/excel_templates.ts";
import { formatTime } from "../../components/format_time.ts";
import { toCsv } from "../../../common/csv.ts";

/** A mapping row of step 2 (an empty side is "" until chosen). */
export type MappingRow = FieldMapping & { key: string };
/** A paragraph item of step 3. */
export type ParagraphItem = ParagraphMapping & { key: string };

let counter = 0;
export function rowKey(): string {
  return `r${++counter}`;
}

/** One row per template variable that has an Excel header of the same name; one empty row if none. */
export function suggestMappings(headers: readonly string[], variables: readonly string[]): MappingRow[] {
  const rows = variables.filter((v) => headers.includes(v)).map((v) => ({
    key: rowKey(),
    excelField: v,
    templateField: v,
  }));
  return rows.length ? rows : [{ key: rowKey(), excelField: "", templateField: "" }];
}

/**
 * The rows of a saved mapping template that fit this sheet and template; `dropped` counts the rows
 * naming a header or variable that is not there.
 */
export function mappingsFromTemplate(
  template: Pick<MappingTemplateRecord, "mappings">,
  sources: { headers: readonly string[]; variables: readonly string[] },
): { rows: MappingRow[]; dropped: number } {
  const rows = template.mappings
    .filter((m) => sources.headers.includes(m.excel_field) && sources.variables.includes(m.template_field))
    .map((m) => ({ key: rowKey(), excelField: m.excel_field, templateField: m.template_field }));
  return { rows, dropped: template.mappings.length - rows.length };
}

export function emptyParagraphItem(variable = ""): ParagraphItem {
  const standard = PARAGRAPH_PRESETS[0].flags;
  return { key: rowKey(), variable, template: "", ...standard };
}

/** A saved paragraph template as a wizard item. */
export function paragraphItemFromTemplate(t: ParagraphTemplateRecord): ParagraphItem {
  return { key: rowKey(), variable: t.variable, template: t.template, ...toParagraphFlags(t) };
}

/** The payload's items (without the page's keys). */
export function toParagraphMappings(items: readonly ParagraphItem[]): ParagraphMapping[] {
  return items.map(({ key: _key, ...item }) => item);
}

/** Splits `items` into groups of `size` (the batch download's 3 files at a time). */
export function groupsOf<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += size) groups.push(items.slice(i, i + size));
  return groups;
}

/**
 * The exported download addresses: 文件名, 行号, 下载地址, 生成时间 (UTF-8 with BOM for Excel); the
 * time as the results table shows it (YYYY-MM-DD HH:mm:ss, local time). Cells go through csvCell, so
 * a name that starts like a formula is written as text.
 */
export function addressesCsv(
  files: readonly { file_name: string; row_index: number; download_url: string; created_at: string }[],
): string {
  return toCsv([
    ["文件名", "行号", "下载地址", "生成时间"],
    ...files.map((f) => [f.file_name, f.row_index || "合并", f.download_url, formatTime(f.created_at)]),
  ]);
}

/** Percent shown by the progress bar: only increasing (part 2 §4). */
export function nextPercent(previous: number, reported: number): number {
  return Math.max(previous, Math.min(100, Math.max(0, Math.floor(reported))));
}
