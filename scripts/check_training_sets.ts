/**
 * Checks the training-only sets (law_eval_data.ts TRAINING_SETS) before training on them:
 *
 *   deno run -A scripts/check_training_sets.ts [--min=0.3]
 *
 * For each set: its questions, the gold articles the national corpus lacks (a question with none found
 * teaches the re-ranker nothing), the near copies of a scored question that training leaves out
 * (law_eval_data.ts NEAR_COPY: every set of SCORED_SETS, cross-validated or never trained on), and every
 * pair with a scored or another training-only question whose bigrams overlap by at least --min (Jaccard),
 * marked "left out" when the training drops it.
 */
import { jaccard, loadCorpus, nearCopy, readSets, scoredQuestions, TRAINING_SETS } from "./law_eval_data.ts";
import { bigramTerms } from "../server/services/laws/text_terms.ts";
// @ts-types="./score_types.d.ts"
import { key as scoreKey } from "../../shared/data/laws/score.mjs";

if (import.meta.main) {
  const min = Number(Deno.args.find((a) => a.startsWith("--min="))?.slice(6) ?? 0.3);
  const lib = await loadCorpus("national");
  const keys = new Set<string>();
  for (const versions of lib.groups.values()) {
    for (const v of versions) for (const a of v.articles) keys.add(scoreKey(v.record.title, a.number));
  }
  const extra = Object.keys(TRAINING_SETS).filter((n) => !TRAINING_SETS[n].scored);
  const scored = scoredQuestions();
  const others = [
    ...scored,
    ...readSets(extra, true).map((q) => ({ q, bigrams: new Set(bigramTerms(q.question)) })),
  ];
  for (const name of extra) {
    const qs = readSets([name], true);
    const kept = new Set(readSets([name]).map((q) => q.id));
    const golds = qs.flatMap((q) => q.gold);
    const missing = golds.filter((g) => !keys.has(g));
    const none = qs.filter((q) => q.gold.every((g) => !keys.has(g)));
    console.log(
      `${name}: ${qs.length} questions, ${qs.length - kept.size} left out as near copies of scored ones; ` +
        `${golds.length} golds, ${missing.length} not in the national corpus (${none.length} questions with none found)`,
    );
    for (const g of [...new Set(missing)].slice(0, 20)) console.log(`  missing ${g}`);
    for (const q of qs) {
      const b = new Set(bigramTerms(q.question));
      for (const o of others) {
        if (o.q.set === name && o.q.id === q.id) continue;
        const j = jaccard(b, o.bigrams);
        if (j < min) continue;
        const shared = q.gold.some((g) => o.q.gold.includes(g)) ? " same gold" : "";
        const out = !kept.has(q.id) && nearCopy(q, o.q) && scored.includes(o) ? " LEFT OUT" : "";
        console.log(
          `  ${q.id} ~ ${o.q.set}/${o.q.id} (${
            j.toFixed(2)
          }${shared})${out}: ${q.question} | ${o.q.question}`,
        );
      }
    }
  }
}
