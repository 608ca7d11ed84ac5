/**
 * Builds server/services/laws/law_reranker.json, the learned re-ranker of law search
 * (server/services/laws/rerank.ts), from real questions labelled with the articles that answer them:
 *
 *   deno run -A scripts/build_law_reranker.ts [QUESTIONS_CSV] [--out=DIR] [--folds=5] [--cv [--ship]]
 *       [--refresh] [--small] [--ship-with=…] [--limit=N] [--mixes=0.3,1] [--sets=a,b:0.5]
 *       [--memory-sets=a,b] [--table-sets=a,b]
 *       [--recipes=name:trees=60,depth=3,rate=0.1,minLeaf=50,lambda=mrr,ww=1;…]
 *
 * QUESTIONS_CSV defaults to ../shared/data/laws/stard-dev.csv (real questions). The written questions
 * (WRITTEN_SETS: ../shared/data/laws/questions-dev.csv and tests/data/laws/questions-own.csv, labelled on
 * the shared library, matched on the national corpus by score.mjs's keys) are trained on beside them, so
 * one model (with the question-shape features of rerank.ts) serves both kinds of question.
 *
 * A question's features must be computed the way an unseen question's will be: without its own answer
 * in the term table and the question memory. So the real questions are split into K folds and each
 * fold's candidates are collected with a table and a memory learned from the other folds (out-of-fold
 * features); the written questions are never remembered, their pools use the table and memory of all
 * real questions. The shipped model is trained on all of them.
 *
 * Training-only sets (scripts/law_eval_data.ts TRAINING_SETS, the one list of labelled sets with their
 * kind and weight; --sets=a,b:0.5 chooses them and their weights): questions written for training
 * without reading stard-dev or the scored written sets, so they are in the training of every fold and
 * never scored (--cv prints their first pass only); recipe keys NAME=w, real=w, written=w set their
 * weights. Those marked `memory` (or --memory-sets=a,b) are also remembered by every question memory,
 * those marked `table` (or --table-sets=a,b) learned by every term table (the real questions' pools
 * then are collected with them; such a question's own pool without its own fold of its set).
 *
 * --cv scores the re-ranker by nested K-fold cross-validation without touching a held-out fold: for the
 * scored fold f of the real questions, the training questions of fold g get features learned without f
 * and g, fold f is searched with a table and memory learned without f (as scripts/eval_law_search.ts
 * --folds does), and the written questions of the other written folds train beside them while those of
 * written fold f are scored. It prints each set's R@1/5/10 and MRR@10 of the pools, for every --recipes
 * entry (boosting settings, lambda=mrr|ndcg, LambdaMART metric=mrr|ndcg|recall|top with sigma, cutoff and
 * norm=none|question|log, the linear part's linMetric (pairwise: plain pairs, shipped), linCutoff
 * and perq=1, linear=0 for trees alone, ww = the written questions' weight; rerank.ts boostReranker and
 * trainReranker) and every --mixes share
 * (the fusion with the first pass, rerank.ts fusedOrder). --ship (or no --cv) writes law_reranker.json
 * (--ship-with=… its recipe, as a --recipes entry's settings).
 * The pools are kept in tests/cache (keyed by the feature count and the question counts); --refresh
 * collects them again (needed after any change to the first pass or the features). --limit=N takes the
 * first N questions of each set (quick checks only).
 *
 * Small libraries (scripts/small_library_pools.ts): the real questions are also searched over random
 * sub-libraries of the national corpus and the written ones over the shared 107-law library, with the
 * same out-of-fold tables and memories, and trained on beside the national pools (weights
 * SMALL_WEIGHTS; recipe keys sw= and lw=) when --small is given. --cv then also prints stard@small and
 * dev@library / own@library: the held-out folds over those libraries. Measured and not shipped (ADR 019,
 * session 33): they cost real questions a little and broke a small-library test as well.
 */
