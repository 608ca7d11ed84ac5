/**
 * Answered questions as evidence (issue #24): real questions labelled with the articles that answer them
 * (law_question_memory.json, built by scripts/build_law_term_table.ts). A new question that resembles
 * earlier ones (BM25 over their bigrams, as a share of what the question could score against itself)
 * lends their articles a score: the nearest-neighbour counterpart of the term table, for questions
 * whose wording the articles never use (个体工商户营业执照上登记的经营者与实际经营者不一致 -> 民法典第五十六条).
 */
import { stripStopPhrases } from "./stop_phrases.ts";
import type { LawLibrary } from "./library.ts";
import { parseArticleNumber } from "./numerals.ts";
import { bigramTerms } from "./text_terms.ts";
import memoryData from "./law_question_memory.json" with { type: "json" };

export interface MemoryEntry {
  question: string;
  /** "title|第N条" of each gold article. */
  answers: string[];
  /**
   * The training-only set the question comes from (scripts/law_eval_data.ts TRAINING_SETS); absent for
   * the real questions of stard-dev.
   */
  set?: string;
}

export interface QuestionMemory {
  /** `fromSet`: the entry comes from a training-only set, not from the real questions of stard-dev. */
  entries: { terms: Map<string, number>; length: number; answers: string[]; fromSet: boolean }[];
  postings: Map<string, number[]>;
  avgLength: number;
  /**
   * The bigrams of the real questions (entries without a set): the vocabulary relevance.ts counts as
   * asked, calibrated on them (the written and public sets would make everyday words "asked" too).
   */
  vocabulary: Set<string>;
}

const K1 = 1.2;
const B = 0.75;

function termCounts(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of bigramTerms(stripStopPhrases(text))) if (t.length === 2) out.set(t, (out.get(t) ?? 0) + 1);
  return out;
}

export function buildQuestionMemory(entries: MemoryEntry[]): QuestionMemory {
  const postings = new Map<string, number[]>();
  const vocabulary = new Set<string>();
  const list = entries.map((e, i) => {
    const terms = termCounts(e.question);
    if (!e.set) { for (const t of terms.keys()) vocabulary.add(t); }
    for (const t of terms.keys()) {
      const p = postings.get(t);
      if (p) p.push(i);
      else postings.set(t, [i]);
    }
    return {
      terms,
      length: [...terms.values()].reduce((s, n) => s + n, 0),
      answers: e.answers,
      fromSet: Boolean(e.set),
    };
  });
  const avgLength = list.reduce((s, e) => s + e.length, 0) / Math.max(1, list.length);
  return { entries: list, postings, avgLength, vocabulary };
}

let shipped: QuestionMemory | null = null;

/** The memory shipped with the product, indexed on first use. */
export function shippedQuestionMemory(): QuestionMemory {
  return shipped ??= buildQuestionMemory((memoryData as { entries: MemoryEntry[] }).entries);
}

/**
 * The earlier questions most like this one: [entry index, similarity in 0..1], best first. Similarity is
 * the BM25 score of the entry for the question's bigrams over the best score any entry could get
 * (every bigram matched once in an entry of average length).
 */
export function similarQuestions(
  memory: QuestionMemory,
  question: string,
  limit: number,
): [number, number][] {
  const n = memory.entries.length;
  if (n === 0) return [];
  const scores = new Map<number, number>();
  let best = 0;
  for (const t of termCounts(question).keys()) {
    const p = memory.postings.get(t);
    const df = p?.length ?? 0;
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    best += idf;
    if (!p) continue;
    for (const i of p) {
      const e = memory.entries[i];
      const tf = e.terms.get(t)!;
      const s = idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * e.length / memory.avgLength));
      scores.set(i, (scores.get(i) ?? 0) + s);
    }
  }
  if (best === 0) return [];
  return [...scores].map(([i, s]) => [i, Math.min(1, s / best)] as [number, number])
    .sort((a, b) => b[1] - a[1]).slice(0, limit);
}

const docCache = new WeakMap<LawLibrary, Map<string, number | null>>();

/** The index doc of "title|第N条" in the version in force, or null when the library lacks it. */
export function answerDoc(lib: LawLibrary, answer: string): number | null {
  let cache = docCache.get(lib);
  if (!cache) docCache.set(lib, cache = new Map());
  const hit = cache.get(answer);
  if (hit !== undefined) return hit;
  const at = answer.lastIndexOf("|");
  const num = parseArticleNumber(answer.slice(at + 1));
  let doc: number | null = null;
  const group = lib.resolveGroups(answer.slice(0, at))[0];
  const v = group ? lib.currentVersion(group) : null;
  if (v && num) {
    const i = v.byKey.get(`${num.num}-${num.sub}`);
    if (i !== undefined) doc = v.docStart + i;
  }
  cache.set(answer, doc);
  return doc;
}

