/**
 * The project's one .xlsx writer, for the browser (usage export: web/pages/member_center/) and the
 * server (case split: server/workers/case_split_worker.ts). Plain TypeScript over zip_writer.ts: no
 * library (SheetJS is ~400 kB in a page, and exceljs's streaming writer cost the case split more
 * than half its time).
 *
 * Worksheets hold text as inline strings, so a worksheet part depends on nothing else in its file
 * and the same compressed part can go into several workbooks (a region's file and the 汇总 file).
 * The sheet XML is built in chunks of rows that are deflated as they come: no whole-sheet string.
 * Styles: 0 default, 1 bold (a header row given with widths), 2 date, 3 date and time. Dates are
 * written as Excel serial numbers (1900 system) with a date style, so they open as dates.
 */
import { storedEntry, zipBlob, type ZipEntry, zipEntry, type ZipEntryOptions } from "./zip_writer.ts";
import { escapeXml } from "./xml.ts";

export const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export type XlsxCell = string | number | boolean | Date | null | undefined;

export interface XlsxColumn {
  header: string;
  /** Width in characters (Excel's column width unit). */
  width: number;
}

export interface XlsxSheet {
  /** At most 31 characters, without []:*?/\ ; "Sheet1" by default. */
  sheetName?: string;
  /** A header row with fixed column widths, bold and frozen. */
  columns?: readonly XlsxColumn[];
  /** Or a plain header row (no widths, no style). One of the two sets the sheet's column count. */
  header?: readonly XlsxCell[];
  /** Data rows, read once and in order; cells beyond the header's columns are ignored. */
  rows: Iterable<readonly XlsxCell[]>;
}

/** Rows per chunk handed to the zip stream: big enough to be cheap, small enough to stay light. */
const ROWS_PER_CHUNK = 500;
/** Excel's limit for the text of one cell. */
const MAX_CELL_TEXT = 32_767;
const MS_PER_DAY = 86_400_000;
/** 1970-01-01 as an Excel serial number (1900 date system). */
const EPOCH_SERIAL = 25_569;

const STYLE_BOLD = ' s="1"';
const STYLE_DATE = ' s="2"';
const STYLE_DATE_TIME = ' s="3"';

const NEEDS_PRESERVE = /^\s|\s$|[\t\n\r]/;

/** "A", "B", ..., "Z", "AA", ... for a 0-based column index. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** A date as an Excel serial number (days since 1899-12-30, the time of day as the fraction). */
export function excelSerial(date: Date): number {
  return date.getTime() / MS_PER_DAY + EPOCH_SERIAL;
}

function textCell(ref: string, style: string, value: string): string {
  if (value === "") return "";
  const text = escapeXml(value.length > MAX_CELL_TEXT ? value.slice(0, MAX_CELL_TEXT) : value);
  const space = NEEDS_PRESERVE.test(text) ? ' xml:space="preserve"' : "";
  return `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${text}</t></is></c>`;
}

function cellXml(ref: string, value: XlsxCell, style: string): string {
  switch (typeof value) {
    case "string":
      return textCell(ref, style, value);
    case "number":
      return Number.isFinite(value)
        ? `<c r="${ref}"${style}><v>${value}</v></c>`
        : textCell(ref, style, String(value));
    case "boolean":
      return `<c r="${ref}"${style} t="b"><v>${value ? 1 : 0}</v></c>`;
    case "object": {
      if (!(value instanceof Date)) return "";
      const ms = value.getTime();
      if (Number.isNaN(ms)) return "";
      const dateStyle = style || (ms % MS_PER_DAY === 0 ? STYLE_DATE : STYLE_DATE_TIME);
      return `<c r="${ref}"${dateStyle}><v>${ms / MS_PER_DAY + EPOCH_SERIAL}</v></c>`;
    }
    default:
      return "";
  }
}

function rowXml(index: number, cells: readonly XlsxCell[], letters: string[], style = ""): string {
  let out = `<row r="${index}">`;
  const n = Math.min(cells.length, letters.length);
  for (let i = 0; i < n; i++) {
    const value = cells[i];
    if (value !== null && value !== undefined) out += cellXml(letters[i] + index, value, style);
  }
  return out + "</row>";
}

