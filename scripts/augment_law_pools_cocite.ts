/**
 * Adds the co-citation features (server/services/laws/cocitation.ts) to cached re-ranker pools without
 * collecting them again (scripts/build_law_reranker.ts --refresh computes the same columns in 7+ minutes):
 *
 *   deno run -A scripts/augment_law_pools_cocite.ts [--from=tests/cache/rerank_pools_51-763-5-w196.json]
 *
 * The pools hold each candidate's score.mjs key in first-pass order, its first-pass score share (feature
 * first_score) and what the memory lent it (mem_sum); the co-citation table of each pool is learned from
 * the same questions its memory was (nestedPools: fold g's training pools for scored fold f without f and
 * g, fold f and the written questions without f, the shipped written pools from all). Writes the cache
 * under the key of the current feature list, which build_law_reranker.ts then reads.
 */
import { coCitation, cocitationFeatures, COCITE_FEATURES } from "../server/services/laws/cocitation.ts";
import { buildQuestionMemory } from "../server/services/laws/question_memory.ts";
import { FEATURES } from "../server/services/laws/rerank.ts";
import { foldOf, type Pool } from "./build_law_reranker.ts";
import { loadCorpus, memoryEntries, type Question, readQuestions } from "./law_eval_data.ts";
// @ts-types="./score_types.d.ts"
import { key as scoreKey } from "../../shared/data/laws/score.mjs";

const flag = (name: string) => Deno.args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const cacheDir = new URL("../tests/cache/", import.meta.url).pathname;
const from = flag("from") ?? `${cacheDir}rerank_pools_51-763-5-w196.json`;
const folds = 5;
const qs = readQuestions(new URL("../../shared/data/laws/stard-dev.csv", import.meta.url).pathname);
const oldCount = FEATURES.length - COCITE_FEATURES.length;
const firstScore = FEATURES.indexOf("first_score");
const memSum = FEATURES.indexOf("mem_sum");

const lib = await loadCorpus("national");
// score.mjs key -> doc, the version in force winning (as the pools' keys were made from docs).
const byKey = new Map<string, number>();
for (const versions of lib.groups.values()) {
  const cur = lib.currentVersion(versions[0].group);
  for (const v of [...versions.filter((x) => x !== cur), ...(cur ? [cur] : [])]) {
    v.articles.forEach((a, i) => byKey.set(scoreKey(v.record.title, a.number), v.docStart + i));
  }
}
const set = JSON.parse(await Deno.readTextFile(from)) as {
  nested: { train: Pool[]; test: Pool[]; written: Pool[] }[];
  written: Pool[];
};
let missing = 0;
const augment = (pools: Pool[], train: Question[]) => {
  const table = coCitation(lib, buildQuestionMemory(memoryEntries(train)));
  for (const p of pools) {
    const rows = p.features as unknown as number[][];
    if (rows.length === 0) continue;
    if (rows[0].length !== oldCount) {
      throw new Error(`pool rows have ${rows[0].length} features, not ${oldCount}`);
    }
    const docs = p.keys.map((k) => byKey.get(k) ?? -1);
    missing += docs.filter((d) => d < 0).length;
    const known = docs.map((d) => d >= 0);
    const cols = cocitationFeatures(lib, table, {
      docs: docs.map((d) => Math.max(0, d)),
      share: rows.map((x) => x[firstScore]),
      memory: rows.map((x) => x[memSum]),
    });
    rows.forEach((x, k) => x.push(...(known[k] ? cols[k] : COCITE_FEATURES.map(() => 0))));
  }
};
const without = (...out: number[]) => qs.filter((_, i) => !out.includes(foldOf(i, folds)));
for (let f = 0; f < folds; f++) {
  const n = set.nested[f];
  // Training pools: fold g's questions (g != f, in order), learned without f and g.
  let at = 0;
  for (let g = 0; g < folds; g++) {
    if (g === f) continue;
    const size = qs.filter((_, i) => foldOf(i, folds) === g).length;
    augment(n.train.slice(at, at + size), without(f, g));
    at += size;
  }
  if (at !== n.train.length) throw new Error(`fold ${f}: ${n.train.length} training pools, expected ${at}`);
  augment(n.test, without(f));
  augment(n.written, without(f));
  console.error(`fold ${f} augmented`);
}
augment(set.written, qs);
const out = `${cacheDir}rerank_pools_${FEATURES.length}-${qs.length}-${folds}-w${set.written.length}.json`;
await Deno.writeTextFile(out, JSON.stringify(set));
console.log(`${missing} pooled keys not found in the library; wrote ${out}`);
