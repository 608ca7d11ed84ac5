/**
 * The public-question sets (tests/data/laws/questions-public-*.csv, and questions-everyday-short.csv) are
 * labelled against the national corpus:
 * every gold must name an article of the current version of its law, every row must carry 1–3 golds
 * matching its difficulty column, and ids must be unique.
 */
import assert from "node:assert/strict";
import { currentDocsByKey, loadCorpus, readQuestions } from "./law_eval_data.ts";
import { parseCsv } from "./eval_regions.ts";

const DIR = new URL("../tests/data/laws/", import.meta.url).pathname;
const files = [...Deno.readDirSync(DIR)].map((e) => e.name).filter((n) =>
  /^questions-(public-.*|everyday-short)\.csv$/.test(n)
)
  .sort();

Deno.test("public question sets: every gold is an article of a current national law version", async () => {
  const lib = await loadCorpus("national");
  const current = currentDocsByKey(lib);
  const missing: string[] = [];
  for (const f of files) {
    for (const q of readQuestions(`${DIR}${f}`)) {
      q.answers.forEach((a, i) => {
        if (!current.has(q.gold[i])) missing.push(`${f} ${q.id} ${a}`);
      });
    }
  }
  assert(missing.length === 0, `golds not in a current version:\n${missing.join("\n")}`);
});

Deno.test("public question sets: header, unique ids, 1-3 golds matching difficulty", () => {
  for (const f of files) {
    const rows = parseCsv(Deno.readTextFileSync(`${DIR}${f}`));
    assert(rows[0].join(",") === "id,question,answers,difficulty,type", `${f}: header`);
    const ids = new Set<string>();
    for (const r of rows.slice(1).filter((r) => r.length > 1)) {
      assert(r.length === 5, `${f}: ${r[0]} has ${r.length} fields`);
      assert(!ids.has(r[0]), `${f}: duplicate id ${r[0]}`);
      ids.add(r[0]);
      const n = r[2].split(";").filter(Boolean).length;
      assert(n >= 1 && n <= 3 && r[3] === `n${n}`, `${f}: ${r[0]} difficulty ${r[3]} for ${n} golds`);
      assert(r[1].trim().length >= 4, `${f}: ${r[0]} question too short`);
    }
  }
});
