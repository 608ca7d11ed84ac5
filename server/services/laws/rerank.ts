/**
 * Learned re-ranking of the best candidates (issue #24): the first pass (BM25 with synonyms, the term
 * table, remembered questions and the law prior, search.ts) finds the right article for most questions
 * but not first. For the best POOL_SIZE candidates and every article a remembered neighbour lends, a
 * linear model over a few dozen features (field BM25 of the user's own words and of the learned
 * expansions, the first-pass score and rank, the remembered neighbours' votes for the article and for its
 * law, how often real questions are answered by the article and by its law, the kind of law, the
 * article's place and length, the question's words in the law's title, the scores of its neighbour
 * articles, chapter and law in the pool) plus boosted trees, which also see the question's shape
 * (length, clauses, keywords or a sentence, a law named, statute vocabulary), orders them again.
 *
 * The weights are learned by scripts/build_law_reranker.ts (pairwise logistic loss: a gold article
 * should score above each other candidate of its question) from real questions whose features were
 * computed without their own answers remembered and from written questions, and shipped as
 * law_reranker.json.
 */
import type { LawLibrary } from "./library.ts";
import type { LawLevel } from "./types.ts";
import rerankerData from "./law_reranker.json" with { type: "json" };

/** Rank offset of the fusion of the model's and the first pass's orders (rerankPool). */
const FUSION_K = 5;

/** The best first-pass candidates the model orders again. */
export const POOL_SIZE = 100;

export interface RerankInput {
  /** The first-pass ranking (best first), pooled by search.ts. */
  pool: { doc: number; score: number }[];
  /** Score of each doc before the remembered questions lent theirs, and its rank then. */
  textScore: Map<number, number>;
  textRank: Map<number, number>;
  /** What the remembered neighbours lend each doc: summed and best similarity, how many lent it. */
  memory: Map<number, { sum: number; max: number; n: number }>;
  /** Summed similarity of the neighbours answered by each law (group). */
  memoryLaw: Map<string, number>;
  neighbours: number;
  /** How well the question matches the remembered questions each doc answers, read as one text (askedScores). */
  asked: Map<number, number>;
  /** The same over the real questions only (the entries of no training-only set). */
  askedReal: Map<number, number>;
  /** The user's own bigrams and the learned expansions with their weights. */
  own: Set<string>;
  expansions: Map<string, number>;
  mentioned: Set<string>;
  topical: Set<string>;
  lawPrior: Map<string, number> | null;
  articlePrior: Map<number, number> | null;
  /** The question as the user typed it, for its shape (length, clauses, keywords or a sentence). */
  question: string;
}

const LEVELS: LawLevel[] = ["法律", "司法解释", "行政法规", "部门规章", "地方性法规"];

export const FEATURES = [
  "first_score",
  "first_rrank",
  "first_log_rank",
  "text_score",
  "text_rrank",
  "mem_sum",
  "mem_max",
  "mem_share",
  "mem_law",
  "own_text",
  "own_text_norm",
  "own_context",
  "exp_text",
  "exp_context",
  "coverage",
  "title_share",
  "law_prior",
  "article_prior",
  "article_seen",
  ...LEVELS.map((l) => `level_${l}`),
  "mentioned",
  "topical",
  "position",
  "first_article",
  "last_articles",
  "length",
  "law_share",
  "law_best",
  // Neighbourhood of the article in the pool: the articles before and after it, its chapter, its law.
  "prev_score",
  "next_score",
  "chapter_score",
  "chapter_count",
  "chapter_memory",
  "path_share",
  "law_rank",
  "law_sum",
  "law_count",
  "rank_in_law",
  // Anchor text (anchors.ts): the question's words in what citing articles say about the article, how
  // many articles cite it, how many of the pool's best 30 do.
  "anchor_own",
  "anchor_own_norm",
  "cited_log",
  "cited_by_top",
  // The question's words in the remembered questions the article answers, read as one text.
  "asked",
  "asked_rel",
  "asked_real",
  "asked_law",
  // The question's shape, the same for every candidate: trees split on it, so one model serves short
  // written keyword queries and long real questions alike.
  "q_length",
  "q_clauses",
  "q_asks",
  "q_spaced",
  "q_first_person",
  "q_law_named",
  "q_statute_vocab",
  "q_memory_best",
  "q_first_gap",
] as const;

export type FeatureName = (typeof FEATURES)[number];