import { cpuUsage } from "node:process";
import type { LawLibrary } from "../server/services/laws/library.ts";
import { buildQuestionMemory } from "../server/services/laws/question_memory.ts";
import {
  averageRerankers,
  boostReranker,
  FEATURES,
  fusedOrder,
  fusionShare,
  type FusionShares,
  type RankMetric,
  type Reranker,
  scoreFeatures,
  type TrainingGroup,
  trainReranker,
} from "../server/services/laws/rerank.ts";
import { rerankCandidates } from "../server/services/laws/search.ts";
import { buildTermTable } from "./build_law_term_table.ts";
import {
  chosenSets,
  loadCorpus,
  memoryEntries,
  type Question,
  readQuestions,
  readSets,
  type SetChoice,
  setsKey,
  TRAINING_SETS,
  trainingPairs,
  WRITTEN_WEIGHT,
} from "./law_eval_data.ts";
import { readPools, writePools } from "./pool_cache.ts";
import { type SmallPools, smallPools } from "./small_library_pools.ts";
// @ts-types="./score_types.d.ts"
import { key as scoreKey } from "../../shared/data/laws/score.mjs";

export interface Pool extends TrainingGroup {
  /** score.mjs keys of the pool's articles, first-pass order, and of the gold articles. */
  keys: string[];
  gold: string[];
  /** The question's set (Question.set), when it has one. */
  set?: string;
}

function docKey(lib: LawLibrary, doc: number): string {
  const v = lib.versions[lib.docVersion[doc]];
  return scoreKey(v.record.title, v.articles[lib.docArticle[doc]].number);
}

/** The term table and question memory learned from some labelled questions (see learnedWithout). */
export interface Learned {
  termTable: ReturnType<typeof buildTermTable>;
  memory: ReturnType<typeof buildQuestionMemory>;
}

const learnedCache = new Map<string, Learned>();

const questionId = (q: Question) => `${q.set ?? ""}:${q.id}`;

/**
 * The memory learned from `train` and the table from `tableTrain` (by default the same questions) on
 * `lib` (kept for the run: the national and the small-library pools of the same fold share them).
 */
export function learnedWithout(lib: LawLibrary, train: Question[], tableTrain = train): Learned {
  const key = `${train.map(questionId).join(",")}|${tableTrain.map(questionId).join(",")}`;
  let l = learnedCache.get(key);
  if (!l) {
    l = {
      termTable: buildTermTable(lib, trainingPairs(lib, tableTrain)),
      memory: buildQuestionMemory(memoryEntries(train)),
    };
    learnedCache.set(key, l);
  }
  return l;
}

/** The re-ranker's pools of `questions` searched on `lib` with a learned table and memory. */
export function poolsOn(lib: LawLibrary, learned: Learned, questions: Question[]): Pool[] {
  const { termTable, memory } = learned;
  const out: Pool[] = [];
  for (const q of questions) {
    const c = rerankCandidates(lib, { q: q.question, termTable, memory, reranker: null });
    if (!c) {
      out.push({ keys: [], gold: q.gold, features: [], labels: [], set: q.set });
      continue;
    }
    const keys = c.docs.map((d) => docKey(lib, d));
    const gold = new Set(q.gold);
    const labels = keys.map((k) => gold.has(k) ? 1 : 0);
    out.push({ keys, gold: q.gold, features: c.features, labels, set: q.set });
  }
  return out;
}

/** The re-ranker's pools of `questions`, with the table and memory learned from `train`. */
export function collectPools(lib: LawLibrary, train: Question[], questions: Question[]): Pool[] {
  return poolsOn(lib, learnedWithout(lib, train), questions);
}

export function foldOf(i: number, folds: number): number {
  return i % folds;
}

/** Out-of-fold pools of every question (see the module comment). */
export function outOfFoldPools(lib: LawLibrary, qs: Question[], folds: number): Pool[] {
  const pools: Pool[] = new Array(qs.length);
  for (let f = 0; f < folds; f++) {
    const idx = qs.map((_, i) => i).filter((i) => foldOf(i, folds) === f);
    const train = qs.filter((_, i) => foldOf(i, folds) !== f);
    const got = collectPools(lib, train, idx.map((i) => qs[i]));
    idx.forEach((i, k) => pools[i] = got[k]);
  }
  return pools;
}

