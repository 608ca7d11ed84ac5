/**
 * Law search retrieval quality over the national corpus (issue #24):
 *
 *   deno run -A scripts/eval_law_search.ts [--set=stard|dev|own|written2|written3|typo|verbs|all|FILE.csv,…]
 *       [--corpus=national|library] [--baseline] [--folds=5] [--verbose] [--by-type] [--limit=N]
 *       [--variants=name:key=value,…;…] [--query=TEXT]
 *
 * Unpacks ../shared/data/laws/national.tar.xz once into tests/cache/national (or reads NATIONAL_DIR), builds
 * the library with the product's own loader, runs every question of the chosen sets through searchLaws (top
 * 10; written2/written3 = tests/data/laws/questions-written{2,3}.csv and typo = tests/data/laws/questions-typo.csv
 * (typos, homophones, mistyped law names, everyday phrasing), never trained on, not in "all"; --by-type
 * adds a line per question type) and prints recall@1/5/10, MRR@10
 * (matching with score.mjs's own normalisation) and search p50/p95. --baseline also scores a naive
 * character-bigram BM25 over every article of the newest versions. --folds=K scores stard-dev by K-fold
 * cross-validation of the learned term table (scripts/build_law_term_table.ts): the table used for each fold
 * is trained without that fold's questions, and so is the re-ranker (scripts/build_law_reranker.ts; its pools
 * are cached in tests/cache; variant setting rerank=0 leaves it out). The training-only sets of
 * law_eval_data.ts TRAINING_SETS are in every fold's training (--sets=a,b:0.5 chooses them and their
 * weights, --memory-sets=a,b the ones each fold's memory also remembers, --table-sets=a,b the ones its
 * table learns from; see chosenSets).
 */
import type { LawLibrary } from "../server/services/laws/library.ts";
import { searchLaws, TUNING } from "../server/services/laws/search.ts";
import { buildQuestionMemory, type QuestionMemory } from "../server/services/laws/question_memory.ts";
import type { TermTable } from "../server/services/laws/term_table.ts";
import { bigramTerms } from "../server/services/laws/text_terms.ts";
import { buildTermTable } from "./build_law_term_table.ts";
import {
  extraTraining,
  foldOf,
  readOrCollect,
  readWritten,
  shippedPools,
  SMALL_WEIGHTS,
  trainingPools,
  trainShipped,
  WRITTEN_SETS,
  writtenTraining,
} from "./build_law_reranker.ts";
import type { Reranker } from "../server/services/laws/rerank.ts";
import {
  chosenSets,
  loadCorpus,
  memoryEntries,
  type Question,
  readQuestions,
  readSets,
  SCORED_SETS,
  trainingPairs,
} from "./law_eval_data.ts";
// @ts-types="./score_types.d.ts"
import { key as scoreKey } from "../../shared/data/laws/score.mjs";

const DATA = new URL("../../shared/data/laws/", import.meta.url).pathname;
const flag = (name: string) => Deno.args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const verbose = Deno.args.includes("--verbose");
const byType = Deno.args.includes("--by-type");

const SETS = SCORED_SETS;

export interface Scores {
  n: number;
  r1: number;
  r5: number;
  r10: number;
  mrr: number;
  /** Share of questions with a gold article in the first POOL_DEPTH (the re-ranker's pool without it). */
  pool: number;
  /** |gold ∩ first POOL_DEPTH| / |gold|: how many of each question's golds the pool holds. */
  poolRecall: number;
}

/** How deep the pool figures look: the re-ranker reorders the first pass's best POOL_SIZE (rerank.ts). */
export const POOL_DEPTH = 100;

/**
 * recall@k = |gold ∩ top k| / min(k, |gold|); MRR@10 of the first gold hit (as score.mjs); pool: a gold in
 * the first POOL_DEPTH, poolRecall: the share of the golds there.
 */
export function scoreRanking(gold: string[], ranked: string[]): Omit<Scores, "n"> {
  const list: string[] = [];
  const seen = new Set<string>();
  for (const k of ranked) {
    if (seen.has(k)) continue;
    seen.add(k);
    list.push(k);
  }
  const g = new Set(gold);
  const rec = (k: number) => list.slice(0, k).filter((x) => g.has(x)).length / Math.min(k, g.size);
  const first = list.slice(0, 10).findIndex((x) => g.has(x));
  const inPool = list.slice(0, POOL_DEPTH).filter((x) => g.has(x)).length;
  return {
    r1: rec(1),
    r5: rec(5),
    r10: rec(10),
    mrr: first < 0 ? 0 : 1 / (first + 1),
    pool: inPool > 0 ? 1 : 0,
    poolRecall: g.size ? inPool / g.size : 0,
  };
}

