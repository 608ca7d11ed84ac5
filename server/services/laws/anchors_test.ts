import assert from "node:assert/strict";
import { buildLibraryFromFiles } from "./build_library.ts";
import { parseLawFile } from "./parse_markdown.ts";
import type { LawLibrary } from "./library.ts";

const CODE = `# 中华人民共和国民法典

# 合同编

<!-- INFO END -->

第六百七十九条 自然人之间的借款合同，自贷款人提供借款时成立。

第六百八十条 禁止高利放贷，借款的利率不得违反国家有关规定。

第六百八十一条 保证合同是为保障债权的实现，保证人和债权人约定的合同。

第六百八十二条 保证合同是主债权债务合同的从合同。

第六百八十三条 机关法人不得为保证人。
`;

const INTERPRETATION = `# 最高人民法院关于审理民间借贷案件适用法律若干问题的规定

<!-- INFO END -->

第一条 出借人请求借款人支付逾期利息，双方约定的利率过高的，依照民法典第六百八十条的规定处理。借款人应当按期还款。

第二条 当事人对下列事项发生争议的，参照民法典第六百七十九条、第六百八十条、第六百八十一条、第六百八十二条、第六百八十三条处理。

第三条 违反本规定第一条的，由人民法院依法处理。前款规定的利息按日计算。
`;

async function library(): Promise<LawLibrary> {
  return await buildLibraryFromFiles([
    parseLawFile(CODE, "合同编.md", "民法典"),
    parseLawFile(
      INTERPRETATION,
      "最高人民法院关于审理民间借贷案件适用法律若干问题的规定(2020-12-29).md",
      "司法解释",
    ),
  ], "2026-01-01");
}

function docOf(lib: LawLibrary, title: string, num: number): number {
  const v = lib.versions.find((x) => x.record.title.includes(title))!;
  return v.docStart + v.byKey.get(`${num}-0`)!;
}

Deno.test("anchors: a citation of another law resolves to its article, a citation of 本规定 to the citing act", async () => {
  const lib = await library();
  const code680 = docOf(lib, "民法典", 680);
  const own1 = docOf(lib, "民间借贷", 1);
  // 680 is cited by 第一条 only: 第二条 lists five articles, too many to describe any of them.
  assert.equal(lib.citedBy[code680], 1);
  assert.deepEqual([...lib.citers.slice(lib.citerStart[code680], lib.citerStart[code680 + 1])], [own1]);
  assert.equal(lib.citedBy[docOf(lib, "民法典", 679)], 0);
  // 违反本规定第一条 (第三条) cites the interpretation's own 第一条.
  assert.equal(lib.citedBy[own1], 1);
  assert.equal(lib.citedBy[docOf(lib, "民间借贷", 3)], 0);
});

Deno.test("anchors: the citing sentence describes the cited article in the anchor field", async () => {
  const lib = await library();
  const code680 = docOf(lib, "民法典", 680);
  const code679 = docOf(lib, "民法典", 679);
  // 逾期 occurs only in the sentence citing 680; 按期还款 is another sentence of the citing article.
  const terms = new Map([["逾期", 1]]);
  const scores = lib.index.fieldScores(terms, [code680, code679]);
  assert.ok(scores.anchor[0] > 0);
  assert.equal(scores.text[0], 0);
  assert.equal(scores.anchor[1], 0);
  assert.equal(lib.index.fieldScores(new Map([["还款", 1]]), [code680]).anchor[0], 0);
  // The citation itself is not anchor text: 六百 is in the citing sentence only as the article number.
  assert.equal(lib.index.fieldScores(new Map([["六百", 1]]), [code680]).anchor[0], 0);
  // score() reads the anchor field only with a weight.
  const off = new Float32Array(lib.index.size);
  lib.index.score(terms, off);
  const on = new Float32Array(lib.index.size);
  lib.index.score(terms, on, { anchorWeight: 0.3 });
  assert.equal(off[code680], 0);
  assert.ok(on[code680] > 0);
  assert.ok(Math.abs(on[code680] - 0.3 * scores.anchor[0]) < 1e-5);
});
