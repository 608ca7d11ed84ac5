import assert from "node:assert/strict";
import { buildLibraryFromFiles } from "./build_library.ts";
import { parseLawFile } from "./parse_markdown.ts";
import { ageTerms, correctTypos, queryTerms, searchLaws } from "./search.ts";

const CODE = `# 中华人民共和国民法典

# 婚姻家庭编

<!-- INFO END -->

第一千零七十六条 夫妻双方自愿离婚的，应当签订书面离婚协议，并亲自到婚姻登记机关申请离婚登记。

第一千零七十七条 自婚姻登记机关收到离婚登记申请之日起三十日内，任何一方不愿意离婚的，可以向婚姻登记机关撤回离婚登记申请。

第一千零七十八条 婚姻登记机关查明双方确实是自愿离婚，并已经对子女抚养、财产以及债务处理等事项协商一致的，予以登记，发给离婚证。

第一千一百四十条 下列人员不能作为遗嘱见证人：（一）无民事行为能力人；（二）继承人、受遗赠人。

第一千一百八十三条 侵害自然人人身权益造成严重精神损害的，被侵权人有权请求精神损害赔偿。

第一千一百八十四条 侵害他人财产的，财产损失按照损失发生时的市场价格计算。赔偿费用的支付方式由当事人协商确定。

第一千一百八十五条 故意侵害他人知识产权，情节严重的，被侵权人有权请求相应的惩罚性赔偿。

第一千一百八十六条 受害人和行为人对损害的发生都没有过错的，依照法律的规定由双方分担损失。遗嘱人、遗属和见证人另有约定的除外。
`;

async function library() {
  return await buildLibraryFromFiles([parseLawFile(CODE, "婚姻家庭编.md", "民法典")], "2026-01-01");
}

Deno.test("correctTypos() mends an unknown bigram with a homophone that fits the corpus", async () => {
  const lib = await library();
  assert.deepEqual(correctTypos(lib, "离昏登记"), ["离婚登"]);
  assert.deepEqual(correctTypos(lib, "精神损害赔尝"), ["赔偿"]);
  // 遗属 occurs once, 遗嘱 more often and 嘱见 fits the next character: the swap keeps the sound.
  assert.deepEqual(correctTypos(lib, "遗属见证人"), ["遗嘱见"]);
});

Deno.test("correctTypos() leaves plain words alone: function characters, synonym-table words, known bigrams", async () => {
  const lib = await library();
  assert.deepEqual(correctTypos(lib, "离婚登记"), []);
  assert.deepEqual(correctTypos(lib, "孩子的"), [], "孩子 is a synonym-table word, 的 a function character");
  // No homophone of 超 or 市 fits the corpus: nothing is guessed (the first version turned 超市 into 上市).
  assert.deepEqual(correctTypos(lib, "超市"), []);
});

Deno.test("correctTypos() never turns a character into a numeral of an article number", async () => {
  // Twelve articles cite 第一千一百…条, so 千一 is frequent while 钱一 is unknown.
  const articles = Array.from(
    { length: 12 },
    (_, k) => `第${k + 1}条 依照本法第一千一百${k + 1}条的规定继承。`,
  );
  const text = `# 中华人民共和国民法典\n\n<!-- INFO END -->\n\n${articles.join("\n\n")}\n`;
  const lib = await buildLibraryFromFiles([parseLawFile(text, "继承编.md", "民法典")], "2026-01-01");
  // 钱 was written on purpose (三万块钱一直不还): no 千一.
  assert.deepEqual(correctTypos(lib, "三万块钱一直不还"), []);
});

Deno.test("searchLaws() finds the article behind a homophone typo", async () => {
  const lib = await library();
  const res = searchLaws(lib, { q: "离昏登记 撤回申请", pageSize: 3 });
  assert.equal(res.results[0].articleNumber, "第一千零七十七条");
  assert.deepEqual(res.corrections, ["离婚登", "离婚"]); // mended bigram, and the synonym word heard
  const { terms } = queryTerms(lib, "精神损害赔尝");
  assert.ok(terms.has("赔偿"));
});

Deno.test("ageTerms() turns an age into the capacity rules that apply", () => {
  assert.deepEqual(ageTerms("五岁的孩子"), ["不满八周岁", "无民事行为能力人"]);
  assert.deepEqual(ageTerms("十岁的孩子打赏主播"), ["八周岁以上", "限制民事行为能力人", "未成年人"]);
  assert.ok(ageTerms("17周岁打工养活自己").includes("以自己的劳动收入为主要生活来源"));
  assert.deepEqual(ageTerms("年满20岁"), ["成年人", "完全民事行为能力人"]);
  assert.deepEqual(ageTerms("岁月"), []);
});

Deno.test("queryTerms() hears a synonym-table word typed by sound and expands it (高利代 -> 高利贷 -> 利率)", async () => {
  const lib = await library();
  const { terms, corrections } = queryTerms(lib, "高利代");
  assert.ok(corrections.includes("高利贷"));
  assert.ok(terms.has("利率"), "the synonyms of 高利贷 are searched");
  assert.ok(!queryTerms(lib, "买房").corrections.includes("卖房"));
});

Deno.test("correctTypos() never swaps a character of a dictionary word (一直 is not a typo of 一致)", async () => {
  const agreed = [1, 2, 3, 4].map((n) =>
    `第${"一二三四"[n - 1]}条 双方协商一致的，可以变更合同；协商一致后应当书面确认。`
  );
  const lib = await buildLibraryFromFiles(
    [parseLawFile(`# 合同示例法\n\n<!-- INFO END -->\n\n${agreed.join("\n\n")}\n`, "合同示例法.md", "示例")],
    "2026-01-01",
  );
  assert.ok(lib.index.docFreq("一致") >= 3 && !lib.index.has("一直"));
  // 一直 is unknown to this corpus and sounds like 一致, but the segmenter's dictionary knows it as a word.
  assert.deepEqual(correctTypos(lib, "双方一直"), []);
  // A character the dictionary does not bind into a word is still mended: 协商一治 -> 一致.
  assert.deepEqual(correctTypos(lib, "协商一治"), ["一致"]);
});
