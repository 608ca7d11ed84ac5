import assert from "node:assert/strict";
import { decodeXml, escapeXml } from "./xml.ts";

Deno.test("decodeXml() replaces named entities and decimal and hexadecimal character references", () => {
  assert.equal(decodeXml("a &lt;b&gt; &amp;amp; &quot;c&quot; &apos;d&apos;"), `a <b> &amp; "c" 'd'`);
  assert.equal(decodeXml("&#20013;&#x6587;&#X41;&#x1F600;"), "中文&#X41;😀");
});

Deno.test("decodeXml() drops references XML cannot hold and keeps unknown ones as written", () => {
  assert.equal(decodeXml("a&#0;b&#x110000;c"), "abc");
  assert.equal(decodeXml("&nbsp; & &amp"), "&nbsp; & &amp");
  const plain = "没有实体";
  assert.equal(decodeXml(plain), plain);
});

Deno.test("escapeXml() escapes markup and quotes and drops characters XML 1.0 forbids", () => {
  assert.equal(escapeXml(`<a href="x">&</a>`), "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;");
  assert.equal(escapeXml("表\u0000格\u000b\u001f\ufffe\uffff行\t\n\r"), "表格行\t\n\r");
  assert.equal(decodeXml(escapeXml(`x < y & "z"`)), `x < y & "z"`);
});
