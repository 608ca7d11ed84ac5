import { ParseFailure } from "./worker_protocol.ts";
import { readZipEntries, type ZipEntry } from "./zip_directory.ts";
import { EXCEL_DATE_FORMAT_IDS, isDateFormatCode } from "../../common/excel_date_formats.ts";
import { decodeXml } from "../../common/xml.ts";

/**
 * A lean streaming reader for the first worksheet of an .xlsx, for permission-less workers (the case
 * split's 100 000-row sheets). The parts are inflated with the platform's DecompressionStream in small
 * pieces, and the shared strings and the worksheet are scanned element by element as the text comes,
 * so neither the sheet's XML nor its rows are ever held whole: each row is handed to the caller as
 * plain values and forgotten. About five times the speed of exceljs's streaming reader at a fraction
 * of its memory, and any part order works (Excel stores the shared strings after the sheets).
 *
 * Values: text (shared, inline or a formula's text result) as strings, numbers as numbers, a number
 * whose cell format is a date format as a Date (1900 or 1904 date system), booleans, errors as their
 * text ("#N/A"), a formula as its cached result. An empty string is null. Rich text is its plain
 * text (phonetic runs left out). Entities are decoded; Excel's _xHHHH_ escapes are kept as written.
 */

export type XlsxValue = string | number | boolean | Date | null;

export interface XlsxReadLimits {
  /** A non-empty cell in a column past this many is refused (表格列数超过上限N列). */
  maxColumns: number;
  /** Refused when the parts declare, or inflate to, more than this many bytes. */
  maxUncompressedBytes: number;
}

/**
 * Called for each row holding at least one non-blank cell, in sheet order, with its 1-based row
 * number. Trailing blank cells are dropped; missing cells before the last one are null.
 */
export type XlsxRowHandler = (cells: XlsxValue[], rowNumber: number) => void;

const BROKEN = "文件已损坏或不是有效的Excel文件";
/** Compressed bytes fed to the inflater at a time: each step yields a few hundred KB of text. */
const FEED_BYTES = 32 * 1024;
const MS_PER_DAY = 86_400_000;
/**
 * The longest row or shared string taken, in characters (200 columns of Excel's 32 767 characters
 * fit): a longer one is a damaged or hostile file, and re-scanning it chunk after chunk would cost
 * quadratic time.
 */
const MAX_ELEMENT_CHARS = 16 * 1024 * 1024;

// Element patterns: any namespace prefix (some writers use x:row, x:c), the closing tag's prefix
// matching the opening one. An element's content may not contain the start of another of its kind,
// so a tag that is never closed fails at the next one instead of scanning to the end of the text
// (linear time on a hostile file).
const ROW = /<((?:[\w.-]+:)?)row\b([^>]*?)(?:\/>|>((?:[^<]|<(?!(?:[\w.-]+:)?row[\s/>]))*?)<\/\1row>)/g;
const ROW_START = /<(?:[\w.-]+:)?row[\s/>]/g;
const CELL = /<((?:[\w.-]+:)?)c\b([^>]*?)(?:\/>|>((?:[^<]|<(?!(?:[\w.-]+:)?c[\s/>]))*?)<\/\1c>)/g;
const SHARED_STRING = /<((?:[\w.-]+:)?)si\b[^>]*?(?:\/>|>((?:[^<]|<(?!(?:[\w.-]+:)?si[\s/>]))*?)<\/\1si>)/g;
const SHARED_STRING_START = /<(?:[\w.-]+:)?si[\s/>]/g;
const VALUE = /<((?:[\w.-]+:)?)v\b[^>]*>([^<]*)<\/\1v>/;
const TEXT_RUN = /<((?:[\w.-]+:)?)t\b[^>]*?(?:\/>|>([^<]*)<\/\1t>)/g;
const PHONETIC = /<((?:[\w.-]+:)?)rPh\b[\s\S]*?<\/\1rPh>/g;
const ATTR_R = /\sr\s*=\s*["']([^"']*)["']/;
const ATTR_T = /\st\s*=\s*["']([^"']*)["']/;
const ATTR_S = /\ss\s*=\s*["']([^"']*)["']/;

/**
 * A copy of `text` that does not keep the chunk of XML it was cut from alive (V8 keeps a long
 * substring as a view of its parent: one kept cell per chunk would keep the whole sheet's text).
 */
function detach(text: string): string {
  return text.length < 13 ? text : (text + " ").slice(0, -1);
}

