import zlib from "node:zlib";
import { CASE_SPLIT_OTHER_REGION } from "../../common/constants.ts";
import type { CaseSplitErrorRow } from "../../common/schemas/case_split.ts";
import {
  sheetEntry,
  sheetNamer,
  workbookEntries,
  worksheetPartName,
  type XlsxSheet,
} from "../../common/xlsx_writer.ts";
import { type DeflatePiece, type ZipEntry, zipWriter } from "../../common/zip_writer.ts";
import { classifyAddress } from "../services/case_split/classify_address.ts";
import { ColumnWidths } from "../services/case_split/column_widths.ts";
import {
  type CaseSplitWorkerInput,
  headerLabels,
  type SheetLimits,
  type SheetSummary,
  type SplitEvent,
  type SplitOutcome,
  type SplitRegionFile,
} from "../services/case_split/split_sheet.ts";
import { type EmitEvent, ParseFailure, serveWorker } from "./worker_protocol.ts";
import { readXlsxRows, type XlsxValue } from "./xlsx_row_reader.ts";

/**
 * The county/city case splitter's worker (started only through services/case_split/split_sheet.ts,
 * with no permissions). Streams the first sheet's rows (xlsx_row_reader.ts), places each row's
 * address as it arrives, and keeps each row once, as plain values, in its region's group. Then writes
 * one workbook per region by descending count (common/xlsx_writer.ts) and the 汇总 workbook at the
 * same time: each region's worksheet is compressed once and written into both files. Every chunk is
 * handed to the caller as it is produced; a region's rows are let go once its sheet is written.
 *
 * Cells are written back as read: text, numbers, booleans, and dates as dates (short-date format, or
 * date and time when the value has a time of day, whatever format the upload used).
 */

type Cell = XlsxValue;

const NOT_EXCEL = "不是有效的Excel文件，请上传 .xlsx 或 .xls 格式的表格";
const BROKEN = "文件已损坏或不是有效的Excel文件";
const PROGRESS_EVERY = 5_000;
const CHUNK_BYTES = 512 * 1024;
/** zlib level 3: 2.5 times the speed of level 6 (CompressionStream's) for files about 5 % larger. */
const DEFLATE_LEVEL = 3;

/** Deflates a piece synchronously (zlib's state is freed at once: see DeflatePiece). */
const deflatePiece: DeflatePiece = (bytes) => {
  const out = zlib.deflateRawSync(bytes, { level: DEFLATE_LEVEL, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  // A copy when the result is a view into a larger (pooled) buffer.
  return out.byteOffset === 0 && out.byteLength === out.buffer.byteLength
    ? new Uint8Array(out.buffer as ArrayBuffer)
    : new Uint8Array(out);
};

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** The text of a cell, for the address and the header. */
function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return "";
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell);
}

/** A cell's text as a sheet shows it, for its column's width (a date may show its time too). */
function shownText(cell: Cell | undefined): string {
  return cell instanceof Date ? "0000-00-00 00:00:00" : cellText(cell);
}

/** A header row with columns fitted to `widths` (bold, frozen: common/xlsx_writer.ts). */
function fittedColumns(header: readonly Cell[], widths: ColumnWidths): XlsxSheet["columns"] {
  const fitted = widths.fitted(header.length);
  return header.map((cell, i) => ({ header: cellText(cell), width: fitted[i] }));
}

/**
 * Streams the first worksheet of an .xlsx: returns its header row (row 1) and calls `onRow` for each
 * data row (blank rows skipped) with its sheet row number. Throws ParseFailure with the reason.
 */
async function readRows(
  source: Uint8Array,
  limits: SheetLimits,
  onRow: (cells: Cell[], rowNumber: number) => void,
): Promise<Cell[]> {
  if (!isZip(source)) throw new ParseFailure(NOT_EXCEL);
  let header: Cell[] | null = null;
  let count = 0;
  try {
    await readXlsxRows(source, limits, (cells, rowNumber) => {
      if (header === null) {
        if (rowNumber !== 1) throw new ParseFailure("表格第一行没有表头");
        header = cells;
        return;
      }
      if (count === limits.maxRows) throw new ParseFailure(`表格数据行数超过上限${limits.maxRows}行`);
      count++;
      onRow(cells, rowNumber);
    });
  } catch (err) {
    if (err instanceof ParseFailure) throw err;
    throw new ParseFailure(BROKEN);
  }
  if (header === null || count === 0) throw new ParseFailure("表格中没有数据");
  return header;
}

