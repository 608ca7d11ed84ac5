/**
 * Article search (issue #14 §2): explicit citations in the query first, then BM25 over articles with
 * the law names the query mentions boosted, colloquial terms expanded from synonyms.json, single
 * mistyped characters corrected against the corpus, and current law preferred over older and repealed
 * versions (unless a date is asked for). Filters: status, level, law, in force on a date.
 */
import { extractCitations } from "./citations.ts";
import { articleText, type LawLibrary, type LawVersion } from "./library.ts";
import { normalizeLawName } from "./law_names.ts";
import { bigramTerms, normalizeText, wordTerms } from "./text_terms.ts";
import type { LawArticle, LawLevel, LawStatus } from "./types.ts";
import synonymData from "./synonyms.json" with { type: "json" };

export interface SearchOptions {
  q: string;
  status?: LawStatus;
  level?: LawLevel;
  lawId?: string;
  /** YYYY-MM-DD: only the versions in force on that day. */
  asOf?: string;
  page?: number;
  pageSize?: number;
}

export interface SearchHit {
  lawId: string;
  title: string;
  articleNumber: string;
  path: string[];
  text: string;
  highlights: string[];
  status: LawStatus;
  level: LawLevel;
  effectiveDate: string | null;
  score: number;
  /** How it was found: the query cites it, or full-text. */
  match: "citation" | "text";
  /** Where a repealed or amended version points. */
  successor: string | null;
}

export interface SearchResult {
  total: number;
  results: SearchHit[];
  /** The terms searched (after corrections and synonyms), for highlighting. */
  terms: string[];
  /** Corrections applied to the query (离昏 -> 离婚). */
  corrections: string[];
}

const SYNONYMS = Object.entries(synonymData.synonyms).sort((a, b) => b[0].length - a[0].length);
const STOP_PHRASES = [...synonymData.stopPhrases].sort((a, b) => b.length - a.length);
const STATUS_FACTOR: Record<LawStatus, number> = { 现行有效: 1, 尚未生效: 0.8, 已被修改: 0.55, 已废止: 0.4 };
const MENTION_BOOST = 3;
/** Without a named law, primary statutes answer a question first; interpretations and rules refine them. */
const LEVEL_PRIOR: Record<LawLevel, number> = {
  法律: 1.15,
  行政法规: 1,
  司法解释: 1,
  部门规章: 1,
  地方性法规: 1,
  其他: 1,
};
const SYNONYM_WEIGHT = 0.55;
const CORRECTION_WEIGHT = 0.9;
const MAX_CANDIDATES = 1000;

/** Law names mentioned in the query (longest first) and the query without them. */
export function findLawMentions(lib: LawLibrary, query: string): { groups: Set<string>; rest: string } {
  const groups = new Set<string>();
  const s = normalizeLawName(query);
  let rest = "";
  for (let i = 0; i < s.length;) {
    const hit = lib.aliasesStartingWith(s[i]).find((a) => s.startsWith(a, i));
    if (hit) {
      for (const g of lib.resolveGroups(hit)) if (g) groups.add(g);
      rest += " ";
      i += hit.length;
    } else {
      rest += s[i];
      i++;
    }
  }
  return { groups, rest };
}

/** One-character corrections: a character whose bigrams the corpus never has, replaced by one that fits both neighbours. */
export function correctTypos(lib: LawLibrary, text: string): string[] {
  const out: string[] = [];
  for (const m of normalizeText(text).matchAll(/[\u3400-\u9fff]{2,}/g)) {
    const run = m[0];
    for (let j = 0; j < run.length; j++) {
      const left = j > 0 ? run[j - 1] + run[j] : null;
      const right = j + 1 < run.length ? run[j] + run[j + 1] : null;
      const leftOk = left === null || lib.index.has(left);
      const rightOk = right === null || lib.index.has(right);
      if (leftOk && rightOk) continue;
      if (left !== null && right !== null && (leftOk || rightOk)) continue;
      let best = "";
      let bestScore = 0;
      const consider = (c: string, l: number) => {
        const r = right !== null ? lib.index.docFreq(c + run[j + 1]) : -1;
        if (r === 0) return;
        const score = left !== null && right !== null ? Math.min(l, r) : Math.max(l, r);
        if (score > bestScore) {
          bestScore = score;
          best = c;
        }
      };
      if (left !== null) {
        // Only characters that do follow the left neighbour somewhere.
        const f = lib.index.followers(run[j - 1]);
        for (let k = 0; k < f.length; k += 2) consider(String.fromCharCode(f[k]), f[k + 1]);
      } else {
        for (const c of lib.chars) consider(c, -1);
      }
      if (best && (left === null || right === null ? bestScore >= 20 : bestScore >= 2)) {
        out.push(run.slice(Math.max(0, j - 1), j) + best + run.slice(j + 1, j + 2));
      }
    }
  }
  return out;
}

