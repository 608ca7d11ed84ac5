import assert from "node:assert/strict";
import { makeTextPdf, renderPage } from "../../../scripts/make_ocr_fixtures.ts";
import { renderSourcePage } from "./page_image.ts";
import type { DocumentText } from "./types.ts";

function docOf(kind: string, page: Partial<DocumentText["pages"][number]>): DocumentText {
  return {
    fileName: `x.${kind}`,
    kind,
    warnings: [],
    pages: [{ page: 1, lines: [], method: "ocr", ...page }],
  };
}

function isPng(bytes: Uint8Array): boolean {
  return bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
}

Deno.test("renderSourcePage() renders a text-layer PDF page and scales its point boxes to the image", async () => {
  const pdf = await makeTextPdf();
  const image = await renderSourcePage({
    bytes: pdf,
    fileName: "起诉状.pdf",
    doc: docOf("pdf", { method: "pdf_text", width: 595.3, height: 841.9 }),
    page: 1,
  });
  assert.ok(isPng(image.png));
  assert.ok(image.width > 595 && image.height > image.width, `${image.width}×${image.height}`);
  assert.ok(Math.abs(image.boxScale - image.width / 595.3) < 1e-9);
});

Deno.test("renderSourcePage() gives a photo back as it was recognised; Word files and missing pages are refused", async () => {
  const png = await renderPage(await makeTextPdf(), 1, 72);
  const image = await renderSourcePage({ bytes: png, fileName: "借条.png", doc: docOf("png", {}), page: 1 });
  assert.ok(isPng(image.png));
  assert.equal(image.boxScale, 1);
  await assert.rejects(
    renderSourcePage({ bytes: png, fileName: "借条.png", doc: docOf("png", {}), page: 2 }),
    /没有这一页/,
  );
  await assert.rejects(
    renderSourcePage({ bytes: png, fileName: "a.docx", doc: docOf("docx", {}), page: 1 }),
    /只有PDF和图片/,
  );
});
