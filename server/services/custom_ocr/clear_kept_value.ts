/**
 * A person clears the value they typed or picked for a field (issue #27 item 1): the field goes back to
 * what the run read (the record's stored extraction), its typed value and its conflicts are dropped, and
 * later runs of the case no longer keep it.
 */
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { type FolderRecord, getRecordEntry } from "../../kv/custom_ocr_records.ts";
import type { CaseExtraction } from "../extraction/types.ts";
import { recordResult } from "./folder_case.ts";
import { MANUAL_SOURCE } from "./kept_values.ts";

export async function clearKeptValue(
  deps: Pick<AppDeps, "kv" | "blobs" | "clock">,
  input: { userId: number; recordId: string; fieldName: string },
): Promise<FolderRecord> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const entry = await getRecordEntry(deps.kv, input.userId, input.recordId);
    const record = entry.value;
    if (!record) throw new AppError("CUSTOM_RECORD_NOT_FOUND");
    if (record.status !== "completed") throw new AppError("CUSTOM_RECORD_NOT_COMPLETED");
    if (!record.fields.some((f) => f.key === input.fieldName)) {
      throw new AppError("VALIDATION_FAILED", {}, { message: "字段不存在", field: "fieldName" });
    }
    const saved = record.extractionKey ? await deps.blobs.read(record.extractionKey) : null;
    const extraction: CaseExtraction = saved ? JSON.parse(new TextDecoder().decode(saved)) : { fields: {} };
    const read = recordResult({
      fields: Object.fromEntries(
        Object.entries(extraction.fields).filter(([key]) => key === input.fieldName),
      ),
    });
    const { [input.fieldName]: _kept, ...kept } = record.kept ?? {};
    const { [input.fieldName]: _conflict, ...conflicts } = record.conflicts ?? {};
    const next: FolderRecord = {
      ...record,
      mergedResult: { ...record.mergedResult, [input.fieldName]: read.mergedResult[input.fieldName] ?? null },
      fieldValues: {
        ...record.fieldValues,
        [input.fieldName]: read.fieldValues[input.fieldName] ??
          (record.fieldValues[input.fieldName] ?? []).filter((v) => v.source !== MANUAL_SOURCE),
      },
      kept,
      conflicts,
      updatedAt: deps.clock.now(),
    };
    if ((await deps.kv.atomic().check(entry).set(entry.key, next).commit()).ok) return next;
  }
  throw new AppError("QUOTA_BUSY");
}