function stripStopPhrases(text: string): string {
  let s = text;
  for (const p of STOP_PHRASES) s = s.split(p).join(" ");
  return s;
}

/** Weighted query terms: the user's words, corrections and synonyms. */
export function queryTerms(
  lib: LawLibrary,
  text: string,
): { terms: Map<string, number>; corrections: string[] } {
  const terms = new Map<string, number>();
  const add = (t: string, w: number) => terms.set(t, Math.max(terms.get(t) ?? 0, w));
  const cleaned = stripStopPhrases(text);
  for (const t of bigramTerms(cleaned)) add(t, 1);
  for (const t of wordTerms(cleaned)) add(t, 1);
  const corrections = correctTypos(lib, cleaned);
  for (const c of corrections) for (const t of bigramTerms(c)) add(t, CORRECTION_WEIGHT);
  for (const [key, list] of SYNONYMS) {
    if (!text.includes(key)) continue;
    for (const syn of list) {
      for (const t of bigramTerms(syn)) add(t, SYNONYM_WEIGHT);
      for (const t of wordTerms(syn)) add(t, SYNONYM_WEIGHT);
    }
  }
  // Single characters say little: keep them only when nothing else is left.
  if ([...terms.keys()].some((t) => t.length > 1)) {
    for (const t of [...terms.keys()]) if (t.length === 1) terms.delete(t);
  }
  return { terms, corrections };
}

const RERANK_DEPTH = 200;
const COVERAGE_WEIGHT = 1;

/**
 * Second pass over the best candidates (a coordination factor): how much of the question an article
 * covers, as the idf share of the user's own terms found in its text or headings.
 */
function rerankByCoverage(
  lib: LawLibrary,
  top: { doc: number; score: number }[],
  terms: Map<string, number>,
): void {
  const own = [...terms].filter(([t, w]) => w >= 1 && t.length === 2).map(([t]) => ({
    t,
    idf: lib.index.idf(t),
  }));
  const total = own.reduce((s, x) => s + x.idf, 0);
  if (total === 0) return;
  for (const c of top) {
    const v = lib.versions[lib.docVersion[c.doc]];
    const a = v.articles[lib.docArticle[c.doc]];
    const body = a.paragraphs.join("") + a.path.join("");
    let hit = 0;
    for (const x of own) if (body.includes(x.t)) hit += x.idf;
    c.score *= 1 + COVERAGE_WEIGHT * (hit / total);
  }
}

/** The sentences of an article that hold the most query terms (at most two). */
export function highlightSentences(text: string, terms: string[]): string[] {
  const sentences = text.split(/(?<=[。；！？\n])/).map((s) => s.trim()).filter(Boolean);
  const scored = sentences.map((s) => ({ s, n: terms.filter((t) => t.length > 1 && s.includes(t)).length }));
  return scored.filter((x) => x.n > 0).sort((a, b) => b.n - a.n).slice(0, 2).map((x) => x.s);
}

function passesFilters(v: LawVersion, opts: SearchOptions): boolean {
  if (opts.status && v.record.status !== opts.status) return false;
  if (opts.level && v.record.level !== opts.level) return false;
  if (opts.lawId && v.record.id !== opts.lawId) return false;
  if (opts.asOf) {
    if (v.validFrom && v.validFrom > opts.asOf) return false;
    if (v.validTo && v.validTo <= opts.asOf) return false;
  }
  return true;
}

export function toHit(
  v: LawVersion,
  a: LawArticle,
  extra: { score: number; terms: string[]; match: "citation" | "text" },
): SearchHit {
  const text = articleText(a);
  return {
    lawId: v.record.id,
    title: v.record.title,
    articleNumber: a.number,
    path: a.path,
    text,
    highlights: highlightSentences(text, extra.terms),
    status: v.record.status,
    level: v.record.level,
    effectiveDate: v.record.effectiveDate,
    score: Math.round(extra.score * 1000) / 1000,
    match: extra.match,
    successor: v.record.successor,
  };
}

