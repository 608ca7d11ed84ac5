/**
 * Articles cited together (issue #24): most real questions are answered by two or three articles, often a
 * specific one and the general rule that goes with it (a delivery contract's article and the general rule on
 * breach). Which general rule goes with which facts is no word of the question; it is learned here from the
 * gold sets of the remembered questions (question_memory.ts): P(a is gold | b is gold), smoothed, backing off
 * from b to the other golds of b's chapter (version + heading path), then of b's law, then to a's share of all
 * questions. The re-ranker (rerank.ts) reads, for each candidate a, that probability against the best
 * first-pass candidates and against the articles the remembered neighbours lend.
 *
 * The table is learned from the memory the search is given, so in cross-validation it never holds the scored
 * fold's answers (each fold's memory is built without it). Articles are counted in the version in force;
 * an older version's article is looked up as the same article of the version in force.
 */
import type { LawLibrary } from "./library.ts";
import { answerDoc, type QuestionMemory } from "./question_memory.ts";

/** Pseudo-counts of each backoff step. */
const SMOOTH = 2;
/** How many of the best first-pass candidates vote for a candidate (cocitationFeatures). */
export const COCITE_TOP = 10;

interface Counts {
  /** Questions with a gold here (in the article, chapter or law). */
  n: number;
  /** Per article: questions with it gold and another gold here. */
  with: Map<number, number>;
}

export interface CoCitation {
  /** Remembered questions with at least one gold article in the library. */
  questions: number;
  /** Per article (doc of the version in force): questions it answers. */
  count: Map<number, number>;
  /** Per article b: the other gold articles of its questions, and how many questions each. */
  pair: Map<number, Map<number, number>>;
  chapter: Map<string, Counts>;
  law: Map<string, Counts>;
  /** Per chapter B: the chapters A of the other golds of B's questions, and how many questions each. */
  chapterPair: Map<string, Map<string, number>>;
  /** Per chapter: how many gold articles it gave in all (the sum of its articles' counts). */
  chapterGolds: Map<string, number>;
}

/** The chapter of a doc: its version and heading path (as rerank.ts's neighbourhood features). */
export function chapterOf(lib: LawLibrary, doc: number): string {
  const vi = lib.docVersion[doc];
  return `${vi}/${lib.versions[vi].articles[lib.docArticle[doc]].path.join("")}`;
}

/** The same article in the version in force (itself when it is in force, or when that version lacks it). */
export function currentDoc(lib: LawLibrary, doc: number): number {
  const v = lib.versions[lib.docVersion[doc]];
  const cur = lib.currentVersion(v.group);
  if (!cur || cur === v) return doc;
  const a = v.articles[lib.docArticle[doc]];
  const i = cur.byKey.get(`${a.num}-${a.sub}`);
  return i === undefined ? doc : cur.docStart + i;
}

const cache = new WeakMap<QuestionMemory, WeakMap<LawLibrary, CoCitation>>();

