import assert from "node:assert/strict";
import PizZip from "pizzip";
import { buildSimpleDocx } from "./simple_docx.ts";
import { toKeyFact } from "./result_view.ts";

Deno.test("toKeyFact() reads the extraction core's KeyFact: label, value, checks, validity, page and line", () => {
  const fact = toKeyFact({
    type: "amount",
    label: "金额",
    value: "壹万元整（¥10000.00）",
    normalized: "10000",
    valid: false,
    checks: ["大写小写不一致"],
    source: { fileName: "a.png", page: 2, line: 7, snippet: "…" },
  });
  assert.deepEqual(fact, {
    label: "金额",
    value: "壹万元整（¥10000.00）",
    checks: ["大写小写不一致"],
    valid: false,
    page: 2,
    line: 7,
  });
  assert.equal(toKeyFact({ label: "电话", value: "  " }), null);
  assert.equal(toKeyFact("x"), null);
});

Deno.test("buildSimpleDocx(): one paragraph per line, later pages start on a new page, text escaped", async () => {
  const blob = buildSimpleDocx([["第一页 <甲&乙>"], ["第二页", "第二行"]]);
  const zip = new PizZip(new Uint8Array(await blob.arrayBuffer()));
  assert.ok(zip.file("[Content_Types].xml")!.asText().includes("wordprocessingml.document.main+xml"));
  const xml = zip.file("word/document.xml")!.asText();
  assert.equal((xml.match(/<w:p>/g) ?? []).length, 3);
  assert.equal((xml.match(/<w:pageBreakBefore\/>/g) ?? []).length, 1);
  assert.match(xml, /第一页 &lt;甲&amp;乙&gt;/);
});
