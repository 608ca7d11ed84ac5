import type {
  OcrBatchEvent,
  OcrBatchResult,
  OcrMergedField,
  OcrTemplate,
  OcrTemplateBody,
  OcrTemplateField,
} from "../../common/schemas/ocr.ts";
import { api, requestStream } from "./client.ts";

export interface OcrTemplatePreset {
  key: string;
  name: string;
  description: string;
  fields: OcrTemplateField[];
}

/** The user's extraction templates. GET /api/ocr/templates */
export function listOcrTemplates() {
  return api.get<{ success: true; templates: OcrTemplate[] }>("/api/ocr/templates", { silent: true });
}

/** Ready-made templates to copy. GET /api/ocr/template-presets */
export function listOcrTemplatePresets() {
  return api.get<{ success: true; presets: OcrTemplatePreset[] }>("/api/ocr/template-presets", {
    silent: true,
  });
}

/** Create a template. POST /api/ocr/templates */
export function createOcrTemplate(body: OcrTemplateBody) {
  return api.post<{ success: true; template: OcrTemplate }>("/api/ocr/templates", body, { silent: true });
}

/** Edit a template. PUT /api/ocr/templates/{id} */
export function updateOcrTemplate(id: string, body: OcrTemplateBody) {
  return api.put<{ success: true; template: OcrTemplate }>(
    `/api/ocr/templates/${encodeURIComponent(id)}`,
    body,
    {
      silent: true,
    },
  );
}

/** Delete a template (and its recognition records). DELETE /api/ocr/templates/{id} */
export function deleteOcrTemplate(id: string) {
  return api.delete<{ success: true }>(`/api/ocr/templates/${encodeURIComponent(id)}`, { silent: true });
}

export interface OcrBatchSummary {
  batchId: string;
  templateId: string;
  templateName: string;
  /** 原告诉被告, from the result's parties ("" when none was found). */
  caseName: string;
  status: string;
  totalFiles: number;
  failedFiles: number;
  createdAt: string;
}

/** The user's batches, newest first. GET /api/ocr/batches */
export function listOcrBatches() {
  return api.get<{ success: true; batches: OcrBatchSummary[] }>("/api/ocr/batches", { silent: true });
}

/** A batch's status and merged result (null until merged). GET /api/ocr/batch/{batchId} */
export function getBatchResult(batchId: string) {
  return api.get<{ success: true; status: string; error?: string; result: OcrBatchResult | null }>(
    `/api/ocr/batch/${encodeURIComponent(batchId)}`,
    { silent: true },
  );
}

/** A page of a batch's file as an image, to mark where a value was read (not in the spec). */
export function getPageImage(batchId: string, recordId: string, page: number) {
  return api.get<{ success: true; image: string; width: number; height: number; boxScale: number }>(
    `/api/ocr/batch/${encodeURIComponent(batchId)}/page-image`,
    { query: { recordId, page }, silent: true },
  );
}

/** Save the edited merged result. PUT /api/ocr/batch/{batchId}/result */
export function saveBatchResult(
  batchId: string,
  mergedResult: Record<string, Pick<OcrMergedField, "value">>,
) {
  return api.put<{ success: true; result: OcrBatchResult }>(
    `/api/ocr/batch/${encodeURIComponent(batchId)}/result`,
    { mergedResult },
    { silent: true },
  );
}

/**
 * Runs a batch: POST /api/ocr/process-batch (multipart templateId + files) and hands each event line
 * (progress, error, complete) to `onEvent` as it arrives. A refusal before the stream (quota, rules)
 * throws ApiError with the server's Chinese message.
 */
export function processBatch(
  templateId: string,
  files: File[],
  onEvent: (event: OcrBatchEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const form = new FormData();
  form.append("templateId", templateId);
  for (const f of files) form.append("files", f, f.name);
  return requestStream("/api/ocr/process-batch", {
    body: form,
    signal,
    silent: true,
    onEvent: ({ data }) => onEvent(JSON.parse(data) as OcrBatchEvent),
  });
}