const lawCache = new WeakMap<QuestionMemory, WeakMap<LawLibrary, Map<number, Map<string, number>>>>();

/**
 * How often each law (group) answers the remembered questions, as a share of the most frequent one
 * (0..1, log-scaled): the laws people's questions are about, a prior for ranking.
 */
export function lawFrequencies(lib: LawLibrary, memory: QuestionMemory, setWeight = 1): Map<string, number> {
  let byLib = lawCache.get(memory);
  if (!byLib) lawCache.set(memory, byLib = new WeakMap());
  const byWeight = byLib.get(lib) ?? new Map<number, Map<string, number>>();
  byLib.set(lib, byWeight);
  const hit = byWeight.get(setWeight);
  if (hit) return hit;
  const counts = new Map<string, number>();
  for (const e of memory.entries) {
    const w = e.fromSet ? setWeight : 1;
    if (w === 0) continue;
    for (const a of e.answers) {
      const d = answerDoc(lib, a);
      if (d === null) continue;
      const g = lib.versions[lib.docVersion[d]].group;
      counts.set(g, (counts.get(g) ?? 0) + w);
    }
  }
  const max = Math.log1p(Math.max(0, ...counts.values()));
  const out = new Map([...counts].map(([g, n]) => [g, max > 0 ? Math.log1p(n) / max : 0]));
  byWeight.set(setWeight, out);
  return out;
}

const articleCache = new WeakMap<QuestionMemory, WeakMap<LawLibrary, Map<number, Map<number, number>>>>();

/**
 * How often each article (index doc) answers the remembered questions: the article-level counterpart of
 * lawFrequencies, a prior the re-ranker smooths (rerank.ts).
 */
export function articleFrequencies(
  lib: LawLibrary,
  memory: QuestionMemory,
  setWeight = 1,
): Map<number, number> {
  let byLib = articleCache.get(memory);
  if (!byLib) articleCache.set(memory, byLib = new WeakMap());
  const byWeight = byLib.get(lib) ?? new Map<number, Map<number, number>>();
  byLib.set(lib, byWeight);
  const hit = byWeight.get(setWeight);
  if (hit) return hit;
  const counts = new Map<number, number>();
  for (const e of memory.entries) {
    const w = e.fromSet ? setWeight : 1;
    if (w === 0) continue;
    for (const a of e.answers) {
      const d = answerDoc(lib, a);
      if (d !== null) counts.set(d, (counts.get(d) ?? 0) + w);
    }
  }
  byWeight.set(setWeight, counts);
  return counts;
}

const priorCache = new WeakMap<QuestionMemory, WeakMap<LawLibrary, Map<string, Map<string, number>>>>();

/** The law an interpretation applies (…适用《中华人民共和国民法典》婚姻家庭编的解释 -> 民法典's group), or null. */
export function interpretedLaw(lib: LawLibrary, title: string): string | null {
  const m = title.match(/^最高人民法院关于适用《(.+?)》/);
  if (!m) return null;
  return lib.resolveGroups(m[1])[0] ?? null;
}

/**
 * The share of the laws the remembered questions were answered by that this library holds: 1 on the national
 * corpus they were asked over, less on a law office's own selection (the shared 107-law library holds about a
 * quarter of them), where the laws people asked about elsewhere say less about what this library is asked.
 */
export function memoryCoverage(lib: LawLibrary, memory: QuestionMemory): number {
  let byLib = coverageCache.get(memory);
  if (!byLib) coverageCache.set(memory, byLib = new WeakMap());
  let share = byLib.get(lib);
  if (share === undefined) byLib.set(lib, share = coverageOf(lib, memory));
  return share;
}

const coverageCache = new WeakMap<QuestionMemory, WeakMap<LawLibrary, number>>();

function coverageOf(lib: LawLibrary, memory: QuestionMemory): number {
  const titles = new Set<string>();
  for (const e of memory.entries) for (const a of e.answers) titles.add(a.slice(0, a.lastIndexOf("|")));
  if (titles.size === 0) return 0;
  let held = 0;
  for (const t of titles) if (lib.resolveGroups(t).length > 0) held++;
  return held / titles.size;
}

