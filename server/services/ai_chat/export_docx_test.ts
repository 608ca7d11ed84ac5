import assert from "node:assert/strict";
import PizZip from "pizzip";
import { exportFileName, renderDraftDocx } from "./export_docx.ts";

function documentXml(bytes: Uint8Array): string {
  return new PizZip(bytes).file("word/document.xml")!.asText();
}

function paragraphs(xml: string): string[] {
  return xml.match(/<w:p>.*?<\/w:p>/g) ?? [];
}

Deno.test("renderDraftDocx() sets the court format: title 宋体 二号 centred, body 仿宋 三号 indented two characters", () => {
  const xml = documentXml(renderDraftDocx(
    "# 民事起诉状\n（民间借贷纠纷）\n\n## 诉讼请求\n1. 判令被告偿还借款本金50000元；\n**原告**与被告系朋友关系。\n此致\n杭州市西湖区人民法院",
  ));
  const ps = paragraphs(xml);
  assert.equal(ps.length, 7);
  const [title, subtitle, heading, body1, body2, closing, court] = ps;
  assert.match(title, /<w:jc w:val="center"\/>/);
  assert.match(title, /w:eastAsia="宋体"/);
  assert.match(title, /<w:sz w:val="44"\/>/);
  assert.match(title, /<w:b\/>/);
  assert.match(title, />民事起诉状</);
  assert.match(subtitle, /<w:jc w:val="center"\/>.*w:eastAsia="宋体".*<w:sz w:val="32"\/>.*（民间借贷纠纷）/);
  assert.match(heading, /w:eastAsia="黑体".*>诉讼请求</);
  for (const p of [body1, body2]) {
    assert.match(p, /<w:ind w:firstLineChars="200"/);
    assert.match(p, /w:eastAsia="仿宋_GB2312"/);
    assert.match(p, /<w:sz w:val="32"\/>/);
  }
  assert.match(body2, />原告与被告系朋友关系。</, "Markdown emphasis dropped");
  assert.doesNotMatch(closing, /firstLineChars/);
  assert.doesNotMatch(court, /firstLineChars/);
  assert.match(xml, /<w:pgSz w:w="11906" w:h="16838"\/>/);
});

Deno.test("renderDraftDocx() escapes XML and notes citations that are not 现行", () => {
  const xml = documentXml(renderDraftDocx("甲 & 乙 <丙>", [
    {
      raw: "《合同法》第二百零六条",
      title: "合同法",
      articleNumber: "第二百零六条",
      status: "repealed",
      note: "已废止",
    },
    {
      raw: "《民法典》第六百七十五条",
      title: "民法典",
      articleNumber: "第六百七十五条",
      status: "valid",
      note: "",
    },
  ]));
  assert.match(xml, /甲 &amp; 乙 &lt;丙&gt;/);
  assert.match(xml, /附注：以下引用的法条未核实为现行有效，请核对/);
  assert.match(xml, /《合同法》第二百零六条：✗ 已废止（已废止）/);
  assert.doesNotMatch(xml, /《民法典》第六百七十五条：/);
});

Deno.test("exportFileName() takes the document title and strips unsafe characters", () => {
  assert.equal(exportFileName("# 民事起诉状\n正文", "对话", "docx"), "民事起诉状.docx");
  assert.equal(exportFileName("没有标题", "借款/咨询", "pdf"), "借款_咨询.pdf");
});

Deno.test("renderDraftDocx() drops characters XML cannot hold, so Word opens the file", () => {
  const xml = documentXml(renderDraftDocx("借款\u0000合同\u0007第\u001f一条\ufffe"));
  assert.match(xml, />借款合同第一条</);
  // deno-lint-ignore no-control-regex
  assert.doesNotMatch(xml, /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
});
