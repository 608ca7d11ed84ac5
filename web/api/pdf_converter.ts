import type { PdfBatchRecord, PdfLinkRecord } from "../../common/schemas/pdf_links.ts";
import { api, requestUpload } from "./client.ts";

export type { PdfBatchRecord, PdfLinkRecord };

export interface PdfUploadResult {
  success: true;
  url: string;
  batch_no: string;
  record: PdfLinkRecord;
  limits: { pdfConvertLimit: number };
}

/** Uploads one PDF into a batch. POST /api/upload-pdfs (multipart field file, header Batch-No) */
export function uploadPdf(file: File, batchNo: string, onProgress?: (percent: number) => void) {
  const form = new FormData();
  form.append("file", file);
  return requestUpload<PdfUploadResult>("/api/upload-pdfs", form, {
    headers: { "Batch-No": batchNo },
    onProgress,
    silent: true,
    timeoutMs: 5 * 60_000,
  });
}

/** One page of the user's batches. GET /api/pdf-convert/batches */
export function listPdfBatches(page: number, pageSize: number) {
  return api.get<{ success: true; data: { records: PdfBatchRecord[]; total: number } }>(
    "/api/pdf-convert/batches",
    { query: { page, pageSize }, silent: true },
  );
}

/** A batch's records: the first 10, or all. GET /api/pdf-convert/history */
export function getPdfHistory(batchNo: string, all = false) {
  return api.get<{ success: true; data: { batch_no: string; total: number; records: PdfLinkRecord[] } }>(
    "/api/pdf-convert/history",
    { query: { batch_no: batchNo, limit: all ? "all" : undefined }, silent: true },
  );
}

/** Deletes a batch, its files and links. DELETE /api/pdf-convert/batch/:batch_no */
export function deletePdfBatch(batchNo: string) {
  return api.delete<{ success: true }>(`/api/pdf-convert/batch/${encodeURIComponent(batchNo)}`, {
    silent: true,
  });
}

/** Sets or clears a link's expiry (ISO time or null). PUT /api/pdf-convert/link/:id */
export function setPdfLinkExpiry(id: string, expiresAt: string | null) {
  return api.put<{ success: true; record: PdfLinkRecord }>(
    `/api/pdf-convert/link/${encodeURIComponent(id)}`,
    { expires_at: expiresAt },
    { silent: true },
  );
}

/** Revokes one link for good. POST /api/pdf-convert/link/:id/revoke */
export function revokePdfLink(id: string) {
  return api.post<{ success: true; record: PdfLinkRecord }>(
    `/api/pdf-convert/link/${encodeURIComponent(id)}/revoke`,
    undefined,
    { silent: true },
  );
}
