import { handleCleanup } from "./cleanup_job.ts";
import { handleCaseSplit } from "./case_split_job.ts";
import { handleOcrRun } from "./ocr_run_job.ts";
import { handleOcrExtract } from "./ocr_extract_job.ts";
import { handleCustomOcrFolder } from "./custom_ocr_folder_job.ts";
import type { JobHandlers } from "./dispatch.ts";
import { handleMediationGenerate } from "./mediation_generate_job.ts";
import { handleExcelBatchGenerate } from "./excel_batch_job.ts";

/** The handler of every job type; the compiler insists on one per JobMessage variant. */
export const jobHandlers: JobHandlers = {
  "maintenance.cleanup": handleCleanup,
  "case_split.run": handleCaseSplit,
  "ocr.run": handleOcrRun,
  "ocr_extract.run": handleOcrExtract,
  "custom_ocr.folder": handleCustomOcrFolder,
  "mediation.generate": handleMediationGenerate,
  "excel_batch.generate": handleExcelBatchGenerate,
};
