import type { LineBox } from "./types.ts";

/** A piece of text with its box, as a text layer or a recogniser gives it. */
export interface Segment {
  text: string;
  box: LineBox;
  confidence: number;
  /** Rows only: the pieces that stand apart (joined by a wide gap), each with its box. */
  cells?: { text: string; box: LineBox }[];
}

/**
 * Puts segments that sit on the same visual row into one line, left to right, and the rows top to bottom
 * (the reading order `pdftotext -layout` keeps: a table row or a label and its value come out on one line).
 * Two segments share a row when their vertical overlap is at least half the smaller height. Pieces far
 * apart on a row are joined by two spaces, near ones by one (or none between two CJK characters).
 * Confidence is the mean over characters.
 */
export function mergeIntoRows(segments: Segment[]): Segment[] {
  const items = segments.filter((s) => s.text.trim() !== "")
    .map((s) => ({ ...s, text: s.text.trim() }))
    .sort((a, b) => (a.box[1] + a.box[3]) / 2 - (b.box[1] + b.box[3]) / 2);
  const rows: Segment[][] = [];
  const rowBoxes: LineBox[] = [];
  for (const s of items) {
    const h = s.box[3] - s.box[1];
    let placed = false;
    // Text running sideways (a page photographed on its side) is one segment per column: never merged.
    if (isUpright(s.box)) {
      rows.push([s]);
      rowBoxes.push([...s.box]);
      continue;
    }
    // Only the last few rows can overlap a segment further down.
    for (let r = rows.length - 1; r >= Math.max(0, rows.length - 3); r--) {
      const rb = rowBoxes[r];
      const overlap = Math.min(rb[3], s.box[3]) - Math.max(rb[1], s.box[1]);
      const rowH = rows[r].reduce((m, x) => Math.min(m, x.box[3] - x.box[1]), Infinity);
      if (rows[r].some((x) => isUpright(x.box))) continue;
      if (overlap >= 0.5 * Math.min(h, rowH) && !rows[r].some((x) => overlapsX(x.box, s.box))) {
        rows[r].push(s);
        rowBoxes[r] = union(rb, s.box);
        placed = true;
        break;
      }
    }
    if (!placed) {
      rows.push([s]);
      rowBoxes.push([...s.box]);
    }
  }
  return rows.map((row, i) => {
    row.sort((a, b) => a.box[0] - b.box[0]);
    let text = row[0].text;
    const height = row.reduce((m, x) => Math.max(m, x.box[3] - x.box[1]), 0);
    const cells = [{ text: row[0].text, box: [...row[0].box] as LineBox }];
    for (let k = 1; k < row.length; k++) {
      const gap = row[k].box[0] - row[k - 1].box[2];
      const prev = text.at(-1) ?? "";
      const next = row[k].text[0];
      const sep = gap > height * 1.2 ? "  " : isCjk(prev) && isCjk(next) && gap < height * 0.6 ? "" : " ";
      text += sep + row[k].text;
      if (sep === "  ") cells.push({ text: row[k].text, box: [...row[k].box] as LineBox });
      else {
        const cell = cells[cells.length - 1];
        cell.text += sep + row[k].text;
        cell.box = union(cell.box, row[k].box);
      }
    }
    const chars = row.reduce((n, x) => n + x.text.length, 0);
    const confidence = row.reduce((sum, x) => sum + x.confidence * x.text.length, 0) / Math.max(1, chars);
    const segment: Segment = { text, box: rowBoxes[i], confidence };
    if (cells.length > 1) segment.cells = cells;
    return segment;
  });
}

/** A box much taller than wide: a column of text, not a row. */
export function isUpright(box: LineBox): boolean {
  return box[3] - box[1] > 1.5 * (box[2] - box[0]);
}

function overlapsX(a: LineBox, b: LineBox): boolean {
  const overlap = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  return overlap > 0.3 * Math.min(a[2] - a[0], b[2] - b[0]);
}

function union(a: LineBox, b: LineBox): LineBox {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

function isCjk(ch: string): boolean {
  return /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/u.test(ch);
}

/** Rounds a box to whole units (pixels) or to 0.1 (PDF points). */
export function roundBox(box: LineBox, digits = 0): LineBox {
  const f = 10 ** digits;
  return box.map((v) => Math.round(v * f) / f) as LineBox;
}
