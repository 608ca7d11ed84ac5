import {
  WORKER_DEFAULT_TIMEOUT_MS,
  XLSX_MAX_COLUMNS,
  XLSX_MAX_INPUT_BYTES,
  XLSX_MAX_ROWS,
  XLSX_MAX_UNCOMPRESSED_BYTES,
} from "../../../common/constants.ts";
import { runInWorker } from "../../workers/run_in_worker.ts";

export type SheetCell = string | number | boolean | null;

/** A number or date cell as SheetJS holds it (t type, v raw value, w displayed text, z number format). */
export interface SheetCellObject {
  t: string;
  v?: unknown;
  w?: string;
  z?: string | number;
}

/** A cell from readSheetCells(): text and booleans as values, numbers and dates as SheetJS cells. */
export type RawSheetCell = SheetCell | SheetCellObject;

export interface SheetData {
  sheetName: string;
  /** The first row, as text ("" for an empty header cell). */
  headers: string[];
  /** Data rows (blank rows skipped), each as long as `headers`. */
  rows: SheetCell[][];
  totalRows: number;
  /** The Excel row number (1-based, header row 1) of each data row: blank rows are skipped. */
  rowNumbers?: number[];
}

/** What the worker receives. */
export interface ReadSheetInput {
  bytes: Uint8Array;
  maxRows: number;
  maxColumns: number;
  maxUncompressedBytes: number;
  /** Numbers and dates as SheetJS cells (readSheetCells), so dates and formats survive. */
  cellObjects?: boolean;
}

export interface ReadSheetOptions {
  maxRows?: number;
  maxColumns?: number;
  maxUncompressedBytes?: number;
  maxInputBytes?: number;
  timeoutMs?: number;
}

const WORKER_URL = new URL("../../workers/xlsx_read_worker.ts", import.meta.url);

/**
 * Reads the first sheet of an uploaded .xlsx/.xls in a permission-less worker. Cells come as the
 * user sees them (formatted text for dates and formatted numbers). `bytes` is transferred to the
 * worker: pass a copy if you still need it.
 *
 * Throws FILE_TOO_LARGE, FILE_PARSE_TIMEOUT, or FILE_PARSE_FAILED with a Chinese reason: not a
 * spreadsheet, 表格中没有数据, no header row, over the row/column caps, or a zip that would inflate
 * past the cap (checked from its central directory before parsing).
 */
export function readSheet(bytes: Uint8Array, options: ReadSheetOptions = {}): Promise<SheetData> {
  const input: ReadSheetInput = {
    bytes,
    maxRows: options.maxRows ?? XLSX_MAX_ROWS,
    maxColumns: options.maxColumns ?? XLSX_MAX_COLUMNS,
    maxUncompressedBytes: options.maxUncompressedBytes ?? XLSX_MAX_UNCOMPRESSED_BYTES,
  };
  return runInWorker<SheetData>(WORKER_URL, input, {
    timeoutMs: options.timeoutMs ?? WORKER_DEFAULT_TIMEOUT_MS,
    maxInputBytes: options.maxInputBytes ?? XLSX_MAX_INPUT_BYTES,
  });
}

/**
 * readSheet() for document generation: numbers and dates come as SheetJS cells `{ t, v, w, z }`
 * (what server/services/docx/format_value.ts reads: 2024年3月5日 for a date cell, the displayed text
 * for a formatted number), text stays verbatim, and `rowNumbers` gives each data row's Excel row.
 */
export function readSheetCells(
  bytes: Uint8Array,
  options: ReadSheetOptions = {},
): Promise<Omit<SheetData, "rows"> & { rows: RawSheetCell[][]; rowNumbers: number[] }> {
  const input: ReadSheetInput = {
    bytes,
    maxRows: options.maxRows ?? XLSX_MAX_ROWS,
    maxColumns: options.maxColumns ?? XLSX_MAX_COLUMNS,
    maxUncompressedBytes: options.maxUncompressedBytes ?? XLSX_MAX_UNCOMPRESSED_BYTES,
    cellObjects: true,
  };
  return runInWorker(WORKER_URL, input, {
    timeoutMs: options.timeoutMs ?? WORKER_DEFAULT_TIMEOUT_MS,
    maxInputBytes: options.maxInputBytes ?? XLSX_MAX_INPUT_BYTES,
  });
}