export function searchLaws(lib: LawLibrary, opts: SearchOptions): SearchResult {
  const page = Math.max(1, opts.page ?? 1);
  const pageSize = Math.min(100, Math.max(1, opts.pageSize ?? 20));
  const q = opts.q.trim();
  const ranked: { doc: number; score: number; match: "citation" | "text" }[] = [];
  const taken = new Set<number>();

  // 1. Explicit citations: the cited article of the version that applies (current, or on asOf).
  let rest = q;
  for (const c of extractCitations(lib, q)) {
    rest = rest.replace(c.raw, " ");
    for (const group of lib.resolveGroups(c.name)) {
      if (!group) continue;
      const versions = lib.groups.get(group) ?? [];
      const preferred = opts.asOf ? lib.versionOn(group, opts.asOf) : lib.currentVersion(group);
      const ordered = [...(preferred ? [preferred] : []), ...versions.filter((v) => v !== preferred)];
      for (const v of ordered) {
        if (!passesFilters(v, { ...opts, asOf: undefined })) continue;
        const i = v.byKey.get(`${c.num}-${c.sub}`);
        if (i === undefined) continue;
        const doc = v.docStart + i;
        if (taken.has(doc)) continue;
        taken.add(doc);
        ranked.push({ doc, score: 1000 - ranked.length, match: "citation" });
      }
      break;
    }
  }

  // 2. Full text over the rest.
  const { groups: mentioned, rest: textPart } = findLawMentions(lib, rest);
  const { terms, corrections } = queryTerms(lib, textPart);
  const termList = [...terms.keys()];
  if (terms.size > 0) {
    const scores = new Float32Array(lib.index.size);
    lib.index.score(terms, scores);
    // Adjust in place (filters, status, mentioned laws), then keep the best MAX_CANDIDATES: a numeric
    // sort of the touched scores finds the cut, so only those become objects.
    const touched = lib.index.touched;
    const count = lib.index.touchedCount;
    const kept = new Float32Array(count);
    let n = 0;
    for (let i = 0; i < count; i++) {
      const d = touched[i];
      let s = scores[d];
      const v = lib.versions[lib.docVersion[d]];
      if (taken.has(d) || !passesFilters(v, opts)) s = 0;
      else {
        if (!opts.asOf && !opts.status) s *= STATUS_FACTOR[v.record.status];
        if (mentioned.has(v.group)) s *= MENTION_BOOST;
        else s *= LEVEL_PRIOR[v.record.level];
      }
      scores[d] = s;
      if (s > 0) kept[n++] = s;
    }
    const cut = n > MAX_CANDIDATES ? kept.subarray(0, n).sort()[n - MAX_CANDIDATES] : 0;
    const candidates: { doc: number; score: number }[] = [];
    for (let i = 0; i < count; i++) {
      const d = touched[i];
      if (scores[d] > 0 && scores[d] >= cut) candidates.push({ doc: d, score: scores[d] });
    }
    candidates.sort((a, b) => b.score - a.score);
    rerankByCoverage(lib, candidates.slice(0, RERANK_DEPTH), terms);
    candidates.sort((a, b) => b.score - a.score);
    for (const c of candidates.slice(0, MAX_CANDIDATES)) ranked.push({ ...c, match: "text" });
  } else if (mentioned.size > 0 && ranked.length === 0) {
    // Only a law's name: its first articles.
    for (const g of mentioned) {
      const v = lib.currentVersion(g);
      if (!v || !passesFilters(v, opts)) continue;
      v.articles.slice(0, 50).forEach((_, i) =>
        ranked.push({ doc: v.docStart + i, score: 1, match: "text" })
      );
    }
  }

  const pageItems = ranked.slice((page - 1) * pageSize, page * pageSize);
  const hlTerms = [...termList, ...q.split(/\s+/).filter((t) => t.length > 1)];
  return {
    total: ranked.length,
    results: pageItems.map((r) => {
      const v = lib.versions[lib.docVersion[r.doc]];
      const a = v.articles[lib.docArticle[r.doc]];
      return toHit(v, a, { score: r.score, terms: hlTerms, match: r.match });
    }),
    terms: termList.filter((t) => t.length > 1),
    corrections,
  };
}
