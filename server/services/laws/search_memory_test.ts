import assert from "node:assert/strict";
import { buildLibraryFromFiles } from "./build_library.ts";
import { parseLawFile } from "./parse_markdown.ts";
import { buildQuestionMemory, similarQuestions } from "./question_memory.ts";
import { searchLaws, TUNING } from "./search.ts";

const LAW = `# 中华人民共和国民法典

<!-- INFO END -->

第一千二百四十五条 饲养的动物造成他人损害的，动物饲养人或者管理人应当承担侵权责任。

第一千一百六十五条 行为人因过错侵害他人民事权益造成损害的，应当承担侵权责任。
`;

// One close earlier question answered by the animal article, five looser ones by the general rule.
const MEMORY = [
  { question: "邻居家的狗咬伤了我家孩子怎么赔", answers: ["中华人民共和国民法典|第一千二百四十五条"] },
  { question: "我家孩子被邻居家的人打伤了", answers: ["中华人民共和国民法典|第一千一百六十五条"] },
  { question: "孩子在邻居家玩受伤了", answers: ["中华人民共和国民法典|第一千一百六十五条"] },
  { question: "邻居家的小孩把我家孩子推倒了", answers: ["中华人民共和国民法典|第一千一百六十五条"] },
  { question: "我家孩子被咬伤了谁负责", answers: ["中华人民共和国民法典|第一千一百六十五条"] },
  { question: "在邻居家的院子里摔伤了", answers: ["中华人民共和国民法典|第一千一百六十五条"] },
];

Deno.test("searchLaws() lets the closest remembered question outweigh several loose ones", async () => {
  const lib = await buildLibraryFromFiles([parseLawFile(LAW, "民法典.md", "民法典")], "2026-01-01");
  const memory = buildQuestionMemory(MEMORY);
  const q = "邻居家的狗咬伤了我家孩子";
  const sims = similarQuestions(memory, q, 10);
  const close = sims.find(([i]) => i === 0)![1];
  const loose = sims.filter(([i]) => i !== 0).map(([, s]) => s);
  // The setting this test is about: summed plainly the loose neighbours win, weighed by closeness they do not.
  assert.ok(loose.reduce((s, x) => s + x, 0) > close, `sims ${JSON.stringify(sims)}`);
  assert.ok(loose.reduce((s, x) => s + x ** TUNING.memoryPower, 0) < close ** TUNING.memoryPower);
  const first = searchLaws(lib, { q, memory, termTable: null, reranker: null }).results[0];
  assert.equal(first.articleNumber, "第一千二百四十五条");
});
