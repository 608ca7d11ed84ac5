import * as XLSX from "xlsx";
import type { RawSheetCell, ReadSheetInput, SheetCell, SheetData } from "../services/xlsx/read_sheet.ts";
import { ParseFailure, serveWorker } from "./worker_protocol.ts";
import { readZipDirectory } from "./zip_directory.ts";

/**
 * Parses the first sheet of an .xlsx or .xls (SheetJS, dense mode) inside a permission-less worker.
 * Started only through services/xlsx/read_sheet.ts.
 */

const NOT_EXCEL = "不是有效的Excel文件，请上传 .xlsx 或 .xls 格式的表格";

function sniff(bytes: Uint8Array): "zip" | "cfb" | null {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return "zip";
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) return "cfb";
  return null;
}

/** A cell as the user sees it: formatted text for dates and formatted numbers, raw values otherwise. */
function cellValue(cell: XLSX.CellObject | undefined): SheetCell {
  if (!cell) return null;
  switch (cell.t) {
    case "s": {
      const text = String(cell.v ?? "");
      return text === "" ? null : text;
    }
    case "b":
      return Boolean(cell.v);
    case "n":
      if (cell.z !== undefined && cell.z !== "General" && typeof cell.w === "string") return cell.w;
      return typeof cell.v === "number" ? cell.v : null;
    case "d":
      return typeof cell.w === "string" ? cell.w : cell.v instanceof Date ? cell.v.toISOString() : null;
    case "e":
      return typeof cell.w === "string" ? cell.w : null;
    default:
      return null;
  }
}

/** A number or date cell kept whole (readSheetCells), other cells as cellValue() gives them. */
function cellObject(cell: XLSX.CellObject | undefined): RawSheetCell {
  if (cell && (cell.t === "n" || cell.t === "d")) {
    const out: { t: string; v?: unknown; w?: string; z?: string | number } = { t: cell.t, v: cell.v };
    if (typeof cell.w === "string") out.w = cell.w;
    if (cell.z !== undefined) out.z = cell.z;
    return out;
  }
  return cellValue(cell);
}

/** A row's values from column `first`, without trailing empty cells. */
function rowValues(
  row: (XLSX.CellObject | undefined)[] | undefined,
  first: number,
  read: (cell: XLSX.CellObject | undefined) => RawSheetCell = cellValue,
): SheetCell[] {
  if (!row) return [];
  const values: SheetCell[] = [];
  let last = -1;
  for (let c = first; c < row.length; c++) {
    const v = read(row[c]) as SheetCell;
    values.push(v);
    if (v !== null) last = values.length - 1;
  }
  values.length = last + 1;
  return values;
}

function readSheet(input: ReadSheetInput): SheetData {
  const { bytes, maxRows, maxColumns, maxUncompressedBytes } = input;
  const kind = sniff(bytes);
  if (!kind) throw new ParseFailure(NOT_EXCEL);
  if (kind === "zip" && readZipDirectory(bytes).uncompressedBytes > maxUncompressedBytes) {
    throw new ParseFailure(`文件解压后超过${Math.round(maxUncompressedBytes / 1024 / 1024)}MB，已拒绝处理`);
  }
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: "array",
      dense: true,
      cellNF: true,
      cellDates: false,
      sheets: 0,
      sheetRows: maxRows + 2,
      bookVBA: false,
    });
  } catch {
    throw new ParseFailure("文件已损坏或不是有效的Excel文件");
  }
  const sheetName = workbook.SheetNames[0];
  const sheet = sheetName === undefined ? undefined : workbook.Sheets[sheetName];
  if (!sheet || !sheet["!ref"]) throw new ParseFailure("表格中没有数据");
  const range = XLSX.utils.decode_range(sheet["!ref"]);
  const fullRef = sheet["!fullref"] as string | undefined;
  if (fullRef && XLSX.utils.decode_range(fullRef).e.r > range.e.r) {
    throw new ParseFailure(`表格数据行数超过上限${maxRows}行`);
  }
  const data = ((sheet as { "!data"?: unknown })["!data"] ?? sheet) as (XLSX.CellObject | undefined)[][];

  const headerValues = rowValues(data[range.s.r], range.s.c);
  if (headerValues.length === 0) throw new ParseFailure("表格第一行没有表头");
  const rows: SheetCell[][] = [];
  const rowNumbers: number[] = [];
  const read = input.cellObjects ? cellObject : cellValue;
  let width = headerValues.length;
  for (let r = range.s.r + 1; r <= range.e.r; r++) {
    const values = rowValues(data[r], range.s.c, read);
    if (values.length === 0) continue; // blank rows carry no data
    if (rows.length === maxRows) throw new ParseFailure(`表格数据行数超过上限${maxRows}行`);
    width = Math.max(width, values.length);
    rows.push(values);
    rowNumbers.push(r + 1);
  }
  if (width > maxColumns) throw new ParseFailure(`表格列数超过上限${maxColumns}列`);
  if (rows.length === 0) throw new ParseFailure("表格中没有数据");
  const headers = Array.from({ length: width }, (_, i) => {
    const v = headerValues[i];
    return v === null || v === undefined ? "" : String(v).trim();
  });
  for (const row of rows) while (row.length < width) row.push(null);
  return { sheetName, headers, rows, totalRows: rows.length, rowNumbers };
}

serveWorker(readSheet);