/** Feature vectors of the pool's docs, in FEATURES order. */
export function rerankFeatures(lib: LawLibrary, input: RerankInput): Float64Array[] {
  const docs = input.pool.map((c) => c.doc);
  const n = docs.length;
  const own = new Map([...input.own].map((t) => [t, 1]));
  const ownIdf = [...input.own].map((t) => ({ t, idf: lib.index.idf(t) }));
  const idfTotal = ownIdf.reduce((s, x) => s + x.idf, 0) || 1;
  const ownScores = lib.index.fieldScores(own, docs);
  const expScores = lib.index.fieldScores(input.expansions, docs);
  const maxOf = (a: Float64Array) => Math.max(1e-9, ...a);
  const ownTextMax = maxOf(ownScores.text);
  const ownContextMax = maxOf(ownScores.context);
  const expTextMax = maxOf(expScores.text);
  const expContextMax = maxOf(expScores.context);
  const top = input.pool[0]?.score || 1;
  let topText = 1e-9;
  for (const s of input.textScore.values()) topText = Math.max(topText, s);
  const memLawMax = Math.max(1e-9, ...input.memoryLaw.values());
  let articleMax = 0;
  for (const c of input.articlePrior?.values() ?? []) articleMax = Math.max(articleMax, c);
  // Law-level evidence from the best 30 of the pool: how many of them, and the law's best score.
  const lawCount = new Map<string, number>();
  const lawBest = new Map<string, number>();
  input.pool.forEach((c, i) => {
    const g = lib.versions[lib.docVersion[c.doc]].group;
    if (i < 30) lawCount.set(g, (lawCount.get(g) ?? 0) + 1);
    lawBest.set(g, Math.max(lawBest.get(g) ?? 0, c.score));
  });
  const anchorMax = maxOf(ownScores.anchor);
  const top30 = new Set(docs.slice(0, 30));
  let askedMax = 1e-9;
  for (const d of docs) askedMax = Math.max(askedMax, input.asked.get(d) ?? 0);
  // A law's best asked score over every article the memory answers with (not the pool's only).
  const askedLaw = new Map<string, number>();
  for (const [d, s] of input.asked) {
    const g = lib.versions[lib.docVersion[d]].group;
    if (s > (askedLaw.get(g) ?? 0)) askedLaw.set(g, s);
  }
  let askedLawMax = 1e-9;
  for (const s of askedLaw.values()) askedLawMax = Math.max(askedLawMax, s);
  const hood = neighbourhood(lib, input);
  const shape = questionShape(lib, input);
  const out: Float64Array[] = [];
  for (let k = 0; k < n; k++) {
    const d = docs[k];
    const v = lib.versions[lib.docVersion[d]];
    const ai = lib.docArticle[d];
    const a = v.articles[ai];
    const body = a.paragraphs.join("");
    const path = a.path.join("");
    let covered = 0;
    let titled = 0;
    for (const x of ownIdf) {
      if (body.includes(x.t) || path.includes(x.t)) covered += x.idf;
      if (v.record.title.includes(x.t)) titled += x.idf;
    }
    const mem = input.memory.get(d);
    const textRank = input.textRank.get(d);
    const count = input.articlePrior?.get(d) ?? 0;
    const x = new Float64Array(FEATURES.length);
    let i = 0;
    x[i++] = input.pool[k].score / top;
    x[i++] = 1 / (1 + k);
    x[i++] = Math.log2(2 + k) / Math.log2(2 + POOL_SIZE);
    x[i++] = (input.textScore.get(d) ?? 0) / topText;
    x[i++] = textRank === undefined ? 0 : 1 / (1 + textRank);
    x[i++] = mem?.sum ?? 0;
    x[i++] = mem?.max ?? 0;
    x[i++] = mem ? mem.n / Math.max(1, input.neighbours) : 0;
    x[i++] = (input.memoryLaw.get(v.group) ?? 0) / memLawMax;
    x[i++] = ownScores.text[k] / ownTextMax;
    x[i++] = ownScores.text[k] / idfTotal;
    x[i++] = ownScores.context[k] / ownContextMax;
    x[i++] = expScores.text[k] / expTextMax;
    x[i++] = expScores.context[k] / expContextMax;
    x[i++] = covered / idfTotal;
    x[i++] = titled / idfTotal;
    x[i++] = input.lawPrior?.get(v.group) ?? 0;
    x[i++] = articleMax > 0 ? Math.log1p(count) / Math.log1p(articleMax) : 0;
    x[i++] = count > 0 ? 1 : 0;
    for (const l of LEVELS) x[i++] = v.record.level === l ? 1 : 0;
    x[i++] = input.mentioned.has(v.group) ? 1 : 0;
    x[i++] = input.topical.has(v.group) ? 1 : 0;
    x[i++] = v.articles.length > 1 ? ai / (v.articles.length - 1) : 0;
    x[i++] = ai === 0 ? 1 : 0;
    x[i++] = ai >= v.articles.length - 2 ? 1 : 0;
    x[i++] = Math.log1p(body.length) / Math.log(1000);
    x[i++] = (lawCount.get(v.group) ?? 0) / 10;
    x[i++] = (lawBest.get(v.group) ?? 0) / top;
    const chapter = `${lib.docVersion[d]}/${path}`;
    let pathCovered = 0;
    for (const t of ownIdf) if (path.includes(t.t)) pathCovered += t.idf;
    x[i++] = ai > 0 ? (hood.score.get(d - 1) ?? 0) / top : 0;
    x[i++] = ai < v.articles.length - 1 ? (hood.score.get(d + 1) ?? 0) / top : 0;
    x[i++] = Math.log1p((hood.chapterSum.get(chapter) ?? 0) / top);
    x[i++] = (hood.chapterCount.get(chapter) ?? 0) / 10;
    x[i++] = hood.chapterMemory.get(chapter) ?? 0;
    x[i++] = pathCovered / idfTotal;
    x[i++] = 1 / (1 + (hood.lawRank.get(v.group) ?? POOL_SIZE));
    x[i++] = Math.log1p((hood.lawSum.get(v.group) ?? 0) / top);
    x[i++] = (hood.lawCount.get(v.group) ?? 0) / 20;
    x[i++] = 1 / (1 + (hood.rankInLaw.get(d) ?? POOL_SIZE));
    x[i++] = ownScores.anchor[k] / anchorMax;
    x[i++] = ownScores.anchor[k] / idfTotal;
    x[i++] = Math.log1p(lib.citedBy[d]) / Math.log(32);
    let citing = 0;
    for (let j = lib.citerStart[d]; j < lib.citerStart[d + 1]; j++) if (top30.has(lib.citers[j])) citing++;
    x[i++] = Math.min(citing, 3) / 3;
    x[i++] = input.asked.get(d) ?? 0;
    x[i++] = (input.asked.get(d) ?? 0) / askedMax;
    x[i++] = input.askedReal.get(d) ?? 0;
    x[i++] = (askedLaw.get(v.group) ?? 0) / askedLawMax;
    x.set(shape, i);
    out.push(x);
  }
  return out;
}

