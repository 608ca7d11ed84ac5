import assert from "node:assert/strict";
import { normalizeAddress, textAfterLabel } from "./normalize_address.ts";

Deno.test("normalizeAddress() folds full-width characters and drops whitespace and separators", () => {
  assert.equal(normalizeAddress("\u3000浙江省\u3000杭州市\n西湖区\t１２号 "), "浙江省杭州市西湖区12号");
  assert.equal(normalizeAddress("浙江省、杭州市，西湖区,文三路"), "浙江省杭州市西湖区文三路");
});

Deno.test("normalizeAddress() drops label prefixes, ID numbers and a leading 中国", () => {
  assert.equal(normalizeAddress("户籍地址：浙江省杭州市"), "浙江省杭州市");
  assert.equal(normalizeAddress("住浙江省杭州市"), "浙江省杭州市");
  assert.equal(normalizeAddress("33010619900101123X 浙江省杭州市"), "浙江省杭州市");
  assert.equal(normalizeAddress("中国浙江省杭州市"), "浙江省杭州市");
  assert.equal(normalizeAddress("联系人:浙江省杭州市"), "浙江省杭州市");
});

Deno.test("normalizeAddress() removes placeholders and leaves nothing for placeholder-only text", () => {
  assert.equal(normalizeAddress("XX省XX市西湖区"), "西湖区");
  assert.equal(normalizeAddress("某某省某某市"), "");
  assert.equal(normalizeAddress(""), "");
});

Deno.test("normalizeAddress() drops brackets and an organisation written before its address", () => {
  assert.equal(normalizeAddress("【山东省济宁市曲阜市】"), "山东省济宁市曲阜市");
  assert.equal(normalizeAddress("「陕西省汉中市」"), "陕西省汉中市");
  assert.equal(normalizeAddress("杭州某某科技有限公司，住所地：浙江省宁波市"), "浙江省宁波市");
  assert.equal(normalizeAddress("某某建材有限公司（注册地址：河北省廊坊市）"), "河北省廊坊市)");
  // a place name without an organisation and label stays, and so does a label that is not set off
  assert.equal(normalizeAddress("杭州某某科技有限公司"), "杭州某某科技有限公司");
  assert.equal(normalizeAddress("杭州市西湖区某某商务中心地址楼"), "杭州市西湖区某某商务中心地址楼");
});

Deno.test("normalizeAddress() drops the field names of a system export", () => {
  assert.equal(
    normalizeAddress("省份：西藏自治区 城市：日喀则市 区县：萨迦县 详细地址：芳草大街"),
    "西藏自治区日喀则市萨迦县芳草大街",
  );
  assert.equal(normalizeAddress("实际居住地铜陵市枞阳县"), "铜陵市枞阳县");
});

Deno.test("textAfterLabel() finds the first labelled address anywhere in the text", () => {
  assert.equal(textAfterLabel("张三男汉族住址:浙江省宁波市"), "浙江省宁波市");
  assert.equal(textAfterLabel("宋某，男，1974年3月8日出生，汉族，住广西柳州市"), "广西柳州市");
  assert.equal(textAfterLabel("张三，男，汉族"), "");
});
