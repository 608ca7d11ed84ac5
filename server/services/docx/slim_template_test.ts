import assert from "node:assert/strict";
import PizZip from "pizzip";
import { buildMediationTemplate } from "../../../scripts/make_fixtures.ts";
import { readParagraphs } from "./docx_text.ts";
import { slimPartXml, slimTemplate } from "./slim_template.ts";

const props = `<w:rPr><w:sz w:val="32"/></w:rPr>`;

Deno.test("slimPartXml() merges runs of identical formatting and drops Word's bookkeeping", () => {
  const xml =
    `<w:p w:rsidR="00A1" w:rsidRDefault="00B2"><w:r w:rsidRPr="00C3">${props}<w:t>\${申</w:t></w:r>` +
    `<w:proofErr w:type="spellStart"/><w:r>${props}<w:t xml:space="preserve">请人} </w:t></w:r>` +
    `<w:r><w:rPr><w:b/></w:rPr><w:t>粗体</w:t></w:r></w:p>`;
  assert.equal(
    slimPartXml(xml),
    `<w:p><w:r>${props}<w:t xml:space="preserve">\${申请人} </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">粗体</w:t></w:r></w:p>`,
  );
});

Deno.test("slimPartXml() does not merge across a bookmark other than _GoBack", () => {
  const run = (t: string) => `<w:r>${props}<w:t>${t}</w:t></w:r>`;
  const xml =
    `<w:p>${run("甲")}<w:bookmarkStart w:id="3" w:name="引用"/>${run("乙")}<w:bookmarkEnd w:id="3"/>` +
    `${run("丙")}<w:bookmarkStart w:id="0" w:name="_GoBack"/><w:bookmarkEnd w:id="0"/>${run("丁")}</w:p>`;
  const slim = slimPartXml(xml);
  assert.match(slim, /<w:bookmarkStart w:id="3" w:name="引用"\/>/);
  assert.ok(!slim.includes("_GoBack"));
  assert.match(slim, /<w:t>甲<\/w:t>/);
  assert.match(slim, /<w:t>乙<\/w:t>/);
  assert.match(slim, /<w:t xml:space="preserve">丙丁<\/w:t>/);
});

Deno.test("slimTemplate() keeps every paragraph's text and cuts the markup", () => {
  const template = buildMediationTemplate();
  const before = new PizZip(template).file("word/document.xml")!.asText();
  const after = new PizZip(slimTemplate(template)).file("word/document.xml")!.asText();
  assert.deepEqual(readParagraphs(after).map((p) => p.text), readParagraphs(before).map((p) => p.text));
  assert.ok(after.length < before.length / 2, `${after.length} vs ${before.length}`);
});