/** Pool-wide sums the neighbourhood features read: by doc, by chapter (version + heading path), by law. */
function neighbourhood(lib: LawLibrary, input: RerankInput) {
  const score = new Map<number, number>();
  const chapterSum = new Map<string, number>();
  const chapterCount = new Map<string, number>();
  const chapterMemory = new Map<string, number>();
  const lawSum = new Map<string, number>();
  const lawCount = new Map<string, number>();
  const lawRank = new Map<string, number>();
  const rankInLaw = new Map<number, number>();
  for (const c of input.pool) {
    const vi = lib.docVersion[c.doc];
    const v = lib.versions[vi];
    const chapter = `${vi}/${v.articles[lib.docArticle[c.doc]].path.join("")}`;
    score.set(c.doc, c.score);
    chapterSum.set(chapter, (chapterSum.get(chapter) ?? 0) + c.score);
    chapterCount.set(chapter, (chapterCount.get(chapter) ?? 0) + 1);
    chapterMemory.set(chapter, (chapterMemory.get(chapter) ?? 0) + (input.memory.get(c.doc)?.sum ?? 0));
    lawSum.set(v.group, (lawSum.get(v.group) ?? 0) + c.score);
    // The pool is sorted best first: a law's rank is that of its first article, an article's rank in
    // its law is the number of the law's articles before it.
    if (!lawRank.has(v.group)) lawRank.set(v.group, lawRank.size);
    rankInLaw.set(c.doc, lawCount.get(v.group) ?? 0);
    lawCount.set(v.group, (lawCount.get(v.group) ?? 0) + 1);
  }
  return { score, chapterSum, chapterCount, chapterMemory, lawSum, lawCount, lawRank, rankInLaw };
}

/** Sentence punctuation: how many clauses a question has. */
const CLAUSE_MARKS = /[，。？！；,.?!;：:]/g;
const ASKING = /[？?吗呢]|怎么|怎样|如何|什么|是否|能否|多少|多久|哪些|为何|为什么/;
const FIRST_PERSON = /[我俺咱]/;

