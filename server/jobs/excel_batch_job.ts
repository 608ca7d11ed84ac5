/**
 * The "excel_batch.generate" job: renders a wizard task's documents (docx_render_pool workers, with
 * the paragraph blocks of task_values.ts) into the task's folder, one outcome per output.
 *
 * Without merge output each processed row is one document and a row that fails (a value a formatter
 * cannot read, say) is reported and refunded while the others go on; if every row fails, the task
 * fails and its whole cost comes back. With merge output there is one document for 1 use: it is
 * refunded only when that document fails. With paragraphs on, that document is the template once with
 * every row's paragraphs; with paragraphs off it is a mail merge: the template once per row, each from
 * a new page, in row order (one row that cannot be rendered fails the document, naming the row).
 *
 * Idempotent and resumable (KV delivers at least once): outputs already recorded are skipped, each
 * output is recorded by a commit that checks it is still absent, and the close (refund of the
 * failed rows, usage records, end of the active run) is one commit guarded by a "closed" marker.
 */

import { errorMessage } from "../../common/errors.ts";
import type { AppDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import type { ExcelBatchGenerateMessage } from "../kv/job_messages.ts";
import {
  activeRunKey,
  closedKey,
  type ExcelBatch,
  type ExcelBatchFile,
  getBatch,
  listActiveRuns,
  listFiles,
  recordFile,
} from "../kv/excel_batch.ts";
import { applyRefund, planRefund } from "../kv/quotas.ts";
import {
  completeTask,
  failTask,
  getTask,
  isTaskFinished,
  type TaskRecord,
  updateTaskProgress,
} from "../kv/tasks.ts";
import { addUsageRecord } from "../kv/usage.ts";
import { getUser } from "../kv/users.ts";
import type { DocxRenderPool, RowResult } from "../services/docx/docx_render_pool.ts";
import { mergeDocxPages } from "../services/docx/merge_docx.ts";
import type { ParagraphBlocks, RowValues } from "../services/docx/render_docx.ts";
import type { BatchRows } from "../services/mediation/start_batch.ts";
import {
  mapRowValues,
  mergedParagraphBlocks,
  outputFileNames,
  rowParagraphBlocks,
  type TaskSpec,
} from "../services/excel_batch/task_values.ts";

/** Rows per render round (the pool splits them between its workers). */
const RENDER_ROUND = 32;
const PROGRESS_EVERY_MS = 500;
/** Time limit for rendering the one merged document (all the rows' paragraphs). */
const MERGED_TIMEOUT_MS = 10 * 60_000;

/** Runs of this process, so a duplicate delivery does not run the same task twice at once. */
const runningHere = new Set<string>();

interface TaskSources {
  spec: TaskSpec;
  sheet: BatchRows;
  template: Uint8Array;
}

const decoder = new TextDecoder();

async function readSources(deps: Pick<AppDeps, "blobs">, batch: ExcelBatch): Promise<TaskSources | null> {
  const [spec, sheet, template] = await Promise.all([
    deps.blobs.read(batch.specKey),
    deps.blobs.read(batch.rowsKey),
    deps.blobs.read(batch.templateKey),
  ]);
  if (!spec || !sheet || !template) return null;
  return { spec: JSON.parse(decoder.decode(spec)), sheet: JSON.parse(decoder.decode(sheet)), template };
}

function reasonOf(err: unknown): string {
  return err instanceof AppError ? err.message : errorMessage("DOCX_RENDER_FAILED", { reason: String(err) });
}

/** Queue handler of "excel_batch.generate". */
export async function handleExcelBatchGenerate(deps: AppDeps, msg: ExcelBatchGenerateMessage): Promise<void> {
  const task = await getTask(deps.kv, msg.taskId);
  if (!task || isTaskFinished(task)) {
    await deps.kv.delete(activeRunKey(msg.taskId));
    return;
  }
  const batch = await getBatch(deps.kv, msg.taskId);
  if (!batch) throw new AppError("EXCEL_BATCH_TASK_NOT_FOUND");
  if (runningHere.has(batch.id)) return;
  runningHere.add(batch.id);
  try {
    if (!(await deps.kv.get(closedKey(batch.id))).versionstamp) await generateOutputs(deps, batch, task);
    await closeRun(deps, batch);
  } finally {
    runningHere.delete(batch.id);
  }
}

async function generateOutputs(deps: AppDeps, batch: ExcelBatch, task: TaskRecord): Promise<void> {
  const { kv, clock } = deps;
  const recorded = new Set((await listFiles(kv, batch.id)).map((f) => f.index));
  const sources = await readSources(deps, batch);
  const names = outputFileNames(batch.taskName, {
    merged: batch.mergeOutput,
    // Without its sources a task's files only fail: named by position then.
    rows: sources?.sheet.rows ?? Array.from({ length: batch.total }, () => ({})),
    rowNumbers: sources?.sheet.rowNumbers ?? Array.from({ length: batch.total }, (_, i) => i + 1),
    pattern: sources?.spec.fileNamePattern,
  });
  const outputs = batch.mergeOutput ? 1 : batch.total;
  const todo = Array.from({ length: outputs }, (_, i) => i).filter((i) => !recorded.has(i));
  if (todo.length === 0) return;
  let done = batch.mergeOutput ? 0 : outputs - todo.length;
  await updateTaskProgress(kv, task.id, { done, now: clock.now() });

  const failRow = (index: number, error: string) =>
    recordFile(kv, batch.id, {
      index,
      rowIndex: batch.mergeOutput ? 0 : index + 1,
      status: "failed",
      fileName: names[index],
      blobKey: null,
      error,
      finishedAt: clock.now(),
    });
  if (!sources) {
    for (const index of todo) await failRow(index, errorMessage("TEMPLATE_FILE_MISSING"));
    return;
  }
  const store = async (index: number, result: RowResult) => {
    if ("error" in result) return void await failRow(index, result.error.message);
    const blobKey = `${batch.blobPrefix}/out-${index}.docx`;
    try {
      await deps.blobs.put(blobKey, result.docx);
    } catch (err) {
      console.error(`[excel_batch] storing output ${index} of ${batch.id}:`, err);
      return void await failRow(index, errorMessage("DOCX_RENDER_FAILED", { reason: "保存文件失败" }));
    }
    const file: ExcelBatchFile = {
      index,
      rowIndex: batch.mergeOutput ? 0 : index + 1,
      status: "done",
      fileName: names[index],
      blobKey,
      finishedAt: clock.now(),
    };
    await recordFile(kv, batch.id, file);
  };

  // The server's long-lived render workers (AppDeps), shared with the other jobs.
  const pool = deps.docx;
  if (batch.mergeOutput) {
    const [result] = sources.spec.paragraphEnabled
      ? await renderMerged(pool, sources)
      : await renderMailMerge(pool, sources, (rows) =>
        updateTaskProgress(kv, task.id, { done: rows, now: clock.now() }));
    await store(0, result);
    await updateTaskProgress(kv, task.id, { done: batch.total, now: clock.now() });
    return;
  }

  let lastProgress = Date.now();
  let storing: Promise<unknown> = Promise.resolve();
  for (let start = 0; start < todo.length; start += RENDER_ROUND) {
    const round = todo.slice(start, start + RENDER_ROUND);
    const results = await renderRows(pool, sources, round);
    await storing; // the previous round's files, written while this round rendered
    storing = Promise.all(round.map((index, k) => store(index, results[k])));
    done += round.length;
    if (Date.now() - lastProgress > PROGRESS_EVERY_MS) {
      lastProgress = Date.now();
      await storing;
      await updateTaskProgress(kv, task.id, { done, now: clock.now() });
    }
  }
  await storing;
}

/** Renders the rows `indices` (one document each); rows whose paragraphs cannot be filled fail alone. */
async function renderRows(
  pool: DocxRenderPool,
  sources: TaskSources,
  indices: number[],
): Promise<RowResult[]> {
  const { spec, sheet, template } = sources;
  const results: RowResult[] = new Array(indices.length);
  const send: { k: number; values: RowValues; blocks: ParagraphBlocks }[] = [];
  indices.forEach((index, k) => {
    const row = sheet.rows[index];
    try {
      send.push({ k, values: mapRowValues(row, spec.fieldMappings), blocks: rowParagraphBlocks(row, spec) });
    } catch (err) {
      results[k] = {
        error: err instanceof AppError ? err : new AppError("DOCX_RENDER_FAILED", { reason: reasonOf(err) }),
      };
    }
  });
  if (send.length === 0) return results;
  let rendered: RowResult[];
  try {
    rendered = await pool.renderRows(template, send.map((s) => s.values), {
      chunkSize: 8,
      paragraphs: send.map((s) => s.blocks),
    });
  } catch (err) {
    const error = err instanceof AppError ? err : new AppError("DOCX_RENDER_FAILED", { reason: String(err) });
    rendered = send.map(() => ({ error }));
  }
  send.forEach((s, i) => (results[s.k] = rendered[i]));
  return results;
}

/** The one merged document: every row's paragraph items, the first row's values. */
async function renderMerged(pool: DocxRenderPool, sources: TaskSources): Promise<RowResult[]> {
  const { spec, sheet, template } = sources;
  try {
    const blocks = mergedParagraphBlocks(sheet.rows, spec);
    const values = mapRowValues(sheet.rows[0] ?? {}, spec.fieldMappings);
    // One document holding every row's paragraphs: no 60 s chunk limit for it.
    return await pool.renderRows(template, [values], { paragraphs: [blocks], timeoutMs: MERGED_TIMEOUT_MS });
  } catch (err) {
    return [{
      error: err instanceof AppError ? err : new AppError("DOCX_RENDER_FAILED", { reason: String(err) }),
    }];
  }
}

/**
 * The mail-merge document (merge output without paragraphs): every row rendered on its own, then
 * joined in row order, each from a new page. `progress` hears the rows rendered so far.
 */
async function renderMailMerge(
  pool: DocxRenderPool,
  sources: TaskSources,
  progress: (rows: number) => Promise<unknown>,
): Promise<RowResult[]> {
  const rows = sources.sheet.rows.length;
  const docs: Uint8Array[] = [];
  let lastProgress = Date.now();
  for (let start = 0; start < rows; start += RENDER_ROUND) {
    const round = Array.from({ length: Math.min(RENDER_ROUND, rows - start) }, (_, k) => start + k);
    const results = await renderRows(pool, sources, round);
    for (const [k, result] of results.entries()) {
      if ("error" in result) {
        const reason = result.error.message;
        return [{ error: new AppError("DOCX_RENDER_FAILED", { reason: `第${round[k] + 1}行：${reason}` }) }];
      }
      docs.push(result.docx);
    }
    if (Date.now() - lastProgress > PROGRESS_EVERY_MS) {
      lastProgress = Date.now();
      await progress(start + round.length);
    }
  }
  try {
    return [{ docx: mergeDocxPages(docs) }];
  } catch (err) {
    return [{ error: new AppError("DOCX_RENDER_FAILED", { reason: String(err) }) }];
  }
}

/**
 * Ends a run once: refund of the failed rows (when some succeeded), usage records and the end of the
 * active run in one commit guarded by the closed marker; then the task completes, or fails with its
 * whole cost refunded (failTask) when nothing was produced.
 */
async function closeRun(deps: AppDeps, batch: ExcelBatch): Promise<void> {
  const { kv, clock } = deps;
  const files = await listFiles(kv, batch.id);
  const succeeded = files.filter((f) => f.status === "done").length;
  const failed = files.filter((f) => f.status === "failed");
  const nothing = succeeded === 0;
  const now = clock.now();
  const closed = await kv.get(closedKey(batch.id));
  if (!closed.versionstamp) {
    const username = (await getUser(kv, batch.userId))?.username ?? "";
    const label = `Excel批量生成：${batch.taskName}`;
    for (let attempt = 0; attempt < 20; attempt++) {
      const op = kv.atomic().check({ key: closedKey(batch.id), versionstamp: null })
        .set(closedKey(batch.id), { at: now })
        .delete(activeRunKey(batch.id));
      // Uses actually spent: one per document (the merged document costs 1 for all its rows).
      if (succeeded > 0) {
        addUsageRecord(op, {
          userId: batch.userId,
          username,
          type: "mediation",
          description: batch.mergeOutput
            ? `${label}，合并输出 ${batch.total} 行`
            : `${label}，成功 ${succeeded} 份`,
          status: "success",
          count: succeeded,
          at: now,
        });
      }
      if (failed.length > 0) {
        addUsageRecord(op, {
          userId: batch.userId,
          username,
          type: "mediation",
          description: `${label}，失败 ${failed.length} 份（已退还次数）`,
          status: "failed",
          count: failed.length,
          at: now + 1,
        });
      }
      if (!nothing && failed.length > 0) {
        const plan = await planRefund(kv, {
          refundId: batch.id,
          userId: batch.userId,
          kind: "mediation",
          amount: failed.length,
          at: now,
        });
        if (plan) applyRefund(op, plan);
      }
      if ((await op.commit()).ok) break;
      if ((await kv.get(closedKey(batch.id))).versionstamp) break;
    }
  }
  if (nothing) {
    const first = failed[0]?.error ?? errorMessage("TEMPLATE_FILE_MISSING");
    await failTask(kv, batch.id, { code: "DOCX_RENDER_FAILED", message: first, now });
  } else {
    await completeTask(kv, batch.id, {
      now,
      result: { successCount: succeeded, failedCount: failed.length },
    });
  }
}

/**
 * At start-up: enqueues again every wizard task whose run was not closed when the server stopped.
 * Safe: the handler skips recorded outputs and finished tasks.
 */
export async function resumeExcelBatchRuns(deps: Pick<AppDeps, "kv">): Promise<number> {
  const runs = await listActiveRuns(deps.kv);
  for (const run of runs) {
    const message: ExcelBatchGenerateMessage = { type: "excel_batch.generate", ...run };
    await deps.kv.enqueue(message);
  }
  return runs.length;
}
