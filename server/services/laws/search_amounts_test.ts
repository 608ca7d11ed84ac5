import assert from "node:assert/strict";
import { buildLibraryFromFiles } from "./build_library.ts";
import { parseLawFile } from "./parse_markdown.ts";
import { searchLaws, TUNING, withoutAmountUnits } from "./search.ts";

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

const LOANS = `# 最高人民法院关于审理民间借贷案件适用法律若干问题的规定

<!-- INFO END -->

第二十八条 借贷双方对逾期利率有约定的，从其约定。借款人逾期不还的，出借人可以主张逾期利息。

第三十条 出借人与借款人既约定了逾期利率，又约定了违约金的，出借人可以选择主张。
`;

const FINES = `# 中华人民共和国民事诉讼法

<!-- INFO END -->

第一百一十八条 对个人的罚款金额，为人民币十万元以下。对单位的罚款金额，为人民币五万元以上一百万元以下。
`;

Deno.test("withoutAmountUnits(): a stated sum keeps its number and loses its unit", () => {
  assert.equal(withoutAmountUnits("朋友借了我5万元一直不还"), "朋友借了我5 一直不还");
  assert.equal(withoutAmountUnits("欠了三千块钱没还"), "欠了三千 没还");
  assert.equal(withoutAmountUnits("赔了2.5万块"), "赔了2.5 ");
  assert.equal(withoutAmountUnits("元旦加班"), "元旦加班", "元 of a word, not after a number");
});

Deno.test("searchLaws(): the unit of a sum the user states does not bring articles that state fines", async () => {
  const lib = await buildLibraryFromFiles([
    parseLawFile(LOANS, "民间借贷规定.md", "司法解释"),
    parseLawFile(FINES, "民事诉讼法.md", "诉讼与非诉讼程序法"),
  ], "2026-01-01");
  const first = (q: string) =>
    searchLaws(lib, { q, memory: null, termTable: null, reranker: null }).results[0]?.title ?? "";
  const q = "朋友借了我5万元一直逾期不还";
  assert.match(first(q), /民间借贷/);
  const saved = TUNING.factAmounts;
  try {
    TUNING.factAmounts = 1;
    assert.match(first(q), /民事诉讼法/, "with 万元 as a term the fines article comes first");
  } finally {
    TUNING.factAmounts = saved;
  }
});
