import assert from "node:assert/strict";
import { classifyAddress } from "./classify_address.ts";

Deno.test("classifyAddress() groups by city at city level, municipalities by themselves", () => {
  assert.deepEqual(classifyAddress("浙江省杭州市西湖区文三路1号", "city"), {
    key: "330100",
    label: "杭州市",
  });
  assert.deepEqual(classifyAddress("北京市朝阳区建国路", "city"), { key: "110000", label: "北京市" });
});

Deno.test("classifyAddress() labels counties with their city so same-named districts stay apart", () => {
  assert.deepEqual(classifyAddress("南京市鼓楼区中山路", "county"), { key: "320106", label: "南京市鼓楼区" });
  assert.deepEqual(classifyAddress("福州市鼓楼区五四路", "county"), { key: "350102", label: "福州市鼓楼区" });
  assert.deepEqual(classifyAddress("广东省东莞市长安镇", "county"), { key: "441900", label: "东莞市" });
});

Deno.test("classifyAddress() sends what the level cannot place to 其他 with a Chinese reason", () => {
  assert.deepEqual(classifyAddress("", "city"), { key: null, reason: "地址为空" });
  assert.deepEqual(classifyAddress(" —— / ", "county"), { key: null, reason: "地址为空" });
  // a phone number is not an empty cell: it cannot be placed (#16 item 8)
  for (const cell of ["13812345678", "0571-88886666", "电话：13812345678", "tel 138 1234 5678"]) {
    for (const level of ["city", "county"] as const) {
      assert.deepEqual(classifyAddress(cell, level), { key: null, reason: "无法识别地区" }, cell);
    }
  }
  assert.deepEqual(classifyAddress("火星基地", "county"), { key: null, reason: "无法识别地区" });
  assert.deepEqual(classifyAddress("鼓楼区", "county"), { key: null, reason: "地区名称有歧义，无法确定" });
  assert.deepEqual(classifyAddress("浙江省杭州市", "county"), {
    key: null,
    reason: "只识别到市级，无法确定区县",
  });
  assert.deepEqual(classifyAddress("浙江省", "city"), { key: null, reason: "只识别到省级，无法确定地市" });
});
