/**
 * Logical lines over a DocumentText: each physical line compacted (spaces a text layer puts between Chinese
 * characters dropped, wide gaps kept as " | " column breaks), and lines a PDF or a scan wrapped mid-sentence
 * joined again, with a map from every character back to its physical line for provenance.
 */
import type { DocumentText, LineBox, TextLine } from "../doc_text/types.ts";
import { startsWithLabel } from "./labels.ts";
import { compactText, toHalfWidth } from "./normalize.ts";
import type { ValueSource } from "./types.ts";

export interface PhysLine {
  page: number;
  /** 1-based line number on its page. */
  line: number;
  text: string;
  raw: TextLine;
}

export interface LogicalLine {
  text: string;
  /** Start offsets in `text` of each physical line it joins. */
  parts: { at: number; phys: PhysLine }[];
  /** Index of the logical line in the document. */
  index: number;
  /**
   * The recogniser merged many rows into this "line" (its box is several lines tall), so the order of
   * what it says cannot be trusted; only self-identifying values (validated numbers) are read from it.
   */
  blob?: boolean;
}

/** A line box taller than this share of its page holds several rows, not one. */
const BLOB_HEIGHT_SHARE = 0.06;

function isBlob(p: PhysLine, pageHeight: number | undefined): boolean {
  const box = p.raw.box;
  return !!box && !!pageHeight && box[3] - box[1] > BLOB_HEIGHT_SHARE * pageHeight && p.text.length > 40;
}

/** Text normalised for matching: half-width digits and letters, Chinese punctuation kept. */
export function prepareLine(text: string): string {
  const half = toHalfWidth(text).replace(/\(/g, "（").replace(/\)/g, "）").replace(/:/g, "：").replace(
    /;/g,
    "；",
  )
    .replace(/(?<!\d),|,(?!\d{3}(?!\d))/g, "，");
  // OCR reads a thousands comma as a dot: 48.533.27 (two dots, the last before 1-2 decimals) is 48,533.27
  const fixed = half.replace(
    /(?<![\d.])(\d{1,3})((?:\.\d{3})+)(\.\d{1,2})(?![\d.])/g,
    (_, a, b, c) => a + b.replaceAll(".", ",") + c,
  );
  // money has no three decimals: 15.200元 is 15,200元
  const money = fixed.replace(/(?<![\d.,])(\d{1,3})\.(\d{3})(?=\s*(?:元|万元))/g, "$1,$2");
  return compactText(money).trim();
}

const ENDS_SENTENCE = /[。：；！？:;|]$/;
const STARTS_LABEL =
  /^(\d{4}年\d{1,2}月\d{1,2}日$|\d{4}-\d{2}-\d{2}$|[\u4e00-\u9fff（）]{2,10}[：]|\d+[、.．]|[一二三四五六七八九十]+、|（[一二三四五六七八九十\d]+）|第[一二三四五六七八九十百]+条|此致|[^\s]{0,6}\s?\|)/;

/** With boxes: the next line sits right below (not a line further down the page) and starts at the margin. */
function continuesBelow(prev: PhysLine, next: PhysLine): boolean {
  const a = prev.raw.box, b = next.raw.box;
  if (!a || !b) return true;
  const h = Math.max(1, a[3] - a[1]);
  return b[1] - a[3] < 1.2 * h && b[0] <= a[0] + 3 * h;
}

/** Whether a line runs (nearly) to the right margin, so that the next line may continue it. */
function wide(line: PhysLine, maxLen: number, maxRight: number): boolean {
  if (line.raw.box && maxRight > 0) return line.raw.box[2] >= 0.85 * maxRight && line.text.length >= 8;
  return line.text.length >= Math.max(12, 0.6 * maxLen);
}

/** Builds the logical lines of a document (wrapped lines of text-layer PDFs and scans joined). */
export function buildLogicalLines(doc: DocumentText): LogicalLine[] {
  const out: LogicalLine[] = [];
  for (const page of doc.pages) {
    const phys: PhysLine[] = page.lines.map((l, i) => ({
      page: page.page,
      line: i + 1,
      text: prepareLine(l.text),
      raw: l,
    }))
      .filter((p) => p.text.length > 0);
    const maxLen = Math.max(0, ...phys.map((p) => p.text.length));
    const maxRight = Math.max(0, ...phys.map((p) => p.raw.box?.[2] ?? 0));
    let cur: LogicalLine | null = null;
    for (const p of phys) {
      const wraps = (p.raw.method === "pdf_text" || p.raw.method === "ocr") && cur !== null;
      const prev = cur?.parts[cur.parts.length - 1].phys;
      const soft = wraps && prev !== undefined && wide(prev, maxLen, maxRight) &&
        !ENDS_SENTENCE.test(prev.text) && !STARTS_LABEL.test(p.text) && !startsWithLabel(p.text) &&
        continuesBelow(prev, p) &&
        // Word processors wrap between words: two alphanumerics never belong to one token across lines
        !(/[0-9A-Za-z]$/.test(prev.text) && /^[0-9A-Za-z]/.test(p.text));
      const blob = isBlob(p, page.height);
      if (soft && cur && !blob && !cur.blob) {
        cur.parts.push({ at: cur.text.length, phys: p });
        cur.text += p.text;
      } else {
        if (cur) out.push(cur);
        cur = { text: p.text, parts: [{ at: 0, phys: p }], index: 0 };
        if (blob) cur.blob = true;
      }
    }
    if (cur) out.push(cur);
  }
  out.forEach((l, i) => (l.index = i));
  return out;
}

