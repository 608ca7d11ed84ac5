import "./node_env_shim.ts";
import ExcelJS from "exceljs";
import { Readable, Writable } from "node:stream";
import { CASE_SPLIT_OTHER_REGION } from "../../common/constants.ts";
import type { CaseSplitErrorRow } from "../../common/schemas/case_split.ts";
import { classifyAddress } from "../services/case_split/classify_address.ts";
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
import { readZipDirectory } from "./zip_directory.ts";
import { reorderXlsxForStreaming } from "./zip_reorder.ts";

/**
 * The county/city case splitter's worker (started only through services/case_split/split_sheet.ts,
 * with no permissions). Reads the first sheet with exceljs's streaming reader, places each row's
 * address, and writes one workbook per region plus the 汇总 workbook with exceljs's streaming
 * writer, handing every chunk to the caller as it is produced. Rows are held once, as plain values.
 */

/**
 * A cell as written back. Dates stay dates; the writer runs without a style table (it halves the
 * writing time), so they take Excel's short-date format whatever format the upload used.
 */
type Cell = string | number | boolean | Date | null;

interface SheetRows {
  header: Cell[];
  rows: Cell[][];
  rowNumbers: number[];
}

const NOT_EXCEL = "不是有效的Excel文件，请上传 .xlsx 或 .xls 格式的表格";
const PROGRESS_EVERY = 5_000;
const DRAIN_EVERY = 2_000;
const CHUNK_BYTES = 512 * 1024;
/** Region workbooks written at once. */
const WRITERS = 6;

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** exceljs's cell value as written back: rich text and links as their text, formulas as their result. */
function plainValue(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value === "" ? null : value;
  if (typeof value === "number" || typeof value === "boolean") return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === "object") {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) {
      return v.richText.map((r: { text?: string }) => r.text ?? "").join("") || null;
    }
    if ("formula" in v || "sharedFormula" in v) return plainValue(v.result);
    if ("text" in v) return plainValue(v.text);
    if ("error" in v) return String(v.error);
  }
  return String(value);
}

/** The text of a cell, for the address and the header. */
function cellText(cell: Cell): string {
  if (cell === null) return "";
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell);
}

/** Reads the first worksheet of an .xlsx as streamed rows (blank rows skipped). */
async function readXlsx(
  source: Uint8Array,
  limits: SheetLimits,
  onRow?: (n: number) => void,
): Promise<SheetRows> {
  if (!isZip(source)) throw new ParseFailure(NOT_EXCEL);
  if (readZipDirectory(source).uncompressedBytes > limits.maxUncompressedBytes) {
    throw new ParseFailure(
      `文件解压后超过${Math.round(limits.maxUncompressedBytes / 1024 / 1024)}MB，已拒绝处理`,
    );
  }
  const bytes = reorderXlsxForStreaming(source);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: "cache",
    styles: "cache",
    hyperlinks: "ignore",
    worksheets: "emit",
    entries: "ignore",
  });
  // A workbook without shared strings must not wait for them (the reader would spool to a temp file).
  (reader as unknown as { sharedStrings: unknown[] }).sharedStrings = [];
  let header: Cell[] | null = null;
  const rows: Cell[][] = [];
  const rowNumbers: number[] = [];
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as unknown[];
        const cells: Cell[] = [];
        let last = -1;
        for (let c = 1; c < values.length; c++) {
          const cell = plainValue(values[c]);
          cells.push(cell);
          if (cell !== null && cellText(cell).trim() !== "") last = cells.length - 1;
        }
        cells.length = last + 1;
        if (header === null) {
          if (row.number !== 1 || cells.length === 0) throw new ParseFailure("表格第一行没有表头");
          header = cells;
          continue;
        }
        if (cells.length === 0) continue;
        if (rows.length === limits.maxRows) throw new ParseFailure(`表格数据行数超过上限${limits.maxRows}行`);
        if (cells.length > limits.maxColumns) {
          throw new ParseFailure(`表格列数超过上限${limits.maxColumns}列`);
        }
        rows.push(cells);
        rowNumbers.push(row.number);
        if (onRow && rows.length % PROGRESS_EVERY === 0) onRow(rows.length);
      }
      break; // the first sheet only
    }
  } catch (err) {
    if (err instanceof ParseFailure) throw err;
    throw new ParseFailure("文件已损坏或不是有效的Excel文件");
  }
  if (header === null && rows.length === 0) throw new ParseFailure("表格中没有数据");
  if (header === null) throw new ParseFailure("表格第一行没有表头");
  if (header.length > limits.maxColumns) throw new ParseFailure(`表格列数超过上限${limits.maxColumns}列`);
  if (rows.length === 0) throw new ParseFailure("表格中没有数据");
  return { header, rows, rowNumbers };
}