/** The rankings' scores as scripts/eval_law_search.ts counts them (recall over min(k, |gold|)). */
export function poolScores(
  pools: Pool[],
  model: Reranker | null,
  mix: number | FusionShares = 1,
): { r1: number; r5: number; r10: number; mrr: number } {
  const sum = { r1: 0, r5: 0, r10: 0, mrr: 0 };
  for (const p of pools) {
    let order = p.keys.map((_, i) => i);
    if (model) {
      order = fusedOrder(p.features.map((x) => scoreFeatures(model, x)), fusionShare(p.features[0], mix));
    }
    const list: string[] = [];
    for (const i of order) if (!list.includes(p.keys[i])) list.push(p.keys[i]);
    const g = new Set(p.gold);
    const rec = (k: number) => list.slice(0, k).filter((x) => g.has(x)).length / Math.min(k, g.size);
    const first = list.slice(0, 10).findIndex((x) => g.has(x));
    sum.r1 += rec(1);
    sum.r5 += rec(5);
    sum.r10 += rec(10);
    sum.mrr += first < 0 ? 0 : 1 / (first + 1);
  }
  const n = Math.max(1, pools.length);
  return { r1: sum.r1 / n, r5: sum.r5 / n, r10: sum.r10 / n, mrr: sum.mrr / n };
}

/**
 * The written question sets trained on beside the real ones and scored by cross-validation
 * (TRAINING_SETS' scored sets), in a fixed order (their folds: foldOf).
 */
export const WRITTEN_SETS: Record<string, string> = Object.fromEntries(
  Object.entries(TRAINING_SETS).filter(([, s]) => s.scored).map(([n, s]) => [n, s.path]),
);

export function readWritten(): Question[] {
  return Object.entries(WRITTEN_SETS).flatMap(([set, path]) =>
    readQuestions(path).map((q) => ({ ...q, set }))
  );
}

/**
 * The pools of one scored fold f of the real questions: `train`, fold g's real questions with table and
 * memory learned without f and g; `test`, fold f's real questions with table and memory learned without
 * f; `written`, every written question with that same table and memory (the written ones are never
 * remembered: they are split into folds by foldOf among themselves).
 */
export interface NestedFold {
  train: Pool[];
  test: Pool[];
  written: Pool[];
}

/** Everything the re-ranker is trained and cross-validated on (see NestedFold). */
export interface PoolSet {
  nested: NestedFold[];
  /** The training-only sets' pools (extraPools), trained on in every fold. */
  extra?: ExtraPools;
  /** Written questions' pools with the shipped table and memory (learned from all real questions). */
  written: Pool[];
  /** Pools over small libraries (small_library_pools.ts), trained on beside the others when present. */
  small?: SmallPools;
}

/**
 * Per scored fold f the NestedFold pools; and the written questions' pools for the shipped model. Never
 * reads fold f's answers while building what fold f is scored with.
 */
export function nestedPools(
  lib: LawLibrary,
  qs: Question[],
  opts: { folds: number; written: Question[]; learnt?: Learnt },
): PoolSet {
  const { folds, written } = opts;
  // The training-only sets the table and memory also learn from (never scored: every fold has them all).
  const learnt = opts.learnt ?? NOTHING_LEARNT;
  const collect = (train: Question[], questions: Question[]) =>
    poolsOn(lib, learnedWithout(lib, [...train, ...learnt.memory], [...train, ...learnt.table]), questions);
  const byFold = (f: number) => qs.filter((_, i) => foldOf(i, folds) === f);
  const pair = new Map<string, Pool[]>();
  for (let f = 0; f < folds; f++) {
    for (let g = f + 1; g < folds; g++) {
      const train = qs.filter((_, i) => foldOf(i, folds) !== f && foldOf(i, folds) !== g);
      const pools = collect(train, [...byFold(f), ...byFold(g)]);
      console.error(`pools of folds ${f} and ${g} collected`);
      const nf = byFold(f).length;
      pair.set(`${f}-${g}`, pools.slice(nf)); // fold g's features, for scoring f
      pair.set(`${g}-${f}`, pools.slice(0, nf)); // fold f's features, for scoring g
    }
  }
  const nested: NestedFold[] = [];
  for (let f = 0; f < folds; f++) {
    const train: Pool[] = [];
    for (let g = 0; g < folds; g++) if (g !== f) train.push(...pair.get(`${f}-${g}`)!);
    const test = byFold(f);
    const got = collect(qs.filter((_, i) => foldOf(i, folds) !== f), [...test, ...written]);
    nested.push({ train, test: got.slice(0, test.length), written: got.slice(test.length) });
  }
  return { nested, written: collect(qs, written) };
}

