import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { formatArticleNumber, formatNumeral, parseArticleNumber, parseNumeral } from "./numerals.ts";

Deno.test("Chinese numerals read and write both ways", () => {
  for (
    const [text, n] of [
      ["一千二百六十", 1260],
      ["一百零三", 103],
      ["十五", 15],
      ["六百八十", 680],
      ["二十", 20],
      ["一百一十九", 119],
      ["两", 2],
      ["一千零六十四", 1064],
      ["1165", 1165],
    ] as const
  ) {
    assertEquals(parseNumeral(text), n, text);
  }
  for (let n = 1; n <= 1300; n++) assertEquals(parseNumeral(formatNumeral(n)), n);
  assertEquals(formatNumeral(110), "一百一十");
  assertEquals(formatNumeral(15), "十五");
  assertEquals(formatArticleNumber(1064), "第一千零六十四条");
  assertEquals(formatArticleNumber(10, 1), "第十条之一");
  assertEquals(parseArticleNumber("第90条"), { num: 90, sub: 0 });
  assertEquals(parseArticleNumber("第二百零一条之一"), { num: 201, sub: 1 });
  assertEquals(parseArticleNumber("abc"), null);
});
