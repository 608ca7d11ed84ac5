/**
 * Builds server/services/laws/law_reranker.json, the learned re-ranker of law search
 * (server/services/laws/rerank.ts), from real questions labelled with the articles that answer them:
 *
 *   deno run -A scripts/build_law_reranker.ts [QUESTIONS_CSV] [--out=DIR] [--folds=5] [--cv] [--cache]
 *       [--refresh] [--l2=…] [--boost=trees,depth,rate,minLeaf;…]
 *
 * QUESTIONS_CSV defaults to ../shared/data/laws/stard-dev.csv. A question's features must be computed the
 * way an unseen question's will be: without its own answer in the term table and the question memory.
 * So the questions are split into K folds and each fold's candidates are collected with a table and a
 * memory learned from the other folds (out-of-fold features); the model is trained on all of them.
 *
 * --cv scores the re-ranker itself by K-fold cross-validation without touching a held-out fold: for the
 * scored fold f, the training questions of fold g get features learned without f and g, the model is
 * trained on those, and fold f is searched with a table and memory learned without f (as
 * scripts/eval_law_search.ts --folds does). It prints the pool's R@1/5/10 and MRR@10 for each --l2 value
 * and --boost setting. --cache keeps the collected pools in tests/cache (the scored pools of the nested
 * folds are also the out-of-fold pools the shipped model is trained on); --refresh collects them again
 * (needed after any change to the first pass or the features).
 */
import type { LawLibrary } from "../server/services/laws/library.ts";
import { buildQuestionMemory } from "../server/services/laws/question_memory.ts";
import {
  boostReranker,
  FEATURES,
  type Reranker,
  scoreFeatures,
  type TrainingGroup,
  trainReranker,
} from "../server/services/laws/rerank.ts";
import { rerankCandidates } from "../server/services/laws/search.ts";
import { buildTermTable } from "./build_law_term_table.ts";
import { loadCorpus, memoryEntries, type Question, readQuestions, trainingPairs } from "./law_eval_data.ts";
// @ts-types="./score_types.d.ts"
import { key as scoreKey } from "../../shared/data/laws/score.mjs";

export interface Pool extends TrainingGroup {
  /** score.mjs keys of the pool's articles, first-pass order, and of the gold articles. */
  keys: string[];
  gold: string[];
}

function docKey(lib: LawLibrary, doc: number): string {
  const v = lib.versions[lib.docVersion[doc]];
  return scoreKey(v.record.title, v.articles[lib.docArticle[doc]].number);
}

