import { CASE_SPLIT_TIMEOUT_MS } from "../../../common/constants.ts";
import type { BlobStore } from "../../blobs/blob_store.ts";
import { userItemKey, userItemPrefix } from "../../blobs/blob_keys.ts";
import { AppError } from "../../errors.ts";
import type { CaseSplitRecord } from "../../kv/case_split_tasks.ts";
import { readSheet } from "../xlsx/read_sheet.ts";
import { SPLIT_FILE_NAME, type SplitEvent, type SplitOutcome, splitSheet } from "./split_sheet.ts";

/**
 * Where a split task keeps its files, all under users/<userId>/case_split/<taskId>/ (blob_keys.ts):
 * the upload as `source.xlsx` / `source.xls`, the outputs under `out/` (region-NNNN.xlsx, other.xlsx,
 * summary.xlsx, error_rows.json).
 */
export function splitSourceKey(task: Pick<CaseSplitRecord, "id" | "userId" | "sourceKind">): string {
  return userItemKey(task.userId, "case_split", task.id, `source.${task.sourceKind}`);
}

export function splitOutputKey(task: Pick<CaseSplitRecord, "id" | "userId">, file: string): string {
  return userItemKey(task.userId, "case_split", task.id, `out/${file}`);
}

export function splitOutputPrefix(task: Pick<CaseSplitRecord, "id" | "userId">): string {
  return `${userItemPrefix(task.userId, "case_split", task.id)}/out`;
}

export const ERROR_ROWS_FILE = "error_rows.json";

/** An output file on its way to the blob store: gathered parts, or the writer it streams to. */
interface OutputFile {
  key: string;
  parts: Uint8Array[];
  bytes: number;
  writer: WritableStreamDefaultWriter<Uint8Array> | null;
}

/** Output gathered up to this size is stored in one write; a larger file is streamed. */
const STREAM_FROM_BYTES = 2 * 1024 * 1024;

function joinBytes(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

export interface RunSplitOptions {
  /** Called with rows done of total, at most every few thousand rows. */
  onProgress?: (done: number, total: number) => void;
  timeoutMs?: number;
  /** Output gathered up to this size is stored in one write, a larger file streamed (2 MB). */
  streamFromBytes?: number;
}

/**
 * Splits a task's uploaded sheet at its level by its address column and stores every output file,
 * streamed from the worker into the blob store as it is written (an .xls is read by
 * services/xlsx/read_sheet.ts first: the format holds at most 65 536 rows). Previous outputs of the
 * task are removed first, so a redelivered job starts clean. Throws CASE_SPLIT_FILE_MISSING when the
 * upload is gone, FILE_PARSE_FAILED / FILE_PARSE_TIMEOUT from the worker.
 */
export async function runSplit(
  blobs: BlobStore,
  task: CaseSplitRecord & { addressIndex: number },
  options: RunSplitOptions = {},
): Promise<SplitOutcome> {
  if (!task.splitLevel) throw new AppError("VALIDATION_FAILED", {}, { message: "请选择分类级别" });
  const source = await blobs.read(splitSourceKey(task));
  if (!source) throw new AppError("CASE_SPLIT_FILE_MISSING");
  await blobs.deletePrefix(splitOutputPrefix(task));
  const timeoutMs = options.timeoutMs ?? CASE_SPLIT_TIMEOUT_MS;

  // A file is gathered until it closes and then stored in one write (most region files are one
  // block: no stream, no separate open); one that grows past STREAM_FROM_BYTES is streamed instead.
  const files = new Map<string, OutputFile>();
  const stored: Promise<number>[] = [];
  const store = (put: Promise<number>) => {
    put.catch(() => {});
    stored.push(put);
  };
  const stream = (file: OutputFile) => {
    const pipe = new TransformStream<Uint8Array, Uint8Array>();
    store(blobs.put(file.key, pipe.readable));
    file.writer = pipe.writable.getWriter();
    for (const part of file.parts) file.writer.write(part).catch(() => {});
    file.parts = [];
  };
  const onEvent = (event: SplitEvent) => {
    switch (event.type) {
      case "progress":
        options.onProgress?.(event.done, event.total);
        return;
      case "open": {
        if (!SPLIT_FILE_NAME.test(event.file) || files.has(event.file)) throw new Error("unexpected file");
        files.set(event.file, { key: splitOutputKey(task, event.file), parts: [], bytes: 0, writer: null });
        return;
      }
      case "chunk": {
        const file = files.get(event.file);
        if (!file) return;
        if (file.writer) return void file.writer.write(event.bytes).catch(() => {});
        file.parts.push(event.bytes);
        file.bytes += event.bytes.byteLength;
        if (file.bytes >= (options.streamFromBytes ?? STREAM_FROM_BYTES)) stream(file);
        return;
      }
      case "close": {
        const file = files.get(event.file);
        if (!file) return;
        if (file.writer) return void file.writer.close().catch(() => {});
        store(blobs.put(file.key, joinBytes(file.parts)));
        file.parts = [];
        return;
      }
    }
  };

  try {
    const common = { addressIndex: task.addressIndex, level: task.splitLevel, timeoutMs, onEvent };
    let outcome: SplitOutcome;
    if (task.sourceKind === "xlsx") {
      outcome = await splitSheet({ ...common, source: { bytes: source } });
    } else {
      const sheet = await readSheet(source, { timeoutMs });
      const rowNumbers = sheet.rowNumbers ?? sheet.rows.map((_, i) => i + 2);
      outcome = await splitSheet({
        ...common,
        source: { sheet: { headers: sheet.headers, rows: sheet.rows, rowNumbers } },
      });
    }
    await Promise.all(stored);
    const errorRows = new TextEncoder().encode(JSON.stringify(outcome.errorRows));
    await blobs.put(splitOutputKey(task, ERROR_ROWS_FILE), errorRows);
    return outcome;
  } catch (err) {
    for (const file of files.values()) file.writer?.abort(err).catch(() => {});
    await Promise.allSettled(stored);
    await blobs.deletePrefix(splitOutputPrefix(task)).catch(() => {});
    throw err;
  }
}