/**
 * The value of attribute `name` (r, t or s) in a cell's or row's attribute text: the usual
 * ` r="A1"` form found with indexOf, any other spelling (single quotes, spaces around =) with `pattern`.
 */
function attr(name: string, pattern: RegExp, attrs: string): string | null {
  const at = attrs.indexOf(` ${name}="`);
  if (at >= 0) {
    const start = at + name.length + 3;
    const end = attrs.indexOf('"', start);
    return end < 0 ? null : attrs.slice(start, end);
  }
  if (attrs.indexOf(name) < 0) return null;
  const m = pattern.exec(attrs);
  return m ? m[1] : null;
}

/** The plain text of a rich-text element's content: its <t> runs, phonetic runs left out. */
function richText(xml: string): string {
  const content = xml.indexOf("rPh") >= 0 ? xml.replace(PHONETIC, "") : xml;
  let out = "";
  TEXT_RUN.lastIndex = 0;
  for (let m = TEXT_RUN.exec(content); m; m = TEXT_RUN.exec(content)) if (m[2]) out += m[2];
  return decodeXml(out);
}

/** "B12" → 1 (0-based column index); -1 when the reference has no letters. */
function columnIndex(ref: string): number {
  let col = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) col = col * 26 + c - 64;
    else if (c >= 97 && c <= 122) col = col * 26 + c - 96;
    else break;
  }
  return i === 0 ? -1 : col - 1;
}

/** True when a cell counts as empty (nothing, or only spaces). */
function isBlank(value: XlsxValue): boolean {
  if (value === null) return true;
  if (typeof value !== "string") return false;
  // Most text starts with a printable ASCII or a CJK character: no need to trim it.
  const first = value.charCodeAt(0);
  if ((first > 32 && first < 127) || (first > 0x3000 && first !== 0xfeff)) return false;
  return value.trim() === "";
}

interface Part {
  entry: ZipEntry;
  bytes: Uint8Array;
}

/** Counts inflated bytes against the limit across all parts read. */
interface Budget {
  left: number;
  limit: number;
}

function overLimit(limit: number): ParseFailure {
  return new ParseFailure(`文件解压后超过${Math.round(limit / 1024 / 1024)}MB，已拒绝处理`);
}

/** A part's inflated bytes, in pieces of a few hundred KB. */
async function* inflatePart(part: Part, budget: Budget): AsyncGenerator<Uint8Array> {
  const { bytes, entry } = part;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localOffset;
  if (at + 30 > bytes.byteLength || view.getUint32(at, true) !== 0x04034b50) throw new ParseFailure(BROKEN);
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedBytes;
  if (end > bytes.byteLength) throw new ParseFailure(BROKEN);
  const data = bytes.subarray(start, end);
  const spend = (n: number) => {
    budget.left -= n;
    if (budget.left < 0) throw overLimit(budget.limit);
  };
  if (entry.method === 0) {
    for (let i = 0; i < data.byteLength; i += FEED_BYTES * 8) {
      const piece = data.subarray(i, i + FEED_BYTES * 8);
      spend(piece.byteLength);
      yield piece;
    }
    return;
  }
  if (entry.method !== 8) throw new ParseFailure(BROKEN);
  let fed = 0;
  const source = new ReadableStream<Uint8Array<ArrayBuffer>>({
    pull(controller) {
      if (fed >= data.byteLength) return controller.close();
      // A copy: the stream may keep what it is given, and `bytes` is the caller's.
      controller.enqueue(data.slice(fed, fed + FEED_BYTES));
      fed += FEED_BYTES;
    },
  });
  try {
    for await (const chunk of source.pipeThrough(new DecompressionStream("deflate-raw"))) {
      spend(chunk.byteLength);
      yield chunk;
    }
  } catch (err) {
    if (err instanceof ParseFailure) throw err;
    throw new ParseFailure(BROKEN);
  }
}

async function readPartText(part: Part, budget: Budget): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of inflatePart(part, budget)) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/**
 * Scans a part for complete `element` matches as its text arrives, keeping only the unfinished
 * tail between chunks. `start` finds where an element may begin (to keep a partial one).
 */