/** The re-ranker's pools of `questions`, with the table and memory learned from `train`. */
export function collectPools(lib: LawLibrary, train: Question[], questions: Question[]): Pool[] {
  const termTable = buildTermTable(lib, trainingPairs(lib, train));
  const memory = buildQuestionMemory(memoryEntries(train));
  const out: Pool[] = [];
  for (const q of questions) {
    const c = rerankCandidates(lib, { q: q.question, termTable, memory, reranker: null });
    if (!c) {
      out.push({ keys: [], gold: q.gold, features: [], labels: [] });
      continue;
    }
    const keys = c.docs.map((d) => docKey(lib, d));
    const gold = new Set(q.gold);
    out.push({ keys, gold: q.gold, features: c.features, labels: keys.map((k) => gold.has(k) ? 1 : 0) });
  }
  return out;
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
): { r1: number; r5: number; r10: number; mrr: number } {
  const sum = { r1: 0, r5: 0, r10: 0, mrr: 0 };
  for (const p of pools) {
    let order = p.keys.map((_, i) => i);
    if (model) {
      const s = p.features.map((x) => scoreFeatures(model, x));
      order = order.sort((a, b) => s[b] - s[a] || a - b);
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
 * Per scored fold f: the training pools (fold g's questions with table and memory learned without f and
 * g) and the scored pools (fold f with table and memory learned without f). Never reads fold f's
 * answers while building what fold f is scored with.
 */
export function nestedPools(
  lib: LawLibrary,
  qs: Question[],
  folds: number,
): { train: Pool[]; test: Pool[] }[] {
  const byFold = (f: number) => qs.filter((_, i) => foldOf(i, folds) === f);
  const pair = new Map<string, Pool[]>();
  for (let f = 0; f < folds; f++) {
    for (let g = f + 1; g < folds; g++) {
      const train = qs.filter((_, i) => foldOf(i, folds) !== f && foldOf(i, folds) !== g);
      const pools = collectPools(lib, train, [...byFold(f), ...byFold(g)]);
      console.error(`pools of folds ${f} and ${g} collected`);
      const nf = byFold(f).length;
      pair.set(`${f}-${g}`, pools.slice(nf)); // fold g's features, for scoring f
      pair.set(`${g}-${f}`, pools.slice(0, nf)); // fold f's features, for scoring g
    }
  }
  const out: { train: Pool[]; test: Pool[] }[] = [];
  for (let f = 0; f < folds; f++) {
    const train: Pool[] = [];
    for (let g = 0; g < folds; g++) if (g !== f) train.push(...pair.get(`${f}-${g}`)!);
    const test = collectPools(lib, qs.filter((_, i) => foldOf(i, folds) !== f), byFold(f));
    out.push({ train, test });
  }
  return out;
}

export const L2 = 1e-3;
/** The shipped recipe's boosting settings (see boostReranker). */
export const BOOST = { trees: 60, depth: 3, rate: 0.1, minLeaf: 50 };

/** The model as shipped: a linear model, then boosted trees on top when BOOST.trees > 0. */
export function trainShipped(pools: Pool[]): Reranker {
  const linear = trainReranker(pools, { l2: L2 });
  return BOOST.trees > 0 ? boostReranker(linear, pools, BOOST) : linear;
}

/**
 * nestedPools() kept in tests/cache (keyed by the feature list and the questions) with --cache, so model
 * settings can be compared without collecting the pools again; --refresh collects them anew.
 */
export async function cachedNestedPools(
  lib: LawLibrary,
  qs: Question[],
  folds: number,
): Promise<{ train: Pool[]; test: Pool[] }[]> {
  if (!Deno.args.includes("--cache")) return nestedPools(lib, qs, folds);
  return await readOrCollect(lib, qs, folds);
}

/** The cached nested pools (tests/cache/rerank_pools_*.json), collected and stored when missing. */
export async function readOrCollect(
  lib: LawLibrary,
  qs: Question[],
  folds: number,
): Promise<{ train: Pool[]; test: Pool[] }[]> {
  const key = `${FEATURES.length}-${qs.length}-${folds}`;
  const path = new URL(`../tests/cache/rerank_pools_${key}.json`, import.meta.url).pathname;
  const revive = (p: Pool) => ({
    ...p,
    features: p.features.map((x) => Float64Array.from(x as ArrayLike<number>)),
  });
  if (!Deno.args.includes("--refresh")) {
    try {
      const data = JSON.parse(await Deno.readTextFile(path)) as { train: Pool[]; test: Pool[] }[];
      return data.map((n) => ({ train: n.train.map(revive), test: n.test.map(revive) }));
    } catch { /* not cached yet */ }
  }
  const nested = nestedPools(lib, qs, folds);
  const plain = (p: Pool) => ({
    ...p,
    features: p.features.map((x) => Array.from(x, (v) => Math.round(v * 1e4) / 1e4)),
  });
  await Deno.writeTextFile(
    path,
    JSON.stringify(nested.map((n) => ({ train: n.train.map(plain), test: n.test.map(plain) }))),
  );
  return nested;
}

if (import.meta.main) {
  const flag = (name: string) => Deno.args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const data = new URL("../../shared/data/laws/", import.meta.url).pathname;
  const src = Deno.args.find((a) => !a.startsWith("--")) ?? `${data}stard-dev.csv`;
  const dir = flag("out") ?? new URL("../server/services/laws/", import.meta.url).pathname;
  const folds = Number(flag("folds") ?? 5);
  const l2s = (flag("l2") ?? String(L2)).split(",").map(Number);
  const lib = await loadCorpus("national");
  const qs = readQuestions(src);
  const f3 = (x: number) => x.toFixed(3);
  const line = (name: string, s: ReturnType<typeof poolScores>) =>
    console.log(
      `${name.padEnd(28)} R@1 ${f3(s.r1)}  R@5 ${f3(s.r5)}  R@10 ${f3(s.r10)}  MRR@10 ${f3(s.mrr)}`,
    );
  if (Deno.args.includes("--cv")) {
    const t = performance.now();
    const nested = await cachedNestedPools(lib, qs, folds);
    console.log(`pools collected in ${Math.round((performance.now() - t) / 1000)} s`);
    line("first pass (no re-ranker)", poolScores(nested.flatMap((n) => n.test), null));
    const report = (name: string, train: (n: { train: Pool[] }) => Reranker) => {
      const sums = nested.map((n) => ({ n: n.test.length, s: poolScores(n.test, train(n)) }));
      const total = sums.reduce((s, x) => s + x.n, 0);
      const w = (k: keyof ReturnType<typeof poolScores>) =>
        sums.reduce((s, x) => s + x.s[k] * x.n, 0) / total;
      line(name, { r1: w("r1"), r5: w("r5"), r10: w("r10"), mrr: w("mrr") });
    };
    for (const l2 of l2s) report(`linear l2=${l2}`, (n) => trainReranker(n.train, { l2 }));
    for (const spec of (flag("boost") ?? "").split(";").filter(Boolean)) {
      const [trees, depth, rate, minLeaf] = spec.split(",").map(Number);
      report(
        `linear+trees ${spec}`,
        (n) =>
          boostReranker(trainReranker(n.train, { l2: l2s[0] }), n.train, { trees, depth, rate, minLeaf }),
      );
    }
  } else {
    // The scored pools of the nested cross-validation are exactly the out-of-fold pools: reuse them.
    const pools = Deno.args.includes("--cache")
      ? (await readOrCollect(lib, qs, folds)).flatMap((n) => n.test)
      : outOfFoldPools(lib, qs, folds);
    const model = trainShipped(pools);
    line("out-of-fold, first pass", poolScores(pools, null));
    line("out-of-fold, re-ranked (train)", poolScores(pools, model));
    const json = {
      _comment:
        "Learned re-ranker of law search (rerank.ts): linear weights over standardized features. Built by scripts/build_law_reranker.ts from real questions' out-of-fold candidates; rebuild, do not edit.",
      source: src.split("/").pop(),
      questions: qs.length,
      ...model,
    };
    await Deno.writeTextFile(`${dir}/law_reranker.json`, JSON.stringify(json, null, 1) + "\n");
    console.log(`${model.features.length} weights -> ${dir}/law_reranker.json`);
  }
}
