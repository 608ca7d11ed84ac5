import PizZip from "pizzip";
import * as XLSX from "xlsx";
import { ParseFailure, serveWorker } from "./worker_protocol.ts";
import { readZipDirectory } from "./zip_directory.ts";

/**
 * Reads the text of an untrusted .docx, .xlsx or .xls inside a permission-less worker (issue #10 §1).
 * Zip bombs are refused from the central directory before anything is inflated. Started only through
 * services/doc_text/read_document_text.ts.
 *
 * - docx: word/document.xml, paragraphs and table rows as lines in document order (a row's cells joined by
 *   two spaces), field codes and deleted text left out.
 * - xlsx/xls: one page per worksheet; each data row becomes `表头：值，表头：值`; rows above the header row
 *   (titles) are kept as plain lines.
 */

export interface DocTextWorkerInput {
  kind: "docx" | "sheet";
  bytes: Uint8Array;
  maxUncompressedBytes: number;
  maxSheets: number;
  maxRows: number;
}

export interface WorkerPage {
  lines: string[];
  /** Word: the cells of table rows, by line index (absent for paragraphs). */
  cells?: (DocxCell[] | null)[];
  sheetName?: string;
  /** Rows left out past maxRows. */
  truncatedRows?: number;
}

export type DocTextWorkerResult =
  | {
    ok: true;
    pages: WorkerPage[];
    sheetCount?: number;
    hasImages?: boolean;
    /** A Word file without text: its PNG/JPEG images in document order, to be recognised (at most maxSheets). */
    images?: Uint8Array[];
  }
  | { ok: false; code: "too_many_pages"; pages: number }
  | { ok: false; code: "zip_bomb"; bytes: number };

const NOT_DOCX = "不是有效的Word文件（.docx）";
const NOT_SHEET = "不是有效的Excel文件";

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (m, e: string) => {
    if (e[0] === "#") {
      const code = e[1] === "x" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : "";
    }
    return ENTITIES[e] ?? m;
  });
}

function clean(text: string): string {
  // deno-lint-ignore no-control-regex -- control characters in Word text are noise
  return text.replace(/[\u0000-\u0008\u000b-\u001f]/g, "").replace(/\s+$/u, "").replace(/^\s+/u, "");
}

/** A cell of a Word table row: its text and its grid column (a merged cell carries its first column). */
export interface DocxCell {
  text: string;
  col: number;
}

/** Lines of word/document.xml in document order. */
export function docxLines(xml: string): string[] {
  return docxRows(xml).map((r) => r.text);
}

/**
 * Lines of word/document.xml in document order; a row of a top-level table also gives its cells (empty
 * ones included, so that a value stays under its column's header).
 */
