import assert from "node:assert/strict";
import { EMPTY_MARK, removeEmptyParagraphs } from "./empty_paragraphs.ts";

const p = (text: string) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`;
const table = "<w:tbl><w:tr><w:tc><w:p/></w:tc></w:tr></w:tbl>";

Deno.test("removeEmptyParagraphs() removes a mark-only paragraph beside another paragraph", () => {
  assert.equal(removeEmptyParagraphs(p("甲") + p(EMPTY_MARK) + p("乙")), p("甲") + p("乙"));
  assert.equal(removeEmptyParagraphs(p(` ${EMPTY_MARK}\u3000${EMPTY_MARK}`) + p("乙")), p("乙"));
});

Deno.test("removeEmptyParagraphs() keeps a paragraph with text, a picture or a section break", () => {
  assert.equal(removeEmptyParagraphs(p(`代理人：${EMPTY_MARK}`) + p("乙")), p("代理人：") + p("乙"));
  const picture = `<w:p><w:r><w:drawing/></w:r><w:r><w:t>${EMPTY_MARK}</w:t></w:r></w:p>`;
  assert.equal(removeEmptyParagraphs(picture + p("乙")), picture.replace(EMPTY_MARK, "") + p("乙"));
  const section = `<w:p><w:pPr><w:sectPr/></w:pPr><w:r><w:t>${EMPTY_MARK}</w:t></w:r></w:p>`;
  assert.equal(removeEmptyParagraphs(p("甲") + section), p("甲") + section.replace(EMPTY_MARK, ""));
});

Deno.test("removeEmptyParagraphs() never lets two tables touch", () => {
  assert.equal(removeEmptyParagraphs(table + p(EMPTY_MARK) + table), table + p("") + table);
  assert.equal(removeEmptyParagraphs(table + p(EMPTY_MARK) + p(EMPTY_MARK) + table), table + p("") + table);
});

Deno.test("removeEmptyParagraphs() leaves a paragraph left blank by the author", () => {
  assert.equal(removeEmptyParagraphs(p("甲") + p("") + p(EMPTY_MARK)), p("甲") + p(""));
});