/** The training-only sets' pools: per scored fold f (features learned without f), and for the shipped model. */
export interface ExtraPools {
  nested: Pool[][];
  shipped: Pool[];
}

/** Training-only questions the memory and the table learn from beside the real ones (chosenSets). */
export interface Learnt {
  memory: Question[];
  table: Question[];
}
export const NOTHING_LEARNT: Learnt = { memory: [], table: [] };

export function learntOf(choice: SetChoice): Learnt {
  return { memory: readSets(choice.memory), table: readSets(choice.table) };
}

/** Each training-only question's fold among the questions of its own set (foldOf of its place there). */
function setFolds(lists: Question[][], folds: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const list of lists) {
    const place = new Map<string, number>();
    for (const q of list) {
      const i = place.get(q.set ?? "") ?? 0;
      place.set(q.set ?? "", i + 1);
      if (!out.has(questionId(q))) out.set(questionId(q), foldOf(i, folds));
    }
  }
  return out;
}

/**
 * The pools of the training-only questions `extra`: for scored fold f with the table and memory learned
 * from the real questions without f (and the learnt sets); a learnt question (split into folds by foldOf
 * within its set) is searched with a table and memory without its own fold of its set, as an unseen
 * question would be.
 */
export function extraPools(
  lib: LawLibrary,
  qs: Question[],
  opts: { folds: number; extra: Question[]; learnt: Learnt },
): ExtraPools {
  const { folds, extra, learnt } = opts;
  const fold = setFolds([extra, learnt.memory, learnt.table], folds);
  const learntIds = new Set([...learnt.memory, ...learnt.table].map(questionId));
  const foldOfExtra = (q: Question) => learntIds.has(questionId(q)) ? fold.get(questionId(q))! : -1;
  const poolsFor = (real: Question[]): Pool[] => {
    const out: Pool[] = new Array(extra.length);
    for (let h = -1; h < folds; h++) {
      const idx = extra.flatMap((q, i) => foldOfExtra(q) === h ? [i] : []);
      if (idx.length === 0) continue;
      const without = (l: Question[]) => l.filter((q) => fold.get(questionId(q)) !== h);
      const learned = learnedWithout(lib, [...real, ...without(learnt.memory)], [
        ...real,
        ...without(learnt.table),
      ]);
      const got = poolsOn(lib, learned, idx.map((i) => extra[i]));
      idx.forEach((i, k) => out[i] = got[k]);
    }
    return out;
  };
  const nested: Pool[][] = [];
  for (let f = 0; f < folds; f++) {
    nested.push(poolsFor(qs.filter((_, i) => foldOf(i, folds) !== f)));
    console.error(`training-only pools of fold ${f} collected`);
  }
  return { nested, shipped: poolsFor(qs) };
}

export { WRITTEN_WEIGHT };

/** Training-only pools with their sets' weights (`weights` overrides TRAINING_SETS'; 0 leaves a set out). */
export function extraTraining(pools: Pool[], weights: Record<string, number> = {}): Pool[] {
  return pools.flatMap((p) => {
    const weight = weights[p.set!] ?? TRAINING_SETS[p.set!].weight;
    return weight > 0 ? [{ ...p, weight }] : [];
  });
}

/** Written pools of the folds other than f (all of them when f < 0), weighted for training. */
export function writtenTraining(pools: Pool[], opts: { folds: number; f: number; weight?: number }): Pool[] {
  const weight = opts.weight ?? WRITTEN_WEIGHT;
  return pools.filter((_, j) => foldOf(j, opts.folds) !== opts.f).map((p) => ({ ...p, weight }));
}

