/**
 * AI处理记录 (/ai-cljl; issue #13 scope 7): one list of a user's AI runs of every kind, in the shape of a
 * folder record (part 4 §3) plus `kind`: custom OCR records (folder and upload), OCR识别 runs (/ocr) and
 * OCR信息提取 batches (/ocr-extract). Runs of other kinds carry their files, status, AI uses and times;
 * their values stay in their own screens (merged_result, field_values and field_labels are empty).
 */
import { listOcrBatches, type OcrBatch } from "../../kv/ocr_batches.ts";
import { listOcrRuns, type OcrRun } from "../../kv/ocr_runs.ts";
import { type FolderRecord, listAllRecords, listRecords } from "../../kv/custom_ocr_records.ts";
import { listUsers } from "../../kv/users.ts";
import { recordView } from "./record_view.ts";

export const AI_RUN_KINDS = ["custom_ocr", "ocr", "ocr_extract"] as const;
export type AiRunKind = typeof AI_RUN_KINDS[number];

export type AiRunRecordView = ReturnType<typeof recordView>["record"] | ReturnType<typeof otherRunView>;

/** Runs of each kind read per user: more than any screen lists (/ocr shows 50, /ocr-extract 200). */
const RUNS_PER_USER = 500;

function otherRunView(kind: "ocr" | "ocr_extract", run: OcrRun | OcrBatch) {
  const failed = run.files.filter((f) => f.status === "failed").length;
  const template = "templateId" in run
    ? { id: run.templateId, name: run.templateName }
    : { id: "", name: "" };
  return {
    id: run.id,
    kind,
    user_id: run.userId,
    username: run.username,
    folder_path: "",
    rule_id: template.id,
    rule_name: template.name,
    status: run.status,
    created_at: new Date(run.createdAt).toISOString(),
    updated_at: new Date(run.updatedAt).toISOString(),
    // `error` is set when the run's job stopped outside its per-file handling (ai_run_guard.ts).
    error_message: (run as { error?: string }).error ?? null,
    merged_result: {} as Record<string, string | null>,
    field_values: {} as Record<string, { value: string; source: string }[]>,
    field_labels: {} as Record<string, string>,
    files: run.files.map((f) => ({
      fileName: f.fileName,
      path: f.fileName,
      status: f.status,
      error: f.error ?? null,
    })),
    // One use charged per file up front; each failed file was given its use back (once, by refund id).
    ai_uses_charged: run.files.length,
    ai_uses_refunded: failed,
  };
}

/**
 * The AI runs of one user (a number) or of every user ("all"), of the kinds asked, newest first.
 * Custom OCR records are listed from their own prefix; the other kinds through their per-user indexes.
 */
export async function listAiRunRecords(
  kv: Deno.Kv,
  input: { userId: number | "all"; kinds: readonly AiRunKind[] },
): Promise<AiRunRecordView[]> {
  const out: { createdAt: number; view: AiRunRecordView }[] = [];
  if (input.kinds.includes("custom_ocr")) {
    const records: FolderRecord[] = input.userId === "all"
      ? await listAllRecords(kv)
      : await listRecords(kv, input.userId);
    for (const r of records) out.push({ createdAt: r.createdAt, view: recordView(r).record });
  }
  const userIds = input.userId === "all" ? (await listUsers(kv)).map((u) => u.id) : [input.userId];
  for (const userId of userIds) {
    if (input.kinds.includes("ocr")) {
      for (const run of await listOcrRuns(kv, userId, RUNS_PER_USER)) {
        out.push({ createdAt: run.createdAt, view: otherRunView("ocr", run) });
      }
    }
    if (input.kinds.includes("ocr_extract")) {
      for (const batch of await listOcrBatches(kv, userId, RUNS_PER_USER)) {
        out.push({ createdAt: batch.createdAt, view: otherRunView("ocr_extract", batch) });
      }
    }
  }
  return out.sort((a, b) => b.createdAt - a.createdAt || b.view.id.localeCompare(a.view.id)).map((e) =>
    e.view
  );
}
