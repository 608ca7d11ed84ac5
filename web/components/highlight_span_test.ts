import assert from "node:assert/strict";
import { highlightSpan } from "./highlight_span.ts";

Deno.test("highlightSpan() finds a value as printed", () => {
  assert.deepEqual(highlightSpan("原告：李四，男", "李四"), [3, 5]);
});

Deno.test("highlightSpan() finds a value across letter spacing and a wrapped line's break", () => {
  const snippet = "营业场所 广东省深圳市南山区南海大道 101 号 19 幢 2 单元 104\n室";
  const [start, end] = highlightSpan(snippet, "广东省深圳市南山区南海大道101号19幢2单元104室")!;
  assert.equal(snippet.slice(start, end), "广东省深圳市南山区南海大道 101 号 19 幢 2 单元 104\n室");
});

Deno.test("highlightSpan() reads full-width forms as half-width", () => {
  const snippet = "借款人：张三（身份证号１１０１０１）";
  assert.equal(
    snippet.slice(...highlightSpan(snippet, "张三(身份证号110101)")!),
    "张三（身份证号１１０１０１）",
  );
});

Deno.test("highlightSpan() answers null for a value not in the text, or an empty one", () => {
  assert.equal(highlightSpan("原告：李四", "王五"), null);
  assert.equal(highlightSpan("原告：李四", " "), null);
});
