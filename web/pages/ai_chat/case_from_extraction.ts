import type { PresetFieldView } from "../../../common/schemas/ai_chat.ts";

/** A merged field of an OCR信息提取 result, as much of it as the case form needs. */
export interface ExtractedField {
  label: string;
  value: string | null;
  found: boolean;
}

function norm(text: string): string {
  return text.replace(/[（(].*?[)）]/g, "").replace(/[\s:：]/g, "");
}

/**
 * Case values for a preset's fields from an extraction result: a field takes the value of the
 * extracted field with the same key, or else the same label (brackets such as （元） ignored).
 * Fields without a found value are left out, so the draft marks them as gaps.
 */
export function caseFromExtraction(
  fields: PresetFieldView[],
  merged: Record<string, ExtractedField>,
): Record<string, string> {
  const byLabel = new Map<string, ExtractedField>();
  for (const [key, f] of Object.entries(merged)) {
    byLabel.set(norm(key), f);
    byLabel.set(norm(f.label), f);
  }
  const out: Record<string, string> = {};
  for (const field of fields) {
    const hit = merged[field.key] ?? byLabel.get(norm(field.key)) ?? byLabel.get(norm(field.label));
    const value = hit?.found ? hit.value?.trim() : "";
    if (value) out[field.key] = value;
  }
  return out;
}
