/**
 * Starting a generation batch (part 2 §2.4, §5): the upload checks, one mediation use per data row
 * deducted in the same commit as the task, the batch record and the queue message; and re-running
 * only the failed rows of a finished batch, charged for those rows.
 */

import { EXCEL_UPLOAD_MAX_BYTES } from "../../../common/constants.ts";
import { userItemKey, userItemPrefix } from "../../blobs/blob_keys.ts";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { newId } from "../../kv/ids.ts";
import {
  activeRunKey,
  addBatchToCommit,
  batchKey,
  batchNoKey,
  getBatchByNo,
  listRows,
  type MediationBatch,
  type MediationRun,
} from "../../kv/mediation_batches.ts";
import { CommitRejected } from "../../kv/quotas.ts";
import { startTask } from "../../kv/tasks.ts";
import type { WordTemplate } from "../../kv/word_templates.ts";
import { readTemplateBytes } from "../templates/word_templates.ts";
import { readSheetCells } from "../xlsx/read_sheet.ts";
import { DEFAULT_NAME_PATTERN } from "./file_names.ts";

/** What the job reads back from the batch folder. */
export interface BatchRows {
  headers: string[];
  /** One object per data row, keyed by header (cells as readSheetCells gives them). */
  rows: Record<string, unknown>[];
  rowNumbers: number[];
}

const EXCEL_NAME = /\.(xlsx|xls)$/i;
const CHINA_OFFSET_MS = 8 * 60 * 60_000;

