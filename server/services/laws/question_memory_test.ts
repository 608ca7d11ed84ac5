import assert from "node:assert/strict";
import { buildLibraryFromFiles } from "./build_library.ts";
import { parseLawFile } from "./parse_markdown.ts";
import { answerDoc, buildQuestionMemory, lawFrequencies, similarQuestions } from "./question_memory.ts";
import { searchLaws } from "./search.ts";

const CODE = `# 中华人民共和国民法典

# 总则编

<!-- INFO END -->

第五十四条 自然人从事工商业经营，经依法登记，为个体工商户。个体工商户可以起字号。

第五十六条 个体工商户的债务，个人经营的，以个人财产承担；家庭经营的，以家庭财产承担；无法区分的，以家庭财产承担。

第一百八十八条 向人民法院请求保护民事权利的诉讼时效期间为三年。
`;

const MEMORY = [
  { question: "老板开的小店欠了货款跑路了，钱找谁要？", answers: ["中华人民共和国民法典|第五十六条"] },
  { question: "欠条过了几年还能要回来吗", answers: ["中华人民共和国民法典|第一百八十八条"] },
];

async function library() {
  return await buildLibraryFromFiles([parseLawFile(CODE, "民法典总则编.md", "民法典")], "2026-01-01");
}

Deno.test("similarQuestions() ranks the closest remembered question first, with similarity in 0..1", () => {
  const memory = buildQuestionMemory(MEMORY);
  const near = similarQuestions(memory, "小店老板欠了货款跑路了怎么办", 5);
  assert.equal(near[0][0], 0);
  assert.ok(near[0][1] > 0.3 && near[0][1] <= 1, `similarity ${near[0][1]}`);
  assert.equal(similarQuestions(memory, "红烧肉怎么做", 5).length, 0);
  assert.deepEqual(similarQuestions(buildQuestionMemory([]), "欠条", 5), []);
});

Deno.test("answerDoc() finds a remembered answer in the library and null for a law it lacks", async () => {
  const lib = await library();
  const d = answerDoc(lib, "中华人民共和国民法典|第五十六条");
  assert.notEqual(d, null);
  assert.equal(lib.versions[lib.docVersion[d!]].articles[lib.docArticle[d!]].number, "第五十六条");
  assert.equal(answerDoc(lib, "中华人民共和国刑法|第一条"), null);
  assert.equal(lawFrequencies(lib, buildQuestionMemory(MEMORY)).get(lib.versions[0].group), 1);
});

Deno.test("searchLaws() brings a remembered question's article for a question worded like it", async () => {
  const lib = await library();
  const q = "小店老板欠了货款跑路了";
  const keys = (memory: ReturnType<typeof buildQuestionMemory> | null) =>
    searchLaws(lib, { q, memory, termTable: null }).results.map((r) => r.articleNumber);
  assert.ok(!keys(null).includes("第五十六条"), "the words alone do not reach it");
  assert.equal(keys(buildQuestionMemory(MEMORY))[0], "第五十六条");
});
