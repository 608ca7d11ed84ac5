/**
 * Reading a printed table by its columns (issue #23): a header row (交易日期 | 摘要 | 借方发生额 | 贷方发生额 |
 * 余额) names the columns, and each cell of the rows below is read under the header cell above it: by grid
 * column in a Word table, by horizontal overlap of the boxes in a text-layer PDF, by position when a row has
 * exactly as many cells as the header.
 */
import type { LineBox, TextCell } from "../doc_text/types.ts";
import type { LogicalLine } from "./lines.ts";
import { prepareLine } from "./lines.ts";

export interface ColumnCell {
  text: string;
  /** Offset of the cell in its logical line's text (-1 when not found). */
  at: number;
  /** The header of its column, when known. */
  header?: string;
}

export interface ColumnRow {
  line: LogicalLine;
  cells: ColumnCell[];
}

const HEADER_WORD =
  /日期|时间|摘要|金额|借方|贷方|余额|发生额|序号|交易|备注|类型|对方|本金|利息|还款|收入|支出|用途|币种/;

function isHeader(cells: TextCell[]): boolean {
  const filled = cells.filter((c) => c.text.trim());
  const words = filled.filter((c) => HEADER_WORD.test(c.text) && !/\d/.test(c.text));
  return filled.length >= 3 && words.length >= Math.ceil(filled.length * 0.75);
}

/** The raw cells of a logical line made of one physical line, or its " | " pieces. */
function rawCells(line: LogicalLine): TextCell[] {
  if (line.parts.length === 1 && line.parts[0].phys.raw.cells) return line.parts[0].phys.raw.cells;
  return line.text.split(" | ").map((text) => ({ text }));
}

function overlap(a: LineBox, b: LineBox): number {
  return Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
}

/** The header cell a cell sits under, or undefined. */
function headerOf(cell: TextCell, index: number, header: TextCell[], sameCount: boolean): string | undefined {
  if (cell.col !== undefined) {
    const h = header.find((x) => x.col === cell.col);
    if (h) return h.text;
  }
  if (cell.box && header.every((x) => x.box)) {
    let best: TextCell | undefined, most = 0;
    for (const h of header) {
      const o = overlap(cell.box, h.box!);
      if (o > most) [best, most] = [h, o];
    }
    return best?.text;
  }
  return sameCount ? header[index]?.text : undefined;
}

/** The rows under each header row of a document, each cell with its column's header. */
export function readColumnRows(lines: LogicalLine[]): ColumnRow[] {
  const out: ColumnRow[] = [];
  let header: TextCell[] | null = null;
  for (const line of lines) {
    const cells = rawCells(line);
    if (cells.length < 2) {
      header = null;
      continue;
    }
    if (isHeader(cells)) {
      header = cells;
      continue;
    }
    if (!header) continue;
    const h = header;
    const sameCount = cells.length === h.length;
    out.push({
      line,
      cells: cells.map((c, i) => ({ c, i })).filter(({ c }) => c.text.trim()).map(({ c, i }) => {
        const text = prepareLine(c.text);
        return { text, at: line.text.indexOf(text), header: headerOf(c, i, h, sameCount) };
      }),
    });
  }
  return out;
}
