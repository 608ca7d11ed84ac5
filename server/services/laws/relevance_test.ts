/**
 * The "nothing relevant" filter of grounded answers on the shared library: our labelled questions
 * (shared dev set and tests/data/laws/questions-own.csv) must mostly pass, and questions about
 * things the library does not hold (tests/data/laws/questions-none.csv) must mostly be refused. The
 * thresholds were calibrated on these same sets (see relevance.ts), so this guards against
 * regressions; it is not an estimate of accuracy on new questions.
 */
import assert from "node:assert/strict";
import { parseCsv } from "../../../scripts/eval_regions.ts";
import { retrieveForAnswer } from "./ask_law.ts";
import { buildLibraryFromFiles } from "./build_library.ts";
import { isForeignLawQuestion } from "./relevance.ts";
import { parseLawFolder } from "./load_folder.ts";

const FIXTURES = new URL("../../../tests/fixtures/laws/", import.meta.url).pathname;
const DATA = new URL("../../../../shared/data/laws/", import.meta.url).pathname;
const OWN = new URL("../../../tests/data/laws/", import.meta.url).pathname;

async function questions(path: string): Promise<string[]> {
  return parseCsv(await Deno.readTextFile(path)).slice(1).map((r) => r[1]).filter(Boolean);
}

Deno.test("retrieveForAnswer() keeps sources for labelled questions and refuses most out-of-library ones", async () => {
  const lib = await buildLibraryFromFiles(await parseLawFolder(`${DATA}library`), "2026-01-01");
  const labelled = [
    ...await questions(`${DATA}questions-dev.csv`),
    ...await questions(`${OWN}questions-own.csv`),
  ];
  const kept = labelled.filter((q) => retrieveForAnswer(lib, q).length > 0);
  assert.ok(
    kept.length / labelled.length >= 0.96,
    `labelled questions with sources: ${kept.length}/${labelled.length}`,
  );
  // The headline questions of issue #14 are never refused.
  assert.ok(retrieveForAnswer(lib, "借钱不还 利息怎么算").length > 0);
  assert.ok(retrieveForAnswer(lib, "借钱不还怎么办").length > 0);

  const none = await questions(`${OWN}questions-none.csv`);
  const refused = none.filter((q) => retrieveForAnswer(lib, q).length === 0);
  console.log(
    `labelled with sources ${kept.length}/${labelled.length}, out-of-library refused ${refused.length}/${none.length}`,
  );
  // Measured 9 of 28 (32 %) before and after issue #24's recalibration: these are legal questions in the
  // style of real ones about laws this library lacks (the national corpus has them), and the library's
  // neighbouring articles share their words; the guard sits at that figure.
  assert.ok(
    refused.length / none.length >= 0.3,
    `out-of-library questions refused: ${refused.length}/${none.length}`,
  );
  const offtopic = await questions(`${OWN}questions-offtopic.csv`);
  const refusedOff = offtopic.filter((q) => retrieveForAnswer(lib, q).length === 0);
  assert.ok(
    refusedOff.length / offtopic.length >= 0.9,
    `off-topic refused: ${refusedOff.length}/${offtopic.length}`,
  );
});

Deno.test("retrieveForAnswer() answers spoken everyday legal questions and refuses everyday questions no law here answers", async () => {
  const lib = await buildLibraryFromFiles(await parseLawFolder(`${DATA}library`), "2026-01-01");
  const rows = parseCsv(await Deno.readTextFile(`${OWN}questions-everyday.csv`)).slice(1);
  const inLibrary = rows.filter((r) => r[2] === "answer").map((r) => r[1]);
  const outside = rows.filter((r) => r[2] === "refuse").map((r) => r[1]);
  const answered = inLibrary.filter((q) => retrieveForAnswer(lib, q).length > 0);
  const refused = outside.filter((q) => retrieveForAnswer(lib, q).length === 0);
  console.log(
    `everyday: answered ${answered.length}/${inLibrary.length}, refused ${refused.length}/${outside.length}`,
  );
  // Before issue #24's recalibration: 24/30 answered, 26/30 refused; after: 28/30 and 29/30.
  assert.ok(
    answered.length / inLibrary.length >= 0.9,
    `in-library answered ${answered.length}/${inLibrary.length}`,
  );
  assert.ok(refused.length / outside.length >= 0.9, `outside refused ${refused.length}/${outside.length}`);
});

Deno.test("retrieveForAnswer() on a small library: a spoken full-sentence question its search answers is not refused for the everyday words the library lacks", async () => {
  // Six files (民法典 parts, 民间借贷 rules, 民事诉讼法): they never say 朋友, 一直 or 不还. Counted against
  // the library's own words the question's known share was 0.14 and it was refused (issue #24 item 3).
  const lib = await buildLibraryFromFiles(await parseLawFolder(FIXTURES), "2026-01-01");
  const sources = retrieveForAnswer(lib, "朋友借了我5万元一直不还，我该怎么办？");
  assert.ok(
    sources.some((s) => s.title.includes("民间借贷")),
    `sources: ${sources.map((s) => s.title + s.articleNumber).join("; ") || "none (refused)"}`,
  );
  // Everyday questions no law here answers stay refused on the same library.
  for (const q of ["我家的猫一直不吃猫粮怎么办", "怎么提高跑步的速度"]) {
    assert.deepEqual(retrieveForAnswer(lib, q), [], q);
  }
});

Deno.test("isForeignLawQuestion(): another country's law, unless China is named too", () => {
  assert.equal(isForeignLawQuestion("美国的持枪法律是怎么规定的？"), true);
  assert.equal(isForeignLawQuestion("在日本工作的工资怎么交税"), true);
  assert.equal(isForeignLawQuestion("在美国出生的孩子回中国能上户口吗"), false);
  assert.equal(isForeignLawQuestion("外国人签证过期滞留怎么罚款"), false);
  assert.equal(isForeignLawQuestion("朋友借了我5万元一直不还，我该怎么办？"), false);
});