/** The worksheet XML of `sheet`, in chunks of rows. */
export function* sheetXml(sheet: XlsxSheet): Generator<string> {
  const header = sheet.columns ? sheet.columns.map((c) => c.header) : sheet.header ?? [];
  const letters = header.map((_, i) => columnLetter(i));
  let head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';
  if (sheet.columns) {
    const cols = sheet.columns.map((c, i) =>
      `<col min="${i + 1}" max="${i + 1}" width="${Math.max(1, Math.min(255, c.width))}" customWidth="1"/>`
    ).join("");
    head += '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" ' +
      'activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' + `<cols>${cols}</cols>`;
  }
  yield head + "<sheetData>" + rowXml(1, header, letters, sheet.columns ? STYLE_BOLD : "");
  let chunk = "";
  let n = 1;
  for (const row of sheet.rows) {
    chunk += rowXml(++n, row, letters);
    if (n % ROWS_PER_CHUNK === 0) {
      yield chunk;
      chunk = "";
    }
  }
  yield chunk + "</sheetData></worksheet>";
}

/**
 * The deflated worksheet part of `sheet` (named xl/worksheets/sheet1.xml; give another name when
 * writing it as a workbook's later sheet). `deflate: false` stores it uncompressed; `deflatePiece`
 * compresses it synchronously (see zip_writer.ts).
 */
export function sheetEntry(sheet: XlsxSheet, options: ZipEntryOptions = {}): Promise<ZipEntry> {
  return zipEntry("xl/worksheets/sheet1.xml", sheetXml(sheet), options);
}

/** Excel's sheet-name rules: at most 31 characters, none of []:*?/\, unique regardless of case. */
export function sheetNamer(): (wanted: string | undefined) => string {
  const used = new Set<string>();
  return (wanted) => {
    const base = ((wanted ?? "").replace(/[[\]:*?/\\]/g, "_").trim() || "Sheet").slice(0, 31);
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) {
      const suffix = `(${n})`;
      name = base.slice(0, 31 - suffix.length) + suffix;
    }
    used.add(name.toLowerCase());
    return name;
  };
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

// Fonts: 0 regular, 1 bold. Number formats: 14 short date, 22 date and time (built in).
const STYLES = XML_HEAD +
  '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<fonts count="2"><font><sz val="11"/><name val="宋体"/></font>' +
  '<font><b/><sz val="11"/><name val="宋体"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill>' +
  '<fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="22" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  "</styleSheet>";

/**
 * The parts of a workbook other than its worksheets, for sheets named `sheetNames` (already valid
 * and unique: see sheetNamer()) whose parts are xl/worksheets/sheet1.xml, sheet2.xml, ... in order.
 * They are small and stored uncompressed.
 */
export function workbookEntries(sheetNames: readonly string[]): ZipEntry[] {
  const sheets = sheetNames.map((_, i) => i + 1);
  const contentTypes = XML_HEAD +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ' +
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    sheets.map((n) =>
      `<Override PartName="/xl/worksheets/sheet${n}.xml" ` +
      'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
    ).join("") +
    '<Override PartName="/xl/styles.xml" ' +
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
    "</Types>";
  const rootRels = XML_HEAD +
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
  const workbook = XML_HEAD +
    `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL_NS}">` +
    "<sheets>" +
    sheetNames.map((name, i) => `<sheet name="${escapeXml(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
      .join("") +
    "</sheets></workbook>";
  const workbookRels = XML_HEAD +
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    sheets.map((n) =>
      `<Relationship Id="rId${n}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${n}.xml"/>`
    ).join("") +
    `<Relationship Id="rId${sheets.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/>` +
    "</Relationships>";
  return [
    storedEntry("[Content_Types].xml", [contentTypes]),
    storedEntry("_rels/.rels", [rootRels]),
    storedEntry("xl/workbook.xml", [workbook]),
    storedEntry("xl/_rels/workbook.xml.rels", [workbookRels]),
    storedEntry("xl/styles.xml", [STYLES]),
  ];
}

/** The part name of the `n`th worksheet (1-based) of a workbook from workbookEntries(). */
export function worksheetPartName(n: number): string {
  return `xl/worksheets/sheet${n}.xml`;
}

/**
 * Builds an .xlsx of one sheet or several, in order. Rows are read once, in order.
 * `deflate: false` stores the worksheets uncompressed (faster, ~10 times bigger).
 */
export async function writeXlsx(
  sheets: XlsxSheet | readonly XlsxSheet[],
  options: ZipEntryOptions = {},
): Promise<Blob> {
  const list: readonly XlsxSheet[] = Array.isArray(sheets) ? sheets : [sheets as XlsxSheet];
  const nameSheet = sheetNamer();
  const names = list.map((s, i) => nameSheet(s.sheetName ?? `Sheet${i + 1}`));
  const entries = workbookEntries(names);
  for (let i = 0; i < list.length; i++) {
    const entry = await sheetEntry(list[i], options);
    entries.push({ ...entry, name: worksheetPartName(i + 1) });
  }
  return zipBlob(entries, { type: XLSX_MIME });
}