export function docxRows(xml: string): { text: string; cells?: DocxCell[] }[] {
  const lines: { text: string; cells?: DocxCell[] }[] = [];
  const tag = /<(\/?)([A-Za-z0-9_:]+)([^>]*?)(\/?)>|([^<]+)/g;
  let tableDepth = 0;
  let paragraph = "";
  let inText = false;
  /** Per open table level: the current row's cells, the current cell's text and its grid span. */
  const rows: { cells: string[]; cell: string; spans: number[]; span: number }[] = [];
  const emitParagraph = (text: string) => {
    const t = clean(text);
    if (tableDepth > 0) {
      const level = rows[rows.length - 1];
      if (level && t) level.cell = level.cell ? `${level.cell} ${t}` : t;
    } else if (t) lines.push({ text: t });
  };
  let m: RegExpExecArray | null;
  while ((m = tag.exec(xml)) !== null) {
    if (m[5] !== undefined) {
      if (inText) paragraph += decodeXml(m[5]);
      continue;
    }
    const closing = m[1] === "/";
    const name = m[2];
    const selfClosing = m[4] === "/";
    switch (name) {
      case "w:t":
        inText = !closing && !selfClosing;
        break;
      case "w:tab":
        if (!closing) paragraph += " ";
        break;
      case "w:br":
      case "w:cr":
        if (!closing) {
          if (tableDepth > 0) paragraph += " ";
          else {
            emitParagraph(paragraph);
            paragraph = "";
          }
        }
        break;
      case "w:p":
        if (closing || selfClosing) {
          emitParagraph(paragraph);
          paragraph = "";
        } else paragraph = "";
        break;
      case "w:tbl":
        if (!closing) {
          tableDepth++;
          rows.push({ cells: [], cell: "", spans: [], span: 1 });
        } else if (tableDepth > 0) {
          tableDepth--;
          rows.pop();
        }
        break;
      case "w:tr":
        if (!closing && rows.length) {
          rows[rows.length - 1].cells = [];
          rows[rows.length - 1].spans = [];
        } else if (closing && rows.length) {
          const level = rows[rows.length - 1];
          const text = level.cells.filter((c) => c !== "").join("  ");
          let col = 0;
          const cells = level.cells.map((c, i) => {
            const cell = { text: c, col };
            col += level.spans[i] ?? 1;
            return cell;
          });
          level.cells = [];
          if (!text) break;
          if (rows.length === 1) lines.push(cells.length > 1 ? { text, cells } : { text });
          else {
            const outer = rows[rows.length - 2];
            outer.cell = outer.cell ? `${outer.cell} ${text}` : text;
          }
        }
        break;
      case "w:tc":
        if (!closing && rows.length) {
          rows[rows.length - 1].cell = "";
          rows[rows.length - 1].span = 1;
        } else if (closing && rows.length) {
          const level = rows[rows.length - 1];
          level.cells.push(level.cell);
          level.spans.push(level.span);
          level.cell = "";
        }
        break;
      case "w:gridSpan": {
        const span = Number(/w:val="(\d+)"/.exec(m[3])?.[1] ?? 1);
        if (rows.length && span > 1) rows[rows.length - 1].span = span;
        break;
      }
    }
  }
  return lines;
}

export function readDocx(input: DocTextWorkerInput): DocTextWorkerResult {
  if (!isZip(input.bytes)) throw new ParseFailure(NOT_DOCX);
  const dir = readZipDirectory(input.bytes);
  if (dir.uncompressedBytes > input.maxUncompressedBytes) {
    return { ok: false, code: "zip_bomb", bytes: dir.uncompressedBytes };
  }
  let zip: PizZip;
  try {
    zip = new PizZip(input.bytes);
  } catch {
    throw new ParseFailure(NOT_DOCX);
  }
  const doc = zip.file("word/document.xml");
  if (!doc) throw new ParseFailure(NOT_DOCX);
  const hasImages = Object.keys(zip.files).some((n) => n.startsWith("word/media/"));
  const xml = doc.asText();
  const rows = docxRows(xml);
  const lines = rows.map((r) => r.text);
  const cells = rows.some((r) => r.cells) ? rows.map((r) => r.cells ?? null) : undefined;
  if (lines.length > 0 || !hasImages) {
    return { ok: true, pages: [cells ? { lines, cells } : { lines }], hasImages };
  }
  // No text at all (a scan pasted into Word): hand back the pictures, in the order the document shows them.
  const rels = zip.file("word/_rels/document.xml.rels")?.asText() ?? "";
  const targets = new Map<string, string>();
  for (const m of rels.matchAll(/<Relationship\b[^>]*>/g)) {
    const id = /\bId="([^"]+)"/.exec(m[0])?.[1];
    const target = /\bTarget="([^"]+)"/.exec(m[0])?.[1];
    if (id && target) targets.set(id, target.replace(/^\/?(word\/)?/, "word/"));
  }
  const images: Uint8Array[] = [];
  for (const m of xml.matchAll(/r:embed="([^"]+)"/g)) {
    const path = targets.get(m[1]);
    const file = path ? zip.file(path) : null;
    if (!file || images.length >= input.maxSheets) continue;
    const bytes = file.asUint8Array();
    const png = bytes[0] === 0x89 && bytes[1] === 0x50;
    const jpg = bytes[0] === 0xff && bytes[1] === 0xd8;
    if (png || jpg) images.push(bytes);
  }
  return { ok: true, pages: [{ lines }], hasImages, images };
}