/** How much a real question over a sub-library and a written one over the 107-law library count. */
export const SMALL_WEIGHTS = { real: 1, written: 5 };

/** The small-library pools of scored fold f (all of them when f < 0) with their weights. */
export function smallTraining(set: PoolSet, f: number, weights = SMALL_WEIGHTS): Pool[] {
  const s = set.small;
  if (!s) return [];
  const folds = set.nested.length;
  const real = (f < 0 ? s.test.flat() : s.train[f]).map((p) => ({ ...p, weight: weights.real }));
  const written = writtenTraining(f < 0 ? s.shippedWritten : s.written[f], {
    folds: f < 0 ? 1 : folds,
    f,
    weight: weights.written,
  });
  return [...(weights.real > 0 ? real : []), ...(weights.written > 0 ? written : [])];
}

/** The training pools of scored fold f of the real questions: theirs, the other folds' written ones, small libraries. */
export function trainingPools(
  set: PoolSet,
  f: number,
  weight?: number,
  small = SMALL_WEIGHTS,
  weights: Record<string, number> = {},
): Pool[] {
  const folds = set.nested.length;
  return [
    ...set.nested[f].train,
    ...writtenTraining(set.nested[f].written, { folds, f, weight }),
    ...smallTraining(set, f, small),
    ...extraTraining(set.extra?.nested[f] ?? [], weights),
  ];
}

/** The shipped model's training pools: every real question out of fold, every written one, small libraries. */
export function shippedPools(
  set: PoolSet,
  weight?: number,
  small = SMALL_WEIGHTS,
  weights: Record<string, number> = {},
): Pool[] {
  return [
    ...set.nested.flatMap((n) => n.test),
    ...writtenTraining(set.written, { folds: 1, f: -1, weight }),
    ...smallTraining(set, -1, small),
    ...extraTraining(set.extra?.shipped ?? [], weights),
  ];
}

export const L2 = 1e-3;
/** The shipped recipe's boosting settings (see boostReranker). */
export const BOOST: Recipe = { trees: 60, depth: 3, rate: 0.1, minLeaf: 50 };

/**
 * Bagging: `bags` models, each trained on a `share` of the questions (drawn without replacement, seeded
 * by the bag's number), their scores averaged (rerank.ts averageRerankers); 1 = one model on all.
 */
export interface Bagging {
  bags: number;
  share: number;
}
export const BAGGING: Bagging = { bags: 1, share: 0.8 };

/** A deterministic pseudo-random sequence in [0, 1) (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The questions of bag b: a `share` of the pools, drawn without replacement (seed b + 1). */
export function bagOf<T>(pools: T[], b: number, share: number): T[] {
  const r = random(b + 1);
  const keyed = pools.map((p, i) => ({ p, i, u: r() }));
  const keep = Math.round(share * pools.length);
  return keyed.sort((x, y) => x.u - y.u).slice(0, keep).sort((x, y) => x.i - y.i).map((x) => x.p);
}

/**
 * The model as shipped: a linear model, then boosted trees on top when BOOST.trees > 0; with bagging
 * (bag.bags > 1) the average of such models on subsamples of the questions.
 */
export function trainShipped(
  pools: Pool[],
  boost: Recipe = BOOST,
  linearRecipe: LinearRecipe | null = LINEAR,
  bag: Bagging = BAGGING,
): Reranker {
  if (bag.bags > 1) {
    return averageRerankers(
      Array.from(
        { length: bag.bags },
        (_, b) => trainShipped(bagOf(pools, b, bag.share), boost, linearRecipe, { bags: 1, share: 1 }),
      ),
    );
  }
  const linear = trainReranker(pools, { ...linearRecipe, l2: L2 });
  // Trees alone (linear=0 in --recipes): the linear part's weights zeroed, its standardization kept.
  if (!linearRecipe) linear.weights = linear.weights.map(() => 0);
  return (boost?.trees ?? 0) > 0 ? boostReranker(linear, pools, boost) : linear;
}

