/**
 * Checks that every gold of a labelled question set resolves to an article of the corpus, the way
 * trainingPairs() resolves it (the current version of each law, score.mjs keys), and prints the ones
 * that do not.
 *
 *   deno run -A scripts/check_question_golds.ts --library tests/data/laws/questions-own2.csv
 *   deno run -A scripts/check_question_golds.ts --national tests/data/laws/some-set.csv
 *
 * Exits 1 when a gold is missing.
 */
import { currentDocsByKey, loadCorpus, readQuestions } from "./law_eval_data.ts";

const args = [...Deno.args];
const corpus = args.includes("--national") ? "national" : "library";
const files = args.filter((a) => !a.startsWith("--"));
if (!files.length) {
  console.error("usage: check_question_golds.ts [--library|--national] questions.csv …");
  Deno.exit(2);
}
const lib = await loadCorpus(corpus);
const keys = currentDocsByKey(lib);
let missing = 0;
for (const file of files) {
  const qs = readQuestions(file);
  let golds = 0;
  for (const q of qs) {
    q.gold.forEach((g, i) => {
      golds++;
      if (!keys.has(g)) {
        missing++;
        console.log(`${file} ${q.id}: ${q.answers[i]} not in the ${corpus}`);
      }
    });
  }
  console.log(`${file}: ${qs.length} questions, ${golds} golds`);
}
console.log(missing ? `${missing} golds missing` : "all golds resolve");
Deno.exit(missing ? 1 : 0);
