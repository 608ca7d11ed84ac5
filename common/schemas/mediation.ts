/**
 * Response shapes of template-based generation (part 2 §3, §7), written by
 * server/services/mediation/batch_views.ts and read by web/api/mediation.ts.
 */

/** A batch's state: charged and queued, generating, finished, or failed as a whole. */
export type MediationBatchStatus = "pending" | "running" | "done" | "failed";

/** One generated row (part 2 §3 "Generation result"). */
export interface GenerationResult {
  row: number;
  fileName: string;
  respondent: string;
  applicant: string;
  caseNumber: string;
  createTime: string;
  wordUrl: string;
  /** "" when no PDF was made. */
  pdfUrl: string;
}

/** A row that could not be generated, with the reason in Chinese. */
export interface RowError {
  row: number;
  fileName: string;
  reason: string;
}

/** GET /api/conversion-progress */
export interface ConversionProgress {
  success: true;
  batch_no: string | null;
  status: MediationBatchStatus;
  currentFile: number;
  totalFiles: number;
  completed: boolean;
  successCount: number;
  failedCount: number;
  files: GenerationResult[];
  errors: RowError[];
  pdfAvailable: boolean;
  error?: string;
}

/** A batch as the history lists it (GET /api/mediation/batches). */
export interface BatchRecord {
  batch_no: string;
  total_files: number;
  success_count: number;
  failed_count: number;
  status: MediationBatchStatus;
  created_at: string;
  template_name: string;
}

/** A generated file as the history's detail dialog lists it (part 2 §3 "Generation record"). */
export interface HistoryRecord {
  row: number;
  file_name: string;
  applicant: string;
  respondent: string;
  case_number: string;
  word_url: string;
  pdf_url: string;
  status: "done" | "failed" | "pending";
  error?: string;
  created_at: string;
}