/**
 * lawFrequencies made fit for the library at hand (issue #24: on the 107-law library the raw prior gave 民法典
 * twice the weight of the laws real questions never cite, so 公司法, 仲裁法 or an interpretation newer than the
 * memory lost to it):
 * - `trust`: the shares are scaled by memoryCoverage, so a library that holds few of the laws the memory was
 *   answered by leans on the prior that much less (the national corpus keeps the full prior);
 * - `inherit`: an interpretation of a law answers the questions its law does, so it holds at least its law's share.
 */
export function libraryLawPrior(
  lib: LawLibrary,
  memory: QuestionMemory,
  opts: { trust: boolean; inherit: boolean; setWeight?: number } = { trust: true, inherit: true },
): Map<string, number> {
  const key = `${opts.trust}-${opts.inherit}-${opts.setWeight ?? 1}`;
  let byLib = priorCache.get(memory);
  if (!byLib) priorCache.set(memory, byLib = new WeakMap());
  const byOpts = byLib.get(lib) ?? new Map<string, Map<string, number>>();
  byLib.set(lib, byOpts);
  const hit = byOpts.get(key);
  if (hit) return hit;
  const raw = lawFrequencies(lib, memory, opts.setWeight ?? 1);
  const trust = opts.trust ? memoryCoverage(lib, memory) : 1;
  const out = new Map<string, number>();
  for (const [g, versions] of lib.groups) {
    const v = lib.currentVersion(g) ?? versions[0];
    const parent = opts.inherit ? interpretedLaw(lib, v.record.title) : null;
    const share = Math.max(raw.get(g) ?? 0, parent && parent !== g ? raw.get(parent) ?? 0 : 0);
    if (share > 0) out.set(g, trust * share);
  }
  byOpts.set(key, out);
  return out;
}

/** Each answered article's remembered questions as one text: its bigram counts, length and postings. */
interface AskedIndex {
  docs: Map<number, { terms: Map<string, number>; length: number }>;
  postings: Map<string, number[]>;
  avgLength: number;
}

const askedCache = new WeakMap<QuestionMemory, WeakMap<LawLibrary, AskedIndex[]>>();

function askedIndex(lib: LawLibrary, memory: QuestionMemory, realOnly: boolean): AskedIndex {
  let byLib = askedCache.get(memory);
  if (!byLib) askedCache.set(memory, byLib = new WeakMap());
  const cached = byLib.get(lib) ?? [];
  byLib.set(lib, cached);
  const hit = cached[realOnly ? 1 : 0];
  if (hit) return hit;
  const docs = new Map<number, { terms: Map<string, number>; length: number }>();
  for (const e of memory.entries) {
    if (realOnly && e.fromSet) continue;
    for (const a of e.answers) {
      const d = answerDoc(lib, a);
      if (d === null) continue;
      const doc = docs.get(d) ?? { terms: new Map<string, number>(), length: 0 };
      for (const [t, n] of e.terms) doc.terms.set(t, (doc.terms.get(t) ?? 0) + n);
      doc.length += e.length;
      docs.set(d, doc);
    }
  }
  const postings = new Map<string, number[]>();
  let total = 0;
  for (const [d, doc] of docs) {
    total += doc.length;
    for (const t of doc.terms.keys()) {
      const p = postings.get(t);
      if (p) p.push(d);
      else postings.set(t, [d]);
    }
  }
  const out = { docs, postings, avgLength: total / Math.max(1, docs.size) };
  cached[realOnly ? 1 : 0] = out;
  return out;
}

/**
 * How well the question matches the questions each article was asked by, all of them read as one text
 * (the "query field" of web search: the words people used to reach a page): BM25 of the question's bigrams
 * over those texts, over the summed idf of the question's bigrams. Unlike the nearest neighbours, an
 * article asked about in many words (a general rule such as breach of contract) gathers them all.
 */
export function askedScores(
  lib: LawLibrary,
  memory: QuestionMemory,
  question: string,
  realOnly = false,
): Map<number, number> {
  const index = askedIndex(lib, memory, realOnly);
  const n = index.docs.size;
  const out = new Map<number, number>();
  if (n === 0) return out;
  let best = 0;
  for (const t of termCounts(question).keys()) {
    const p = index.postings.get(t);
    const df = p?.length ?? 0;
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    best += idf;
    if (!p) continue;
    for (const d of p) {
      const doc = index.docs.get(d)!;
      const tf = doc.terms.get(t)!;
      const s = idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * doc.length / index.avgLength));
      out.set(d, (out.get(d) ?? 0) + s);
    }
  }
  if (best === 0) return new Map();
  for (const [d, s] of out) out.set(d, s / best);
  return out;
}
