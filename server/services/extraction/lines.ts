/**
 * Logical lines over a DocumentText: each physical line compacted (spaces a text layer puts between Chinese
 * characters dropped, wide gaps kept as " | " column breaks), and lines a PDF or a scan wrapped mid-sentence
 * joined again, with a map from every character back to its physical line for provenance.
 */
import type { DocumentText, TextLine } from "../doc_text/types.ts";
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

/** Provenance of a value found at `at` in a logical line. */
export function sourceOf(fileName: string, line: LogicalLine, at: number): ValueSource {
  const p = physAt(line, Math.max(0, at));
  const src: ValueSource = { fileName, page: p.page, line: p.line, snippet: p.raw.text };
  if (p.raw.box) src.box = p.raw.box;
  return src;
}

/** OCR confidence of the physical line at `at`. */
export function confidenceAt(line: LogicalLine, at: number): number {
  return physAt(line, Math.max(0, at)).raw.confidence ?? 1;
}