/** The physical line holding character `at` of a logical line. */
export function physAt(line: LogicalLine, at: number): PhysLine {
  let found = line.parts[0].phys;
  for (const part of line.parts) if (part.at <= at) found = part.phys;
  return found;
}

/** A value found in a logical line, for its provenance. */
export interface FoundValue {
  fileName: string;
  /** Offset of the value in the logical line's text. */
  at: number;
  /** The value as read: the lines it runs over are the source. Without it, only the line at `at`. */
  value?: string;
  /**
   * The document: a value that runs past the end of its logical line (a table cell wrapped onto a short
   * line of its own, which is not joined) continues on the next lines of the page.
   */
  doc?: DocumentText;
}

/** Characters a value may skip in the line it was read from (spaces, column breaks, digit groups). */
const SKIPPABLE = /[\s|,，\-·]/;
/** At most this many lines past the logical line's end are followed. */
const MAX_CONTINUATION_LINES = 2;

/** How far `value` (compared without spaces) matches `text` from `from`: end offset and characters matched. */
function matchFrom(text: string, from: number, value: string, done: number): { end: number; done: number } {
  let i = from, j = done;
  while (i < text.length && j < value.length) {
    if (text[i] === value[j]) {
      i++;
      j++;
    } else if (SKIPPABLE.test(text[i])) i++;
    else break;
  }
  return { end: i, done: j };
}

/** The smallest box holding every box given. */
export function unionBox(boxes: LineBox[]): LineBox {
  return [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3])),
  ];
}

/**
 * The physical lines a value runs over: from the one holding `at` to the one holding its last character
 * (a value a scan or PDF wrapped onto the next line), plus lines of the page after the logical line when
 * the value still goes on there. A value not printed as read (a date read as 2024-01-05) keeps the lines
 * its printed start matches.
 */
function physicalSpan(line: LogicalLine, found: FoundValue): PhysLine[] {
  const at = Math.max(0, found.at);
  const first = physAt(line, at);
  const value = found.value === undefined ? "" : prepareLine(found.value).replace(/\s/g, "");
  if (!value) return [first];
  const m = matchFrom(line.text, at, value, 0);
  const lastAt = Math.max(at, m.end - 1);
  const span = line.parts.filter((p) => p.at <= lastAt && p.at + p.phys.text.length > at).map((p) => p.phys);
  if (span.length === 0) span.push(first);
  if (m.done === value.length || m.end < line.text.length || !found.doc) return span;
  const last = line.parts[line.parts.length - 1].phys;
  const page = found.doc.pages.find((p) => p.page === last.page);
  let done = m.done;
  for (let k = 0; k < MAX_CONTINUATION_LINES && done < value.length; k++) {
    const raw = page?.lines[last.line + k];
    if (!raw) break;
    const text = prepareLine(raw.text);
    const next = matchFrom(text, 0, value, done);
    if (next.done === done) break;
    span.push({ page: last.page, line: last.line + k + 1, text, raw });
    done = next.done;
    if (next.end < text.length) break;
  }
  return span;
}

/**
 * Provenance of a value found in a logical line: its first line, the text of every line it runs over
 * (verbatim, joined), and their box (the union; `boxes` has each line's when there are several).
 */
export function sourceOf(line: LogicalLine, found: FoundValue): ValueSource {
  const span = physicalSpan(line, found);
  const p = span[0];
  const src: ValueSource = {
    fileName: found.fileName,
    page: p.page,
    line: p.line,
    snippet: span.map((s) => s.raw.text).join(""),
  };
  const boxes = span.flatMap((s) => s.raw.box ? [s.raw.box] : []);
  if (boxes.length > 0) src.box = unionBox(boxes);
  if (boxes.length > 1) src.boxes = boxes;
  return src;
}

/** OCR confidence of the physical line at `at`. */
export function confidenceAt(line: LogicalLine, at: number): number {
  return physAt(line, Math.max(0, at)).raw.confidence ?? 1;
}
