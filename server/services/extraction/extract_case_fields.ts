/**
 * Public entry of the extraction core (issue #10 §4): the texts of one case's files and a list of fields in,
 * one CaseExtraction out. Rules work with no model at all; with an LlmClient the model's cited values are
 * added as further candidates (extraction/model_extractor.ts) and can never beat a verified one.
 */
import type { DocumentText } from "../doc_text/types.ts";
import type { LlmClient } from "../llm/types.ts";
import { matchRegion } from "../regions/match_region.ts";
import { type FieldPlan, type PartySide, planField } from "./field_plan.ts";
import { ADDRESS_CHECK_FAILED, COURT_CHECK_FAILED, type FileCandidates, mergeCaseFields } from "./merge.ts";
import { extractWithModel } from "./model_extractor.ts";
import { findCandidatesByLabel } from "./label_values.ts";
import { type DocFacts, type Hit, type PartyRecord, readDocumentFacts } from "./rules_extractor.ts";
import type { FieldSpec } from "../../../common/field_spec.ts";
import type { CaseExtraction, FieldCandidate } from "./types.ts";

export interface ExtractOptions {
  llm?: LlmClient | null;
  signal?: AbortSignal;
}

function differences(a: string, b: string): number {
  if (a.length !== b.length) return Infinity;
  let n = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) n++;
  return n;
}

/** How well a record matches a known party: 0 none, higher better. */
function matchScore(rec: PartyRecord, known: PartyRecord): number {
  let score = 0;
  const pairs: [string | undefined, string | undefined, number, number][] = [
    [rec.attrs.id_no?.normalized, known.attrs.id_no?.normalized, 2, 4],
    [rec.attrs.credit_code?.normalized, known.attrs.credit_code?.normalized, 2, 4],
    [rec.attrs.name?.normalized, known.attrs.name?.normalized, 1, 3],
    [rec.attrs.phone?.normalized, known.attrs.phone?.normalized, 0, 2],
  ];
  for (const [a, b, tolerance, weight] of pairs) {
    if (!a || !b) continue;
    const d = differences(a, b);
    if (d === 0) score += weight;
    else if (d <= tolerance) score += weight / 2;
  }
  return score;
}

/**
 * Gives a side to the records whose text does not say it (a certificate's holder, a 受送达人, a 委托人):
 * the side of the known party it matches best (ID, code, name, phone), else the file name's hint.
 */
export function resolveRoles(docs: DocFacts[]): void {
  const known = docs.flatMap((d) =>
    d.parties.filter((p) => (p.role === "creditor" || p.role === "debtor") && !p.inferred)
  );
  for (const d of docs) {
    for (const rec of d.parties) {
      if (rec.inferred) {
        correctInferredSide(rec, known);
        continue;
      }
      if (rec.role !== "unknown") continue;
      let best: { side: PartySide; score: number } | null = null;
      for (const k of known) {
        const s = matchScore(rec, k);
        if (s > 0 && (!best || s > best.score)) best = { side: k.role as PartySide, score: s };
      }
      if (best && best.score >= 1.5) rec.role = best.side;
      else if (rec.hint) rec.role = rec.hint;
    }
  }
}

/**
 * A side guessed from the kind of document yields to the case's role-labelled parties: a statement's 户名 that
 * is the labelled 原告 is the creditor, whatever the kind suggested.
 */
function correctInferredSide(rec: PartyRecord, known: PartyRecord[]): void {
  let best: { side: PartySide; score: number } | null = null;
  for (const k of known) {
    const s = matchScore(rec, k);
    if (s > 0 && (!best || s > best.score)) best = { side: k.role as PartySide, score: s };
  }
  if (best && best.score >= 1.5) rec.role = best.side;
}

function toCandidate(h: Hit, d: DocFacts): FieldCandidate {
  const c: FieldCandidate = {
    value: h.value,
    normalized: h.normalized,
    source: h.source,
    method: "rules",
    confidence: h.confidence,
    docKind: d.kind,
    rank: d.rank,
  };
  if (h.checks?.length) c.checks = h.checks;
  return c;
}

/** Normalised comparison form per field type for a name or an address (whitespace and labels dropped). */
function normalizeText(plan: FieldPlan, value: string): string {
  let t = value.normalize("NFKC").replace(/\s/g, "");
  if (plan.type === "address") t = t.replace(/^(住所地|住所|住址|地址|户籍地址|户籍地|住)[：:]?/, "");
  return t;
}

/** The rules' candidates of one document for one field. */
function candidatesFor(plan: FieldPlan, d: DocFacts): FieldCandidate[] {
  if (plan.party && plan.attribute) {
    const rec = d.parties.find((p) => p.role === plan.party);
    const h = rec?.attrs[plan.attribute];
    if (!h) return [];
    const c = toCandidate(h, d);
    c.normalized = plan.type === "name" || plan.type === "address"
      ? normalizeText(plan, h.normalized)
      : h.normalized;
    if (plan.type === "address") {
      // an address whose county no division table knows was probably misread (勤州区 for 鄞州区)
      const region = matchRegion(c.value);
      if (region.province && !region.county) c.checks = [...(c.checks ?? []), ADDRESS_CHECK_FAILED];
    }
    return [c];
  }
  if (plan.fact) {
    const hits = d.facts[plan.fact] ?? [];
    if (!hits.length) return [];
    // one value per document: the surest, the first of equals
    const best = hits.reduce((a, b) => (b.confidence > a.confidence ? b : a));
    const c = toCandidate(best, d);
    if (plan.fact === "court") {
      // a basic court is named after its county: one no division table knows was misread (勤州区 for 鄞州区)
      const place = c.value.replace(/人民法院$/, "");
      if (/[区县旗]$/.test(place) && !matchRegion(place).county) {
        c.checks = [...(c.checks ?? []), COURT_CHECK_FAILED];
      }
    }
    return [c];
  }
  return findCandidatesByLabel(plan, d);
}

/** Reads the fields of one case from its documents' texts. */
export async function extractCaseFields(
  docs: DocumentText[],
  fields: FieldSpec[],
  options: ExtractOptions = {},
): Promise<CaseExtraction> {
  const facts = docs.map((doc) => readDocumentFacts(doc));
  resolveRoles(facts);
  const plans = fields.map((f) => planField(f));
  const perFile: FileCandidates[] = facts.map((d) => {
    const out: FileCandidates = {};
    for (const plan of plans) {
      const list = candidatesFor(plan, d);
      if (list.length) out[plan.key] = list;
    }
    return out;
  });
  if (options.llm) {
    const modelCandidates = await extractWithModel(options.llm, {
      docs,
      facts,
      plans,
      signal: options.signal,
    });
    perFile.push(modelCandidates);
  }
  return mergeCaseFields(perFile, fields);
}
