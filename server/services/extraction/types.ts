/**
 * Fields read from a case's documents, with provenance (issue #10 §4). The extraction core
 * (services/extraction/) turns DocumentText[] (services/doc_text/types.ts) and a list of FieldSpec (common/field_spec.ts) into
 * one CaseExtraction; the /ocr key-facts panel, the extraction wizard (#11) and custom OCR (#13) all use it.
 */

export type ExtractionMethod = "rules" | "model";

/**
 * Where a value was read: file, page and first line (both 1-based), the box of the line (or lines) it runs
 * over, and their text.
 */
export interface ValueSource {
  fileName: string;
  page: number;
  line: number;
  /** The line's box; for a value over several lines of the page, the union of their boxes. */
  box?: [number, number, number, number];
  /** Each line's box, when the value runs over several lines (a wrapped address, a wrapped table cell). */
  boxes?: [number, number, number, number][];
  /** The line (or lines) the value was read from, verbatim. */
  snippet: string;
}

export interface FieldCandidate {
  /** The value as printed (what goes into Word documents). */
  value: string;
  /** Canonical form for comparison: digits of an amount ("12345.67"), dates as YYYY-MM-DD, ID upper-cased... */
  normalized: string;
  source: ValueSource;
  method: ExtractionMethod;
  /** 0..1: recogniser confidence times rule/model confidence. */
  confidence: number;
  /** Document kind the file was recognised as (身份证, 起诉状, 借条...), used for authority. */
  docKind?: string;
  /** Authority rank of that kind (1 = most authoritative), see extraction/authority.ts. */
  rank?: number;
  /** Validator notes (校验位正确, 大写小写不一致...). */
  checks?: string[];
  /** True when a model gave the value but it was not found in the lines it cited (模型推断，无原文). */
  unverified?: boolean;
}

/** One field merged over the case's files. */
export interface MergedField {
  key: string;
  label: string;
  value: string | null;
  found: boolean;
  /** The file the chosen value came from. */
  sourceFile: string | null;
  source: ValueSource | null;
  method: ExtractionMethod | null;
  confidence: number;
  /** Every candidate, the chosen one first. */
  candidates: FieldCandidate[];
  /** Two or more candidates with different normalised values. */
  conflict: boolean;
}

export interface CaseExtraction {
  fields: Record<string, MergedField>;
}
