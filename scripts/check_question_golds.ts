/**
 * Checks a labelled question file's golds against the national corpus: prints every gold title|article that
 * is not an article of a current version (status 现行有效, else the first version, as trainingPairs picks),
 * and a count. Usage: deno run -A scripts/check_question_golds.ts FILE.csv
 */
import { loadCorpus, readQuestions } from "./law_eval_data.ts";
// @ts-types="./score_types.d.ts"
import { key as scoreKey } from "../../shared/data/laws/score.mjs";

const file = Deno.args[0];
if (!file) throw new Error("usage: check_question_golds.ts FILE.csv");
const questions = readQuestions(file);
const lib = await loadCorpus("national");
const current = new Set<string>();
for (const versions of lib.groups.values()) {
  const v = versions.find((x) => x.record.status === "现行有效") ?? versions[0];
  for (const a of v.articles) current.add(scoreKey(v.record.title, a.number));
}
let bad = 0;
for (const q of questions) {
  if (!q.gold.length) console.log(`${q.id}\t(no gold)`);
  q.gold.forEach((g, i) => {
    if (!current.has(g)) {
      bad++;
      console.log(`${q.id}\t${q.answers[i]}\tnot a current article`);
    }
  });
}
console.log(`${questions.length} questions, ${bad} unresolved golds`);
