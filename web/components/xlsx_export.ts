/**
 * Writes .xlsx files in the browser with SheetJS, imported lazily so the library (~400 kB) loads
 * only when a page actually exports.
 */
import { saveBlob } from "./save_file.ts";

export interface SheetOptions {
  /** Sheet name; "Sheet1" by default. */
  sheetName?: string;
  /** Width of every column in characters (SheetJS `wch`). */
  columnWidth?: number;
}

/** Builds an .xlsx of `rows` under a `header` row and returns its bytes. */
export async function buildXlsx(
  header: readonly string[],
  rows: readonly (readonly unknown[])[],
  options: SheetOptions = {},
): Promise<Blob> {
  const XLSX = await import("xlsx");
  const sheet = XLSX.utils.aoa_to_sheet([[...header], ...rows.map((row) => [...row])]);
  if (options.columnWidth) sheet["!cols"] = header.map(() => ({ wch: options.columnWidth }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, options.sheetName ?? "Sheet1");
  const bytes = XLSX.write(book, { bookType: "xlsx", type: "array" }) as ArrayBuffer;
  return new Blob([bytes], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
}

/** Builds an .xlsx and downloads it as `fileName`. */
export async function downloadXlsx(
  fileName: string,
  header: readonly string[],
  rows: readonly (readonly unknown[])[],
  options: SheetOptions = {},
): Promise<void> {
  saveBlob(await buildXlsx(header, rows, options), fileName);
}

/**
 * Counts the data rows (non-empty rows below the header) of the first sheet of an Excel file, for
 * the upload checks of part 2 §5; the server counts again and decides.
 */
export async function countDataRows(file: Blob): Promise<number> {
  const XLSX = await import("xlsx");
  const book = XLSX.read(await file.arrayBuffer(), { type: "array", cellFormula: false });
  const first = book.SheetNames[0];
  if (!first) return 0;
  const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[first], {
    header: 1,
    blankrows: false,
    defval: "",
  });
  return rows.slice(1).filter((row) => row.some((cell) => String(cell ?? "").trim() !== "")).length;
}