async function scanPart(
  part: Part,
  budget: Budget,
  patterns: { element: RegExp; start: RegExp },
  onMatch: (m: RegExpExecArray) => void,
): Promise<void> {
  const { element, start } = patterns;
  const decoder = new TextDecoder();
  let carry = "";
  const scan = (text: string, last: boolean) => {
    element.lastIndex = 0;
    let end = 0;
    for (let m = element.exec(text); m; m = element.exec(text)) {
      onMatch(m);
      end = element.lastIndex;
    }
    // After the last whole element, only one may have begun (the one the next chunk completes):
    // an element that another begins inside can never end, and the file is damaged.
    start.lastIndex = end;
    const open = start.exec(text);
    if (open && (last || start.exec(text))) throw new ParseFailure(BROKEN);
    if (last) return "";
    // Keep an element that has begun; otherwise only a short tail that may hold the start of a tag.
    const rest = text.slice(open ? open.index : Math.max(end, text.length - 64));
    if (rest.length > MAX_ELEMENT_CHARS) throw new ParseFailure(BROKEN);
    return rest;
  };
  for await (const chunk of inflatePart(part, budget)) {
    carry = scan(carry + decoder.decode(chunk, { stream: true }), false);
  }
  scan(carry + decoder.decode(), true);
}

interface Relationship {
  type: string;
  target: string;
}

function attrOf(attrs: string, name: string): string | null {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attrs);
  return m ? decodeXml(m[1] ?? m[2]) : null;
}

function readRelationships(xml: string): Map<string, Relationship> {
  const rels = new Map<string, Relationship>();
  for (const m of xml.matchAll(/<(?:[\w.-]+:)?Relationship\b([^>]*?)\/?>/g)) {
    const id = attrOf(m[1], "Id");
    if (id) rels.set(id, { type: attrOf(m[1], "Type") ?? "", target: attrOf(m[1], "Target") ?? "" });
  }
  return rels;
}

/** A relationship target as a zip path, relative to the folder of the part that names it. */
function resolvePath(base: string, target: string): string {
  if (target.startsWith("/")) return target.slice(1);
  const parts = base.split("/").slice(0, -1);
  for (const piece of target.split("/")) {
    if (piece === "..") parts.pop();
    else if (piece !== "." && piece !== "") parts.push(piece);
  }
  return parts.join("/");
}

/** Which cell formats (by index) show dates. */
function readDateStyles(xml: string): boolean[] {
  const formats = new Map<number, string>();
  for (const m of xml.matchAll(/<(?:[\w.-]+:)?numFmt\b([^>]*?)\/?>/g)) {
    const id = Number(attrOf(m[1], "numFmtId"));
    const code = attrOf(m[1], "formatCode");
    if (Number.isInteger(id) && code !== null) formats.set(id, code);
  }
  const xfs = /<((?:[\w.-]+:)?)cellXfs\b[^>]*>([\s\S]*?)<\/\1cellXfs>/.exec(xml)?.[2] ?? "";
  const dates: boolean[] = [];
  for (const m of xfs.matchAll(/<(?:[\w.-]+:)?xf\b([^>]*?)\/?>/g)) {
    const id = Number(attrOf(m[1], "numFmtId") ?? 0);
    const code = formats.get(id);
    dates.push(code !== undefined ? isDateFormatCode(code) : EXCEL_DATE_FORMAT_IDS.has(id));
  }
  return dates;
}

/**
 * Reads the first worksheet (the first tab of the workbook) of an .xlsx, calling `onRow` for each
 * row with a value. Throws ParseFailure with a Chinese reason: not a zip, a damaged part, a sheet
 * over the size or column limit.
 */
