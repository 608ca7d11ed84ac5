/**
 * Template-based generation (part 2 §2.4, §7): Excel upload, progress, results, batch history,
 * downloads and the output file-name pattern.
 */
import type {
  BatchRecord,
  ConversionProgress,
  GenerationResult,
  HistoryRecord,
  RowError,
} from "../../common/schemas/mediation.ts";
import { api, type DownloadedFile, requestBlob, requestUpload } from "./client.ts";

export type { BatchRecord, ConversionProgress, GenerationResult, HistoryRecord, RowError };

export type TemplateSource = "system" | "personal" | "temp";

export interface StartedBatch {
  success: true;
  totalFiles: number;
  batch_no: string;
  taskId: string;
  left: number;
}

export type ZipKind = "word" | "pdf" | "both";

export interface ExcelUploadInput {
  file: File;
  templateType: TemplateSource;
  templateId?: string;
  templatePath?: string;
  namePattern?: string;
}

/** Starts a batch from a filled sheet, reporting upload percent. POST /api/mediation/upload-excel */
export function uploadExcel(input: ExcelUploadInput, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append("file", input.file, input.file.name);
  form.append("templateType", input.templateType);
  if (input.templateId) form.append("templateId", input.templateId);
  if (input.templatePath) form.append("templatePath", input.templatePath);
  if (input.namePattern) form.append("namePattern", input.namePattern);
  return requestUpload<StartedBatch>("/api/mediation/upload-excel", form, {
    onProgress,
    silent: true,
    timeoutMs: 120_000,
  });
}

/** Progress of a batch (the latest when no batch number). GET /api/conversion-progress */
export function getConversionProgress(batchNo?: string) {
  return api.get<ConversionProgress>("/api/conversion-progress", {
    query: { batch_no: batchNo },
    silent: true,
  });
}

/** Re-runs only the failed rows of a batch. POST /api/mediation/batch/{batch_no}/retry-failed */
export function retryFailedRows(batchNo: string) {
  return api.post<StartedBatch>(
    `/api/mediation/batch/${encodeURIComponent(batchNo)}/retry-failed`,
    undefined,
    {
      silent: true,
    },
  );
}

/** Batch history page. GET /api/mediation/batches */
export function listBatches(page: number, pageSize: number) {
  return api.get<{ data: { records: BatchRecord[]; total: number } }>("/api/mediation/batches", {
    query: { page, pageSize },
    silent: true,
  });
}

/** Records of one batch: the first 10, or all. GET /api/mediation/history */
export function getBatchHistory(batchNo: string, all = false) {
  return api.get<{ data: { batch_no: string; total: number; records: HistoryRecord[] } }>(
    "/api/mediation/history",
    { query: { batch_no: batchNo, limit: all ? "all" : undefined }, silent: true },
  );
}

/** Deletes a batch and its files. DELETE /api/mediation/batch/{batch_no} */
export function deleteBatch(batchNo: string) {
  return api.delete<{ message: string }>(`/api/mediation/batch/${encodeURIComponent(batchNo)}`, {
    silent: true,
  });
}

/**
 * A short-lived signed link to the whole batch as one zip, for the browser to download natively.
 * GET /api/mediation/batch/{batch_no}/download-url?type=
 */
export function getBatchZipUrl(batchNo: string, type: ZipKind) {
  return api.get<{ url: string }>(`/api/mediation/batch/${encodeURIComponent(batchNo)}/download-url`, {
    query: { type },
    silent: true,
  });
}

/** One generated file, by a result's link (signed or relative). */
export function downloadGeneratedFile(url: string): Promise<DownloadedFile> {
  return requestBlob(url, { silent: true });
}

/** The template itself. GET /api/download-template */
export function downloadTemplateFile(type: TemplateSource, ref: { id?: string; path?: string }) {
  return requestBlob("/api/download-template", { query: { type, id: ref.id, path: ref.path }, silent: true });
}

/** The output file-name pattern. GET /api/mediation/settings */
export function getMediationSettings() {
  return api.get<{ namePattern: string }>("/api/mediation/settings", { silent: true });
}

/** Saves the output file-name pattern. PUT /api/mediation/settings */
export function saveMediationSettings(namePattern: string) {
  return api.put<{ namePattern: string }>("/api/mediation/settings", { namePattern }, { silent: true });
}

/** Remaining uses. GET /api/member/limits */
export function getMemberLimits() {
  return api.get<{ limits: { mediationLimit: number; pdfConvertLimit: number } }>("/api/member/limits", {
    silent: true,
  });
}
