import assert from "node:assert/strict";
import { buildLibraryFromFiles } from "./build_library.ts";
import { parseLawFile } from "./parse_markdown.ts";
import { buildQuestionMemory } from "./question_memory.ts";
import { relevanceOf } from "./relevance.ts";
import { searchLaws } from "./search.ts";

const CODE = `# 中华人民共和国民法典

<!-- INFO END -->

第七百零三条 租赁合同是出租人将租赁物交付承租人使用、收益，承租人支付租金的合同。

第七百零四条 租赁合同的内容一般包括租赁物的名称、数量、用途、租赁期限、租金及其支付期限和方式、租赁物维修等条款。

第七百三十三条 租赁期限届满，承租人应当返还租赁物。出租人收取押金的，应当在租赁期限届满后退还押金。
`;

async function library() {
  return await buildLibraryFromFiles([parseLawFile(CODE, "民法典(2020-05-28).md", "民法典")], "2026-01-01");
}

function judge(lib: Awaited<ReturnType<typeof library>>, question: string, answers: string[]) {
  // A training-only entry: its words do not count as asked (question_memory.ts vocabulary).
  const memory = buildQuestionMemory([
    { question: "房东不退押金怎么办", answers, set: "public-shorta" },
    ...["公司拖欠工资怎么办", "邻居装修噪音太大", "网购收到假货能退吗", "离婚孩子归谁"].map((question) => ({
      question,
      answers: ["中华人民共和国劳动合同法|第三十条"],
      set: "public-shorta",
    })),
  ]);
  const hits = searchLaws(lib, { q: question, memory: null }).results.filter((r) => r.match === "text");
  return relevanceOf(lib, question, hits, memory);
}

Deno.test("relevanceOf() answers a short everyday question very like a remembered one whose article the library holds", async () => {
  const lib = await library();
  const held = judge(lib, "房东不退押金", ["中华人民共和国民法典|第七百三十三条"]);
  assert.equal(held.asked, 0);
  assert.ok(held.remembered >= 0.6, `remembered ${held.remembered}`);
  assert.equal(held.relevant, true);
  // The same neighbour answered by a law this library lacks says nothing about this library.
  const elsewhere = judge(lib, "房东不退押金", ["中华人民共和国消费者权益保护法|第二十四条"]);
  assert.deepEqual([elsewhere.remembered, elsewhere.relevant], [0, false]);
  // A question like no remembered one is not lifted.
  const unlike = judge(lib, "周末去哪里玩", ["中华人民共和国民法典|第七百三十三条"]);
  assert.deepEqual([unlike.remembered < 0.6, unlike.relevant], [true, false]);
});
