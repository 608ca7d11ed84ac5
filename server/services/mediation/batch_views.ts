/**
 * The shapes the generation screen reads (part 2 §3, §7): the progress response, the history's
 * batch and record lists. Links are signed and rewritten to the user's domain (file_links.ts).
 */

import { getTask } from "../../kv/tasks.ts";
import { listRows, type MediationBatch, type MediationRow } from "../../kv/mediation_batches.ts";
import type { FileKind } from "./file_links.ts";
import type {
  BatchRecord,
  ConversionProgress,
  GenerationResult,
  HistoryRecord,
} from "../../../common/schemas/mediation.ts";

export type Linker = (batchNo: string, index: number, kind: FileKind) => Promise<string>;

export async function toGenerationResult(
  batch: MediationBatch,
  row: MediationRow,
  link: Linker,
): Promise<GenerationResult> {
  return {
    row: row.row,
    fileName: row.fileName,
    respondent: row.respondent,
    applicant: row.applicant,
    caseNumber: row.caseNumber,
    createTime: new Date(row.finishedAt).toISOString(),
    wordUrl: row.wordKey ? await link(batch.batchNo, row.index, "word") : "",
    pdfUrl: row.pdfKey ? await link(batch.batchNo, row.index, "pdf") : "",
  };
}

/** GET /api/conversion-progress for one batch (or none yet). */
export async function progressView(
  kv: Deno.Kv,
  batch: MediationBatch | null,
  link: Linker,
  pdfAvailable: boolean,
): Promise<ConversionProgress> {
  if (!batch) {
    return {
      success: true,
      batch_no: null,
      status: "done",
      currentFile: 0,
      totalFiles: 0,
      completed: true,
      successCount: 0,
      failedCount: 0,
      files: [],
      errors: [],
      pdfAvailable,
    };
  }
  const task = await getTask(kv, batch.taskId);
  const finished = batch.status === "done" || batch.status === "failed";
  const view: ConversionProgress = {
    success: true,
    batch_no: batch.batchNo,
    status: batch.status,
    currentFile: finished ? (task?.total ?? batch.total) : task?.done ?? 0,
    totalFiles: task?.total ?? batch.total,
    completed: finished,
    successCount: batch.successCount,
    failedCount: batch.failedCount,
    files: [],
    errors: [],
    // The page warns from this (PDF_CONVERTER_MISSING) on load too: false when the server has no
    // LibreOffice now, or when this finished batch was made without it.
    pdfAvailable: finished ? batch.pdfAvailable && pdfAvailable : pdfAvailable,
    ...(task?.error ? { error: task.error.message } : {}),
  };
  if (finished) {
    for (const row of await listRows(kv, batch.id)) {
      if (row.status === "done") view.files.push(await toGenerationResult(batch, row, link));
      else view.errors.push({ row: row.row, fileName: row.fileName, reason: row.error ?? "" });
    }
  }
  return view;
}

/** A batch as the history lists it. */
export function toBatchRecord(batch: MediationBatch): BatchRecord {
  return {
    batch_no: batch.batchNo,
    total_files: batch.total,
    success_count: batch.successCount,
    failed_count: batch.failedCount,
    status: batch.status,
    created_at: new Date(batch.createdAt).toISOString(),
    template_name: batch.templateName,
  };
}

/** A generated file as the history's detail dialog lists it (part 2 §3 "Generation record"). */
export async function toHistoryRecord(
  batch: MediationBatch,
  row: MediationRow,
  link: Linker,
): Promise<HistoryRecord> {
  return {
    row: row.row,
    file_name: row.fileName,
    applicant: row.applicant,
    respondent: row.respondent,
    case_number: row.caseNumber,
    word_url: row.wordKey ? await link(batch.batchNo, row.index, "word") : "",
    pdf_url: row.pdfKey ? await link(batch.batchNo, row.index, "pdf") : "",
    status: row.status,
    ...(row.error ? { error: row.error } : {}),
    created_at: new Date(row.finishedAt).toISOString(),
  };
}
