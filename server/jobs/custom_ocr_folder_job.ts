import type { AppDeps } from "../deps.ts";
import { runFolderRecord } from "../services/custom_ocr/folder_case.ts";
import { getLlmClient } from "../services/llm/llm_client.ts";
import { loadOcrEngines } from "../services/ocr_runs/engines.ts";
import type { JobMessageOf } from "../kv/job_messages.ts";

/** One custom OCR folder record: its files read, then its fields merged (runFolderRecord is idempotent). */
export async function handleCustomOcrFolder(
  deps: AppDeps,
  msg: JobMessageOf<"custom_ocr.folder">,
): Promise<void> {
  await runFolderRecord(deps, { userId: msg.userId, recordId: msg.recordId }, {
    readDocumentText: async (d, input) => (await loadOcrEngines()).readDocumentText(d, input),
    // A background run waits for the user's model slots instead of being refused (semaphore.ts).
    llm: (d, userId) => getLlmClient(d, { user: userId, whenBusy: "wait" }),
  });
}
