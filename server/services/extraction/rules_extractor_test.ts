import assert from "node:assert/strict";
import { findAmounts } from "./amounts.ts";
import { cleanName } from "./party_blocks.ts";
import { readDocumentFacts } from "./rules_extractor.ts";
import { docOf } from "./test_docs.ts";

Deno.test("cleanName accepts people and organisations, refuses labels and company types", () => {
  assert.equal(cleanName("张三"), "张三");
  assert.equal(cleanName("阿卜杜拉·艾尔肯"), "阿卜杜拉·艾尔肯");
  assert.equal(cleanName("某某商业银行股份有限公司某某支行"), "某某商业银行股份有限公司某某支行");
  assert.equal(cleanName("性别"), null);
  assert.equal(cleanName("股份有限公司（非上市）"), null);
  assert.equal(cleanName("其他股份有限公司"), null);
  assert.equal(cleanName("2024年"), null);
});

Deno.test("findAmounts pairs 大写 and 小写 and reports whether they agree", () => {
  assert.deepEqual(findAmounts("人民币叁万捌仟元整（¥38,000.00）").map((a) => [a.value, a.checks]), [[38000, [
    "大写小写一致",
  ]]]);
  assert.deepEqual(findAmounts("人民币叁万捌仟元整（¥39,000.00）").map((a) => a.checks), [[
    "大写小写不一致",
  ]]);
  assert.deepEqual(findAmounts("借款6万元，利息1,200.50元").map((a) => a.value), [60000, 1200.5]);
});

Deno.test("readDocumentFacts: kind, parties with roles, a guarantor kept apart, a lawyer's phone not the party's", () => {
  const f = readDocumentFacts(docOf("民事起诉状.docx", [
    "民事起诉状",
    "原告：张三，住浙江省杭州市西湖区文三路1号，电话：13800001111。",
    "委托诉讼代理人：王律师，电话：13900002222。",
    "被告一：李四，住浙江省杭州市上城区解放路2号。",
    "被告二：王五（保证人），住浙江省杭州市拱墅区湖墅南路3号。",
    "诉讼请求：",
    "1、判令被告一归还借款本金10万元；",
  ]));
  assert.equal(f.kind, "起诉状");
  assert.equal(f.rank, 5);
  const roles = f.parties.map((p) => [p.role, p.attrs.name?.value, p.attrs.phone?.normalized ?? null]);
  assert.deepEqual(roles, [
    ["creditor", "张三", "13800001111"],
    ["other", "王律师", "13900002222"],
    ["debtor", "李四", null],
    ["other", "王五", null],
  ]);
  assert.equal(f.facts.claim?.[0].value, "判令被告一归还借款本金10万元");
});

Deno.test("readDocumentFacts: a deadline is a due date, a past repayment date is not", () => {
  const f = readDocumentFacts(docOf("起诉状.docx", [
    "2022年1月5日，被告向原告借款20000元，约定于2022年12月31日前归还。",
    "被告于2023年3月1日归还了5000元。",
  ]));
  assert.deepEqual(f.facts.due_date?.map((h) => h.normalized), ["2022-12-31"]);
  assert.deepEqual(f.facts.loan_date?.map((h) => h.normalized), ["2022-01-05"]);
  assert.deepEqual(f.facts.loan_amount?.map((h) => h.normalized), ["20000"]);
});

Deno.test("readDocumentFacts: court style party lines without a colon", () => {
  const f = readDocumentFacts(docOf("判决书.pdf", [
    "某某市某某区人民法院",
    "民事判决书",
    "原告张三，男，1980年1月1日出生，住浙江省杭州市西湖区文三路1号。",
    "被告某某科技有限公司，住所地浙江省杭州市滨江区江南大道1号，统一社会信用代码91350100M000100Y43。",
    "原告张三与被告某某科技有限公司民间借贷纠纷一案，本院于2024年1月2日立案后进行了审理。",
  ]));
  assert.deepEqual(f.parties.map((p) => [p.role, p.attrs.name?.value]), [
    ["creditor", "张三"],
    ["debtor", "某某科技有限公司"],
  ]);
  assert.equal(f.parties[1].attrs.credit_code?.value, "91350100M000100Y43");
  assert.equal(f.parties[0].attrs.address?.value, "浙江省杭州市西湖区文三路1号");
});