export type Recipe = NonNullable<Parameters<typeof boostReranker>[2]>;
export type LinearRecipe = NonNullable<Parameters<typeof trainReranker>[1]>;
/**
 * The shipped recipe's linear part (see trainReranker): plain pairwise. linMetric=top gained on the
 * national pools but lost the written questions' MRR on the 107-law library end to end (ADR 019, session 33).
 */
export const LINEAR: LinearRecipe = {};

/**
 * The pools kept in tests/cache (keyed by the feature list, the question counts and the remembered
 * training-only sets; the training-only sets' pools in a file of their own, keyed by their sizes too),
 * so model settings can be compared without collecting them again; --refresh collects them anew (needed
 * after any change to the first pass or the features).
 */
export async function readOrCollect(
  lib: LawLibrary | (() => Promise<LawLibrary>),
  qs: Question[],
  folds: number,
  limit = 0,
  choice: SetChoice = chosenSets(),
): Promise<PoolSet> {
  const written = readWritten().slice(0, limit || undefined);
  const extra = readSets(choice.extra).slice(0, limit || undefined);
  const learnt = learntOf(choice);
  const mem = (learnt.memory.length ? `-m${setsKey(learnt.memory)}` : "") +
    (learnt.table.length ? `-t${setsKey(learnt.table)}` : "");
  const key = `${FEATURES.length}-${qs.length}-${folds}`;
  const path = new URL(`../tests/cache/rerank_pools_${key}-w${written.length}${mem}.ndjson`, import.meta.url)
    .pathname;
  // Stored rounded, and read back the same way, so a model trained on fresh pools is the one the cache gives.
  const pool = (p: Pool) => ({
    ...p,
    features: p.features.map((x) =>
      Float64Array.from(x as ArrayLike<number>, (v) => Math.round(v * 1e4) / 1e4)
    ),
  });
  const each = <T>(data: T, f: (p: Pool) => unknown): T =>
    Array.isArray(data)
      ? data.map((x) => (x && typeof x === "object" && "labels" in x) ? f(x as Pool) : each(x, f)) as T
      : Object.fromEntries(Object.entries(data as object).map(([k, v]) => [k, each(v, f)])) as T;
  const cached = async <T>(file: string, collect: () => Promise<T> | T): Promise<T> => {
    if (!Deno.args.includes("--refresh")) {
      try {
        return await readPools<T>(file);
      } catch { /* not cached yet */ }
    }
    const got = each(await collect(), pool);
    await writePools(file, got);
    return got;
  };
  let national: LawLibrary | null = null;
  const corpus = async () => national ??= typeof lib === "function" ? await lib() : lib;
  const set: PoolSet = await cached(
    path,
    async () => nestedPools(await corpus(), qs, { folds, written, learnt }),
  );
  if (extra.length > 0) {
    const extraPath = path.replace("rerank_pools_", "rerank_extra_pools_")
      .replace(`-w${written.length}`, `-${setsKey(extra)}`);
    set.extra = await cached(
      extraPath,
      async () => extraPools(await corpus(), qs, { folds, extra, learnt }),
    );
  }
  // The small-library pools (small_library_pools.ts), in a file of their own, with --small only.
  if (Deno.args.includes("--small")) {
    const smallPath = path.replace("rerank_pools_", "rerank_small_pools_");
    set.small = await cached(smallPath, async () => await smallPools(await corpus(), qs, { folds, written }));
  }
  return set;
}

/**
 * Sets the named features to 0 in every pool (--drop=a,b: what the model scores without them; a
 * constant teaches neither the linear part nor the trees anything).
 */
export function dropFeatures(set: PoolSet, names: string[]): void {
  const cols = names.map((n) => {
    const j = (FEATURES as readonly string[]).indexOf(n);
    if (j < 0) throw new Error(`--drop: no feature ${n}`);
    return j;
  });
  const pools = [...set.nested.flatMap((n) => [...n.train, ...n.test, ...n.written]), ...set.written];
  if (set.extra) pools.push(...set.extra.nested.flat(), ...set.extra.shipped);
  const s = set.small;
  if (s) pools.push(...[...s.train, ...s.test, ...s.written].flat(), ...s.shippedWritten);
  for (const p of pools) for (const x of p.features) for (const j of cols) x[j] = 0;
}

