/**
 * Why the first pass misses (issue #24): for every STARD question (5-fold CV: table and memory learned
 * without its fold; no re-ranker), each gold article not in the first ten is sorted by why:
 *
 *   deno run -A scripts/analyze_law_misses.ts [--limit=N] [--variants=key=value,…]
 *
 * ranks 11-100 (ordering), not in the first 100 but its law is (article within the law), adjacent (±2)
 * to or in the same chapter as a pooled article of its law, an answer of a remembered neighbour, or its law
 * absent from the first 100 (the law is missed).
 */
import { searchLaws, TUNING } from "../server/services/laws/search.ts";
import { buildQuestionMemory, similarQuestions } from "../server/services/laws/question_memory.ts";
import { buildTermTable } from "./build_law_term_table.ts";
import { foldOf } from "./build_law_reranker.ts";
import {
  currentDocsByKey,
  loadCorpus,
  memoryEntries,
  readQuestions,
  trainingPairs,
} from "./law_eval_data.ts";
// @ts-types="./score_types.d.ts"
import { key as scoreKey } from "../../shared/data/laws/score.mjs";

const flag = (name: string) => Deno.args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const FOLDS = 5;
for (const kv of (flag("variants") ?? "").split(",").filter(Boolean)) {
  const [k, v] = kv.split("=");
  (TUNING as Record<string, number>)[k] = Number(v);
}
const lib = await loadCorpus("national");
let qs = readQuestions(new URL("../../shared/data/laws/stard-dev.csv", import.meta.url).pathname);
const limit = Number(flag("limit") ?? 0);
if (limit) qs = qs.slice(0, limit);
const byKey = currentDocsByKey(lib);
const counts = new Map<string, number>();
const bump = (k: string) => counts.set(k, (counts.get(k) ?? 0) + 1);
let golds = 0;
for (let f = 0; f < FOLDS; f++) {
  const train = qs.filter((_, i) => foldOf(i, FOLDS) !== f);
  const test = qs.filter((_, i) => foldOf(i, FOLDS) === f);
  const table = buildTermTable(lib, trainingPairs(lib, train));
  const memory = buildQuestionMemory(memoryEntries(train));
  for (const q of test) {
    const res = searchLaws(lib, { q: q.question, pageSize: 100, termTable: table, memory, reranker: null });
    const ranked = res.results.map((r) => scoreKey(r.title, r.articleNumber));
    const docs = ranked.map((k) => byKey.get(k)).filter((d): d is number => d !== undefined);
    const laws = new Set(docs.map((d) => lib.versions[lib.docVersion[d]].group));
    const lent = new Set<string>();
    for (const [e] of similarQuestions(memory, q.question, TUNING.memoryNeighbours)) {
      for (const a of memory.entries[e].answers) {
        const i = a.lastIndexOf("|");
        lent.add(scoreKey(a.slice(0, i), a.slice(i + 1)));
      }
    }
    for (const g of q.gold) {
      golds++;
      const rank = ranked.indexOf(g);
      if (rank >= 0 && rank < 10) {
        bump("top 10");
        continue;
      }
      if (rank >= 10) {
        bump("rank 11-100");
        continue;
      }
      const d = byKey.get(g);
      if (d === undefined) {
        bump("not in corpus");
        continue;
      }
      const v = lib.versions[lib.docVersion[d]];
      const a = v.articles[lib.docArticle[d]];
      if (lent.has(g)) bump("missed: a neighbour's answer");
      if (!laws.has(v.group)) {
        bump("missed: law not in first 100");
        continue;
      }
      const same = docs.filter((x) => lib.versions[lib.docVersion[x]].group === v.group);
      const near = same.some((x) => Math.abs(lib.docArticle[x] - lib.docArticle[d]) <= 2);
      const chapter = same.some((x) =>
        lib.versions[lib.docVersion[x]].articles[lib.docArticle[x]].path.join("/") === a.path.join("/")
      );
      bump(`missed, law in: ${near ? "adjacent(±2)" : chapter ? "same chapter" : "elsewhere in law"}`);
    }
  }
}
console.log(`${golds} gold articles of ${qs.length} questions`);
for (const [k, n] of [...counts].sort()) console.log(`${k.padEnd(36)} ${n} (${(n / golds).toFixed(3)})`);
