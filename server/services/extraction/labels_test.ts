import assert from "node:assert/strict";
import { cutAtNextLabel, readLabelledCells, startsWithLabel } from "./labels.ts";

Deno.test("cutAtNextLabel: a value ends where the next known label begins", () => {
  assert.equal(
    cutAtNextLabel("浙江省杭州市西湖区文三路90号10层04室 法定代表人/主要负责人：王某"),
    "浙江省杭州市西湖区文三路90号10层04室",
  );
  assert.equal(
    cutAtNextLabel("江苏省南京市鼓楼区湖南路1号2402经常居住地：上海市"),
    "江苏省南京市鼓楼区湖南路1号2402",
  );
  assert.equal(cutAtNextLabel("2021年6月29日 还款日期 2022年6月28日"), "2021年6月29日");
  assert.equal(cutAtNextLabel("浙江省杭州市西湖区文三路90号"), "浙江省杭州市西湖区文三路90号");
});

Deno.test("readLabelledCells: label cell → value cell, label：value inside a cell, a label cell never a value", () => {
  const row = readLabelledCells(
    "住所地（户籍所在地） | 浙江省杭州市西湖区文三路90号 | 联系电话 | 13800001111",
  );
  assert.deepEqual(row.map((v) => [v.concept, v.label, v.value]), [
    ["address", "住所地（户籍所在地）", "浙江省杭州市西湖区文三路90号"],
    ["phone", "联系电话", "13800001111"],
  ]);
  assert.deepEqual(readLabelledCells("6.借款提供时间 | 放款日期：2021年3月12日").map((v) => v.concept), [
    "loan_date",
  ]);
  assert.deepEqual(readLabelledCells("法定代表人 | 职务 | 董事长"), [{
    concept: "title",
    label: "职务",
    value: "董事长",
    at: 13,
  }]);
  assert.deepEqual(readLabelledCells("利率上浮50%"), []);
});

Deno.test("startsWithLabel: a row of its own, never the continuation of the line above", () => {
  assert.ok(startsWithLabel("借款人 邬洋梅 身份证号 510107196510048571"));
  assert.ok(startsWithLabel("借款人电话18723209913"));
  assert.ok(startsWithLabel("姓名高俊桂"));
  assert.ok(startsWithLabel("第二被告（保证人）：李四"));
  assert.ok(startsWithLabel("借款日期2023年3月18日"));
  assert.ok(!startsWithLabel("借款人于2023年向原告借款"));
  // a sentence wrapped before "原告借款本金…" goes on (a judgment's first claim)
  assert.ok(!startsWithLabel("原告借款本金48,533.27元"));
  assert.ok(!startsWithLabel("号3幢201室"));
});
