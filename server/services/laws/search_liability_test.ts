import assert from "node:assert/strict";
import { buildLibraryFromFiles } from "./build_library.ts";
import { parseLawFile } from "./parse_markdown.ts";
import { searchLaws, TUNING } from "./search.ts";

const LAW = `# 中华人民共和国民法典

<!-- INFO END -->

第二十条 不满八周岁的未成年人为无民事行为能力人，由其法定代理人代理实施民事法律行为。

第一千一百八十八条 无民事行为能力人、限制民事行为能力人造成他人损害的，由监护人承担侵权责任。监护人尽到监护职责的，可以减轻其侵权责任。
`;

Deno.test("searchLaws(): a who-pays question puts the article that assigns the liability first", async () => {
  const lib = await buildLibraryFromFiles([parseLawFile(LAW, "民法典.md", "民法典")], "2026-01-01");
  const first = (q: string) =>
    searchLaws(lib, { q, memory: null, termTable: null, reranker: null }).results[0].articleNumber;
  const q = "未成年的孩子砸坏了他人的车 谁来赔";
  assert.equal(first(q), "第一千一百八十八条");
  const saved = TUNING.liabilityBoost;
  try {
    TUNING.liabilityBoost = 1;
    assert.equal(first(q), "第二十条", "without the boost 未成年 favours 第二十条");
  } finally {
    TUNING.liabilityBoost = saved;
  }
  assert.equal(first("未成年的孩子砸坏了他人的车"), "第二十条", "not a who-pays question: no boost");
});
