/**
 * A field the user wants read from a case's documents (an extraction template's or a custom rule's
 * field). Defined here, below both, because the extraction core (server/services/extraction/) reads
 * it and custom OCR's records (server/kv/custom_ocr_records.ts) store it.
 */
export interface FieldSpec {
  key: string;
  label: string;
  /** Optional hint for the model (custom OCR's field_prompt). */
  prompt?: string;
}
