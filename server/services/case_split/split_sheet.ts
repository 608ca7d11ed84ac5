import {
  type CaseSplitLevel,
  XLSX_MAX_COLUMNS,
  XLSX_MAX_INPUT_BYTES,
  XLSX_MAX_ROWS,
  XLSX_MAX_UNCOMPRESSED_BYTES,
} from "../../../common/constants.ts";
import type { CaseSplitErrorRow } from "../../../common/schemas/case_split.ts";
import { runInWorker } from "../../workers/run_in_worker.ts";
import type { SheetCell } from "../xlsx/read_sheet.ts";

/**
 * The two calls of server/workers/case_split_worker.ts: inspect an uploaded .xlsx (headers and row
 * count) and split a sheet into region workbooks. Both run in a permission-less worker; the split
 * streams its output files back as events, which the caller writes to the blob store.
 */

export interface SheetLimits {
  maxRows: number;
  maxColumns: number;
  maxUncompressedBytes: number;
}

export const DEFAULT_SHEET_LIMITS: SheetLimits = {
  maxRows: XLSX_MAX_ROWS,
  maxColumns: XLSX_MAX_COLUMNS,
  maxUncompressedBytes: XLSX_MAX_UNCOMPRESSED_BYTES,
};

/** What the upload shows: the header row as the column picker lists it, and the data rows. */
export interface SheetSummary {
  headers: string[];
  totalRows: number;
}

/** A sheet already read by services/xlsx/read_sheet.ts (the .xls path). */
export interface ParsedSheet {
  headers: string[];
  rows: SheetCell[][];
  /** The sheet row number of each data row. */
  rowNumbers: number[];
}

export type CaseSplitWorkerInput =
  | ({ mode: "inspect"; bytes: Uint8Array } & SheetLimits)
  | ({
    mode: "split";
    /** An .xlsx to stream, or null when `sheet` holds the rows already read. */
    bytes: Uint8Array | null;
    sheet: ParsedSheet | null;
    addressIndex: number;
    level: CaseSplitLevel;
  } & SheetLimits);

/** One output workbook of a split: a region (its file is region-NNNN.xlsx) or the 其他 group. */
export interface SplitRegionFile {
  region: string;
  /** The region's 6-digit code; null for 其他. */
  code: string | null;
  count: number;
  file: string;
}

export interface SplitOutcome {
  totalRows: number;
  successRows: number;
  /** Regions by descending count, then 其他 when any row was not placed. */
  files: SplitRegionFile[];
  /** The workbook of everything (汇总). */
  summaryFile: string;
  errorRows: CaseSplitErrorRow[];
}

/** Events of a split, in order: files open, receive chunks and close one after another. */
export type SplitEvent =
  | { type: "progress"; done: number; total: number }
  | { type: "open"; file: string }
  | { type: "chunk"; file: string; bytes: Uint8Array }
  | { type: "close"; file: string };

/** The only file names a split may write (checked again before they become blob keys). */
export const SPLIT_FILE_NAME = /^(region-\d{4,5}|other|summary)\.xlsx$/;

const WORKER_URL = new URL("../../workers/case_split_worker.ts", import.meta.url);

/**
 * The column picker's names for a header row: trimmed text, "第N列" for an empty cell, and "(2)",
 * "(3)" after a repeated name, so every column can be chosen by its name.
 */
export function headerLabels(cells: readonly unknown[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((cell, i) => {
    const text = cell === null || cell === undefined ? "" : String(cell).replace(/\s+/g, " ").trim();
    const base = (text || `第${i + 1}列`).slice(0, 100);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}(${n})`;
  });
}

/** Headers and row count of an .xlsx (streamed in the worker, so a 100 000-row sheet stays small). */
export function inspectXlsx(
  bytes: Uint8Array,
  options: { timeoutMs: number; limits?: SheetLimits },
): Promise<SheetSummary> {
  const input: CaseSplitWorkerInput = { mode: "inspect", bytes, ...(options.limits ?? DEFAULT_SHEET_LIMITS) };
  return runInWorker<SheetSummary>(WORKER_URL, input, {
    timeoutMs: options.timeoutMs,
    maxInputBytes: XLSX_MAX_INPUT_BYTES,
  });
}

export interface SplitSheetOptions {
  /** An .xlsx (streamed) or a sheet read already (.xls). */
  source: { bytes: Uint8Array } | { sheet: ParsedSheet };
  addressIndex: number;
  level: CaseSplitLevel;
  timeoutMs: number;
  limits?: SheetLimits;
  onEvent: (event: SplitEvent) => void;
}

/** Splits a sheet in the worker; output files arrive through `onEvent`. */
export function splitSheet(options: SplitSheetOptions): Promise<SplitOutcome> {
  const input: CaseSplitWorkerInput = {
    mode: "split",
    bytes: "bytes" in options.source ? options.source.bytes : null,
    sheet: "sheet" in options.source ? options.source.sheet : null,
    addressIndex: options.addressIndex,
    level: options.level,
    ...(options.limits ?? DEFAULT_SHEET_LIMITS),
  };
  return runInWorker<SplitOutcome>(WORKER_URL, input, {
    timeoutMs: options.timeoutMs,
    maxInputBytes: XLSX_MAX_INPUT_BYTES,
    onEvent: (event) => options.onEvent(event as SplitEvent),
  });
}
