/**
 * A small .xlsx writer for exports: one sheet of text and numbers with fixed column widths and a
 * bold, frozen header row. The sheet XML is built in chunks of rows that are deflated as they come
 * (zip_writer.ts, the platform's CompressionStream): no library in the page (SheetJS is ~400 kB),
 * no whole-sheet string. bench/usage_export_bench.ts compares it with SheetJS and ExcelJS.
 *
 * Why not client-zip: it cannot compress, and it always writes data descriptors and ZIP64 fields,
 * which SheetJS 0.18 (our own upload reader) cannot read; an exported sheet may well come back.
 */
import { zipBlob, zipEntry } from "./zip_writer.ts";

export const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export type XlsxCell = string | number | null | undefined;

export interface XlsxColumn {
  header: string;
  /** Width in characters (Excel's column width unit). */
  width: number;
}

export interface XlsxSheet {
  columns: readonly XlsxColumn[];
  rows: Iterable<readonly XlsxCell[]>;
  /** At most 31 characters, without []:*?/\ ; "Sheet1" by default. */
  sheetName?: string;
}

/** Rows per chunk handed to the zip stream: big enough to be cheap, small enough to stay light. */
const ROWS_PER_CHUNK = 500;

// Characters XML 1.0 forbids (a stray one would make Excel refuse the whole file).
// deno-lint-ignore no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Escapes text for an XML text node or attribute, dropping characters XML cannot hold. */
export function escapeXml(text: string): string {
  return text.replace(INVALID_XML, "").replace(/&/g, "&amp;").replace(/</g, "&lt;")
    .replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

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

function cellXml(ref: string, value: XlsxCell, style: string): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "number" && Number.isFinite(value)) return `<c r="${ref}"${style}><v>${value}</v></c>`;
  const text = escapeXml(String(value)).slice(0, 32_767);
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : "";
  return `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${text}</t></is></c>`;
}

function rowXml(index: number, cells: readonly XlsxCell[], letters: string[], style = ""): string {
  let out = `<row r="${index}">`;
  for (let i = 0; i < letters.length; i++) out += cellXml(`${letters[i]}${index}`, cells[i], style);
  return out + "</row>";
}

function* sheetXml(sheet: XlsxSheet): Generator<string> {
  const letters = sheet.columns.map((_, i) => columnLetter(i));
  const cols = sheet.columns.map((c, i) =>
    `<col min="${i + 1}" max="${i + 1}" width="${Math.max(1, Math.min(255, c.width))}" customWidth="1"/>`
  ).join("");
  yield '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" ' +
    'state="frozen"/></sheetView></sheetViews>' +
    `<cols>${cols}</cols><sheetData>` +
    rowXml(1, sheet.columns.map((c) => c.header), letters, ' s="1"');
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

const CONTENT_TYPES = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ' +
  'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ' +
  'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ' +
  'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  "</Types>";

const ROOT_RELS = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" ' +
  'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" ' +
  'Target="xl/workbook.xml"/></Relationships>';

const WORKBOOK_RELS = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" ' +
  'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" ' +
  'Target="worksheets/sheet1.xml"/>' +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" ' +
  'Target="styles.xml"/></Relationships>';

// Style 0: default; style 1: bold (the header row).
const STYLES = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<fonts count="2"><font><sz val="11"/><name val="宋体"/></font>' +
  '<font><b/><sz val="11"/><name val="宋体"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill>' +
  '<fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  "</styleSheet>";

function workbookXml(sheetName: string): string {
  return '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    `<sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
}

function safeSheetName(name: string | undefined): string {
  const cleaned = (name ?? "").replace(/[[\]:*?/\\]/g, "").trim().slice(0, 31);
  return cleaned || "Sheet1";
}

/**
 * Builds a one-sheet .xlsx file. Rows are read once, in order; cells beyond the columns are ignored.
 * `deflate: false` stores the parts uncompressed (faster, ~10 times bigger).
 */
export async function writeXlsx(sheet: XlsxSheet, options: { deflate?: boolean } = {}): Promise<Blob> {
  const entries = [
    await zipEntry("[Content_Types].xml", [CONTENT_TYPES], options),
    await zipEntry("_rels/.rels", [ROOT_RELS], options),
    await zipEntry("xl/workbook.xml", [workbookXml(safeSheetName(sheet.sheetName))], options),
    await zipEntry("xl/_rels/workbook.xml.rels", [WORKBOOK_RELS], options),
    await zipEntry("xl/styles.xml", [STYLES], options),
    await zipEntry("xl/worksheets/sheet1.xml", sheetXml(sheet), options),
  ];
  return zipBlob(entries, { type: XLSX_MIME });
}