/** The question-level features (see FEATURES): the same for every candidate of the pool. */
function questionShape(lib: LawLibrary, input: RerankInput): number[] {
  const q = input.question.trim();
  const chars = q.replace(/\s+/g, "").length;
  let vocab = 0;
  for (const t of input.own) vocab += Math.min(1, Math.log1p(lib.index.docFreq(t)) / Math.log1p(1000));
  let memBest = 0;
  for (const m of input.memory.values()) memBest = Math.max(memBest, m.max);
  const top = input.pool[0]?.score || 1;
  return [
    Math.log1p(chars) / Math.log(100),
    Math.min(10, q.match(CLAUSE_MARKS)?.length ?? 0) / 5,
    ASKING.test(q) ? 1 : 0,
    /\S\s+\S/.test(q) ? 1 : 0,
    FIRST_PERSON.test(q) ? 1 : 0,
    input.mentioned.size > 0 ? 1 : 0,
    input.own.size > 0 ? vocab / input.own.size : 0,
    memBest,
    (input.pool[1]?.score ?? 0) / top,
  ];
}

/**
 * A linear model over standardized features, optionally plus boosted regression trees over the raw
 * features (each tree as flat arrays: node i splits on feature[i] at threshold[i], going to left[i] when
 * x <= threshold, else right[i]; a leaf has feature -1 and its value).
 */
export interface Reranker {
  features: string[];
  mean: number[];
  std: number[];
  weights: number[];
  trees?: Tree[];
}

export interface Tree {
  feature: number[];
  threshold: number[];
  left: number[];
  right: number[];
  value: number[];
}

export function scoreFeatures(model: Reranker, x: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < model.weights.length; i++) {
    s += model.weights[i] * (x[i] - model.mean[i]) / model.std[i];
  }
  for (const t of model.trees ?? []) {
    let node = 0;
    while (t.feature[node] >= 0) {
      node = x[t.feature[node]] <= t.threshold[node] ? t.left[node] : t.right[node];
    }
    s += t.value[node];
  }
  return s;
}

/**
 * One model scoring the mean of `models`' scores (a bagged ensemble): the linear parts folded into one
 * over unstandardized features (mean 0, std 1), their constant in a one-leaf tree, every tree's leaves
 * divided by the number of models.
 */
export function averageRerankers(models: Reranker[]): Reranker {
  const k = models.length;
  const n = models[0].weights.length;
  const weights = new Array<number>(n).fill(0);
  let constant = 0;
  const trees: Tree[] = [];
  for (const m of models) {
    for (let i = 0; i < n; i++) {
      weights[i] += m.weights[i] / m.std[i] / k;
      constant -= m.weights[i] * m.mean[i] / m.std[i] / k;
    }
    for (const t of m.trees ?? []) trees.push({ ...t, value: t.value.map((v) => v / k) });
  }
  trees.push({ feature: [-1], threshold: [0], left: [-1], right: [-1], value: [constant] });
  return {
    features: models[0].features,
    mean: new Array<number>(n).fill(0),
    std: new Array<number>(n).fill(1),
    weights,
    trees,
  };
}

/** A model stored for another feature list would weigh the wrong numbers: refuse it. */
export function rerankerFromData(data: Reranker): Reranker {
  const n = FEATURES.length;
  if (data.features.join() !== FEATURES.join()) {
    throw new Error(`law_reranker.json lists other features than rerank.ts: rebuild it`);
  }
  if ([data.mean, data.std, data.weights].some((a) => a.length !== n)) {
    throw new Error("law_reranker.json: wrong number of weights");
  }
  return data;
}

let shipped: Reranker | null = null;

/** The model shipped with the product (law_reranker.json), checked on first use. */
export function shippedReranker(): Reranker {
  return shipped ??= rerankerFromData(rerankerData as Reranker);
}

/**
 * The pool's order (indices into it): by the model's scores, or with mix < 1 by reciprocal rank fusion of
 * the model's order (share mix) and the first pass's (share 1 - mix, the pool's own order). Ties keep
 * the first pass's order.
 */
export function fusedOrder(modelScores: number[], mix: number): number[] {
  const byModel = modelScores.map((_, k) => k).sort((a, b) => modelScores[b] - modelScores[a] || a - b);
  if (mix >= 1) return byModel;
  const fused = new Array<number>(modelScores.length);
  byModel.forEach((k, r) => fused[k] = mix / (FUSION_K + r) + (1 - mix) / (FUSION_K + k));
  return fused.map((_, k) => k).sort((a, b) => fused[b] - fused[a] || a - b);
}

