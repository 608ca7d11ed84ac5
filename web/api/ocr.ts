import type { OcrFileResultView, OcrRunView } from "../../common/schemas/ocr.ts";
import { api, type DownloadedFile, requestBlob, requestUpload } from "./client.ts";

/** Starts a run of the chosen files (one AI use each). POST /api/ocr/runs */
export function startOcrRun(files: File[], onProgress?: (percent: number) => void) {
  const form = new FormData();
  for (const f of files) form.append("files", f, f.name);
  return requestUpload<{ success: true; run: OcrRunView; limits: { aiLimit: number } }>(
    "/api/ocr/runs",
    form,
    {
      onProgress,
      silent: true,
      timeoutMs: 10 * 60_000,
    },
  );
}

/** The signed-in user's runs, newest first. GET /api/ocr/runs */
export function listOcrRuns() {
  return api.get<{ success: true; runs: OcrRunView[] }>("/api/ocr/runs");
}

/** One run with its per-file progress. GET /api/ocr/runs/:id */
export function getOcrRun(id: string) {
  return api.get<{ success: true; run: OcrRunView }>(`/api/ocr/runs/${encodeURIComponent(id)}`, {
    silent: true,
  });
}

/** Deletes a run and its files. DELETE /api/ocr/runs/:id */
export function deleteOcrRun(id: string) {
  return api.delete<{ success: true }>(`/api/ocr/runs/${encodeURIComponent(id)}`);
}

/** A finished file's text and key facts. GET /api/ocr/runs/:id/files/:index */
export function getOcrFileResult(id: string, index: number) {
  return api.get<{ success: true; result: OcrFileResultView }>(
    `/api/ocr/runs/${encodeURIComponent(id)}/files/${index}`,
  );
}

export type OcrDownloadFormat = "txt" | "docx" | "pdf";

/** A file's text as .txt, .docx or a searchable PDF. GET /api/ocr/runs/:id/files/:index/download/:format */
export function downloadOcrFile(
  id: string,
  index: number,
  format: OcrDownloadFormat,
): Promise<DownloadedFile> {
  return requestBlob(`/api/ocr/runs/${encodeURIComponent(id)}/files/${index}/download/${format}`, {
    timeoutMs: 120_000,
  });
}
