/**
 * The "mediation.generate" job: one run of a generation batch. Each row becomes a Word document
 * (docx_render_pool workers) and a PDF (the warm LibreOffice pool), streamed to the blob store, and
 * its outcome is recorded on its own (server/kv/mediation_batches.ts): a failed row is refunded and
 * reported with its row number and reason while the other rows go on.
 *
 * Idempotent and resumable: rows already recorded for this attempt are skipped, so a run delivered
 * again (after a crash or restart) generates only what is missing and charges nothing more. The run's
 * close (batch counts, usage records, end of the active run) is one commit guarded by the active-run
 * entry, so it happens once.
 */

import { errorMessage } from "../../common/errors.ts";
import { userItemKey } from "../blobs/blob_keys.ts";
import type { AppDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import type { MediationGenerateMessage } from "../kv/job_messages.ts";
import {
  activeRunKey,
  batchKey,
  getBatch,
  listActiveRuns,
  listRows,
  type MediationBatch,
  type MediationRow,
  type MediationRun,
  recordRowOutcome,
} from "../kv/mediation_batches.ts";
import { completeTask, getTask, isTaskFinished, type TaskRecord, updateTaskProgress } from "../kv/tasks.ts";
import { addUsageRecord } from "../kv/usage.ts";
import { getUser } from "../kv/users.ts";
import type { RowResult } from "../services/docx/docx_render_pool.ts";
import { cellToText } from "../services/docx/format_value.ts";
import type { PdfConverter } from "../services/pdf/libreoffice_pool.ts";
import { convertGroup, type GroupState } from "../services/pdf/pdf_groups.ts";
import { renderFileName, uniqueFileNames } from "../services/mediation/file_names.ts";
import type { BatchRows } from "../services/mediation/start_batch.ts";

/**
 * Rows per render round (4 per worker request); the first round is one row per worker, so that
 * LibreOffice gets its first documents a few milliseconds after the run starts.
 */
const RENDER_CHUNK = 16;
/**
 * Rows converted to PDF in one LibreOffice load (server/services/pdf/pdf_groups.ts): a load and an
 * export cost about 30 ms each whatever the page count, so a group of 10 halves the time per row.
 */
const PDF_GROUP_SIZE = 10;
/** Rows rendered but not yet stored and converted: bounds memory whatever the row count. */
const MAX_IN_FLIGHT = 6 * PDF_GROUP_SIZE;
const PROGRESS_EVERY_MS = 500;

/** Runs of this process, so a duplicate delivery does not run the same rows twice at once. */
const runningHere = new Set<string>();

/** The display values of a row for the result table (part 2 §2.4). */
export function rowDisplay(row: Record<string, unknown>) {
  const text = (name: string) => (Object.hasOwn(row, name) ? cellToText(row[name]).trim() : "");
  return { applicant: text("申请人"), respondent: text("被申请人"), caseNumber: text("案号") };
}

/** File names of every row of a batch (pattern, safe, unique): the same on every run. */
export function batchFileNames(batch: Pick<MediationBatch, "namePattern">, sheet: BatchRows): string[] {
  return uniqueFileNames(
    sheet.rows.map((row, i) => renderFileName(batch.namePattern, row, sheet.rowNumbers[i])),
  );
}

/** Queue handler of "mediation.generate". */
export async function handleMediationGenerate(deps: AppDeps, msg: MediationGenerateMessage): Promise<void> {
  const task = await getTask(deps.kv, msg.taskId);
  if (!task || isTaskFinished(task)) return;
  const batch = await getBatch(deps.kv, msg.userId, msg.batchId);
  if (!batch || batch.taskId !== msg.taskId || batch.attempt !== msg.attempt) {
    // The batch was deleted, or a newer run replaced this one: nothing left to do.
    await completeTask(deps.kv, task.id, { now: deps.clock.now() });
    return;
  }
  const runId = `${batch.id}:${msg.attempt}`;
  if (runningHere.has(runId)) return;
  runningHere.add(runId);
  try {
    await runBatch(deps, batch, task, msg);
  } finally {
    runningHere.delete(runId);
  }
}

async function runBatch(
  deps: AppDeps,
  batch: MediationBatch,
  task: TaskRecord,
  msg: MediationGenerateMessage,
): Promise<void> {
  const { kv, blobs, clock } = deps;
  const active = await kv.get<MediationRun>(activeRunKey(batch.id));
  if (!active.value || active.value.attempt !== msg.attempt) {
    await completeTask(kv, task.id, { now: clock.now() }); // closed before a crash: only the task was left
    return;
  }
  const [rowsBytes, template] = await Promise.all([blobs.read(batch.rowsKey), blobs.read(batch.templateKey)]);
  const sheet: BatchRows | null = rowsBytes ? JSON.parse(new TextDecoder().decode(rowsBytes)) : null;
  const names = sheet ? batchFileNames(batch, sheet) : [];
  const recorded = new Map((await listRows(kv, batch.id)).map((r) => [r.index, r]));
  const total = sheet?.rows.length ?? batch.total;
  const todo: number[] = [];
  for (let i = 0; i < total; i++) {
    const r = recorded.get(i);
    if (msg.attempt === 1 ? !r : r?.status === "failed" && r.attempt < msg.attempt) todo.push(i);
  }
  let done = task.total - todo.length;
  await updateTaskProgress(kv, task.id, { done, now: clock.now() });
  await kv.set(batchKey(batch.userId, batch.id), { ...batch, status: "running", updatedAt: clock.now() });

  const pdf = deps.pdf?.available ? deps.pdf : null;
  let lastProgress = 0;
  const finishRow = async (row: MediationRow) => {
    await recordRowOutcome(kv, { batch, row, now: clock.now() });
    done++;
    if (Date.now() - lastProgress > PROGRESS_EVERY_MS) {
      lastProgress = Date.now();
      await updateTaskProgress(kv, task.id, { done, now: clock.now() });
    }
  };
  const base = (index: number) => ({
    index,
    row: sheet?.rowNumbers[index] ?? index + 2,
    fileName: names[index] ?? `第${index + 2}行`,
    ...(sheet ? rowDisplay(sheet.rows[index]) : { applicant: "", respondent: "", caseNumber: "" }),
    attempt: msg.attempt,
  });

  if (!sheet || !template) {
    const reason = errorMessage("TEMPLATE_FILE_MISSING");
    for (const index of todo) {
      await finishRow({
        ...base(index),
        status: "failed",
        wordKey: null,
        pdfKey: null,
        error: reason,
        finishedAt: clock.now(),
      });
    }
  } else {
    await generateRows(deps, { batch, sheet, template, todo, pdf, base, finishRow });
  }
  await closeRun(deps, batch, task, msg.attempt, pdf !== null);
}

interface GenerateInput {
  batch: MediationBatch;
  sheet: BatchRows;
  template: Uint8Array;
  todo: number[];
  pdf: PdfConverter | null;
  base: (index: number) => Omit<MediationRow, "status" | "wordKey" | "pdfKey" | "finishedAt" | "error">;
  finishRow: (row: MediationRow) => Promise<void>;
}

/**
 * Rows of a group: each fills a LibreOffice listener with one merged document (pdf_groups.ts), and
 * small batches are cut so that every listener gets a share (two groups each, one converting and
 * one waiting).
 */
export function pdfGroupSize(rows: number, listeners: number): number {
  return Math.max(1, Math.min(PDF_GROUP_SIZE, Math.ceil(rows / (2 * Math.max(1, listeners)))));
}

/**
 * Renders ahead of conversion on the worker pool: at most MAX_IN_FLIGHT rows rendered but not yet
 * stored and converted (memory bounded whatever the row count), enough that every LibreOffice
 * listener always has a group waiting.
 */
async function generateRows(deps: AppDeps, input: GenerateInput): Promise<void> {
  const { template, todo, pdf, sheet } = input;
  const pool = deps.docx; // the server's long-lived workers (AppDeps), shared with other jobs
  const groupSize = pdf ? pdfGroupSize(todo.length, pdf.stats().processes) : 1;
  const state: GroupState = { mergeable: true, merged: 0 };
  const inFlight = new Set<Promise<void>>();
  let rowsInFlight = 0;
  let group: RenderedRow[] = [];
  const flush = async () => {
    const rows = group;
    group = [];
    while (rowsInFlight >= MAX_IN_FLIGHT) await Promise.race(inFlight);
    rowsInFlight += rows.length;
    const job = storeGroup(deps, input, { rows, state }).finally(() => {
      rowsInFlight -= rows.length;
      inFlight.delete(job);
    });
    inFlight.add(job);
  };
  const first = pool.stats().size;
  for (let start = 0; start < todo.length;) {
    const size = start === 0 ? first : RENDER_CHUNK;
    const perRequest = start === 0 ? 1 : 4;
    const chunk = todo.slice(start, start + size);
    start += size;
    let results: RowResult[];
    try {
      results = await pool.renderRows(template, chunk.map((i) => sheet.rows[i]), { chunkSize: perRequest });
    } catch (err) {
      const error = err instanceof AppError
        ? err
        : new AppError("DOCX_RENDER_FAILED", { reason: String(err) });
      results = chunk.map(() => ({ error }));
    }
    for (let k = 0; k < chunk.length; k++) {
      group.push({ index: chunk[k], result: results[k] });
      if (group.length >= groupSize) await flush();
    }
  }
  if (group.length > 0) await flush();
  await Promise.all(inFlight);
}

interface RenderedRow {
  index: number;
  result: RowResult;
}

/** Stores a group's Word documents, converts them to PDF together and records each row's outcome. */
async function storeGroup(
  deps: AppDeps,
  input: Pick<GenerateInput, "batch" | "pdf" | "base" | "finishRow">,
  group: { rows: RenderedRow[]; state: GroupState },
): Promise<void> {
  const { batch, pdf, base, finishRow } = input;
  const now = () => deps.clock.now();
  const stored = (await Promise.all(group.rows.map((row) => storeWord(deps, input, row))))
    .filter((row) => row !== null);
  if (stored.length === 0) return;
  if (!pdf) {
    // No LibreOffice: the Word document is delivered (and charged); the row says why it has no PDF.
    const error = errorMessage("PDF_CONVERTER_MISSING");
    for (const { index, wordKey } of stored) {
      await finishRow({ ...base(index), status: "done", wordKey, pdfKey: null, error, finishedAt: now() });
    }
    return;
  }
  const results = await convertGroup(pdf, { docs: stored.map((row) => row.docx), state: group.state });
  await Promise.all(stored.map(async ({ index, wordKey }, k) => {
    const result = results[k];
    let error = "error" in result ? result.error.message : "";
    if ("pdf" in result) {
      const pdfKey = userItemKey(batch.userId, "generated", batch.id, `pdf-${index}.pdf`);
      const stored = await deps.blobs.put(pdfKey, result.pdf).then(() => true, (err) => {
        console.error(`[mediation] storing the PDF of row ${index} of ${batch.id}:`, err);
        return false;
      });
      if (stored) {
        await finishRow({ ...base(index), status: "done", wordKey, pdfKey, finishedAt: now() });
        return;
      }
      error = errorMessage("PDF_CONVERSION_FAILED", { reason: "保存文件失败" });
    }
    await finishRow({ ...base(index), status: "failed", wordKey, pdfKey: null, error, finishedAt: now() });
  }));
}

/** Stores a row's Word document; a row that failed to render or to store is recorded as failed. */
async function storeWord(
  deps: AppDeps,
  input: Pick<GenerateInput, "batch" | "base" | "finishRow">,
  row: RenderedRow,
): Promise<{ index: number; docx: Uint8Array; wordKey: string } | null> {
  const { batch, base, finishRow } = input;
  const { index, result } = row;
  const failed = (error: string) =>
    finishRow({
      ...base(index),
      status: "failed",
      wordKey: null,
      pdfKey: null,
      error,
      finishedAt: deps.clock.now(),
    });
  if ("error" in result) {
    await failed(result.error.message);
    return null;
  }
  const wordKey = userItemKey(batch.userId, "generated", batch.id, `word-${index}.docx`);
  try {
    await deps.blobs.put(wordKey, result.docx);
  } catch (err) {
    console.error(`[mediation] storing row ${index} of ${batch.id}:`, err);
    await failed(errorMessage("DOCX_RENDER_FAILED", { reason: "保存文件失败" }));
    return null;
  }
  return { index, docx: result.docx, wordKey };
}

/**
 * Ends a run once: batch counts and status, usage records (generation and PDF conversion) and the
 * removal of the active-run entry in one commit checked on that entry; then the task completes.
 */
async function closeRun(
  deps: AppDeps,
  batch: MediationBatch,
  task: TaskRecord,
  attempt: number,
  pdfAvailable: boolean,
): Promise<void> {
  const { kv, clock } = deps;
  const rows = await listRows(kv, batch.id);
  const successCount = rows.filter((r) => r.status === "done").length;
  const failedCount = rows.filter((r) => r.status === "failed").length;
  const thisRun = rows.filter((r) => r.attempt === attempt);
  const runDone = thisRun.filter((r) => r.status === "done").length;
  const runFailed = thisRun.length - runDone;
  const pdfs = thisRun.filter((r) => r.pdfKey).length;
  const username = (await getUser(kv, batch.userId))?.username ?? "";
  const now = clock.now();
  for (let tries = 0; tries < 20; tries++) {
    const [active, current] = await kv.getMany<[MediationRun, MediationBatch]>([
      activeRunKey(batch.id),
      batchKey(batch.userId, batch.id),
    ]);
    if (!active.value || active.value.attempt !== attempt || !current.value) break;
    const status = successCount === 0 && failedCount > 0 ? "failed" : "done";
    const op = kv.atomic().check(active, current)
      .delete(activeRunKey(batch.id))
      .set(current.key, {
        ...current.value,
        status,
        successCount,
        failedCount,
        pdfAvailable,
        updatedAt: now,
      });
    const label = `模板文书生成：批次 ${batch.batchNo}（${batch.templateName}）`;
    if (runDone > 0) {
      addUsageRecord(op, {
        userId: batch.userId,
        username,
        type: "mediation",
        description: `${label}，成功 ${runDone} 份`,
        status: "success",
        count: runDone,
        at: now,
      });
    }
    if (runFailed > 0) {
      addUsageRecord(op, {
        userId: batch.userId,
        username,
        type: "mediation",
        description: `${label}，失败 ${runFailed} 份（已退还次数）`,
        status: "failed",
        count: runFailed,
        at: now,
      });
    }
    if (pdfs > 0) {
      addUsageRecord(op, {
        userId: batch.userId,
        username,
        type: "pdf",
        description: `${label}，转换PDF ${pdfs} 份`,
        status: "success",
        count: pdfs,
        at: now + 1,
      });
    }
    if ((await op.commit()).ok) break;
  }
  await completeTask(kv, task.id, {
    now,
    result: { batchNo: batch.batchNo, successCount, failedCount },
  });
}

/**
 * At start-up: enqueues again every run that was in progress when the server stopped. KV redelivers
 * an unacknowledged message by itself; this also covers a message whose delivery was given up.
 * Safe either way: the handler skips recorded rows, finished tasks and runs already going here.
 */
export async function resumeMediationRuns(deps: Pick<AppDeps, "kv">): Promise<number> {
  const runs = await listActiveRuns(deps.kv);
  for (const run of runs) {
    const message: MediationGenerateMessage = { type: "mediation.generate", ...run };
    await deps.kv.enqueue(message);
  }
  return runs.length;
}