/**
 * The model's share in the fusion with the first pass, by the question's shape: `asks` for a question
 * worded as one (feature q_asks), `other` for keywords and statements.
 */
export interface FusionShares {
  asks: number;
  other: number;
}

export function fusionShare(x: ArrayLike<number> | undefined, shares: number | FusionShares): number {
  if (typeof shares === "number") return shares;
  return x && x[FEATURES.indexOf("q_asks")] === 1 ? shares.asks : shares.other;
}

/**
 * Orders the pool by the model (fused with the first pass, see fusedOrder and fusionShare). Scores keep
 * the first pass's scale (the pool's scores, sorted, are handed out again in the new order), so callers
 * comparing scores to the best one still can.
 */
export function rerankPool(
  lib: LawLibrary,
  input: RerankInput,
  model: Reranker,
  shares: number | FusionShares = 1,
): { doc: number; score: number }[] {
  const xs = rerankFeatures(lib, input);
  const order = fusedOrder(xs.map((x) => scoreFeatures(model, x)), fusionShare(xs[0], shares));
  const scores = input.pool.map((c) => c.score).sort((a, b) => b - a);
  return order.map((i, k) => ({ doc: input.pool[i].doc, score: scores[k] }));
}

export interface TrainingGroup {
  features: Float64Array[];
  /** 1 for a gold article, else 0. */
  labels: number[];
  /** How much the question counts in the loss (1 when absent). */
  weight?: number;
}

/**
 * Pairwise logistic regression (RankNet with a linear scorer): for every gold and non-gold candidate of
 * a question, log(1 + e^-(s_gold - s_other)), averaged per question, plus l2 x |w|^2; full-batch
 * gradient descent with Adam on standardized features. Questions with no gold in their pool teach
 * nothing and are skipped.
 */
