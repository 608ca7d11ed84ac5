import assert from "node:assert/strict";
import { buildLibraryFromFiles } from "./build_library.ts";
import {
  chapterOf,
  coCitation,
  cocitationFeatures,
  COCITE_FEATURES,
  coCiteProbability,
} from "./cocitation.ts";
import { parseLawFolder } from "./load_folder.ts";
import { buildQuestionMemory } from "./question_memory.ts";

const FIXTURES = new URL("../../../tests/fixtures/laws/", import.meta.url).pathname;
const library = async () => await buildLibraryFromFiles(await parseLawFolder(FIXTURES), "2026-01-01");
const CODE = "中华人民共和国民法典";
const PROCEDURE = "中华人民共和国民事诉讼法";

Deno.test("coCitation(): articles answered together go together, backing off to the chapter, then the prior", async () => {
  const lib = await library();
  const memory = buildQuestionMemory([
    { question: "被狗咬伤", answers: [`${CODE}|第一千二百四十五条`, `${CODE}|第一千一百七十九条`] },
    { question: "狗咬人谁赔", answers: [`${CODE}|第一千二百四十五条`, `${CODE}|第一千一百七十九条`] },
    { question: "去哪个法院起诉", answers: [`${PROCEDURE}|第二十二条`] },
    { question: "人身损害赔偿", answers: [`${CODE}|第一千一百七十九条`] },
  ]);
  const table = coCitation(lib, memory);
  assert.equal(table.questions, 4);
  const doc = (title: string, num: string) => {
    const v = lib.currentVersion(lib.resolveGroups(title)[0])!;
    return v.docStart + v.byKey.get(`${num}-0`)!;
  };
  const dog = doc(CODE, "1245");
  const damages = doc(CODE, "1179");
  const court = doc(PROCEDURE, "22");
  const never = doc(CODE, "1188");
  const p = (a: number, b: number) => coCiteProbability(lib, table, a, b);
  assert.ok(p(damages, dog) > 0.7, `two of two questions: ${p(damages, dog)}`);
  assert.ok(p(court, dog) < 0.2);
  assert.equal(p(never, dog), 0, "an article no question was answered by");
  // An article of the dog's chapter that was never gold borrows the chapter's questions.
  const sameChapter = [...Array(5)].map((_, i) => dog + 1 + i).find((d) =>
    chapterOf(lib, d) === chapterOf(lib, dog) && !table.count.has(d)
  )!;
  assert.ok(p(damages, sameChapter) > p(damages, court), "backs off to b's chapter");
  const empty = cocitationFeatures(lib, coCitation(lib, buildQuestionMemory([])), {
    docs: [dog, damages],
    share: [1, 0.5],
    memory: [0, 0],
  });
  assert.deepEqual(empty, [COCITE_FEATURES.map(() => 0), COCITE_FEATURES.map(() => 0)], "neutral when empty");
  const [first, second, third] = cocitationFeatures(lib, table, {
    docs: [dog, court, damages],
    share: [1, 0.9, 0.5],
    memory: [0, 0, 0],
  });
  const f = (x: number[], name: (typeof COCITE_FEATURES)[number]) => x[COCITE_FEATURES.indexOf(name)];
  assert.ok(f(third, "cocite_top") > f(second, "cocite_top"), "damages go with the dog bite, the court not");
  assert.ok(f(third, "cocite_chapter") > 0);
  assert.ok(f(first, "cocite_top") > 0);
  // The older version's article is read as the same article in force.
  const older = lib.groups.get(lib.resolveGroups(PROCEDURE)[0])!.find((v) => v.record.status !== "现行有效")!;
  const olderCourt = older.docStart + older.byKey.get("22-0")!;
  const [again] = cocitationFeatures(lib, table, { docs: [olderCourt, dog], share: [1, 1], memory: [0, 0] });
  assert.ok(f(again, "cocite_top") > 0, "the older version's article counts as the one in force");
});
