import assert from "node:assert/strict";
import { buildLibraryFromFiles } from "./build_library.ts";
import { parseLawFile } from "./parse_markdown.ts";
import { citedDocs, interpretationTopics, searchLaws } from "./search.ts";

const CODE = `# 中华人民共和国民法典

# 合同编

<!-- INFO END -->

第六百七十九条 自然人之间的借款合同，自贷款人提供借款时成立。

第六百八十条 禁止高利放贷，借款的利率不得违反国家有关规定。

第六百八十一条 保证合同是为保障债权的实现，保证人和债权人约定的合同。
`;

const INTERPRETATION = `# 最高人民法院关于审理民间借贷案件适用法律若干问题的规定

<!-- INFO END -->

第二十五条 出借人请求借款人按照合同约定利率支付利息的，人民法院应予支持，但是双方约定的利率超过合同成立时一年期贷款市场报价利率四倍的除外。本条依照民法典第六百八十条制定。

第二十六条 借据、收据、欠条等债权凭证载明的借款金额，一般认定为本金。

第二十七条 借贷双方对前期借款本息结算后将利息计入后期借款本金并重新出具债权凭证的，按照本条处理。
`;

async function library() {
  return await buildLibraryFromFiles([
    parseLawFile(CODE, "合同编.md", "民法典"),
    parseLawFile(
      INTERPRETATION,
      "最高人民法院关于审理民间借贷案件适用法律若干问题的规定(2020-12-29).md",
      "司法解释",
    ),
  ], "2026-01-01");
}

Deno.test("citedDocs() lists the articles of other laws an article cites, in their current version", async () => {
  const lib = await library();
  const v = lib.versions.find((x) => x.record.title.includes("民间借贷"))!;
  const [doc] = citedDocs(lib, v.docStart + v.byKey.get("25-0")!);
  const code = lib.versions[lib.docVersion[doc]];
  assert.equal(code.articles[lib.docArticle[doc]].number, "第六百八十条");
  assert.deepEqual(citedDocs(lib, v.docStart + v.byKey.get("26-0")!), []);
});

Deno.test("searchLaws() places the code article an interpretation applies right after it", async () => {
  const lib = await library();
  // The words occur only in the interpretation's 第二十五条; the code article it applies follows it.
  const res = searchLaws(lib, { q: "市场报价 四倍", pageSize: 5 });
  assert.deepEqual(res.results.slice(0, 2).map((r) => r.articleNumber), ["第二十五条", "第六百八十条"]);
  // Filters still apply to the attached article.
  const only = searchLaws(lib, { q: "市场报价 四倍", level: "司法解释", pageSize: 5 });
  assert.ok(only.results.every((r) => r.level === "司法解释"));
});

Deno.test("interpretationTopics() names an interpretation by its subject (民间借贷), not codes", async () => {
  const lib = await library();
  const topics = interpretationTopics(lib);
  assert.deepEqual([...topics.keys()], ["民间借贷"]);
  assert.equal(lib.groups.get(topics.get("民间借贷")![0])![0].record.title.includes("民间借贷"), true);
});

Deno.test("searchLaws() answers a how-long question with the article that states a duration", async () => {
  const rules = `# 某某登记办法

<!-- INFO END -->

第一条 当事人申请登记的，登记机关应当及时办理。

第二条 当事人申请登记的，登记机关应当在十五日内办理。
`;
  const lib = await buildLibraryFromFiles(
    [parseLawFile(rules, "某某登记办法(2020-01-01).md", "部门规章")],
    "2026-01-01",
  );
  // Both articles hold the words; the shorter one wins on words alone.
  assert.equal(searchLaws(lib, { q: "申请登记 办理", pageSize: 2 }).results[0].articleNumber, "第一条");
  assert.equal(searchLaws(lib, { q: "申请登记 几天办理", pageSize: 2 }).results[0].articleNumber, "第二条");
});