export function trainReranker(
  groups: TrainingGroup[],
  opts: {
    l2?: number;
    epochs?: number;
    rate?: number;
    maxNegatives?: number;
    metric?: RankMetric;
    cutoff?: number;
    perQuestion?: boolean;
  } = {},
): Reranker {
  const l2 = opts.l2 ?? 1e-3;
  const epochs = opts.epochs ?? 300;
  const rate = opts.rate ?? 0.05;
  const m = FEATURES.length;
  const mean = new Array(m).fill(0);
  const std = new Array(m).fill(0);
  let count = 0;
  for (const g of groups) {
    for (const x of g.features) {
      for (let j = 0; j < m; j++) mean[j] += x[j];
      count++;
    }
  }
  for (let j = 0; j < m; j++) mean[j] /= Math.max(1, count);
  for (const g of groups) {
    for (const x of g.features) for (let j = 0; j < m; j++) std[j] += (x[j] - mean[j]) ** 2;
  }
  for (let j = 0; j < m; j++) std[j] = Math.sqrt(std[j] / Math.max(1, count)) || 1;
  const z = (x: Float64Array) => Float64Array.from(x, (v, j) => (v - mean[j]) / std[j]);
  // Each gold article with its question's other candidates, standardized, in one flat array.
  const pairs: { pos: Float64Array; negs: Float64Array; count: number; weight: number }[] = [];
  for (const g of groups) {
    const pos = g.features.filter((_, i) => g.labels[i] === 1).map(z);
    const negList = g.features.filter((_, i) => g.labels[i] !== 1).slice(0, opts.maxNegatives ?? 1000);
    if (negList.length === 0) continue;
    const negs = new Float64Array(negList.length * m);
    negList.forEach((x, k) => negs.set(z(x), k * m));
    // perQuestion: a question counts once however many golds it has.
    const weight = (g.weight ?? 1) / (opts.perQuestion ? Math.max(1, pos.length) : 1);
    for (const p of pos) pairs.push({ pos: p, negs, count: negList.length, weight });
  }
  // With a metric each pair's loss is weighed by |change of the metric| if the two swapped, under the
  // current weights (LambdaRank for the linear model, see pairDelta); the questions' golds grouped.
  const byNegs = new Map<Float64Array, typeof pairs>();
  for (const p of pairs) byNegs.set(p.negs, [...(byNegs.get(p.negs) ?? []), p]);
  const metricGroups = [...byNegs.values()];
  const cutoff = opts.cutoff ?? 10;
  const totalWeight = pairs.reduce((s, p) => s + p.weight, 0) || 1;
  const w = new Float64Array(m);
  const mom = new Float64Array(m);
  const vel = new Float64Array(m);
  const grad = new Float64Array(m);
  for (let e = 1; e <= epochs; e++) {
    for (let j = 0; j < m; j++) grad[j] = 2 * l2 * w[j];
    if (opts.metric) {
      for (const golds of metricGroups) {
        const { negs, count } = golds[0];
        const dot = (x: Float64Array, o: number) => {
          let v = 0;
          for (let j = 0; j < m; j++) v += w[j] * x[o + j];
          return v;
        };
        const sn = Float64Array.from({ length: count }, (_, k) => dot(negs, k * m));
        const sp = golds.map((p) => dot(p.pos, 0));
        // Ranks under the current weights; among equals the others keep the pool's (first-pass) order
        // and the golds come last, so the untrained model (all scores 0) sees the first pass's list.
        const all = [...sn, ...sp];
        const order = all.map((_, i) => i).sort((a, b) => all[b] - all[a] || a - b);
        const rank = new Int32Array(all.length);
        order.forEach((i, r) => rank[i] = r);
        const goldRanks = sp.map((_, a) => rank[count + a]).sort((a, b) => a - b);
        const coef = new Float64Array(count);
        golds.forEach((p, a) => {
          let gs = 0;
          for (let k = 0; k < count; k++) {
            const d = pairDelta(opts.metric!, goldRanks, rank[count + a], rank[k], cutoff);
            if (d === 0) continue;
            const g = -p.weight * d / (1 + Math.exp(sp[a] - sn[k])) / totalWeight;
            gs += g;
            coef[k] += g;
          }
          for (let j = 0; j < m; j++) grad[j] += gs * p.pos[j];
        });
        for (let k = 0, o = 0; k < count; k++, o += m) {
          if (coef[k] !== 0) { for (let j = 0; j < m; j++) grad[j] -= coef[k] * negs[o + j]; }
        }
      }
    }
    for (const { pos, negs, count, weight } of opts.metric ? [] : pairs) {
      let sp = 0;
      for (let j = 0; j < m; j++) sp += w[j] * pos[j];
      let gs = 0;
      for (let k = 0, o = 0; k < count; k++, o += m) {
        let sn = 0;
        for (let j = 0; j < m; j++) sn += w[j] * negs[o + j];
        const g = -weight / (1 + Math.exp(sp - sn)) / count / totalWeight;
        gs += g;
        for (let j = 0; j < m; j++) grad[j] -= g * negs[o + j];
      }
      for (let j = 0; j < m; j++) grad[j] += gs * pos[j];
    }
    for (let j = 0; j < m; j++) {
      mom[j] = 0.9 * mom[j] + 0.1 * grad[j];
      vel[j] = 0.999 * vel[j] + 0.001 * grad[j] ** 2;
      const mh = mom[j] / (1 - 0.9 ** e);
      const vh = vel[j] / (1 - 0.999 ** e);
      w[j] -= rate * mh / (Math.sqrt(vh) + 1e-8);
    }
  }
  const round = (a: ArrayLike<number>) => Array.from(a, (x) => Math.round(x * 1e5) / 1e5);
  return { features: [...FEATURES], mean: round(mean), std: round(std), weights: round(w) };
}

/**
 * Gradient-boosted regression trees on top of a model (RankNet gradients: each gold/other pair of a
 * question pushes the gold up and the other down by 1/(1+e^(s_gold-s_other)), Newton leaf values with
 * l2 smoothing), splits chosen among BINS quantile thresholds per feature. With `lambda` "mrr" each pair
 * counts as much as swapping the two would change the question's reciprocal rank (LambdaRank), so
 * the top of the list is what the trees fix first; "ndcg" weighs by the change of DCG (1/log2(1+rank)).
 * Those two spread a question's weight over its pairs (`norm` "question"). LambdaMART proper (`metric`,
 * see pairDelta): each pair's RankNet gradient (scaled by `sigma`) is multiplied by how much swapping the
 * two would change the question's metric at the cut-off `cutoff` (pairs that cannot change it teach
 * nothing), the Newton steps use the matching second derivatives, and `norm` "none" keeps the deltas as
 * they are (a question already well ordered asks for little), "log" damps a question's summed deltas S
 * to log2(1 + S) (LightGBM's lambdarank_norm).
 */