/**
 * "trees=60,depth=3,rate=0.1,minLeaf=50,lambda=mrr,ww=1,sw=1,lw=5" -> boosting settings, the written
 * weight, the linear part's recipe and the small-library weights (sw: real questions over sub-libraries,
 * lw: written questions over the 107-law library; 0 leaves them out) and the training-only sets' weights
 * (a set's name, or real= / written= for every training-only set of that kind; over `weights`, the
 * run's, see chosenSets).
 */
export function parseRecipe(
  spec: string,
  weights: Record<string, number> = {},
): {
  boost: Recipe;
  ww: number;
  linear: LinearRecipe | null;
  small: typeof SMALL_WEIGHTS;
  weights: Record<string, number>;
  bag: Bagging;
} {
  const bag = { ...BAGGING };
  const boost: Record<string, number | string> = { ...BOOST };
  let ww = WRITTEN_WEIGHT;
  let linear: LinearRecipe | null = { ...LINEAR };
  const small = { ...SMALL_WEIGHTS };
  const sets = { ...weights };
  for (const kv of spec.split(",").filter(Boolean)) {
    const [k, v] = kv.split("=");
    if (k === "real" || k === "written") {
      for (const [n, t] of Object.entries(TRAINING_SETS)) if (!t.scored && t.kind === k) sets[n] = Number(v);
    } else if (TRAINING_SETS[k] && !TRAINING_SETS[k].scored) sets[k] = Number(v);
    else if (k === "ww") ww = Number(v);
    else if (k === "bags") bag.bags = Number(v);
    else if (k === "bagShare") bag.share = Number(v);
    else if (k === "sw") small.real = Number(v);
    else if (k === "lw") small.written = Number(v);
    else if (k === "linear") linear = v === "0" ? null : linear;
    else if (k === "linMetric") {
      linear = { ...linear, metric: v === "pairwise" ? undefined : v as RankMetric };
    } else if (k === "perq") linear = { ...linear, perQuestion: v === "1" };
    else if (k === "linCutoff") linear = { ...linear, cutoff: Number(v) };
    else if (["lambda", "metric", "norm"].includes(k)) boost[k] = v;
    else boost[k] = Number(v);
  }
  return { boost: boost as Recipe, ww, linear, small, weights: sets, bag };
}