async function inspect(input: Extract<CaseSplitWorkerInput, { mode: "inspect" }>): Promise<SheetSummary> {
  let width = 0;
  let totalRows = 0;
  const header = await readRows(input.bytes, input, (cells) => {
    totalRows++;
    if (cells.length > width) width = cells.length;
  });
  width = Math.max(width, header.length);
  return { headers: headerLabels(Array.from({ length: width }, (_, i) => cellText(header[i]))), totalRows };
}

// ---------------------------------------------------------------------------------------------
// Writing

/** One output file as it is sent: its bytes gathered into blocks of about 512 KB, one message each. */
function fileSink(emit: EmitEvent, file: string) {
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const flush = () => {
    if (pendingBytes === 0) return;
    const bytes = new Uint8Array(pendingBytes);
    let at = 0;
    for (const piece of pending) {
      bytes.set(piece, at);
      at += piece.byteLength;
    }
    pending = [];
    pendingBytes = 0;
    emit({ type: "chunk", file, bytes } satisfies SplitEvent, [bytes.buffer]);
  };
  emit({ type: "open", file } satisfies SplitEvent);
  return {
    write(pieces: Uint8Array[]) {
      for (const piece of pieces) {
        pending.push(piece);
        pendingBytes += piece.byteLength;
      }
      if (pendingBytes >= CHUNK_BYTES) flush();
    },
    close() {
      flush();
      emit({ type: "close", file } satisfies SplitEvent);
    },
  };
}

/** A one-sheet workbook around an already compressed worksheet, sent as one file. */
function sendWorkbook(emit: EmitEvent, file: string, sheetName: string, sheet: ZipEntry): void {
  const sink = fileSink(emit, file);
  const zip = zipWriter();
  for (const part of workbookEntries([sheetNamer()(sheetName)])) sink.write(zip.entry(part));
  sink.write(zip.entry(sheet, worksheetPartName(1)));
  sink.write(zip.end());
  sink.close();
}

interface Group {
  key: string | null;
  label: string;
  rows: Cell[][];
}

