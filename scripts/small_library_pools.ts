/**
 * Re-ranker training pools over small libraries (ADR 019, session 33). The national-corpus pools hardly
 * hold the region of the features a small library lives in: there, most laws were never the answer of a
 * remembered question (their best neighbour and naive-Bayes posterior are 0), and a library may hold one
 * or two laws. So besides the national pools the re-ranker also learns from
 *
 * - the real questions over random sub-libraries of the national corpus (each: the gold laws of a few
 *   questions plus a few random other laws; SUB_SIZES questions and SUB_DISTRACTORS other laws in turn;
 *   see subLibraryPlan for parts of laws and left-out gold laws),
 * - the written questions over the shared 107-law library (their labels' own library).
 *
 * Features are learned as for the national pools (build_law_reranker.ts nestedPools): for scored fold f,
 * a training question of fold g is searched with the table and memory learned without f and g, and the
 * written questions with those learned without f; the term table is always learned on the national
 * corpus (its entries are words, valid in any library).
 */
import { buildLibraryFromFiles } from "../server/services/laws/build_library.ts";
import type { LawLibrary } from "../server/services/laws/library.ts";
import { parseLawFolder } from "../server/services/laws/load_folder.ts";
import type { ParsedLawFile } from "../server/services/laws/types.ts";
import { type Learned, learnedWithout, poolsOn } from "./build_law_reranker.ts";
import { foldOf, type Pool } from "./build_law_reranker.ts";
import { loadCorpus, nationalDir, type Question } from "./law_eval_data.ts";
// @ts-types="./score_types.d.ts"
import { key as scoreKey } from "../../shared/data/laws/score.mjs";

/** How many questions share a sub-library, in turn (1: a library of the question's own laws). */
export const SUB_SIZES = [1, 2, 4, 8, 16];
/** How many random other laws a sub-library holds besides the gold ones, in turn. */
export const SUB_DISTRACTORS = [0, 1, 3, 8];
/** Every SUB_DROP-th sub-library lacks one gold law of each question answered by several laws. */
export const SUB_DROP = 3;

export interface SmallPools {
  /** Per scored fold f: the real questions of the other folds over their sub-libraries (features without f and g). */
  train: Pool[][];
  /** Per fold f: the real questions of fold f over their sub-libraries (features without f). */
  test: Pool[][];
  /** Per scored fold f: every written question over the 107-law library (features without f). */
  written: Pool[][];
  /** The written questions over the 107-law library with the table and memory of all real questions. */
  shippedWritten: Pool[];
}

/** A small deterministic generator (mulberry32), so the sub-libraries are the same on every run. */
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

const lawKey = (title: string) => scoreKey(title, "第一条").split("#")[0];

/**
 * The questions split into sub-libraries: each batch's question indices and the files of its library.
 * A law in several parts (民法典) brings only the parts that hold a gold article, as a library that
 * imported some parts; and every SUB_DROP-th batch leaves out one gold law of each question answered by
 * several laws, so the remembered neighbours point at a law the library lacks and the law it holds
 * must win on its own.
 */
export function subLibraryPlan(
  files: ParsedLawFile[],
  qs: Question[],
): { qs: number[]; files: ParsedLawFile[] }[] {
  const byLaw = new Map<string, ParsedLawFile[]>();
  for (const f of files) {
    const k = lawKey(f.title);
    const list = byLaw.get(k) ?? [];
    list.push(f);
    byLaw.set(k, list);
  }
  const laws = [...byLaw.keys()].sort();
  const rand = random(24);
  const order = qs.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  // The files of a law that hold the given gold keys (all of them unless the law comes in parts).
  const filesOf = (law: string, gold: Set<string>) => {
    const all = byLaw.get(law)!;
    if (!all.some((f) => f.part)) return all;
    const held = all.filter((f) => f.articles.some((a) => gold.has(scoreKey(f.title, a.number))));
    return held.length > 0 ? held : all;
  };
  const plan: { qs: number[]; files: ParsedLawFile[] }[] = [];
  for (let at = 0, b = 0; at < order.length; b++) {
    const batch = order.slice(at, at += SUB_SIZES[b % SUB_SIZES.length]);
    const drop = b % SUB_DROP === SUB_DROP - 1;
    const gold = new Set<string>();
    for (const i of batch) {
      const own = [...new Set(qs[i].gold.map((g) => g.split("#")[0]))].filter((k) => byLaw.has(k));
      const left = drop && own.length > 1 ? own.slice(1) : own;
      for (const g of qs[i].gold) if (left.includes(g.split("#")[0])) gold.add(g);
    }
    const chosen = new Map<string, ParsedLawFile[]>();
    for (const g of gold) {
      const k = g.split("#")[0];
      if (!chosen.has(k)) chosen.set(k, filesOf(k, gold));
    }
    const extra = SUB_DISTRACTORS[b % SUB_DISTRACTORS.length];
    for (let n = 0; n < extra;) {
      const k = laws[Math.floor(rand() * laws.length)];
      if (!chosen.has(k)) chosen.set(k, byLaw.get(k)!), n++;
    }
    if (chosen.size > 0) {
      plan.push({ qs: batch, files: [...chosen.keys()].sort().flatMap((k) => chosen.get(k)!) });
    }
  }
  return plan;
}

/**
 * The small-library pools (see SmallPools). `national` is the corpus the tables are learned on; the
 * tables and memories come from learnedWithout (shared with the national pools when collected together).
 */
export async function smallPools(
  national: LawLibrary,
  qs: Question[],
  opts: { folds: number; written: Question[] },
): Promise<SmallPools> {
  const { folds, written } = opts;
  const without = (...fs: number[]) => qs.filter((_, i) => !fs.includes(foldOf(i, folds)));
  const learned = new Map<string, Learned>();
  const get = (...fs: number[]) => {
    const key = fs.join("-");
    let l = learned.get(key);
    if (!l) learned.set(key, l = learnedWithout(national, without(...fs)));
    return l;
  };
  const out: SmallPools = {
    train: Array.from({ length: folds }, () => []),
    test: Array.from({ length: folds }, () => []),
    written: [],
    shippedWritten: [],
  };
  const plan = subLibraryPlan(await parseLawFolder(await nationalDir()), qs);
  let done = 0;
  for (const batch of plan) {
    const lib = await buildLibraryFromFiles(batch.files, "2026-11-28");
    for (const i of batch.qs) {
      const g = foldOf(i, folds);
      out.test[g].push(...poolsOn(lib, get(g), [qs[i]]));
      for (let f = 0; f < folds; f++) {
        if (f !== g) out.train[f].push(...poolsOn(lib, get(Math.min(f, g), Math.max(f, g)), [qs[i]]));
      }
    }
    if (++done % 20 === 0) console.error(`sub-libraries: ${done} of ${plan.length}`);
  }
  const library = await loadCorpus("library");
  for (let f = 0; f < folds; f++) out.written.push(poolsOn(library, get(f), written));
  out.shippedWritten = poolsOn(library, get(), written);
  return out;
}