if (import.meta.main) {
  const flag = (name: string) => Deno.args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const data = new URL("../../shared/data/laws/", import.meta.url).pathname;
  const src = Deno.args.find((a) => !a.startsWith("--")) ?? `${data}stard-dev.csv`;
  const dir = flag("out") ?? new URL("../server/services/laws/", import.meta.url).pathname;
  const folds = Number(flag("folds") ?? 5);
  const limit = Number(flag("limit") ?? 0);
  const qs = readQuestions(src).slice(0, limit || undefined);
  const f3 = (x: number) => x.toFixed(3);
  const line = (name: string, s: ReturnType<typeof poolScores>) =>
    console.log(
      `${name.padEnd(44)} R@1 ${f3(s.r1)}  R@5 ${f3(s.r5)}  R@10 ${f3(s.r10)}  MRR@10 ${f3(s.mrr)}`,
    );
  const t = performance.now();
  const cpu0 = cpuUsage();
  const choice = chosenSets();
  const set = await readOrCollect(() => loadCorpus("national"), qs, folds, limit, choice);
  const drop = flag("drop")?.split(",").filter(Boolean) ?? [];
  if (drop.length > 0) dropFeatures(set, drop);
  console.log(`pools ready in ${Math.round((performance.now() - t) / 1000)} s wall`);
  if (Deno.args.includes("--cv")) {
    // "0.7" for every question, "1/0.5" for questions that ask / the others (rerank.ts fusionShare).
    const mixes = (flag("mixes") ?? "1").split(",").map((m) => {
      const [asks, other = asks] = m.split("/").map(Number);
      return { asks, other };
    });
    const recipes = (flag("recipes") ?? "shipped:").split(";");
    const weighted = (parts: { n: number; s: ReturnType<typeof poolScores> }[]) => {
      const total = parts.reduce((a, x) => a + x.n, 0) || 1;
      const w = (k: keyof ReturnType<typeof poolScores>) =>
        parts.reduce((a, x) => a + x.s[k] * x.n, 0) / total;
      return { r1: w("r1"), r5: w("r5"), r10: w("r10"), mrr: w("mrr") };
    };
    // "dev@library": the written set over the 107-law library; "stard@small": over the sub-libraries.
    const heldOut = (f: number, name: string) => {
      const [set1, on] = name.split("@");
      if (set1 === "stard") return on ? set.small!.test[f] : set.nested[f].test;
      const pools = on ? set.small!.written[f] : set.nested[f].written;
      return pools.filter((p, j) => p.set === set1 && foldOf(j, folds) === f);
    };
    const names = ["stard", ...Object.keys(WRITTEN_SETS)];
    if (set.small) names.push("stard@small", ...Object.keys(WRITTEN_SETS).map((n) => `${n}@library`));
    // The training-only sets are in every fold's training: only their first pass (shipped table) is shown.
    for (const name of choice.extra) {
      line(
        `${name} first pass (training only)`,
        poolScores(set.extra!.shipped.filter((p) => p.set === name), null),
      );
    }
    for (const name of names) {
      line(
        `${name} first pass`,
        weighted(set.nested.map((_, f) => {
          const test = heldOut(f, name);
          return { n: test.length, s: poolScores(test, null) };
        })),
      );
    }
    for (const spec of recipes) {
      const [label, settings = ""] = spec.split(":");
      const { boost, ww, linear, small, weights, bag } = parseRecipe(settings, choice.weights);
      const models = set.nested.map((_, f) =>
        trainShipped(trainingPools(set, f, ww, small, weights), boost, linear, bag)
      );
      for (const mix of mixes) {
        for (const name of names) {
          line(
            `${name} ${label} mix=${mix.asks === mix.other ? mix.asks : `${mix.asks}/${mix.other}`}`,
            weighted(models.map((m, f) => {
              const test = heldOut(f, name);
              return { n: test.length, s: poolScores(test, m, mix) };
            })),
          );
        }
      }
    }
  }
  if (!Deno.args.includes("--cv") || Deno.args.includes("--ship")) {
    // --ship-with=sw=0,lw=5: the shipped model's recipe (as one --recipes entry), by default the shipped one.
    const recipe = parseRecipe(flag("ship-with") ?? "", choice.weights);
    const pools = shippedPools(set, recipe.ww, recipe.small, recipe.weights);
    const model = trainShipped(pools, recipe.boost, recipe.linear, recipe.bag);
    line("out-of-fold, first pass", poolScores(pools, null));
    line("out-of-fold, re-ranked (train)", poolScores(pools, model));
    const json = {
      _comment:
        "Learned re-ranker of law search (rerank.ts): linear weights over standardized features plus boosted trees. Built by scripts/build_law_reranker.ts from real questions' out-of-fold candidates and the written questions' candidates; rebuild, do not edit.",
      source: src.split("/").pop(),
      questions: qs.length,
      written: set.written.length,
      small: set.small ? smallTraining(set, -1, recipe.small).length : 0,
      // Training-only sets (law_eval_data.ts TRAINING_SETS): questions and weight; remembered ones too.
      extra: Object.fromEntries(
        choice.extra.map((n) => [n, {
          questions: set.extra!.shipped.filter((p) => p.set === n).length,
          weight: recipe.weights[n],
        }]),
      ),
      remembered: choice.memory,
      tabled: choice.table,
      ...model,
    };
    await Deno.writeTextFile(`${dir}/law_reranker.json`, JSON.stringify(json, null, 1) + "\n");
    console.log(`${model.features.length} features -> ${dir}/law_reranker.json`);
  }
  const cpu = cpuUsage(cpu0);
  console.log(
    `done in ${Math.round((performance.now() - t) / 1000)} s wall, ${
      Math.round((cpu.user + cpu.system) / 1e6)
    } s CPU`,
  );
}