export async function readXlsxRows(
  bytes: Uint8Array,
  limits: XlsxReadLimits,
  onRow: XlsxRowHandler,
): Promise<void> {
  const { entries } = readZipEntries(bytes);
  const declared = entries.reduce((sum, e) => sum + e.uncompressedBytes, 0);
  if (declared > limits.maxUncompressedBytes) throw overLimit(limits.maxUncompressedBytes);
  const budget: Budget = { left: limits.maxUncompressedBytes, limit: limits.maxUncompressedBytes };
  const byName = new Map(entries.map((e) => [e.name.replace(/\\/g, "/"), e]));
  const part = (name: string): Part | null => {
    let entry = byName.get(name);
    if (!entry) {
      const lower = name.toLowerCase();
      entry = entries.find((e) => e.name.toLowerCase() === lower);
    }
    return entry ? { entry, bytes } : null;
  };

  const rootRels = part("_rels/.rels");
  const officeDocument = rootRels
    ? [...readRelationships(await readPartText(rootRels, budget)).values()]
      .find((r) => r.type.endsWith("/officeDocument"))
    : undefined;
  const workbookPath = officeDocument ? resolvePath("", officeDocument.target) : "xl/workbook.xml";
  const workbookPart = part(workbookPath);
  if (!workbookPart) throw new ParseFailure(BROKEN);
  const workbook = await readPartText(workbookPart, budget);
  const relsPart = part(resolvePath(workbookPath, `_rels/${workbookPath.split("/").pop()}.rels`));
  const rels = relsPart ? readRelationships(await readPartText(relsPart, budget)) : new Map();
  const date1904 = /<(?:[\w.-]+:)?workbookPr\b[^>]*\bdate1904\s*=\s*["'](?:1|true)["']/.test(workbook);

  let sheetPath: string | null = null;
  for (const m of workbook.matchAll(/<(?:[\w.-]+:)?sheet\b([^>]*?)\/?>/g)) {
    const id = /\s[\w.-]+:id\s*=\s*["']([^"']+)["']/.exec(m[1])?.[1];
    const rel = id ? rels.get(id) : undefined;
    if (rel && rel.type.endsWith("/worksheet")) {
      sheetPath = resolvePath(workbookPath, rel.target);
      break;
    }
  }
  const sheetPart = part(sheetPath ?? "xl/worksheets/sheet1.xml");
  if (!sheetPart) throw new ParseFailure(BROKEN);

  const related = (kind: string, fallback: string) => {
    const rel = [...rels.values()].find((r) => r.type.endsWith(`/${kind}`));
    return part(rel ? resolvePath(workbookPath, rel.target) : fallback);
  };
  const stylesPart = related("styles", "xl/styles.xml");
  const dateStyles = stylesPart ? readDateStyles(await readPartText(stylesPart, budget)) : [];
  const sharedStrings: string[] = [];
  const stringsPart = related("sharedStrings", "xl/sharedStrings.xml");
  if (stringsPart) {
    await scanPart(stringsPart, budget, { element: SHARED_STRING, start: SHARED_STRING_START }, (m) => {
      sharedStrings.push(m[2] ? detach(richText(m[2])) : "");
    });
  }

  const dayOffset = date1904 ? 1462 : 0;
  const toDate = (serial: number) => new Date(Math.round((serial + dayOffset - 25569) * MS_PER_DAY));
  let rowNumber = 0;
  await scanPart(sheetPart, budget, { element: ROW, start: ROW_START }, (row) => {
    const ref = attr("r", ATTR_R, row[2]);
    const number = ref === null ? Number.NaN : Number(ref);
    rowNumber = Number.isInteger(number) && number > 0 ? number : rowNumber + 1;
    const content = row[3];
    if (!content) return;
    const cells: XlsxValue[] = [];
    let col = -1;
    let last = -1;
    CELL.lastIndex = 0;
    for (let c = CELL.exec(content); c; c = CELL.exec(content)) {
      const attrs = c[2];
      const cellRef = attr("r", ATTR_R, attrs);
      const at = cellRef === null ? -1 : columnIndex(cellRef);
      col = at >= 0 ? at : col + 1;
      const value = cellValue(attr("t", ATTR_T, attrs), attrs, c[3] ?? "");
      if (value === null) continue;
      const blank = isBlank(value);
      if (col >= limits.maxColumns) {
        if (blank) continue;
        throw new ParseFailure(`表格列数超过上限${limits.maxColumns}列`);
      }
      while (cells.length < col) cells.push(null);
      cells[col] = value;
      if (!blank && col > last) last = col;
    }
    if (last < 0) return;
    // Blank (whitespace) cells before the last value stay as they are; after it they are dropped.
    cells.length = last + 1;
    onRow(cells, rowNumber);
  });

  function cellValue(type: string | null, attrs: string, content: string): XlsxValue {
    if (type === "inlineStr") return nonEmpty(detach(richText(content)));
    const raw = VALUE.exec(content)?.[2];
    if (raw === undefined || raw === "") return null;
    switch (type) {
      case "s": {
        const text = sharedStrings[Number(raw)];
        return text === undefined || text === "" ? null : text;
      }
      case "str":
      case "e":
        return nonEmpty(detach(decodeXml(raw)));
      case "b":
        return raw === "1" || raw === "true";
      case "d": {
        const date = new Date(decodeXml(raw));
        return Number.isNaN(date.getTime()) ? detach(decodeXml(raw)) : date;
      }
      default: {
        const n = Number(raw);
        if (!Number.isFinite(n)) return nonEmpty(detach(decodeXml(raw)));
        const style = attr("s", ATTR_S, attrs);
        return style !== null && dateStyles[Number(style)] ? toDate(n) : n;
      }
    }
  }
}

function nonEmpty(text: string): string | null {
  return text === "" ? null : text;
}