/** The co-citation counts of the memory's gold sets over the library (cached per memory and library). */
export function coCitation(lib: LawLibrary, memory: QuestionMemory): CoCitation {
  let byLib = cache.get(memory);
  if (!byLib) cache.set(memory, byLib = new WeakMap());
  const hit = byLib.get(lib);
  if (hit) return hit;
  const table: CoCitation = {
    questions: 0,
    count: new Map(),
    pair: new Map(),
    chapter: new Map(),
    law: new Map(),
    chapterPair: new Map(),
    chapterGolds: new Map(),
  };
  const bump = (m: Map<number, number>, k: number) => m.set(k, (m.get(k) ?? 0) + 1);
  const counts = (m: Map<string, Counts>, k: string) => {
    let c = m.get(k);
    if (!c) m.set(k, c = { n: 0, with: new Map() });
    return c;
  };
  for (const e of memory.entries) {
    const docs = [...new Set(e.answers.map((a) => answerDoc(lib, a)).filter((d): d is number => d !== null))];
    if (docs.length === 0) continue;
    table.questions++;
    const chapterOfDoc = docs.map((d) => chapterOf(lib, d));
    const lawOfDoc = docs.map((d) => lib.versions[lib.docVersion[d]].group);
    for (const d of docs) bump(table.count, d);
    for (const key of chapterOfDoc) table.chapterGolds.set(key, (table.chapterGolds.get(key) ?? 0) + 1);
    // Chapter pairs: B's question has a gold in A other than the one in B (A = B needs two golds there).
    const seen = new Set<string>();
    chapterOfDoc.forEach((cb, j) =>
      chapterOfDoc.forEach((ca, i) => {
        if (i === j || seen.has(`${cb}\n${ca}`)) return;
        seen.add(`${cb}\n${ca}`);
        let p = table.chapterPair.get(cb);
        if (!p) table.chapterPair.set(cb, p = new Map());
        p.set(ca, (p.get(ca) ?? 0) + 1);
      })
    );
    for (const key of new Set(chapterOfDoc)) counts(table.chapter, key).n++;
    for (const key of new Set(lawOfDoc)) counts(table.law, key).n++;
    docs.forEach((a, i) => {
      const inChapter = new Set<string>();
      const inLaw = new Set<string>();
      docs.forEach((b, j) => {
        if (i === j) return;
        let p = table.pair.get(b);
        if (!p) table.pair.set(b, p = new Map());
        bump(p, a);
        inChapter.add(chapterOfDoc[j]);
        inLaw.add(lawOfDoc[j]);
      });
      for (const key of inChapter) bump(counts(table.chapter, key).with, a);
      for (const key of inLaw) bump(counts(table.law, key).with, a);
    });
  }
  byLib.set(lib, table);
  return table;
}

/** What P(a | b) reads of b: its own questions, its chapter's and its law's. */
interface Given {
  pair: Map<number, number> | undefined;
  count: number;
  chapter: Counts | undefined;
  law: Counts | undefined;
}

function given(lib: LawLibrary, table: CoCitation, b: number): Given {
  return {
    pair: table.pair.get(b),
    count: table.count.get(b) ?? 0,
    chapter: table.chapter.get(chapterOf(lib, b)),
    law: table.law.get(lib.versions[lib.docVersion[b]].group),
  };
}

/**
 * P(a is gold | b is gold), smoothed: b's own questions, backed off to the questions with a gold in b's
 * chapter, then in b's law, then to a's share of all questions. 0 for an article no question was answered by.
 */
export function coCiteProbability(lib: LawLibrary, table: CoCitation, a: number, b: number): number {
  return probability(table, a, given(lib, table, b));
}

function probability(table: CoCitation, a: number, b: Given): number {
  const prior = (table.count.get(a) ?? 0) / Math.max(1, table.questions);
  if (prior === 0) return 0;
  const step = (c: Counts | undefined, below: number) =>
    c ? ((c.with.get(a) ?? 0) + SMOOTH * below) / (c.n + SMOOTH) : below;
  const chapter = step(b.chapter, step(b.law, prior));
  return ((b.pair?.get(a) ?? 0) + SMOOTH * chapter) / (b.count + SMOOTH);
}

/** The re-ranker's co-citation features, in this order (rerank.ts appends them to its list). */
export const COCITE_FEATURES = [
  "cocite_top",
  "cocite_top_max",
  "cocite_lift",
  "cocite_memory",
  "cocite_chapter",
  "cocite_chapter_lift",
  "cocite_chapter_memory",
  "cocite_chapter_top3",
] as const;

