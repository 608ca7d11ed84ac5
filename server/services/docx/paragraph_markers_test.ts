import assert from "node:assert/strict";
import PizZip from "pizzip";
import { buildParagraphBlock, type ParagraphFlags } from "../../../common/paragraphs.ts";
import { buildDocx, plainParagraph } from "../../../scripts/make_fixtures.ts";
import { AppError } from "../../errors.ts";
import { checkParagraphTemplate, fillParagraphTemplate } from "./paragraph_fill.ts";
import {
  listParagraphVariables,
  rewriteParagraphMarkers,
  splitMarkedParagraphs,
} from "./paragraph_markers.ts";
import { createDocxRenderer } from "./render_docx.ts";

const flags: ParagraphFlags = {
  noIndent: false,
  allIndent: false,
  addLineBreak: true,
  noLineBreak: false,
  removeLastChar: false,
  usePrefix: true,
};

function documentXml(docx: Uint8Array): string {
  return new PizZip(docx).file("word/document.xml")!.asText();
}

function paragraphsOf(xml: string): { text: string; pPr: string }[] {
  return [...xml.matchAll(/<w:p(?:\s[^>]*)?>([\s\S]*?)<\/w:p>/g)].map((m) => ({
    text: [...m[1].matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:br\/>/g)].map((t) => t[1] ?? "\n").join(""),
    pPr: /^<w:pPr>[\s\S]*?<\/w:pPr>/.exec(m[1])?.[0] ?? "",
  }));
}

const indentedMarker =
  `<w:p><w:pPr><w:ind w:firstLineChars="200" w:firstLine="640"/><w:jc w:val="both"/></w:pPr>` +
  `<w:r><w:rPr><w:b/></w:rPr><w:t>#</w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>{被申请人</w:t></w:r>` +
  `<w:r><w:rPr><w:b/></w:rPr><w:t>段落}</w:t></w:r></w:p>`;

const template = buildDocx({
  body: plainParagraph("申请人：${申请人}") + indentedMarker + plainParagraph("以上被申请人共${人数}名。"),
});

Deno.test("listParagraphVariables() finds #{名称} split across runs, in order, once each", () => {
  const docx = buildDocx({
    body: indentedMarker + plainParagraph("#{乙}与#{甲}") + plainParagraph("#{乙}，${丙}，#{}"),
  });
  assert.deepEqual(listParagraphVariables(docx), ["被申请人段落", "乙", "甲"]);
});

Deno.test("rewriteParagraphMarkers() leaves a template without paragraph variables untouched", () => {
  const plain = buildDocx({ body: plainParagraph("${申请人}") });
  assert.equal(rewriteParagraphMarkers(plain), plain);
});

Deno.test("rendering a paragraph variable: one Word paragraph per item with the template paragraph's format", () => {
  const renderer = createDocxRenderer(template);
  assert.deepEqual(renderer.variables, ["申请人", "人数"]);
  assert.deepEqual(renderer.paragraphVariables, ["被申请人段落"]);
  const rows = [{ 姓名: "张三", 金额: 1000 }, { 姓名: "李四", 金额: 2500.5 }];
  const items = rows.map((row) => fillParagraphTemplate("被申请人${姓名}，欠款${金额|千分位}元；", row));
  const block = buildParagraphBlock(items, { flags, prefixText: "N、" });
  const xml = documentXml(renderer.render({ 申请人: "王芳", 人数: 2 }, { 被申请人段落: block }));
  const paragraphs = paragraphsOf(xml);
  assert.deepEqual(paragraphs.map((p) => p.text), [
    "申请人：王芳",
    "1、被申请人张三，欠款1,000.00元；",
    "2、被申请人李四，欠款2,500.50元；",
    "以上被申请人共2名。",
  ]);
  assert.match(paragraphs[1].pPr, /w:firstLineChars="200"/);
  assert.equal(paragraphs[2].pPr, paragraphs[1].pPr, "the new paragraph copies the paragraph properties");
  assert.equal((xml.match(/<w:b\/>/g) ?? []).length, 2, "and the run properties");
  assert.ok(!/[\uE000-\uE002]/.test(xml), "no mark left");
});