export function boostReranker(
  base: Reranker,
  groups: TrainingGroup[],
  opts: {
    trees?: number;
    depth?: number;
    rate?: number;
    minLeaf?: number;
    l2?: number;
    lambda?: "mrr" | "ndcg" | "none";
    metric?: RankMetric;
    sigma?: number;
    cutoff?: number;
    norm?: "question" | "none" | "log";
  } = {},
): Reranker {
  const nTrees = opts.trees ?? 60;
  const depth = opts.depth ?? 3;
  const rate = opts.rate ?? 0.1;
  const minLeaf = opts.minLeaf ?? 50;
  const lambda = opts.l2 ?? 10;
  const BINS = 32;
  const m = FEATURES.length;
  const rows: Float64Array[] = [];
  const groupOf: number[] = [];
  const labels: number[] = [];
  const groupWeight = groups.map((g) => g.weight ?? 1);
  const metric = opts.metric;
  const sigma = opts.sigma ?? 1;
  const cutoff = opts.cutoff ?? 10;
  const norm = opts.norm ?? "none";
  const gainAt = opts.lambda === "mrr"
    ? (r: number) => 1 / (1 + r)
    : opts.lambda === "ndcg"
    ? (r: number) => 1 / Math.log2(2 + r)
    : null;
  groups.forEach((g, gi) => {
    if (!g.labels.includes(1)) return;
    g.features.forEach((x, i) => {
      rows.push(x);
      groupOf.push(gi);
      labels.push(g.labels[i]);
    });
  });
  const n = rows.length;
  // Candidate thresholds: quantiles of each feature.
  const thresholds: number[][] = [];
  for (let j = 0; j < m; j++) {
    const vals = rows.map((x) => x[j]).sort((a, b) => a - b);
    const th = new Set<number>();
    for (let b = 1; b < BINS; b++) th.add(vals[Math.floor((b * n) / BINS)]);
    thresholds.push([...th].sort((a, b) => a - b));
  }
  // Each feature's bins of all rows, one array per feature (the split search reads one feature at a time).
  const bins = thresholds.map((th, j) => Uint8Array.from(rows, (x) => upperBound(th, x[j])));
  const score = Float64Array.from(rows, (x) => scoreFeatures(base, x));
  const byGroup = new Map<number, number[]>();
  groupOf.forEach((g, i) => {
    const l = byGroup.get(g) ?? [];
    l.push(i);
    byGroup.set(g, l);
  });
  const trees: Tree[] = [];
  const grad = new Float64Array(n);
  const hess = new Float64Array(n);
  for (let t = 0; t < nTrees; t++) {
    grad.fill(0);
    hess.fill(0);
    for (const [gi, idx] of byGroup) {
      const pos = idx.filter((i) => labels[i] === 1);
      const neg = idx.filter((i) => labels[i] !== 1);
      let w = groupWeight[gi] / Math.max(1, pos.length * neg.length);
      const rank = new Map<number, number>();
      if (metric) {
        [...idx].sort((a, b) => score[b] - score[a] || a - b).forEach((i, r) => rank.set(i, r));
        const goldRanks = pos.map((i) => rank.get(i)!).sort((a, b) => a - b);
        const deltas = new Float64Array(pos.length * neg.length);
        let total = 0;
        pos.forEach((p, a) =>
          neg.forEach((q, b) => {
            const d = pairDelta(metric, goldRanks, rank.get(p)!, rank.get(q)!, cutoff);
            deltas[a * neg.length + b] = d;
            total += d;
          })
        );
        const scale = groupWeight[gi] *
          (norm === "question"
            ? 1 / Math.max(1e-9, total)
            : norm === "log" && total > 0
            ? Math.log2(1 + total) / total
            : 1);
        pos.forEach((p, a) =>
          neg.forEach((q, b) => {
            const d = deltas[a * neg.length + b] * scale;
            if (d === 0) return;
            const rho = 1 / (1 + Math.exp(sigma * (score[p] - score[q])));
            grad[p] -= d * sigma * rho;
            grad[q] += d * sigma * rho;
            hess[p] += d * sigma * sigma * rho * (1 - rho);
            hess[q] += d * sigma * sigma * rho * (1 - rho);
          })
        );
        continue;
      }
      if (gainAt) {
        // Deterministic ranks under the current scores (ties by position in the pool).
        [...idx].sort((a, b) => score[b] - score[a] || a - b).forEach((i, r) => rank.set(i, r));
        // The pairs' deltas sum to far less than their count: normalise so a question weighs as before.
        let total = 0;
        for (const p of pos) {
          for (const q of neg) total += Math.abs(gainAt(rank.get(p)!) - gainAt(rank.get(q)!));
        }
        w = groupWeight[gi] / Math.max(1e-9, total);
      }
      for (const p of pos) {
        for (const q of neg) {
          const delta = gainAt ? Math.abs(gainAt(rank.get(p)!) - gainAt(rank.get(q)!)) : 1;
          const rho = 1 / (1 + Math.exp(score[p] - score[q]));
          grad[p] -= w * delta * rho;
          grad[q] += w * delta * rho;
          hess[p] += w * delta * rho * (1 - rho);
          hess[q] += w * delta * rho * (1 - rho);
        }
      }
    }
    const tree: Tree = { feature: [], threshold: [], left: [], right: [], value: [] };
    const grow = (items: number[], level: number): number => {
      const node = tree.feature.length;
      tree.feature.push(-1);
      tree.threshold.push(0);
      tree.left.push(-1);
      tree.right.push(-1);
      let G = 0;
      let H = 0;
      for (const i of items) {
        G += grad[i];
        H += hess[i];
      }
      tree.value.push(-rate * G / (H + lambda));
      if (level >= depth || items.length < 2 * minLeaf) return node;
      let best = { gain: 1e-12, j: -1, b: -1 };
      const gh = new Float64Array(BINS * 2);
      const cnt = new Int32Array(BINS);
      for (let j = 0; j < m; j++) {
        gh.fill(0);
        cnt.fill(0);
        const bin = bins[j];
        for (const i of items) {
          const b = bin[i];
          gh[2 * b] += grad[i];
          gh[2 * b + 1] += hess[i];
          cnt[b]++;
        }
        let gl = 0;
        let hl = 0;
        let nl = 0;
        for (let b = 0; b < BINS - 1; b++) {
          gl += gh[2 * b];
          hl += gh[2 * b + 1];
          nl += cnt[b];
          if (nl < minLeaf || items.length - nl < minLeaf) continue;
          const gr = G - gl;
          const hr = H - hl;
          const gain = gl * gl / (hl + lambda) + gr * gr / (hr + lambda) - G * G / (H + lambda);
          if (gain > best.gain) best = { gain, j, b };
        }
      }
      if (best.j < 0 || best.b >= thresholds[best.j].length) return node;
      const left = items.filter((i) => bins[best.j][i] <= best.b);
      const right = items.filter((i) => bins[best.j][i] > best.b);
      tree.feature[node] = best.j;
      tree.threshold[node] = thresholds[best.j][best.b];
      tree.left[node] = grow(left, level + 1);
      tree.right[node] = grow(right, level + 1);
      return node;
    };
    grow(rows.map((_, i) => i), 0);
    for (let i = 0; i < n; i++) {
      let node = 0;
      while (tree.feature[node] >= 0) {
        node = rows[i][tree.feature[node]] <= tree.threshold[node] ? tree.left[node] : tree.right[node];
      }
      score[i] += tree.value[node];
    }
    tree.value = tree.value.map((v) => Math.round(v * 1e5) / 1e5);
    trees.push(tree);
  }
  return { ...base, trees };
}