type Row = Omit<Scores, "n">;
const FIELDS: (keyof Row)[] = ["r1", "r5", "r10", "mrr", "pool", "poolRecall"];

function mean(rows: Row[]): Scores {
  const out = { n: rows.length } as Scores;
  for (const f of FIELDS) out[f] = rows.reduce((s, r) => s + r[f], 0) / (rows.length || 1);
  return out;
}

/** Folds' scores weighted by their sizes. */
function pooled(rows: Scores[]): Scores {
  const n = rows.reduce((s, r) => s + r.n, 0);
  const out = { n } as Scores;
  for (const f of FIELDS) out[f] = rows.reduce((s, r) => s + r[f] * r.n, 0) / (n || 1);
  return out;
}

export function formatScores(name: string, s: Scores, extra = ""): string {
  const f = (x: number) => x.toFixed(3);
  return `${name.padEnd(34)} n=${String(s.n).padStart(4)}  R@1 ${f(s.r1)}  R@5 ${f(s.r5)}  R@10 ${
    f(s.r10)
  }  MRR@10 ${f(s.mrr)}  pool@${POOL_DEPTH} ${f(s.pool)} (golds ${f(s.poolRecall)})${extra}`;
}

/** Runs questions through searchLaws; returns the scores and latencies. */
export function evaluate(
  lib: LawLibrary,
  questions: Question[],
  learned?: { table?: TermTable | null; memory?: QuestionMemory | null; reranker?: Reranker | null },
): { scores: Scores; times: number[] } {
  const rows: Row[] = [];
  const kinds = new Map<string, Row[]>();
  const times: number[] = [];
  for (const q of questions) {
    const t = performance.now();
    const res = searchLaws(lib, {
      q: q.question,
      pageSize: POOL_DEPTH,
      termTable: learned?.table,
      memory: learned?.memory,
      reranker: learned?.reranker,
    });
    times.push(performance.now() - t);
    const ranked = res.results.map((r) => scoreKey(r.title, r.articleNumber));
    const s = scoreRanking(q.gold, ranked);
    rows.push(s);
    if (q.kind) kinds.set(q.kind, [...(kinds.get(q.kind) ?? []), s]);
    if (verbose && s.mrr < 1) {
      console.log(
        `${q.id} ${q.question} → mrr ${s.mrr.toFixed(2)}; gold ${q.gold.join(";")}; top ${
          ranked.slice(0, 3).join(" ; ")
        }`,
      );
    }
  }
  if (byType && kinds.size > 1) {
    for (const [k, r] of [...kinds].sort()) console.log(formatScores(`  type ${k}`, mean(r)));
  }
  return { scores: mean(rows), times };
}

function percentiles(times: number[]): string {
  const t = [...times].sort((a, b) => a - b);
  const p = (x: number) => t[Math.min(t.length - 1, Math.floor(t.length * x))].toFixed(1);
  return `  p50 ${p(0.5)} ms p95 ${p(0.95)} ms`;
}

/** A naive BM25 over character bigrams of every article of the newest version of each law. */
function baseline(lib: LawLibrary, questions: Question[]): Scores {
  const docs: { title: string; number: string; terms: Map<string, number>; len: number }[] = [];
  for (const versions of lib.groups.values()) {
    const v = versions[0];
    for (const a of v.articles) {
      const terms = new Map<string, number>();
      const bs = bigramTerms(a.paragraphs.join("\n"));
      for (const b of bs) terms.set(b, (terms.get(b) ?? 0) + 1);
      docs.push({ title: v.record.title, number: a.number, terms, len: bs.length });
    }
  }
  const postings = new Map<string, number[]>();
  docs.forEach((d, i) => {
    for (const t of d.terms.keys()) {
      const p = postings.get(t);
      if (p) p.push(i);
      else postings.set(t, [i]);
    }
  });
  const avg = docs.reduce((s, d) => s + d.len, 0) / docs.length;
  const rows = questions.map((q) => {
    const scores = new Map<number, number>();
    for (const t of new Set(bigramTerms(q.question))) {
      const p = postings.get(t);
      if (!p) continue;
      const idf = Math.log(1 + (docs.length - p.length + 0.5) / (p.length + 0.5));
      for (const i of p) {
        const tf = docs[i].terms.get(t)!;
        const s = idf * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * docs[i].len / avg));
        scores.set(i, (scores.get(i) ?? 0) + s);
      }
    }
    const top = [...scores].sort((a, b) => b[1] - a[1]).slice(0, POOL_DEPTH);
    return scoreRanking(q.gold, top.map(([i]) => scoreKey(docs[i].title, docs[i].number)));
  });
  return mean(rows);
}

