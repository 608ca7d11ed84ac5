import assert from "node:assert/strict";
import { csvCell, toCsv } from "./csv.ts";

Deno.test("csvCell() neutralises cells a spreadsheet would run as a formula", () => {
  assert.equal(csvCell('=1+1+HYPERLINK("http://x","y")'), `"'=1+1+HYPERLINK(""http://x"",""y"")"`);
  assert.equal(csvCell("+86 138"), "'+86 138");
  assert.equal(csvCell("-2+3"), "'-2+3");
  assert.equal(csvCell("@SUM(A1)"), "'@SUM(A1)");
  assert.equal(csvCell("\t=1"), "'\t=1");
  assert.equal(csvCell("\r=1"), `"'\r=1"`);
  // text that merely contains one of them, and numbers, are left alone
  assert.equal(csvCell("张三=李四"), "张三=李四");
  assert.equal(csvCell(-3), "-3");
  assert.equal(csvCell(12), "12");
  assert.equal(csvCell(null), "");
});

Deno.test("csvCell() quotes commas, quotes and line breaks as before", () => {
  assert.equal(csvCell("a,b"), '"a,b"');
  assert.equal(csvCell('say "hi"'), '"say ""hi"""');
  assert.equal(csvCell("a\nb"), '"a\nb"');
  assert.equal(csvCell("plain"), "plain");
});

Deno.test("toCsv() joins with CRLF and starts with a BOM", () => {
  assert.equal(toCsv([["a", 1], ["=x", "y"]]), "\uFEFFa,1\r\n'=x,y\r\n");
  assert.equal(toCsv([["a"]], { bom: false, eol: "\n" }), "a\n");
});
