/**
 * THE CSV cell writer, for every CSV the product writes (browser exports and scripts alike).
 *
 * A cell whose text starts with =, +, - or @ (or a tab or carriage return, which some spreadsheet
 * programs skip before reading one of those) is prefixed with `'`, so Excel, WPS and LibreOffice show
 * it as text instead of running it as a formula (a task name such as `=1+1+HYPERLINK(…)`). Numbers
 * stay numbers: -3 is written as -3. .xlsx exports need none of this: they write text cells as text
 * (common/xlsx_writer.ts inline strings).
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: neutralised when it reads as a formula, quoted when it holds `"`, `,` or a line break. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A whole CSV: rows of cells joined with `,` and CRLF, with a UTF-8 BOM by default so Excel reads
 * Chinese text correctly.
 */
export function toCsv(
  rows: readonly (readonly (string | number | null | undefined)[])[],
  options: { bom?: boolean; eol?: string } = {},
): string {
  const eol = options.eol ?? "\r\n";
  const body = rows.map((row) => row.map(csvCell).join(",")).join(eol) + eol;
  return (options.bom ?? true) ? "\uFEFF" + body : body;
}
