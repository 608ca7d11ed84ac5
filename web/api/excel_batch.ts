import type {
  CreateTaskBody,
  CreateTaskResult,
  ExcelUploadResult,
  ParseTemplateResult,
  TaskProgressResult,
} from "../../common/schemas/excel_batch.ts";
import { api, requestBlob, requestUpload, type UploadOptions } from "./client.ts";

export type { GeneratedFileRecord, TaskProgressResult } from "../../common/schemas/excel_batch.ts";

/** Uploads the Excel file (.xlsx/.xls, 10 MB). POST /api/excel-batch/upload */
export function uploadExcel(file: File, options: Pick<UploadOptions, "onProgress"> = {}) {
  const form = new FormData();
  form.append("file", file);
  return requestUpload<ExcelUploadResult>("/api/excel-batch/upload", form, { ...options, silent: true });
}

/** The template's variables and paragraph variables. POST /api/excel-batch/parse-template */
export function parseTemplate(templateFile: string) {
  return api.post<ParseTemplateResult>("/api/excel-batch/parse-template", { templateFile }, { silent: true });
}

/** The member's saved output file-name pattern. GET /api/excel-batch/settings */
export function getExcelBatchSettings() {
  return api.get<{ fileNamePattern: string; defaultFileNamePattern: string }>("/api/excel-batch/settings", {
    silent: true,
  });
}

/** Saves the member's output file-name pattern. PUT /api/excel-batch/settings */
export function saveExcelBatchSettings(fileNamePattern: string) {
  return api.put<{ fileNamePattern: string }>("/api/excel-batch/settings", { fileNamePattern }, {
    silent: true,
  });
}

/** Creates (and charges) the task. POST /api/excel-batch/create-task */
export function createTask(body: CreateTaskBody) {
  return api.post<CreateTaskResult>("/api/excel-batch/create-task", body, { silent: true });
}

/** Status, done/total and the generated files. GET /api/excel-batch/task/:id/progress */
export function getTaskProgress(taskId: string) {
  return api.get<TaskProgressResult>(`/api/excel-batch/task/${encodeURIComponent(taskId)}/progress`, {
    silent: true,
  });
}

/** One generated file. GET /api/excel-batch/download/:id */
export function downloadFile(fileId: string) {
  return requestBlob(`/api/excel-batch/download/${encodeURIComponent(fileId)}`, { silent: true });
}

/**
 * A short-lived signed link to every generated file of a task as one zip, for the browser to
 * download natively. GET /api/excel-batch/task/:id/download-zip-url
 */
export function getTaskZipUrl(taskId: string) {
  return api.get<{ url: string }>(`/api/excel-batch/task/${encodeURIComponent(taskId)}/download-zip-url`, {
    silent: true,
  });
}
