import assert from "node:assert/strict";
import { buildLibraryFromFiles } from "./build_library.ts";
import { lawPosterior } from "./law_classifier.ts";
import { parseLawFile } from "./parse_markdown.ts";
import { buildQuestionMemory } from "./question_memory.ts";

const CIVIL = `# 中华人民共和国民法典

<!-- INFO END -->

第一百八十八条 向人民法院请求保护民事权利的诉讼时效期间为三年。

第六百七十五条 借款人应当按照约定的期限返还借款。
`;

const CRIMINAL = `# 中华人民共和国刑法

<!-- INFO END -->

第二百六十四条 盗窃公私财物，数额较大的，处三年以下有期徒刑、拘役或者管制，并处或者单处罚金。
`;

const MEMORY = [
  { question: "朋友借钱不还怎么办", answers: ["中华人民共和国民法典|第六百七十五条"] },
  { question: "借钱给亲戚多年没还还能起诉吗", answers: ["中华人民共和国民法典|第一百八十八条"] },
  { question: "偷了邻居的电动车会判几年", answers: ["中华人民共和国刑法|第二百六十四条"] },
  { question: "在超市偷东西被抓了会坐牢吗", answers: ["中华人民共和国刑法|第二百六十四条"] },
];

async function library() {
  return await buildLibraryFromFiles([
    parseLawFile(CIVIL, "民法典.md", "民法典"),
    parseLawFile(CRIMINAL, "刑法.md", "刑法"),
  ], "2026-01-01");
}

Deno.test("lawPosterior() favours the law whose remembered questions share the question's words", async () => {
  const lib = await library();
  const memory = buildQuestionMemory(MEMORY);
  const group = (title: string) => lib.versions.find((v) => v.record.title === title)!.group;
  const civil = group("中华人民共和国民法典");
  const criminal = group("中华人民共和国刑法");
  const debt = lawPosterior(lib, memory, "同学借钱一直不还");
  assert.equal(debt.get(civil), 1);
  assert.ok(debt.get(criminal)! < 0.5, `criminal ${debt.get(criminal)}`);
  const theft = lawPosterior(lib, memory, "偷东西被抓");
  assert.equal(theft.get(criminal), 1);
  assert.ok(theft.get(civil)! < 0.5, `civil ${theft.get(civil)}`);
  assert.equal(lawPosterior(lib, memory, "红烧肉做法").size, 0);
  assert.equal(lawPosterior(lib, buildQuestionMemory([]), "借钱不还").size, 0);
});
