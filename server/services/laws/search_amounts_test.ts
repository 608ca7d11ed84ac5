import assert from "node:assert/strict";
import { buildLibraryFromFiles } from "./build_library.ts";
import { parseLawFile } from "./parse_markdown.ts";
import { searchLaws, TUNING } from "./search.ts";

const LAW = `# 中华人民共和国劳动合同法

<!-- INFO END -->

第四十六条 经济补偿应当支付，经济补偿不得拖欠。

第四十七条 经济补偿按劳动者在本单位工作的年限，每满一年支付一个月工资的标准向劳动者支付。
`;

Deno.test("searchLaws(): a how-much question puts the article that states the amount first", async () => {
  const lib = await buildLibraryFromFiles([parseLawFile(LAW, "劳动合同法.md", "社会法")], "2026-01-01");
  const first = (q: string) =>
    searchLaws(lib, { q, memory: null, termTable: null, reranker: null }).results[0].articleNumber;
  assert.equal(first("经济补偿怎么算"), "第四十七条");
  const saved = TUNING.amountBoost;
  try {
    TUNING.amountBoost = 1;
    assert.equal(first("经济补偿怎么算"), "第四十六条", "without the boost the words favour 第四十六条");
  } finally {
    TUNING.amountBoost = saved;
  }
  assert.equal(first("经济补偿的情形"), "第四十六条", "not a how-much question: no boost");
});