function inspect(input: Extract<CaseSplitWorkerInput, { mode: "inspect" }>): Promise<SheetSummary> {
  return readXlsx(input.bytes, input).then(({ header, rows }) => {
    const width = rows.reduce((w, r) => Math.max(w, r.length), header.length);
    const cells = Array.from({ length: width }, (_, i) => cellText(header[i] ?? null));
    return { headers: headerLabels(cells), totalRows: rows.length };
  });
}

// ---------------------------------------------------------------------------------------------
// Writing

/** Excel's sheet-name rules: at most 31 characters, none of []:*?/\, unique regardless of case. */
function sheetNamer(): (wanted: string) => string {
  const used = new Set<string>();
  return (wanted) => {
    const base = (wanted.replace(/[[\]:*?/\\]/g, "_").trim() || "Sheet").slice(0, 31);
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) {
      const suffix = `(${n})`;
      name = base.slice(0, 31 - suffix.length) + suffix;
    }
    used.add(name.toLowerCase());
    return name;
  };
}

interface SheetPlan {
  name: string;
  header: Cell[];
  rows: Iterable<Cell[]>;
}

function addCells(sheet: ExcelJS.Worksheet, cells: Cell[]): void {
  sheet.addRow(cells).commit();
}

/** Lets the zip stream compress what was written so far, so a large sheet is not held whole. */
function drain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Writes one workbook with exceljs's streaming writer, emitting its bytes as they come. */
async function writeWorkbook(emit: EmitEvent, file: string, sheets: SheetPlan[], onRow?: () => void) {
  emit({ type: "open", file } satisfies SplitEvent);
  // The zip stream writes many small pieces: send them on in blocks (one message each), copied out
  // of buffers that may be pooled, so they can be transferred.
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
  const stream = new Writable({
    write(chunk: Uint8Array, _encoding, callback) {
      pending.push(new Uint8Array(chunk));
      pendingBytes += chunk.byteLength;
      if (pendingBytes >= CHUNK_BYTES) flush();
      callback();
    },
    final(callback) {
      flush();
      callback();
    },
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: false,
    useSharedStrings: false,
    zip: { zlib: { level: 1 } },
  } as unknown as Partial<ExcelJS.stream.xlsx.WorkbookStreamWriterOptions>);
  const nameSheet = sheetNamer();
  for (const plan of sheets) {
    const sheet = workbook.addWorksheet(nameSheet(plan.name));
    addCells(sheet, plan.header);
    let n = 0;
    for (const cells of plan.rows) {
      addCells(sheet, cells);
      onRow?.();
      if (++n % DRAIN_EVERY === 0) await drain();
    }
    sheet.commit();
    await drain();
  }
  await workbook.commit();
  emit({ type: "close", file } satisfies SplitEvent);
}

/** Runs `tasks` with at most `limit` at a time (a workbook's fixed cost is partly waiting). */
async function runPooled(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, tasks.length) }, async () => {
    while (next < tasks.length) await tasks[next++]();
  });
  await Promise.all(lanes);
}

function* pick(rows: Cell[][], indexes: number[]): Iterable<Cell[]> {
  for (const i of indexes) yield rows[i];
}

interface Group {
  key: string | null;
  label: string;
  indexes: number[];
}

