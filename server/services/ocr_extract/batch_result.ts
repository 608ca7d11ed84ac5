import type {
  OcrBatchResult,
  OcrFieldValue,
  OcrMergedField,
  OcrTemplateField,
  SaveBatchResultBody,
} from "../../../common/schemas/ocr.ts";
import type { OcrBatch } from "../../kv/ocr_batches.ts";
import type { CaseExtraction, FieldCandidate } from "../extraction/types.ts";

function toFieldValue(c: FieldCandidate): OcrFieldValue {
  return {
    value: c.value,
    source: c.source,
    method: c.method,
    confidence: Math.round(c.confidence * 1000) / 1000,
    ...(c.checks?.length ? { checks: c.checks } : {}),
    ...(c.unverified ? { unverified: true } : {}),
  };
}

/**
 * The part 4 §3 batch result from the extraction core's merge: mergedResult (key → value, found,
 * sourceFile, with source, method, confidence, conflict and checks), fieldValues (every candidate with
 * its source, the chosen first) and fileResults (each file's own best value per key).
 */
export function buildBatchResult(
  batch: OcrBatch,
  input: { fields: OcrTemplateField[]; extraction: CaseExtraction; now: number },
): OcrBatchResult {
  const { fields, extraction, now } = input;
  const mergedResult: Record<string, OcrMergedField> = {};
  const fieldValues: Record<string, OcrFieldValue[]> = {};
  for (const spec of fields) {
    const m = extraction.fields[spec.key];
    const first = m?.candidates[0];
    mergedResult[spec.key] = {
      label: spec.label,
      value: m?.value ?? null,
      found: m?.found ?? false,
      sourceFile: m?.sourceFile ?? null,
      source: m?.source ?? null,
      method: m?.method ?? null,
      confidence: Math.round((m?.confidence ?? 0) * 1000) / 1000,
      conflict: m?.conflict ?? false,
      checks: m?.found && first?.checks ? first.checks : [],
    };
    fieldValues[spec.key] = (m?.candidates ?? []).map(toFieldValue);
  }
  const fileResults = batch.files.map((f) => {
    const data: Record<string, string> = {};
    for (const spec of fields) {
      const own = fieldValues[spec.key].find((c) => c.source.fileName === f.fileName && !c.unverified);
      if (own) data[spec.key] = own.value;
    }
    return {
      recordId: f.recordId,
      fileName: f.fileName,
      status: f.status === "failed" ? "failed" as const : "completed" as const,
      data,
      ...(f.error ? { error: f.error } : {}),
    };
  });
  const at = new Date(now).toISOString();
  return {
    batchId: batch.id,
    templateId: batch.templateId,
    templateName: batch.templateName,
    fieldOrder: fields.map((f) => f.key),
    mergedResult,
    fieldValues,
    fileResults,
    createdAt: new Date(batch.createdAt).toISOString(),
    updatedAt: at,
  };
}

/**
 * Applies the user's edits (PUT .../result): keys not in the batch are ignored; a value equal to one of
 * the field's candidates takes that candidate's source (picked in the value picker); any other value is
 * marked as typed by hand (method "manual"). An emptied value is not found.
 */
export function applyResultEdits(
  result: OcrBatchResult,
  body: SaveBatchResultBody,
  now: number,
): OcrBatchResult {
  const mergedResult = { ...result.mergedResult };
  for (const [key, edit] of Object.entries(body.mergedResult)) {
    const current = mergedResult[key];
    if (!current) continue;
    const value = edit.value === null ? null : edit.value.trim() || null;
    if (value === current.value) continue;
    const picked = value === null ? undefined : result.fieldValues[key]?.find((c) => c.value === value);
    if (picked) {
      mergedResult[key] = {
        ...current,
        value,
        found: true,
        sourceFile: picked.source.fileName,
        source: picked.source,
        method: picked.method,
        confidence: picked.confidence,
        checks: picked.checks ?? [],
        manual: false,
      };
    } else {
      mergedResult[key] = {
        ...current,
        value,
        found: value !== null,
        sourceFile: null,
        source: null,
        method: value === null ? null : "manual",
        confidence: value === null ? 0 : 1,
        checks: [],
        manual: value !== null,
      };
    }
  }
  return { ...result, mergedResult, updatedAt: new Date(now).toISOString() };
}