/** `yyyymmdd_hhmmss` in China time (part 2 §3). */
export function formatBatchNo(ms: number): string {
  const iso = new Date(ms + CHINA_OFFSET_MS).toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}_${iso.slice(11, 13)}${iso.slice(14, 16)}${
    iso.slice(17, 19)
  }`;
}

/** Reads and checks the uploaded sheet: type, size, data rows (the messages of part 2 §5). */
export async function readGenerationSheet(file: File): Promise<BatchRows> {
  if (!EXCEL_NAME.test(file.name)) throw new AppError("EXCEL_TYPE_INVALID", {}, { field: "file" });
  if (file.size > EXCEL_UPLOAD_MAX_BYTES) throw new AppError("EXCEL_TOO_LARGE", {}, { field: "file" });
  let sheet;
  try {
    sheet = await readSheetCells(new Uint8Array(await file.arrayBuffer()));
  } catch (err) {
    if (err instanceof AppError && err.code === "FILE_PARSE_FAILED") {
      const reason = String(err.params.reason ?? "");
      if (reason.startsWith("表格中没有数据")) throw new AppError("EXCEL_EMPTY", {}, { field: "file" });
      if (reason.startsWith("不是有效的Excel文件")) {
        throw new AppError("EXCEL_TYPE_INVALID", {}, { field: "file" });
      }
    }
    if (err instanceof AppError && err.code === "FILE_TOO_LARGE") {
      throw new AppError("EXCEL_TOO_LARGE", {}, { field: "file" });
    }
    throw err;
  }
  const headers = sheet.headers;
  const rows = sheet.rows.map((cells) => {
    const row: Record<string, unknown> = {};
    headers.forEach((h, i) => {
      if (h !== "" && !Object.hasOwn(row, h)) row[h] = cells[i] ?? null;
    });
    return row;
  });
  if (rows.length === 0) throw new AppError("EXCEL_EMPTY", {}, { field: "file" });
  return { headers, rows, rowNumbers: sheet.rowNumbers };
}

function quotaError(err: unknown): unknown {
  if (err instanceof AppError && err.code === "QUOTA_INSUFFICIENT") {
    return new AppError("MEDIATION_QUOTA_INSUFFICIENT", { need: err.params.need, left: err.params.left });
  }
  return err;
}

/**
 * Starts a batch: stores a copy of the template and the rows in the batch folder, then deducts one
 * use per row, creates the task and the batch and enqueues "mediation.generate" in one commit.
 * MEDIATION_QUOTA_INSUFFICIENT leaves nothing behind.
 */
export async function startGenerationBatch(
  deps: Pick<AppDeps, "kv" | "blobs" | "clock">,
  input: { userId: number; template: WordTemplate; file: File; namePattern?: string | null },
): Promise<{ batch: MediationBatch; left: number }> {
  const sheet = await readGenerationSheet(input.file);
  const templateBytes = await readTemplateBytes(deps, input.template);
  const now = deps.clock.now();
  const batchId = newId(now);
  const blobPrefix = userItemPrefix(input.userId, "generated", batchId);
  const templateKey = userItemKey(input.userId, "generated", batchId, "template.docx");
  const rowsKey = userItemKey(input.userId, "generated", batchId, "rows.json");
  await deps.blobs.put(templateKey, templateBytes);
  await deps.blobs.put(rowsKey, new TextEncoder().encode(JSON.stringify(sheet)));
  const total = sheet.rows.length;
  try {
    for (let suffix = 1;; suffix++) {
      const batchNo = formatBatchNo(now) + (suffix > 1 ? `_${suffix}` : "");
      if ((await deps.kv.get(batchNoKey(input.userId, batchNo))).versionstamp) continue;
      const batch: MediationBatch = {
        id: batchId,
        userId: input.userId,
        batchNo,
        templateName: input.template.fileName,
        templateKey,
        rowsKey,
        blobPrefix,
        total,
        namePattern: input.namePattern || DEFAULT_NAME_PATTERN,
        status: "pending",
        attempt: 1,
        taskId: "",
        successCount: 0,
        failedCount: 0,
        pdfAvailable: true,
        createdAt: now,
        updatedAt: now,
      };
      try {
        const { task, left } = await startTask(deps.kv, {
          type: "mediation.generate",
          userId: input.userId,
          total,
          now,
          quota: { kind: "mediation", amount: total },
          blobPrefix,
          message: (taskId) => ({
            type: "mediation.generate",
            taskId,
            batchId,
            userId: input.userId,
            attempt: 1,
          }),
          extend: (op, task) => {
            batch.taskId = task.id;
            addBatchToCommit(op, batch);
          },
        });
        batch.taskId = task.id;
        return { batch, left: left ?? 0 };
      } catch (err) {
        if (err instanceof CommitRejected && suffix < 20) continue; // the batch number was just taken
        throw quotaError(err);
      }
    }
  } catch (err) {
    await deps.blobs.deletePrefix(blobPrefix).catch(() => {});
    throw err;
  }
}

/**
 * Re-runs the failed rows of a finished batch: one use per failed row, deducted with the new task
 * in one commit that also checks the batch did not change meanwhile (two clicks start one run).
 */
export async function retryFailedRows(
  deps: Pick<AppDeps, "kv" | "clock">,
  input: { userId: number; batchNo: string },
): Promise<{ batch: MediationBatch; left: number; failed: number }> {
  const batch = await getBatchByNo(deps.kv, input.userId, input.batchNo);
  if (!batch) throw new AppError("BATCH_NOT_FOUND");
  if (batch.status === "pending" || batch.status === "running") throw new AppError("BATCH_RUNNING");
  const failed = (await listRows(deps.kv, batch.id)).filter((r) => r.status === "failed").length;
  if (failed === 0) throw new AppError("BATCH_NO_FAILED_ROWS");
  const entry = await deps.kv.get<MediationBatch>(batchKey(batch.userId, batch.id));
  if (!entry.value || entry.value.attempt !== batch.attempt) throw new AppError("BATCH_RUNNING");
  const now = deps.clock.now();
  const attempt = batch.attempt + 1;
  const next: MediationBatch = { ...batch, status: "pending", attempt, updatedAt: now };
  try {
    const { task, left } = await startTask(deps.kv, {
      type: "mediation.generate",
      userId: input.userId,
      total: failed,
      now,
      quota: { kind: "mediation", amount: failed },
      blobPrefix: batch.blobPrefix,
      message: (taskId) => ({
        type: "mediation.generate",
        taskId,
        batchId: batch.id,
        userId: input.userId,
        attempt,
      }),
      extend: (op, task) => {
        next.taskId = task.id;
        op.check(entry).set(entry.key, next).set(
          activeRunKey(batch.id),
          {
            batchId: batch.id,
            userId: batch.userId,
            taskId: task.id,
            attempt,
          } satisfies MediationRun,
        );
      },
    });
    next.taskId = task.id;
    return { batch: next, left: left ?? 0, failed };
  } catch (err) {
    if (err instanceof CommitRejected) throw new AppError("BATCH_RUNNING");
    throw quotaError(err);
  }
}