async function split(input: Extract<CaseSplitWorkerInput, { mode: "split" }>, emit: EmitEvent) {
  const progress = (done: number, total: number) =>
    emit({ type: "progress", done: Math.floor(done), total } satisfies SplitEvent);
  const groups = new Map<string, Group>();
  const other: Group = { key: null, label: CASE_SPLIT_OTHER_REGION, rows: [] };
  const errorRows: CaseSplitErrorRow[] = [];
  let total = 0;
  let width = 0;
  const widths = new ColumnWidths();
  const place = (cells: Cell[], rowNumber: number) => {
    total++;
    if (cells.length > width) width = cells.length;
    widths.add(cells.map(shownText));
    const address = cellText(cells[input.addressIndex]).trim();
    const placed = classifyAddress(address, input.level);
    if (placed.key === null) {
      other.rows.push(cells);
      errorRows.push({ rowIndex: rowNumber, address, reason: placed.reason });
    } else {
      let group = groups.get(placed.key);
      if (!group) groups.set(placed.key, group = { key: placed.key, label: placed.label, rows: [] });
      group.rows.push(cells);
    }
    if (total % PROGRESS_EVERY === 0) progress(total / 2, total);
  };

  let header: Cell[];
  if (input.bytes) {
    header = await readRows(input.bytes, input, place);
  } else if (input.sheet) {
    header = input.sheet.headers;
    const { rows, rowNumbers } = input.sheet;
    for (let i = 0; i < rows.length; i++) place(rows[i], rowNumbers[i] ?? i + 2);
  } else {
    throw new ParseFailure("表格中没有数据");
  }
  width = Math.max(width, header.length);
  if (input.addressIndex < 0 || input.addressIndex >= width) throw new ParseFailure("地址列在表格中不存在");
  progress(total / 2, total);

  const collator = new Intl.Collator("zh-CN");
  const placed = [...groups.values()].sort((a, b) =>
    b.rows.length - a.rows.length || collator.compare(a.label, b.label)
  );
  const files: SplitRegionFile[] = placed.map((g, i) => ({
    region: g.label,
    code: g.key,
    count: g.rows.length,
    file: `region-${String(i + 1).padStart(4, "0")}.xlsx`,
  }));
  const all = other.rows.length > 0 ? [...placed, other] : placed;
  if (other.rows.length > 0) {
    files.push({ region: other.label, code: null, count: other.rows.length, file: "other.xlsx" });
  }
  const fullHeader: Cell[] = Array.from({ length: width }, (_, i) => header[i] ?? null);
  widths.add(fullHeader.map(shownText));
  // Every region's sheet has the same columns, fitted to the content of all rows (capped).
  const regionColumns = fittedColumns(fullHeader, widths);

  // The 汇总 workbook: the overview, every region's sheet in file order, then the unplaced rows.
  const percent = (n: number) => total === 0 ? "0%" : `${Math.round((n / total) * 100)}%`;
  const overview: Cell[][] = files.map((f) => [f.region, f.count, percent(f.count)]);
  overview.push(["合计", total, "100%"]);
  const nameSheet = sheetNamer();
  const summaryNames = ["汇总", ...all.map((g) => g.label)];
  if (errorRows.length > 0) summaryNames.push("未识别明细");
  const summary = fileSink(emit, "summary.xlsx");
  const summaryZip = zipWriter();
  for (const part of workbookEntries(summaryNames.map(nameSheet))) summary.write(summaryZip.entry(part));
  const overviewWidths = new ColumnWidths();
  for (const row of [["地区", "案件数量", "占比"], ...overview]) overviewWidths.add(row.map(shownText));
  const overviewSheet: XlsxSheet = {
    columns: fittedColumns(["地区", "案件数量", "占比"], overviewWidths),
    rows: overview,
  };
  summary.write(summaryZip.entry(await sheetEntry(overviewSheet, { deflatePiece }), worksheetPartName(1)));

  let written = 0;
  let reported = 0;
  for (let i = 0; i < all.length; i++) {
    const group = all[i];
    const sheet = await sheetEntry({ columns: regionColumns, rows: group.rows }, { deflatePiece });
    written += group.rows.length;
    group.rows = []; // written: let the rows go
    sendWorkbook(emit, files[i].file, group.label, sheet);
    summary.write(summaryZip.entry(sheet, worksheetPartName(i + 2)));
    if (written - reported >= PROGRESS_EVERY) {
      reported = written;
      progress(total / 2 + written / 2, total);
    }
  }
  if (errorRows.length > 0) {
    const detailRows = errorRows.map((e) => [e.rowIndex, e.address, e.reason]);
    const detailWidths = new ColumnWidths();
    for (const row of [["行号", "地址", "原因"], ...detailRows]) detailWidths.add(row.map(shownText));
    const details: XlsxSheet = {
      columns: fittedColumns(["行号", "地址", "原因"], detailWidths),
      rows: detailRows,
    };
    summary.write(
      summaryZip.entry(await sheetEntry(details, { deflatePiece }), worksheetPartName(all.length + 2)),
    );
  }
  summary.write(summaryZip.end());
  summary.close();
  progress(total, total);

  const outcome: SplitOutcome = {
    totalRows: total,
    successRows: total - files.reduce((n, f) => n + (f.code === null ? f.count : 0), 0),
    files,
    summaryFile: "summary.xlsx",
    errorRows,
  };
  return outcome;
}

serveWorker<CaseSplitWorkerInput, SheetSummary | SplitOutcome>((input, emit) =>
  input.mode === "inspect" ? inspect(input) : split(input, emit)
);