/**
 * The metrics LambdaMART can aim at (boostReranker `metric`), all at the cut-off k: "mrr", the reciprocal
 * rank of the first gold in the first k; "ndcg", DCG of the golds (binary gains, 1/log2(2 + rank))
 * over the best possible; "recall", the share of the golds (of at most k) in the first k; "top", "mrr"
 * plus "recall" (the first gold high, and any gold into the first k).
 */
export type RankMetric = "mrr" | "ndcg" | "recall" | "top";

/**
 * |change of `metric`| when the gold at rank `p` and the other candidate at rank `q` (0-based) swap
 * places; `goldRanks` are the ranks of all the question's golds, ascending (p among them).
 */
export function pairDelta(metric: RankMetric, goldRanks: number[], p: number, q: number, k: number): number {
  const g = goldRanks.length;
  if (metric === "ndcg") {
    const gain = (r: number) => r < k ? 1 / Math.log2(2 + r) : 0;
    let ideal = 0;
    for (let r = 0; r < Math.min(g, k); r++) ideal += gain(r);
    return Math.abs(gain(p) - gain(q)) / ideal;
  }
  const recall = (p < k) !== (q < k) ? 1 / Math.min(g, k) : 0;
  if (metric === "recall") return recall;
  const rr = (r: number) => r < k ? 1 / (1 + r) : 0;
  const first = goldRanks[0];
  // After the swap the gold sits at q; the first gold is then the best of q and the golds other than p.
  const next = p === first ? (goldRanks[1] ?? Infinity) : first;
  const mrr = Math.abs(rr(Math.min(q, next)) - rr(first));
  return metric === "mrr" ? mrr : mrr + recall;
}

/** Index of the first threshold >= x (x <= thresholds[b] goes left at bin b). */
function upperBound(thresholds: number[], x: number): number {
  let lo = 0;
  let hi = thresholds.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (thresholds[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
