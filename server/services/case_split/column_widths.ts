/**
 * Column widths for the split's output workbooks, fitted to their content so addresses are not cut
 * off: the widest cell of each column in Excel's character units (a CJK character counts two),
 * plus a little room, between MIN and MAX (a 300-character cell must not make a column of 300).
 */

export const COLUMN_WIDTH_MIN = 8;
export const COLUMN_WIDTH_MAX = 60;
const PADDING = 2;
/** CJK ideographs, kana, hangul and full-width forms: two character units each. */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;

/** The display width of `text` in character units (its widest line). */
export function displayWidth(text: string): number {
  let widest = 0;
  for (const line of text.split(/\r?\n/)) {
    let width = 0;
    for (const ch of line) width += WIDE.test(ch) ? 2 : 1;
    if (width > widest) widest = width;
  }
  return widest;
}

/** Keeps the widest text seen per column; `fitted()` gives the widths to write. */
export class ColumnWidths {
  #widest: number[] = [];

  /** Counts one row's cells (their text as the sheet shows it). */
  add(texts: readonly string[]): void {
    texts.forEach((text, i) => {
      // Past the cap the exact width no longer matters: skip measuring long texts twice.
      const width = text.length * 2 <= COLUMN_WIDTH_MAX ? displayWidth(text) : COLUMN_WIDTH_MAX;
      if (width > (this.#widest[i] ?? 0)) this.#widest[i] = width;
    });
  }

  /** The width of each of `count` columns, capped. */
  fitted(count: number): number[] {
    return Array.from(
      { length: count },
      (_, i) => Math.min(COLUMN_WIDTH_MAX, Math.max(COLUMN_WIDTH_MIN, (this.#widest[i] ?? 0) + PADDING)),
    );
  }
}
