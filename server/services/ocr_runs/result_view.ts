import type { OcrFileResultView, OcrKeyFact } from "../../../common/schemas/ocr.ts";
import type { DocumentText } from "../doc_text/types.ts";

/** What the job stores per finished file (server/jobs/ocr_run_job.ts): the text and its key facts. */
export interface StoredOcrResult {
  doc: DocumentText;
  keyFacts: OcrKeyFact[];
}

function text(v: unknown): string | undefined {
  return typeof v === "string" && v.trim() ? v.trim() : typeof v === "number" ? String(v) : undefined;
}

/**
 * One key fact from whatever the extraction core hands back (a FieldCandidate with a label or kind, or a
 * plain {label, value}); null when it carries no value. Kept lenient so a richer shape still shows.
 */
export function toKeyFact(raw: unknown): OcrKeyFact | null {
  if (typeof raw !== "object" || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const value = text(r.value);
  if (!value) return null;
  const label = text(r.label) ?? text(r.kindLabel) ?? text(r.kind) ?? text(r.type) ?? text(r.key) ?? "信息";
  const checks = Array.isArray(r.checks) ? r.checks.filter((c): c is string => typeof c === "string") : [];
  const source = (typeof r.source === "object" && r.source !== null ? r.source : r) as Record<
    string,
    unknown
  >;
  const fact: OcrKeyFact = { label, value, checks };
  if (typeof r.valid === "boolean") fact.valid = r.valid;
  if (typeof source.page === "number") fact.page = source.page;
  if (typeof source.line === "number") fact.line = source.line;
  return fact;
}

/** A file's result as the /ocr page reads it: pages of lines with confidence, warnings and key facts. */
export function toFileResultView(doc: DocumentText, facts: unknown[]): OcrFileResultView {
  return {
    fileName: doc.fileName,
    pages: doc.pages.map((p) => ({
      page: p.page,
      method: p.method,
      ...(p.engine ? { engine: p.engine } : {}),
      ...(p.sheetName ? { sheetName: p.sheetName } : {}),
      lines: p.lines.map((l) => ({
        text: l.text,
        confidence: Math.round(l.confidence * 1000) / 1000,
        method: l.method,
      })),
    })),
    warnings: doc.warnings,
    keyFacts: facts.map(toKeyFact).filter((f): f is OcrKeyFact => f !== null),
  };
}

/** True when some page was recognised from an image (a searchable PDF makes sense). */
export function isScanned(doc: DocumentText): boolean {
  return doc.pages.some((p) => p.method === "ocr");
}

/** Plain text of a result: pages separated by a blank line. */
export function resultPlainText(result: OcrFileResultView): string {
  return result.pages.map((p) => p.lines.map((l) => l.text).join("\n")).join("\n\n");
}