const foldCache: { table: TermTable; memory: QuestionMemory; reranker: Reranker | null }[] = [];

/** K-fold cross-validation: each fold is searched with a table and memory learned without it. */
async function crossValidate(
  lib: LawLibrary,
  qs: Question[],
  opts: { folds: number; table: boolean; memory: boolean; rerank: boolean },
): Promise<{ scores: Scores; times: number[] }> {
  const rows: Scores[] = [];
  const times: number[] = [];
  // The re-ranker of fold f is trained on pools of the other folds collected without f (never its answers),
  // and on the training-only sets (law_eval_data.ts chosenSets; --sets=, --memory-sets=,
  // --table-sets=).
  const choice = chosenSets();
  const nested = opts.rerank && opts.memory ? await readOrCollect(lib, qs, opts.folds, 0, choice) : null;
  // The training-only sets every fold's memory remembers and its table learns from.
  const remembered = readSets(choice.memory);
  const tabled = readSets(choice.table);
  for (let f = 0; f < opts.folds; f++) {
    const real = qs.filter((_, i) => foldOf(i, opts.folds) !== f);
    const test = qs.filter((_, i) => foldOf(i, opts.folds) === f);
    // Learned once per fold and reused by every variant (they differ only in TUNING and what they use).
    const learned = foldCache[f] ??= {
      table: buildTermTable(lib, trainingPairs(lib, [...real, ...tabled])),
      memory: buildQuestionMemory(memoryEntries([...real, ...remembered])),
      reranker: nested ? trainShipped(trainingPools(nested, f, undefined, undefined, choice.weights)) : null,
    };
    if (nested && !learned.reranker) {
      learned.reranker = trainShipped(trainingPools(nested, f, undefined, undefined, choice.weights));
    }
    const table = opts.table ? learned.table : null;
    const memory = opts.memory ? learned.memory : null;
    const reranker = nested ? learned.reranker : null;
    const r = evaluate(lib, test, { table, memory, reranker });
    rows.push(r.scores);
    times.push(...r.times);
  }
  return { scores: pooled(rows), times };
}

const writtenFoldCache: (Reranker | null)[] = [];

/**
 * Cross-validation of a written set (dev or own): the shipped table and memory (they never saw a written
 * question), and for each fold f a re-ranker trained on every real question, on the written questions
 * of the other folds (folds as scripts/build_law_reranker.ts splits the written sets) and on the
 * training-only sets. The shipped table and memory must have been built with the run's --memory-sets and --table-sets.
 */
async function crossValidateWritten(
  libs: { national: () => Promise<LawLibrary>; scored: LawLibrary },
  set: string,
  opts: { folds: number; stard: Question[] },
): Promise<{ scores: Scores; times: number[] }> {
  const choice = chosenSets();
  const pools = await readOrCollect(libs.national, opts.stard, opts.folds, 0, choice);
  const written = readWritten();
  const real = shippedPools(pools).filter((p) => p.set === undefined);
  const rows: Scores[] = [];
  const times: number[] = [];
  for (let f = 0; f < opts.folds; f++) {
    // The same for every written set and variant (trained on the cached pools): trained once per fold.
    const reranker = writtenFoldCache[f] ??= trainShipped([
      ...real,
      ...writtenTraining(pools.written, { folds: opts.folds, f }),
      // The written questions over the 107-law library (build_law_reranker.ts smallTraining), fold f left out.
      ...writtenTraining(pools.small?.shippedWritten ?? [], {
        folds: opts.folds,
        f,
        weight: SMALL_WEIGHTS.written,
      }),
      // The training-only sets, whole (they are never scored).
      ...extraTraining(pools.extra?.shipped ?? [], choice.weights),
    ]);
    const test = pools.written.flatMap((p, j) => p.set === set && foldOf(j, opts.folds) === f ? [j] : []);
    const qs = test.map((j) => written[j]);
    if (qs.length === 0) continue;
    const r = evaluate(libs.scored, qs, { reranker });
    rows.push(r.scores);
    times.push(...r.times);
  }
  return { scores: pooled(rows), times };
}

