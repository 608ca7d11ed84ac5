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
    /** An OCR信息提取 batch's case by its parties (李四诉张三); "" when unknown. */
    case_name: "caseName" in run ? run.caseName ?? "" : "",
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

/** One earlier run of a case, as its record's history lists it. */
function runSummary(r: FolderRecord) {
  return {
    id: r.id,
    status: r.status,
    created_at: new Date(r.createdAt).toISOString(),
    files: r.files.length,
    files_read: r.files.filter((f) => !f.reused).length,
    ai_uses_charged: r.charged,
    ai_uses_refunded: r.refunded,
  };
}

/**
 * Folder records of one case (same user, rule and folder) as one row (issue #27 item 6): the newest run,
 * with the earlier ones, newest first, as its history. Upload records are each their own case.
 */
export function groupByCase(records: FolderRecord[]): { record: FolderRecord; earlier: FolderRecord[] }[] {
  const groups = new Map<string, { record: FolderRecord; earlier: FolderRecord[] }>();
  const out: { record: FolderRecord; earlier: FolderRecord[] }[] = [];
  const newestFirst = [...records].sort((a, b) => b.createdAt - a.createdAt || b.id.localeCompare(a.id));
  for (const r of newestFirst) {
    const folder = r.files.some((f) => f.nodeId);
    const key = folder ? `${r.userId}\u0000${r.ruleId}\u0000${r.folderPath}` : `upload\u0000${r.id}`;
    const group = groups.get(key);
    if (group) group.earlier.push(r);
    else {
      const created = { record: r, earlier: [] };
      groups.set(key, created);
      out.push(created);
    }
  }
  return out;
}

/**
 * The AI runs of one user (a number) or of every user ("all"), of the kinds asked, newest first.
 * Custom OCR records are listed from their own prefix; the other kinds through their per-user indexes.
 */
export async function listAiRunRecords(
  kv: Deno.Kv,
  input: { userId: number | "all"; kinds: readonly AiRunKind[]; byCase?: boolean },
): Promise<AiRunRecordView[]> {
  const out: { createdAt: number; view: AiRunRecordView }[] = [];
  if (input.kinds.includes("custom_ocr")) {
    const records: FolderRecord[] = input.userId === "all"
      ? await listAllRecords(kv)
      : await listRecords(kv, input.userId);
    for (
      const { record, earlier } of input.byCase
        ? groupByCase(records)
        : records.map((record) => ({ record, earlier: [] }))
    ) {
      const view = { ...recordView(record).record, history: earlier.map(runSummary) };
      out.push({ createdAt: record.createdAt, view });
    }
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
