import assert from "node:assert/strict";
import { buildLibraryFromFiles } from "./build_library.ts";
import { parseLawFile } from "./parse_markdown.ts";
import { searchLaws } from "./search.ts";

const CODE = `# 中华人民共和国民法典

<!-- INFO END -->

第一百五十三条 违反法律、行政法规的强制性规定的民事法律行为无效。

第五百八十五条 当事人可以约定一方违约时应当根据违约情况向对方支付一定数额的违约金。
`;

const OLD_INTERPRETATION = `# 最高人民法院关于适用《中华人民共和国合同法》若干问题的解释（二）

<!-- INFO END -->

第十四条 合同法第五十二条第（五）项规定的“强制性规定”，是指效力性强制性规定。

第十五条 出卖人就同一标的物订立多重买卖合同，合同均不具有《中华人民共和国合同法》第五十二条规定的无效情形的，按照本条处理。

第十六条 合同法第五十三条规定的免责条款无效。
`;

async function library() {
  return await buildLibraryFromFiles(
    [
      parseLawFile(CODE, "民法典(2020-05-28).md", "民法典"),
      parseLawFile(OLD_INTERPRETATION, "合同法解释二(2009-04-24).md", "司法解释"),
    ],
    "2026-01-01",
  );
}

Deno.test("searchLaws() answers a citation of a law the library lacks with the articles that quote it, and names the law", async () => {
  const lib = await library();
  const old = searchLaws(lib, { q: "合同法第五十二条" });
  assert.deepEqual(old.missingLaws, ["合同法"]);
  assert.deepEqual(old.results.map((r) => r.articleNumber), ["第十四条", "第十五条"]);
  assert.ok(old.results.every((r) => r.match === "text"));
  // An article the library has no quotation of: nothing, but the law is still named.
  const none = searchLaws(lib, { q: "合同法第一百零七条" });
  assert.deepEqual([none.total, none.missingLaws], [0, ["合同法"]]);
  // A law the library holds is not missing; a law named beside other words is, and the words are searched.
  const held = searchLaws(lib, { q: "民法典第一百五十三条" });
  assert.deepEqual([held.missingLaws, held.missingArticles, held.results[0].match], [[], [], "citation"]);
  const named = searchLaws(lib, { q: "合同法 违约金", memory: null });
  assert.deepEqual(named.missingLaws, ["合同法"]);
  assert.equal(named.results[0].articleNumber, "第五百八十五条");
});

Deno.test("searchLaws() names a cited article that no version of a held law has", async () => {
  const lib = await library();
  const result = searchLaws(lib, { q: "民法典第1300条 民法典第一千三百条" });
  assert.deepEqual(result.missingArticles, [{
    title: "中华人民共和国民法典",
    articleNumber: "第一千三百条",
  }]);
  assert.deepEqual(result.missingLaws, []);
  // Beside a missing one, an article that exists is still answered first.
  const mixed = searchLaws(lib, { q: "民法典第一百五十三条、第九百条" });
  assert.equal(mixed.results[0].articleNumber, "第一百五十三条");
  assert.deepEqual(mixed.missingArticles, [{ title: "中华人民共和国民法典", articleNumber: "第九百条" }]);
});
