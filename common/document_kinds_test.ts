import assert from "node:assert/strict";
import { DOC_TEXT_KINDS, fileExtension, hasKind } from "./document_kinds.ts";

Deno.test("fileExtension() is the lower-case extension, or empty without a plain one", () => {
  assert.equal(fileExtension("判决书.PDF"), "pdf");
  assert.equal(fileExtension(" 扫描件.jpeg "), "jpeg");
  assert.equal(fileExtension("没有扩展名"), "");
  assert.equal(fileExtension("a.p df"), "");
});

Deno.test("hasKind() checks the extension against a list of kinds", () => {
  assert.equal(hasKind("旧文书.DOC", DOC_TEXT_KINDS), true);
  assert.equal(hasKind("笔记.txt", DOC_TEXT_KINDS), false);
});
