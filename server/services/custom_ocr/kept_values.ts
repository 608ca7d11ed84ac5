/**
 * Values a person typed or picked in a custom OCR record (issue #27 item 1). They win over whatever a
 * run reads: a folder run again carries them from the case's previous record into the new one, and
 * they stay until that person clears them. A value read from a file that is new or changed since then
 * and that disagrees with a kept value is listed as the field's conflict (冲突), so the clerk can look.
 */
import type { FieldValue, FolderRecord, KeptValue } from "../../kv/custom_ocr_records.ts";
import { compactText, parseAmount, parseDate, toHalfWidth } from "../extraction/normalize.ts";
import type { CaseExtraction } from "../extraction/types.ts";
import { fieldValueOf } from "./field_value.ts";

/** The source of a value typed by hand. */
export const MANUAL_SOURCE = "手动输入";

function plain(s: string): string {
  return compactText(toHalfWidth(s)).replace(/\s+/g, "").toUpperCase();
}

/**
 * Whether two values say the same thing: the same text (spaces and widths aside), the same canonical
 * form, the same amount or the same date ("12000" and "¥12,000.00"; "2024-01-05" and "2024年1月5日").
 */
export function valuesAgree(
  a: Pick<FieldValue, "value" | "normalized">,
  b: Pick<FieldValue, "value" | "normalized">,
) {
  if (plain(a.value) === plain(b.value)) return true;
  if (a.normalized && b.normalized && a.normalized === b.normalized) return true;
  const canonical = (v: Pick<FieldValue, "value" | "normalized">) => v.normalized ?? plain(v.value);
  if (canonical(a) === canonical(b)) return true;
  const dateA = parseDate(a.value), dateB = parseDate(b.value);
  if (dateA && dateB) return dateA === dateB;
  const looksLikeAmount = (s: string) =>
    /^[¥￥人民币]*[\d,，.]+(元|万元)?整?$|[元圆]/.test(s.replace(/\s/g, ""));
  if (looksLikeAmount(a.value) && looksLikeAmount(b.value)) {
    const x = parseAmount(a.value), y = parseAmount(b.value);
    if (x !== null && y !== null) return Math.abs(x - y) < 0.005;
  }
  return false;
}

/** The kept values of the case's newest earlier record (same user, rule and folder), for a run again. */
export function keptFromPrevious(
  previous: Pick<FolderRecord, "kept"> | undefined,
  fields: { key: string }[],
): Record<string, KeptValue> {
  const kept: Record<string, KeptValue> = {};
  for (const f of fields) {
    const value = previous?.kept?.[f.key];
    if (value) kept[f.key] = value;
  }
  return kept;
}

/**
 * Puts the record's kept values over a run's result: each kept field takes its kept value (a typed one
 * is listed first among the field's values, marked 手动输入), and values read from `freshFiles` (files
 * read in this run, not reused) that disagree with it become the field's conflicts.
 */
export function applyKeptValues(
  result: { mergedResult: Record<string, string | null>; fieldValues: Record<string, FieldValue[]> },
  input: { kept: Record<string, KeptValue>; extraction: CaseExtraction; freshFiles: Set<string> },
): {
  mergedResult: Record<string, string | null>;
  fieldValues: Record<string, FieldValue[]>;
  conflicts: Record<string, FieldValue[]>;
} {
  const mergedResult = { ...result.mergedResult };
  const fieldValues = { ...result.fieldValues };
  const conflicts: Record<string, FieldValue[]> = {};
  for (const [key, kept] of Object.entries(input.kept)) {
    if (!(key in mergedResult)) continue;
    mergedResult[key] = kept.value;
    const values = fieldValues[key] ?? [];
    if (kept.source === MANUAL_SOURCE) {
      fieldValues[key] = [
        { value: kept.value, source: MANUAL_SOURCE },
        ...values.filter((v) => v.source !== MANUAL_SOURCE),
      ];
    } else if (!values.some((v) => v.value === kept.value && v.source === kept.source)) {
      // The picked file is gone or no longer states it: the person's value is still the answer.
      fieldValues[key] = [{ value: kept.value, source: kept.source, normalized: kept.normalized }, ...values];
    }
    const disagreeing = (input.extraction.fields[key]?.candidates ?? [])
      .filter((c) => input.freshFiles.has(c.source.fileName) && !c.unverified)
      .map(fieldValueOf)
      .filter((v) => !valuesAgree(v, kept));
    const seen = new Set<string>();
    const unique = disagreeing.filter((v) => {
      const id = `${v.value}\u0000${v.source}`;
      return !seen.has(id) && seen.add(id);
    });
    if (unique.length) conflicts[key] = unique;
  }
  return { mergedResult, fieldValues, conflicts };
}
