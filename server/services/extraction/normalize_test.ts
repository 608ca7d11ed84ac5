import assert from "node:assert/strict";
import {
  compactText,
  findDates,
  formatAnnualRate,
  parseAmount,
  parseChineseAmount,
  parseDate,
  parseRate,
} from "./normalize.ts";

Deno.test("parseChineseAmount reads 大写 amounts", () => {
  assert.deepEqual(parseChineseAmount("人民币壹万贰仟叁佰肆拾伍元陆角柒分"), 12345.67);
  assert.deepEqual(parseChineseAmount("人民币叁拾陆万元整"), 360000);
  assert.deepEqual(parseChineseAmount("肆万捌仟伍佰叁拾叁元贰角柒分"), 48533.27);
  assert.deepEqual(parseChineseAmount("壹拾万零伍佰元整"), 100500);
  assert.deepEqual(parseChineseAmount("壹亿贰仟万元"), 120000000);
  assert.deepEqual(parseChineseAmount("没有数字"), null);
});

Deno.test("parseAmount reads 小写 amounts with 元, 万元, ￥ and commas", () => {
  assert.deepEqual(parseAmount("12,345.67元"), 12345.67);
  assert.deepEqual(parseAmount("￥48,533.27"), 48533.27);
  assert.deepEqual(parseAmount("1.5万元"), 15000);
  assert.deepEqual(parseAmount("人民币陆万元"), 60000);
});

Deno.test("parseDate normalises every common form to YYYY-MM-DD", () => {
  for (
    const s of [
      "2024年3月5日",
      "2024-03-05",
      "2024.3.5",
      "2024/3/5",
      "二〇二四年三月五日",
      "20240305",
      "2024 年 3 月 5 日",
    ]
  ) {
    assert.deepEqual(parseDate(s), "2024-03-05", s);
  }
  assert.deepEqual(parseDate("二〇二五年十一月十五日"), "2025-11-15");
  assert.deepEqual(parseDate("2024年2月30日"), null);
  assert.deepEqual(findDates("自2022年3月26日起至2022年9月25日止").map((d) => d.iso), [
    "2022-03-26",
    "2022-09-25",
  ]);
});

Deno.test("parseRate annualises and keeps the period", () => {
  assert.deepEqual(parseRate("年利率13.2%"), { annualPercent: 13.2, period: "year" });
  assert.deepEqual(parseRate("月利率0.9%")?.annualPercent, 10.8);
  assert.deepEqual(parseRate("日利率万分之五")?.annualPercent, 18);
  assert.deepEqual(parseRate("月息一分")?.annualPercent, 12);
  assert.deepEqual(parseRate("月息8厘")?.annualPercent, 9.6);
  assert.deepEqual(parseRate("年利率百分之十二")?.annualPercent, 12);
  assert.deepEqual(parseRate("无息"), null);
  assert.deepEqual(formatAnnualRate(10.8), "年利率10.8%");
});

Deno.test("compactText drops the spaces a PDF text layer puts between Chinese and digits", () => {
  assert.deepEqual(compactText("（2025）浙 0110 民初 19998 号"), "（2025）浙0110民初19998号");
  assert.deepEqual(compactText("1964 年 1 月 28 日出生"), "1964年1月28日出生");
  assert.deepEqual(compactText("律师：郝斌   电话：17681568953"), "律师：郝斌 | 电话：17681568953");
  // letter-spaced titles close up; a space between two OCR pieces stays
  assert.deepEqual(compactText("律 师 函"), "律师函");
  assert.deepEqual(compactText("性别 女 民族 汉"), "性别 女 民族 汉");
});

Deno.test("prepareLine restores a thousands comma OCR read as a dot, and Chinese punctuation", async () => {
  const { prepareLine } = await import("./lines.ts");
  assert.deepEqual(prepareLine("借款本金48.533.27元"), "借款本金48,533.27元");
  assert.deepEqual(prepareLine("利率1.5%，期限1.500年"), "利率1.5%，期限1.500年");
  assert.deepEqual(prepareLine("原告:张三,男"), "原告：张三，男");
});

Deno.test("prepareLine: money has no three decimals (OCR's 15.200元 is 15,200元)", async () => {
  const { prepareLine } = await import("./lines.ts");
  assert.deepEqual(prepareLine("借款本金15.200元"), "借款本金15,200元");
  assert.deepEqual(prepareLine("利率15.200%"), "利率15.200%");
});
