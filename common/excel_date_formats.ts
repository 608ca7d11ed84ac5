/**
 * Which Excel number formats show dates or times, for every reader of spreadsheets (the case
 * splitter's streaming reader, the Word renderer's value formatting).
 */

/** Built-in format ids that show dates or times: 14-22, 27-36 and 50-58 (CJK dates), 45-47 (times). */
export const EXCEL_DATE_FORMAT_IDS: ReadonlySet<number> = new Set([
  14,
  15,
  16,
  17,
  18,
  19,
  20,
  21,
  22,
  27,
  28,
  29,
  30,
  31,
  32,
  33,
  34,
  35,
  36,
  45,
  46,
  47,
  50,
  51,
  52,
  53,
  54,
  55,
  56,
  57,
  58,
]);

/** Whether a custom number format shows a date or time (its d, m, y, h or s outside quotes and brackets). */
export function isDateFormatCode(code: string): boolean {
  const bare = code.replace(/"[^"]*"/g, "").replace(/\\./g, "").replace(/[_*]./g, "")
    .replace(/\[(?!h+\]|m+\]|s+\])[^\]]*\]/gi, "");
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}