function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return "";
  if (typeof cell.w === "string") return cell.w.trim();
  return String(cell.v).trim();
}

/** A sheet's lines: title rows as they are, then `表头：值，表头：值` per data row. */
export function sheetLines(rows: string[][], maxRows: number): { lines: string[]; truncated: number } {
  const nonEmpty = rows.map((r) => r.filter((c) => c !== "").length);
  // The header row: the first of the first rows with at least two filled cells (a title row has one).
  let header = nonEmpty.findIndex((n, i) => n >= 2 && i < 10);
  if (header < 0) header = nonEmpty.findIndex((n) => n > 0);
  const lines: string[] = [];
  if (header < 0) return { lines, truncated: 0 };
  for (let r = 0; r < header; r++) {
    const text = rows[r].filter((c) => c !== "").join("  ");
    if (text) lines.push(text);
  }
  const headers = rows[header];
  let used = 0, truncated = 0;
  for (let r = header + 1; r < rows.length; r++) {
    const row = rows[r];
    const parts: string[] = [];
    for (let c = 0; c < row.length; c++) {
      if (row[c] === "") continue;
      const h = (headers[c] ?? "").replace(/[：:]\s*$/, "");
      parts.push(h ? `${h}：${row[c]}` : row[c]);
    }
    if (parts.length === 0) continue;
    if (used >= maxRows) {
      truncated++;
      continue;
    }
    used++;
    lines.push(parts.join("，"));
  }
  // A sheet of one row (a header and nothing else) still says what it holds.
  if (lines.length === 0) lines.push(headers.filter((c) => c !== "").join("  "));
  return { lines, truncated };
}

export function readSheets(input: DocTextWorkerInput): DocTextWorkerResult {
  const { bytes } = input;
  const cfb = bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;
  if (!isZip(bytes) && !cfb) throw new ParseFailure(NOT_SHEET);
  if (isZip(bytes)) {
    const dir = readZipDirectory(bytes);
    if (dir.uncompressedBytes > input.maxUncompressedBytes) {
      return { ok: false, code: "zip_bomb", bytes: dir.uncompressedBytes };
    }
  }
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: "array",
      dense: true,
      cellNF: true,
      cellDates: false,
      sheetRows: input.maxRows + 20,
      bookVBA: false,
    });
  } catch {
    throw new ParseFailure(NOT_SHEET);
  }
  if (workbook.SheetNames.length > input.maxSheets) {
    return { ok: false, code: "too_many_pages", pages: workbook.SheetNames.length };
  }
  const pages: WorkerPage[] = [];
  for (const name of workbook.SheetNames) {
    const sheet = workbook.Sheets[name];
    const rows: string[][] = [];
    let extra = 0;
    if (sheet?.["!ref"]) {
      const range = XLSX.utils.decode_range(sheet["!ref"]);
      const data = ((sheet as { "!data"?: unknown })["!data"] ?? sheet) as (XLSX.CellObject | undefined)[][];
      for (let r = range.s.r; r <= range.e.r; r++) {
        const row = data[r] ?? [];
        const values: string[] = [];
        for (let c = range.s.c; c <= Math.min(range.e.c, range.s.c + 200); c++) values.push(cellText(row[c]));
        while (values.length && values[values.length - 1] === "") values.pop();
        rows.push(values);
      }
      const full = sheet["!fullref"] as string | undefined;
      if (full) extra = Math.max(0, XLSX.utils.decode_range(full).e.r - range.e.r);
    }
    const { lines, truncated } = sheetLines(rows, input.maxRows);
    pages.push({ lines: lines.filter((l) => l !== ""), sheetName: name, truncatedRows: truncated + extra });
  }
  return { ok: true, pages, sheetCount: workbook.SheetNames.length };
}

function run(input: DocTextWorkerInput): DocTextWorkerResult {
  return input.kind === "docx" ? readDocx(input) : readSheets(input);
}

if (typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== "undefined") {
  serveWorker(run);
}