async function split(input: Extract<CaseSplitWorkerInput, { mode: "split" }>, emit: EmitEvent) {
  let sheet: SheetRows;
  let estimate = 0;
  const progress = (done: number, total: number) =>
    emit({ type: "progress", done: Math.floor(done), total } satisfies SplitEvent);
  if (input.bytes) {
    sheet = await readXlsx(input.bytes, input, (n) => progress(n / 2, Math.max(n, estimate)));
  } else if (input.sheet) {
    sheet = { header: input.sheet.headers, rows: input.sheet.rows, rowNumbers: input.sheet.rowNumbers };
  } else {
    throw new ParseFailure("表格中没有数据");
  }
  const { header, rows, rowNumbers } = sheet;
  const total = rows.length;
  estimate = total;
  const width = rows.reduce((w, r) => Math.max(w, r.length), header.length);
  if (input.addressIndex < 0 || input.addressIndex >= width) throw new ParseFailure("地址列在表格中不存在");

  const groups = new Map<string, Group>();
  const other: Group = { key: null, label: CASE_SPLIT_OTHER_REGION, indexes: [] };
  const errorRows: CaseSplitErrorRow[] = [];
  rows.forEach((cells, i) => {
    const address = cellText(cells[input.addressIndex] ?? null).trim();
    const placed = classifyAddress(address, input.level);
    if (placed.key === null) {
      other.indexes.push(i);
      errorRows.push({ rowIndex: rowNumbers[i] ?? i + 2, address, reason: placed.reason });
      return;
    }
    let group = groups.get(placed.key);
    if (!group) groups.set(placed.key, group = { key: placed.key, label: placed.label, indexes: [] });
    group.indexes.push(i);
  });
  progress(total / 2, total);

  const collator = new Intl.Collator("zh-CN");
  const placed = [...groups.values()].sort((a, b) =>
    b.indexes.length - a.indexes.length || collator.compare(a.label, b.label)
  );
  const files: SplitRegionFile[] = placed.map((g, i) => ({
    region: g.label,
    code: g.key,
    count: g.indexes.length,
    file: `region-${String(i + 1).padStart(4, "0")}.xlsx`,
  }));
  const all = other.indexes.length > 0 ? [...placed, other] : placed;
  if (other.indexes.length > 0) {
    files.push({ region: other.label, code: null, count: other.indexes.length, file: "other.xlsx" });
  }
  const fullHeader: Cell[] = Array.from({ length: width }, (_, i) => header[i] ?? null);

  let written = 0;
  const onRow = () => {
    if (++written % PROGRESS_EVERY === 0) progress(total / 2 + written / 2, total);
  };
  await runPooled(
    all.map((group, i) => () =>
      writeWorkbook(emit, files[i].file, [{
        name: group.label,
        header: fullHeader,
        rows: pick(rows, group.indexes),
      }], onRow)
    ),
    WRITERS,
  );

  const percent = (n: number) => total === 0 ? "0%" : `${Math.round((n / total) * 100)}%`;
  const overview: Cell[][] = files.map((f) => [f.region, f.count, percent(f.count)]);
  overview.push(["合计", total, "100%"]);
  const summarySheets: SheetPlan[] = [
    { name: "汇总", header: ["地区", "案件数量", "占比"], rows: overview },
    ...all.map((g) => ({ name: g.label, header: fullHeader, rows: pick(rows, g.indexes) })),
  ];
  if (errorRows.length > 0) {
    summarySheets.push({
      name: "未识别明细",
      header: ["行号", "地址", "原因"],
      rows: errorRows.map((e) => [e.rowIndex, e.address, e.reason]),
    });
  }
  await writeWorkbook(emit, "summary.xlsx", summarySheets);
  progress(total, total);

  const outcome: SplitOutcome = {
    totalRows: total,
    successRows: total - other.indexes.length,
    files,
    summaryFile: "summary.xlsx",
    errorRows,
  };
  return outcome;
}

serveWorker<CaseSplitWorkerInput, SheetSummary | SplitOutcome>((input, emit) =>
  input.mode === "inspect" ? inspect(input) : split(input, emit)
);
