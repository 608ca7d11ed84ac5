import assert from "node:assert/strict";
import { buildLibraryFromFiles } from "./build_library.ts";
import { parseLawFile } from "./parse_markdown.ts";
import { buildQuestionMemory } from "./question_memory.ts";
import { searchLaws, TUNING } from "./search.ts";

const LAW = `# 中华人民共和国民法典

<!-- INFO END -->

第四百六十九条 当事人订立合同，有书面形式、口头形式等。

第一千零七十九条 夫妻一方要求离婚的，可以由有关组织进行调解或者直接向人民法院提起离婚诉讼。

第一千零八十七条 离婚时，夫妻的共同财产由双方协议处理；协议不成的，由人民法院根据财产的具体情况判决。
`;

// A remembered question worded like the new one, answered by the article on suing for divorce only.
const MEMORY = [
  { question: "老公经常打我，我要跟他分开怎么办", answers: ["中华人民共和国民法典|第一千零七十九条"] },
];

Deno.test("searchLaws() with memoryFeedbackTerms: a remembered neighbour's gold article lends its words, finding the article that states the same matter", async () => {
  const lib = await buildLibraryFromFiles([parseLawFile(LAW, "民法典.md", "民法典")], "2026-01-01");
  const memory = buildQuestionMemory(MEMORY);
  // None of the question's own words are in the law: only the memory connects it to 离婚.
  const found = () =>
    searchLaws(lib, { q: "老公天天打我，我想跟他分开", memory, termTable: null, reranker: null }).results
      .map((r) => r.articleNumber);
  const saved = TUNING.memoryFeedbackTerms;
  try {
    TUNING.memoryFeedbackTerms = 10;
    const on = found();
    assert.equal(on[0], "第一千零七十九条", "the neighbour's own answer first");
    assert.ok(
      on.includes("第一千零八十七条"),
      `the article sharing its words (离婚, 夫妻, 人民法院) is found: ${on}`,
    );
    assert.equal(
      on[1],
      "第一千零八十七条",
      `an article sharing only the law's title words comes after: ${on}`,
    );
    TUNING.memoryFeedbackTerms = 0;
    assert.ok(!found().includes("第一千零八十七条"), "without feedback only the lent article is found");
  } finally {
    TUNING.memoryFeedbackTerms = saved;
  }
});