/** One variant: "name:key=value,key=value" (TUNING keys, plus table=0|1, memory=0|1, rerank=0|1). */
function applyVariant(spec: string): { name: string; table: boolean; memory: boolean; rerank: boolean } {
  const [name, settings = ""] = spec.split(":");
  let table = true;
  let memory = true;
  let rerank = true;
  Object.assign(TUNING, DEFAULT_TUNING);
  for (const kv of settings.split(",").filter(Boolean)) {
    const [k, v] = kv.split("=");
    if (k === "table") table = v === "1";
    else if (k === "memory") memory = v === "1";
    else if (k === "rerank") rerank = v === "1";
    else if (k in TUNING) (TUNING as Record<string, number>)[k] = Number(v);
    else throw new Error(`unknown setting ${k}`);
  }
  return { name, table, memory, rerank };
}

const DEFAULT_TUNING = { ...TUNING };

if (import.meta.main) {
  const corpus = flag("corpus") ?? "national";
  const t0 = performance.now();
  const lib = await loadCorpus(corpus);
  console.log(
    `${corpus}: ${lib.versions.length} versions, ${lib.index.size} articles, built in ${
      Math.round(performance.now() - t0)
    } ms`,
  );
  const query = flag("query");
  if (query) {
    // One query's first ten, e.g. --query=借钱不还 利息怎么算 (the probe).
    const res = searchLaws(lib, { q: query, pageSize: 10 });
    res.results.forEach((r, i) => console.log(`${i + 1}. ${r.title} ${r.articleNumber} (${r.score})`));
    Deno.exit(0);
  }
  const which = flag("set") ?? "all";
  const limit = Number(flag("limit") ?? 0);
  const names = which === "all" ? ["stard", "dev", "own"] : which.split(",");
  const folds = Number(flag("folds") ?? 0);
  const variants = (flag("variants") ?? "shipped").split(";");
  for (const name of names) {
    // A path to a CSV file of the same columns is a never-trained set of its own (scored like written2).
    const path = SETS[name] ?? (name.endsWith(".csv") ? name : undefined);
    if (!path) throw new Error(`unknown set ${name}: ${Object.keys(SETS).join(", ")} or a .csv file`);
    let qs = readQuestions(path);
    if (limit) qs = qs.slice(0, limit);
    if (Deno.args.includes("--baseline")) {
      console.log(formatScores(`${name} naive bigram BM25`, baseline(lib, qs)));
    }
    for (const spec of variants) {
      const v = applyVariant(spec);
      const learned = {
        table: v.table ? undefined : null,
        memory: v.memory ? undefined : null,
        reranker: v.rerank ? undefined : null,
      };
      if (name in WRITTEN_SETS && folds > 1 && v.rerank && v.memory && v.table) {
        // The written questions are trained on too: score each fold with a model that did not see it.
        const national = () => corpus === "national" ? Promise.resolve(lib) : loadCorpus("national");
        const stard = readQuestions(SETS.stard);
        const cv = await crossValidateWritten({ national, scored: lib }, name, { folds, stard });
        console.log(formatScores(`${name} ${v.name} ${folds}-fold CV`, cv.scores, percentiles(cv.times)));
      } else if (name !== "stard" || folds <= 1) {
        const { scores, times } = evaluate(lib, qs, learned);
        console.log(formatScores(`${name} ${v.name}`, scores, percentiles(times)));
      } else {
        const cv = await crossValidate(lib, qs, {
          folds,
          table: v.table,
          memory: v.memory,
          rerank: v.rerank,
        });
        console.log(formatScores(`${name} ${v.name} ${folds}-fold CV`, cv.scores, percentiles(cv.times)));
      }
    }
  }
}
