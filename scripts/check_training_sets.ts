/**
 * Checks the training-only sets (law_eval_data.ts TRAINING_SETS) before training on them:
 *
 *   deno run -A scripts/check_training_sets.ts [--min=0.6]
 *
 * For each set: its questions, the gold articles the national corpus lacks (a question with none found
 * teaches the re-ranker nothing), and every question that resembles one of a scored or never-trained set
 * (stard-dev, questions-dev, questions-own, written2/written3/typo/verbs) or of another training-only set
 * by the Jaccard overlap of their bigrams (>= --min): a near copy would leak that set's answers into training.
 */
import { bigramTerms } from "../server/services/laws/text_terms.ts";
import { loadCorpus, readQuestions, readSets, TRAINING_SETS } from "./law_eval_data.ts";
// @ts-types="./score_types.d.ts"
import { key as scoreKey } from "../../shared/data/laws/score.mjs";

const DATA = new URL("../../shared/data/laws/", import.meta.url).pathname;
const TESTS = new URL("../tests/data/laws/", import.meta.url).pathname;
const HELD: Record<string, string> = {
  stard: `${DATA}stard-dev.csv`,
  written2: `${TESTS}questions-written2.csv`,
  written3: `${TESTS}questions-written3.csv`,
  typo: `${TESTS}questions-typo.csv`,
  verbs: `${TESTS}questions-everyday-verbs.csv`,
};

export function jaccard(a: Set<string>, b: Set<string>): number {
  let both = 0;
  for (const t of a) if (b.has(t)) both++;
  return both / Math.max(1, a.size + b.size - both);
}

if (import.meta.main) {
  const min = Number(Deno.args.find((a) => a.startsWith("--min="))?.slice(6) ?? 0.6);
  const lib = await loadCorpus("national");
  const keys = new Set<string>();
  for (const versions of lib.groups.values()) {
    for (const v of versions) for (const a of v.articles) keys.add(scoreKey(v.record.title, a.number));
  }
  const extra = Object.keys(TRAINING_SETS).filter((n) => !TRAINING_SETS[n].scored);
  const others = [
    ...Object.entries(HELD).flatMap(([set, path]) => readQuestions(path).map((q) => ({ ...q, set }))),
    ...readSets(Object.keys(TRAINING_SETS)),
  ].map((q) => ({ q, bigrams: new Set(bigramTerms(q.question)) }));
  for (const name of extra) {
    const qs = readSets([name]);
    const golds = qs.flatMap((q) => q.gold);
    const missing = golds.filter((g) => !keys.has(g));
    const none = qs.filter((q) => q.gold.every((g) => !keys.has(g)));
    console.log(
      `${name}: ${qs.length} questions, ${golds.length} golds, ${missing.length} not in the national corpus` +
        ` (${none.length} questions with none found)`,
    );
    for (const g of [...new Set(missing)].slice(0, 20)) console.log(`  missing ${g}`);
    for (const q of qs) {
      const b = new Set(bigramTerms(q.question));
      for (const o of others) {
        if (o.q.set === name && o.q.id === q.id) continue;
        const j = jaccard(b, o.bigrams);
        if (j >= min) {
          console.log(`  ${q.id} ~ ${o.q.set}/${o.q.id} (${j.toFixed(2)}): ${q.question} | ${o.q.question}`);
        }
      }
    }
  }
}