/**
 * For each pool candidate (docs, best first; `share` its first-pass score over the best one; `memory` what
 * the remembered neighbours lend it, summed similarity), COCITE_FEATURES:
 * - cocite_top: the mean of P(a | b) over the COCITE_TOP best other candidates b, weighted by their share;
 * - cocite_top_max: the largest of those probabilities;
 * - cocite_lift: log of cocite_top over a's own share of the questions (how much more a goes with these);
 * - cocite_memory: P(a | b) over the articles the neighbours lend, weighted by what they lend;
 * - cocite_chapter: the same mean over the best candidates at the level of chapters, denser than articles:
 *   P(a gold in a's chapter | a gold in b's chapter) x a's share of its chapter's golds;
 * - cocite_chapter_lift: log of P(a's chapter | b's chapters) over a's chapter's share of the questions;
 * - cocite_chapter_memory: cocite_chapter over the articles the neighbours lend, weighted by what they lend;
 * - cocite_chapter_top3: cocite_chapter over the best three candidates only.
 * All 0 for an article the table never saw as gold, and for every candidate when the table is empty.
 */
export function cocitationFeatures(
  lib: LawLibrary,
  table: CoCitation | null,
  pool: { docs: number[]; share: number[]; memory: number[] },
): number[][] {
  const n = pool.docs.length;
  const out = pool.docs.map(() => COCITE_FEATURES.map(() => 0));
  if (!table || table.questions === 0) return out;
  const docs = pool.docs.map((d) => currentDoc(lib, d));
  const top: number[] = [];
  for (let k = 0; k < n && top.length < COCITE_TOP; k++) {
    if (!top.some((j) => docs[j] === docs[k])) top.push(k);
  }
  const lent = docs.map((_, k) => k).filter((k) => pool.memory[k] > 0);
  const of = new Map<number, Given>();
  for (const j of [...top, ...lent]) if (!of.has(docs[j])) of.set(docs[j], given(lib, table, docs[j]));
  const chapters = docs.map((d) => chapterOf(lib, d));
  for (let k = 0; k < n; k++) {
    const a = docs[k];
    const count = table.count.get(a) ?? 0;
    if (count === 0) continue;
    let sum = 0;
    let weight = 0;
    let max = 0;
    let chapterSum = 0;
    let chapter3 = 0;
    let weight3 = 0;
    const chapter = table.chapter.get(chapters[k])!;
    const chapterPrior = chapter.n / table.questions;
    const chapterGiven = (j: number) =>
      ((table.chapterPair.get(chapters[j])?.get(chapters[k]) ?? 0) + SMOOTH * chapterPrior) /
      ((of.get(docs[j])!.chapter?.n ?? 0) + SMOOTH);
    top.forEach((j, r) => {
      if (docs[j] === a) return;
      const p = probability(table, a, of.get(docs[j])!);
      sum += pool.share[j] * p;
      weight += pool.share[j];
      max = Math.max(max, p);
      const c = chapterGiven(j);
      chapterSum += pool.share[j] * c;
      if (r < 3) {
        chapter3 += pool.share[j] * c;
        weight3 += pool.share[j];
      }
    });
    let mem = 0;
    let memChapter = 0;
    let memWeight = 0;
    for (const j of lent) {
      if (docs[j] === a) continue;
      mem += pool.memory[j] * probability(table, a, of.get(docs[j])!);
      memChapter += pool.memory[j] * chapterGiven(j);
      memWeight += pool.memory[j];
    }
    const mean = weight > 0 ? sum / weight : 0;
    const chapterMean = weight > 0 ? chapterSum / weight : 0;
    const inChapter = count / table.chapterGolds.get(chapters[k])!;
    out[k] = [
      mean,
      max,
      mean > 0 ? Math.log(mean / (count / table.questions)) : 0,
      memWeight > 0 ? mem / memWeight : 0,
      chapterMean * inChapter,
      chapterMean > 0 ? Math.log(chapterMean / chapterPrior) : 0,
      memWeight > 0 ? memChapter / memWeight * inChapter : 0,
      weight3 > 0 ? chapter3 / weight3 * inChapter : 0,
    ];
  }
  return out;
}
