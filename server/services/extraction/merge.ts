/**
 * Merging the candidates of a case's files into one value per field: the most authoritative document wins
 * (extraction/authority.ts), agreement between files raises confidence, every other candidate is kept, and
 * a field whose candidates' normalised values differ is flagged as a conflict. A model value not found in the
 * lines it cited (unverified, 模型推断，无原文) is never chosen at all: it stays a flagged candidate, the field
 * not found, until a person picks it (issue #25 finding 2).
 */
import { rankOfKind } from "./authority.ts";
import type { FieldSpec } from "../../../common/field_spec.ts";
import type { CaseExtraction, FieldCandidate, MergedField } from "./types.ts";

/** The check a candidate carries when a validator refused it (it then ranks after every validated one). */
export const ADDRESS_CHECK_FAILED = "区县无法识别，可能识别有误";
export const COURT_CHECK_FAILED = "法院所在区县无法识别，可能识别有误";
const FAILED_CHECKS = new Set([ADDRESS_CHECK_FAILED, COURT_CHECK_FAILED, "校验位错误", "大写小写不一致"]);

function failedCheck(c: FieldCandidate): boolean {
  return (c.checks ?? []).some((x) => FAILED_CHECKS.has(x));
}

/** Per file: field key → that file's candidates for it. */
export type FileCandidates = Record<string, FieldCandidate[]>;

function rankOf(c: FieldCandidate): number {
  return c.rank ?? rankOfKind(c.docKind);
}

/** Merges one field's candidates (from every file) into its MergedField. */
export function mergeField(spec: FieldSpec, candidates: FieldCandidate[]): MergedField {
  const empty: MergedField = {
    key: spec.key,
    label: spec.label,
    value: null,
    found: false,
    sourceFile: null,
    source: null,
    method: null,
    confidence: 0,
    candidates: [],
    conflict: false,
  };
  if (!candidates.length) return empty;
  // files that state each normalised value
  const support = new Map<string, Set<string>>();
  for (const c of candidates) {
    if (c.unverified) continue;
    const files = support.get(c.normalized) ?? new Set<string>();
    files.add(c.source.fileName);
    support.set(c.normalized, files);
  }
  const order = [...candidates].sort((a, b) =>
    Number(!!a.unverified) - Number(!!b.unverified) ||
    Number(failedCheck(a)) - Number(failedCheck(b)) ||
    rankOf(a) - rankOf(b) ||
    (support.get(b.normalized)?.size ?? 0) - (support.get(a.normalized)?.size ?? 0) ||
    b.confidence - a.confidence
  );
  const best = order[0];
  // Unverified candidates sort last: when one is first, no file line supports any value.
  if (best.unverified) return { ...empty, candidates: order };
  // Precision first: two files of the same (best) rank stating different values with equal support and
  // nothing more authoritative to decide between them: no value, the candidates are shown as a conflict.
  const rival = order.find((c) =>
    !c.unverified && c.normalized !== best.normalized && rankOf(c) === rankOf(best) &&
    (support.get(c.normalized)?.size ?? 0) === (support.get(best.normalized)?.size ?? 0)
  );
  if (rival) {
    return { ...empty, candidates: order, conflict: true };
  }
  // A value a validator refused (校验位错误, 大写小写不一致, 区县无法识别) is shown, never chosen.
  if (failedCheck(best)) {
    return { ...empty, candidates: order, conflict: new Set(candidates.map((c) => c.normalized)).size > 1 };
  }
  const distinct = new Set(candidates.filter((c) => !c.unverified).map((c) => c.normalized));
  const agreeing = support.get(best.normalized)?.size ?? 1;
  const confidence = Math.min(0.99, 1 - (1 - best.confidence) * Math.pow(0.5, agreeing - 1));
  return {
    key: spec.key,
    label: spec.label,
    value: best.value,
    found: true,
    sourceFile: best.source.fileName,
    source: best.source,
    method: best.method,
    confidence: Math.round(confidence * 1000) / 1000,
    candidates: order,
    conflict: distinct.size > 1,
  };
}

/** Merges per-file candidates into the case's fields (every requested field present, found or not). */
export function mergeCaseFields(candidatesPerFile: FileCandidates[], fields: FieldSpec[]): CaseExtraction {
  const out: CaseExtraction = { fields: {} };
  for (const spec of fields) {
    const all = candidatesPerFile.flatMap((file) => file[spec.key] ?? []);
    out.fields[spec.key] = mergeField(spec, all);
  }
  return out;
}
