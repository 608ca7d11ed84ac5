/**
 * A folder record in the shapes of part 4 §3 ("Folder record", "Custom batch progress"), and the
 * source choice of a field (POST /api/folder-browser/update-field-source).
 */
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { type FieldValue, type FolderRecord, getRecordEntry } from "../../kv/custom_ocr_records.ts";

import { MANUAL_SOURCE } from "./kept_values.ts";

export { MANUAL_SOURCE };

/** The values a person typed or picked, by field key: value and source (a file name or 手动输入). */
function keptValues(r: FolderRecord): Record<string, { value: string; source: string }> {
  return Object.fromEntries(
    Object.entries(r.kept ?? {}).map(([k, v]) => [k, { value: v.value, source: v.source }]),
  );
}

export function recordView(r: FolderRecord) {
  const fieldLabels = Object.fromEntries(r.fields.map((f) => [f.key, f.label]));
  const processed = r.files.filter((f) => f.status === "completed" || f.status === "failed").length;
  const failed = r.files.filter((f) => f.status === "failed").length;
  const record = {
    id: r.id,
    /** AI处理记录 lists several kinds of run (ai_run_records.ts); a folder or upload record is custom_ocr. */
    kind: "custom_ocr" as const,
    user_id: r.userId,
    username: r.username,
    folder_path: r.folderPath,
    rule_id: r.ruleId,
    rule_name: r.ruleName,
    status: r.status,
    created_at: new Date(r.createdAt).toISOString(),
    updated_at: new Date(r.updatedAt).toISOString(),
    error_message: r.errorMessage,
    merged_result: r.mergedResult,
    field_values: r.fieldValues,
    field_labels: fieldLabels,
    kept_values: keptValues(r),
    conflicts: r.conflicts ?? {},
    files: r.files.map((f) => ({
      fileName: f.fileName,
      path: f.path,
      status: f.status,
      error: f.error ?? null,
    })),
    ai_uses_charged: r.charged,
    ai_uses_refunded: r.refunded,
  };
  const progress = {
    status: r.status,
    processedFiles: processed,
    totalFiles: r.files.length,
    files: r.files.map((f) => ({
      fileName: f.fileName,
      status: f.status,
      ...(f.error ? { error: f.error } : {}),
      // The file being read: its pages so far, so the bar moves while a long PDF is read (issue #26).
      ...(f.status === "processing" && f.pagesTotal
        ? { pagesDone: f.pagesDone ?? 0, pagesTotal: f.pagesTotal }
        : {}),
      extractedData: Object.fromEntries(
        f.keys.flatMap((k) =>
          (r.fieldValues[k] ?? []).filter((v) => v.source === f.fileName && !v.unverified).slice(0, 1)
            .map((v) => [k, v.value])
        ),
      ),
    })),
    mergedResult: r.mergedResult,
    fieldValues: r.fieldValues,
    fieldLabels,
    /** Fields whose value a person typed or picked (kept over later runs), and their conflicts (冲突). */
    keptValues: keptValues(r),
    conflicts: r.conflicts ?? {},
    progress_message: r.status === "processing"
      ? `正在处理 ${processed}/${r.files.length} 个文件`
      : r.status === "completed"
      ? `处理完成${failed ? `，${failed} 个文件识别失败` : ""}`
      : r.errorMessage ?? "处理失败",
  };
  return { record, progress };
}

/**
 * Sets a field of a completed record to one of its read values (by source file name, or value and
 * source), or to a value typed by hand (marked 手动输入).
 */
export async function chooseFieldSource(
  deps: Pick<AppDeps, "kv" | "clock">,
  input: {
    userId: number;
    recordId: string;
    fieldName: string;
    selected: string | { value: string; source?: string };
  },
): Promise<FolderRecord> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const entry = await getRecordEntry(deps.kv, input.userId, input.recordId);
    const record = entry.value;
    if (!record) throw new AppError("CUSTOM_RECORD_NOT_FOUND");
    if (record.status !== "completed") throw new AppError("CUSTOM_RECORD_NOT_COMPLETED");
    if (!record.fields.some((f) => f.key === input.fieldName)) {
      throw new AppError("VALIDATION_FAILED", {}, { message: "字段不存在", field: "fieldName" });
    }
    const values = record.fieldValues[input.fieldName] ?? [];
    let chosen: FieldValue | undefined;
    if (typeof input.selected === "string") {
      chosen = values.find((v) => v.source === input.selected);
      if (!chosen) {
        throw new AppError("VALIDATION_FAILED", {}, { message: "请选择一个值", field: "selectedSource" });
      }
    } else {
      const { value, source } = input.selected;
      chosen = values.find((v) => v.value === value && (source === undefined || v.source === source)) ??
        { value, source: MANUAL_SOURCE };
    }
    const fieldValues = chosen.source === MANUAL_SOURCE
      ? {
        ...record.fieldValues,
        [input.fieldName]: [chosen, ...values.filter((v) => v.source !== MANUAL_SOURCE)],
      }
      : record.fieldValues;
    const now = deps.clock.now();
    const { [input.fieldName]: _settled, ...conflicts } = record.conflicts ?? {};
    const next: FolderRecord = {
      ...record,
      mergedResult: { ...record.mergedResult, [input.fieldName]: chosen.value },
      fieldValues,
      kept: { ...record.kept, [input.fieldName]: { ...chosen, at: now } },
      conflicts,
      updatedAt: now,
    };
    if ((await deps.kv.atomic().check(entry).set(entry.key, next).commit()).ok) return next;
  }
  throw new AppError("QUOTA_BUSY");
}
