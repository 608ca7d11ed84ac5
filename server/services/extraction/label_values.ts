/**
 * Generic label-value reading for fields that are not a known party attribute or loan fact: the field's
 * label words looked up in every layout (same line "标签：值", next line, table row "标签 | 值", sheet cell
 * "表头：值"), the value checked against the field's type.
 */
import type { FieldPlan } from "./field_plan.ts";
import type { LogicalLine } from "./lines.ts";
import { confidenceAt, sourceOf } from "./lines.ts";
import {
  findDates,
  formatAmount,
  formatAnnualRate,
  formatMoney,
  parseAmount,
  parseRate,
} from "./normalize.ts";
import { findCaseNumbers, findCourts, findCreditCodes, findIdNumbers, findPhones } from "./recognizers.ts";
import type { FieldCandidate } from "./types.ts";

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Checks and normalises a raw value by the field's type; null when it is not a value of that type. The value is
 * what a clerk reads and exports (amounts 100000.00, dates YYYY-MM-DD, phones digits only); the source
 * snippet keeps the text as written.
 */
export function normalizeByType(plan: FieldPlan, raw: string): { value: string; normalized: string } | null {
  const t = raw.trim();
  if (!t) return null;
  switch (plan.type) {
    case "id": {
      const f = findIdNumbers(t).find((x) => x.valid);
      return f ? { value: f.normalized, normalized: f.normalized } : null;
    }
    case "credit_code": {
      const f = findCreditCodes(t).find((x) => x.valid);
      return f ? { value: f.normalized, normalized: f.normalized } : null;
    }
    case "phone": {
      const f = findPhones(t)[0];
      return f ? { value: f.normalized, normalized: f.normalized } : null;
    }
    case "amount": {
      const v = parseAmount(t);
      return v === null ? null : { value: formatMoney(v), normalized: formatAmount(v) };
    }
    case "date": {
      const d = findDates(t)[0];
      return d ? { value: d.iso, normalized: d.iso } : null;
    }
    case "rate": {
      const r = parseRate(t);
      return r
        ? { value: formatAnnualRate(r.annualPercent), normalized: formatAnnualRate(r.annualPercent) }
        : null;
    }
    case "case_no": {
      const f = findCaseNumbers(t)[0];
      return f ? { value: f.normalized, normalized: f.normalized } : null;
    }
    case "court": {
      const f = findCourts(t)[0];
      return f ? { value: f.text, normalized: f.normalized } : null;
    }
    default: {
      const v = t.replace(/[。；;，,]+$/, "");
      return v.length > 0 && v.length <= 200 ? { value: v, normalized: v.replace(/\s/g, "") } : null;
    }
  }
}

/** Candidates for a field read next to its label words in a document's logical lines. */
export function findCandidatesByLabel(
  plan: FieldPlan,
  d: { fileName: string; kind: string; rank: number; lines: LogicalLine[] },
): FieldCandidate[] {
  const out: FieldCandidate[] = [];
  if (!plan.labelWords.length) return out;
  const words = plan.labelWords.map(escape).join("|");
  const same = new RegExp(`(?:^|[\\s|，,；;])(?:${words})[\\s]*[：|]\\s*([^|；;]*)`);
  for (let i = 0; i < d.lines.length && out.length === 0; i++) {
    const line = d.lines[i];
    const m = line.text.match(same);
    if (!m) continue;
    let raw = m[1];
    let at = line.text.indexOf(m[1], m.index);
    let src = line;
    if (!raw.trim() && d.lines[i + 1]) {
      src = d.lines[i + 1];
      raw = src.text.split(" | ")[0];
      at = 0;
    }
    if (plan.type === "text" || plan.type === "name" || plan.type === "address") {
      raw = raw.split(/[，,。]/)[0];
    }
    const v = normalizeByType(plan, raw);
    if (!v) continue;
    out.push({
      value: v.value,
      normalized: v.normalized,
      source: sourceOf(src, { fileName: d.fileName, at, value: v.value }),
      method: "rules",
      confidence: Math.round(confidenceAt(src, at) * 0.8 * 1000) / 1000,
      docKind: d.kind,
      rank: d.rank,
    });
  }
  return out;
}