Deno.test("rendering: noIndent clears the paragraph's own first-line indent; no block removes the paragraph", () => {
  const renderer = createDocxRenderer(template);
  const block = buildParagraphBlock(["甲；", "乙；"], {
    flags: { ...flags, noIndent: true, usePrefix: false },
    prefixText: null,
  });
  const paragraphs = paragraphsOf(
    documentXml(renderer.render({ 申请人: "王芳", 人数: 2 }, { 被申请人段落: block })),
  );
  assert.deepEqual(paragraphs.map((p) => p.text), ["申请人：王芳", "甲；", "乙；", "以上被申请人共2名。"]);
  for (const p of paragraphs.slice(1, 3)) {
    assert.match(p.pPr, /<w:ind w:firstLine="0" w:firstLineChars="0"\/>/);
    assert.ok(!p.pPr.includes("640"));
  }
  const without = paragraphsOf(documentXml(renderer.render({ 申请人: "王芳", 人数: 0 })));
  assert.deepEqual(without.map((p) => p.text), ["申请人：王芳", "以上被申请人共0名。"]);
});

Deno.test("rendering: text around the variable stays in the first and last paragraphs; line breaks without addLineBreak", () => {
  const docx = buildDocx({ body: plainParagraph("被申请人：#{名单}。") });
  const renderer = createDocxRenderer(docx);
  const apart = buildParagraphBlock(["张三", "李四"], {
    flags: { ...flags, usePrefix: false },
    prefixText: null,
  });
  assert.deepEqual(
    paragraphsOf(documentXml(renderer.render({}, { 名单: apart }))).map((p) => p.text),
    ["被申请人：张三", "李四。"],
  );
  const soft = buildParagraphBlock(["张三", "李四"], {
    flags: { ...flags, addLineBreak: false, usePrefix: false },
    prefixText: null,
  });
  assert.deepEqual(paragraphsOf(documentXml(renderer.render({}, { 名单: soft }))).map((p) => p.text), [
    "被申请人：张三\n李四。",
  ]);
});

Deno.test("a cell cannot smuggle paragraph marks into the document", () => {
  const renderer = createDocxRenderer(buildDocx({ body: plainParagraph("${甲}") }));
  const xml = documentXml(renderer.render({ 甲: "a\uE001b\uE002c" }));
  assert.deepEqual(paragraphsOf(xml).map((p) => p.text), ["abc"]);
  assert.equal(fillParagraphTemplate("${甲}", { 甲: "x\uE001y" }), "xy");
});

Deno.test("splitMarkedParagraphs() adds w:ind in schema order when the paragraph has none", () => {
  const xml =
    `<w:p><w:pPr><w:spacing w:after="0"/><w:jc w:val="center"/></w:pPr><w:r><w:t>\uE002甲</w:t></w:r></w:p>`;
  assert.equal(
    splitMarkedParagraphs(xml),
    `<w:p><w:pPr><w:spacing w:after="0"/><w:ind w:firstLine="0" w:firstLineChars="0"/><w:jc w:val="center"/></w:pPr><w:r><w:t>甲</w:t></w:r></w:p>`,
  );
});

Deno.test("fillParagraphTemplate(): formatters, missing columns, refused placeholders", () => {
  assert.equal(fillParagraphTemplate("${金额|大写}（${缺}）", { 金额: 100 }), "壹佰元整（）");
  assert.deepEqual(checkParagraphTemplate("${甲}${乙|千分位}${甲}"), ["甲", "乙"]);
  assert.throws(() => checkParagraphTemplate("${#甲}x${/甲}"), (err: unknown) => {
    assert.ok(err instanceof AppError);
    assert.equal(err.message, "模板格式错误：段落模板中的占位符“${#甲}”不能使用条件或循环标记");
    return true;
  });
  assert.throws(() => fillParagraphTemplate("${金额|大写}", { 金额: "五千" }), (err: unknown) => {
    assert.ok(err instanceof AppError);
    assert.equal(err.code, "TEMPLATE_VALUE_INVALID");
    return true;
  });
});
