import assert from "node:assert/strict";
import { buildLibraryFromFiles } from "./build_library.ts";
import { extractCitations } from "./citations.ts";
import { parseLawFolder } from "./load_folder.ts";

const lib = await buildLibraryFromFiles(
  await parseLawFolder(new URL("../../../tests/fixtures/laws/", import.meta.url).pathname),
  "2026-01-01",
);

function found(text: string) {
  return extractCitations(lib, text).map((c) => `${c.name}|${c.articleNumber}`);
}

Deno.test("citation forms: full titles, short names, Arabic and Chinese numerals, 款 and 项, nested brackets", () => {
  assert.deepEqual(found("依照《中华人民共和国民法典》第五百七十七条之规定"), [
    "中华人民共和国民法典|第五百七十七条",
  ]);
  assert.deepEqual(found("《合同法》第52条"), ["合同法|第五十二条"]);
  assert.deepEqual(found("依照《民事诉讼法》第一百七十条第一款第（二）项之规定"), [
    "民事诉讼法|第一百七十条",
  ]);
  assert.deepEqual(found("依照《民事诉讼法》第一百七十条第一款第一项之规定"), ["民事诉讼法|第一百七十条"]);
  assert.deepEqual(found("依据民法典第1300条的规定"), ["民法典|第一千三百条"]);
  assert.deepEqual(found("民法典1165条"), ["民法典|第一千一百六十五条"]);
  assert.deepEqual(found("民诉法第一百二十二条"), ["民诉法|第一百二十二条"]);
  assert.deepEqual(found("民间借贷司法解释第二十六条"), ["民间借贷司法解释|第二十六条"]);
  assert.deepEqual(
    found("《最高人民法院关于适用〈中华人民共和国婚姻法〉若干问题的解释（二）》第二十四条"),
    ["最高人民法院关于适用〈中华人民共和国婚姻法〉若干问题的解释（二）|第二十四条"],
  );
  assert.deepEqual(found("《婚姻法解释（二）》第二十四条"), ["婚姻法解释（二）|第二十四条"]);
  assert.deepEqual(found("依照《民事诉讼法》第六十七条、第一百二十二条"), [
    "民事诉讼法|第六十七条",
    "民事诉讼法|第一百二十二条",
  ]);
  assert.deepEqual(found("第十条之一"), []);
  // Not citations: numbers of things, unknown bare names.
  assert.deepEqual(found("以下三条规定的情形，共计3条"), []);
  assert.deepEqual(found("某某公司章程第5条"), []);
});

Deno.test("citation forms: a version tag after the name, and a part of the civil code, keep the citation", () => {
  const tagged = extractCitations(
    lib,
    "依照《中华人民共和国民事诉讼法》（2017年修正）第一百一十九条，原告的起诉符合起诉条件",
  );
  assert.deepEqual(tagged.map((c) => [c.name, c.articleNumber, c.versionYear]), [
    ["中华人民共和国民事诉讼法", "第一百一十九条", 2017],
  ]);
  assert.deepEqual(
    extractCitations(
      lib,
      "《最高人民法院关于审理民间借贷案件适用法律若干问题的规定》（法释〔2015〕18号）第二十六条",
    )
      .map((c) => c.versionYear),
    [2015],
  );
  // A title copied from the database nests 《》.
  assert.deepEqual(
    found("依照《最高人民法院关于适用《中华人民共和国婚姻法》若干问题的解释（二）》第二十四条"),
    ["最高人民法院关于适用《中华人民共和国婚姻法》若干问题的解释（二）|第二十四条"],
  );
  assert.deepEqual(found("依照《民法典》和《婚姻法解释（二）》第二十四条"), ["婚姻法解释（二）|第二十四条"]);
  assert.deepEqual(found("根据《民法典》侵权责任编第一千一百六十五条"), ["民法典|第一千一百六十五条"]);
  assert.deepEqual(found("根据《民法典·侵权责任编》第一千一百六十五条"), ["民法典|第一千一百六十五条"]);
  assert.deepEqual(extractCitations(lib, "依照《民事诉讼法》第六十七条").map((c) => c.versionYear), [null]);
  // The tag may sit inside the brackets.
  assert.deepEqual(
    extractCitations(lib, "依照《中华人民共和国民事诉讼法（2023年修正）》第六十七条").map((
      c,
    ) => [c.name, c.versionYear]),
    [["中华人民共和国民事诉讼法", 2023]],
  );
  // A parenthesis that is not a version tag still ends the name: no citation.
  assert.deepEqual(found("《民事诉讼法》（见附件）第六十七条"), []);
});

Deno.test("citation names resolve to the library's laws, current version first", () => {
  const civil = lib.resolveGroups("民诉法");
  assert.equal(lib.currentVersion(civil[0])!.record.publishDate, "2023-09-01");
  assert.ok(lib.resolveGroups("民间借贷规定").length === 1);
  assert.ok(lib.resolveGroups("最高人民法院关于审理民间借贷案件适用法律若干问题的规定").length === 1);
  assert.ok(lib.repealed.has("合同法"), "民法典 第一千二百六十条 names the repealed acts");
  assert.deepEqual(lib.resolveGroups("不存在的法"), []);
});
