import assert from "node:assert/strict";
import { buildLibraryFromFiles } from "./build_library.ts";
import { parseLawFile } from "./parse_markdown.ts";
import { searchLaws, TUNING } from "./search.ts";

const LAW = `# 订金规定

<!-- INFO END -->

第一条 交付的订金，数额由当事人约定。

第二条 合同解除后，收受订金的一方应当将交付的订金退还。
`;

Deno.test("searchLaws(): a can-I-get-it-back question puts the article that orders restitution first", async () => {
  const lib = await buildLibraryFromFiles([parseLawFile(LAW, "订金规定.md", "司法解释")], "2026-01-01");
  const first = (q: string) =>
    searchLaws(lib, { q, memory: null, termTable: null, reranker: null }).results[0].articleNumber;
  const q = "交付的订金能要回来吗";
  assert.equal(first(q), "第二条");
  const saved = TUNING.returnBoost;
  try {
    TUNING.returnBoost = 1;
    assert.equal(first(q), "第一条", "without the boost the shorter 第一条 wins");
  } finally {
    TUNING.returnBoost = saved;
  }
  assert.equal(first("交付的订金数额"), "第一条", "not a get-back question: no boost");
});
