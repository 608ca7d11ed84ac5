import assert from "node:assert/strict";
import PizZip from "pizzip";
import { buildDocx, plainParagraph } from "../../../scripts/make_fixtures.ts";
import { mergeDocxPages } from "./merge_docx.ts";

function documentXml(bytes: Uint8Array): string {
  return new PizZip(bytes).file("word/document.xml")!.asText();
}

Deno.test("mergeDocxPages() puts each document after the other, each from a new page", () => {
  const docs = ["甲", "乙", "丙"].map((name) =>
    buildDocx({ body: plainParagraph(`致${name}：`) + plainParagraph(`${name}，请于十日内履行。`) })
  );
  const xml = documentXml(mergeDocxPages(docs));
  const text = xml.replace(/<\/w:p>/g, "\n").replace(/<[^>]+>/g, "");
  assert.equal(
    text.replace(/\n+/g, "\n").trim(),
    "致甲：\n甲，请于十日内履行。\n致乙：\n乙，请于十日内履行。\n致丙：\n丙，请于十日内履行。",
  );
  // two section breaks inside paragraphs, then the body's own final section, and one body
  assert.equal(xml.match(/<w:pPr><w:sectPr\b/g)?.length, 2);
  assert.equal(xml.match(/<w:sectPr\b/g)?.length, 3);
  assert.equal(xml.match(/<w:body>/g)?.length, 1);
  assert.ok(!/<w:type\b/.test(xml), "no continuous section: each starts a page");
  assert.ok(
    xml.indexOf("致甲") < xml.indexOf("<w:pPr><w:sectPr") &&
      xml.lastIndexOf("致丙") > xml.lastIndexOf("<w:pPr><w:sectPr"),
  );
});

Deno.test("mergeDocxPages() drops clashing bookmarks and renumbers drawings in the copies", () => {
  const para =
    `<w:p><w:bookmarkStart w:id="0" w:name="b"/><w:r><w:t>x</w:t></w:r><w:bookmarkEnd w:id="0"/></w:p>`;
  const drawing =
    `<w:p><w:r><w:drawing><wp:inline><wp:docPr id="7" name="p"/></wp:inline></w:drawing></w:r></w:p>`;
  const doc = buildDocx({ body: para + drawing });
  const xml = documentXml(mergeDocxPages([doc, doc]));
  assert.deepEqual([...xml.matchAll(/<wp:docPr id="(\d+)"/g)].map((m) => m[1]), ["1", "2"]);
  assert.equal(xml.match(/<w:bookmarkStart/g)?.length ?? 0, 0);
});

Deno.test("mergeDocxPages() of one document is that document; of none throws", () => {
  const doc = buildDocx({ body: plainParagraph("一") });
  assert.equal(mergeDocxPages([doc]), doc);
  assert.throws(() => mergeDocxPages([]));
});

Deno.test("mergeDocxPages() keeps each document's own header and adds no line after a document", () => {
  const docs = ["甲", "乙", "丙"].map((name) =>
    buildDocx({ body: plainParagraph(`致${name}：`), headers: [plainParagraph(`案号${name}`)] })
  );
  const zip = new PizZip(mergeDocxPages(docs));
  const xml = zip.file("word/document.xml")!.asText();
  const rels = zip.file("word/_rels/document.xml.rels")!.asText();
  const headers = [...xml.matchAll(/<w:headerReference\b[^>]*r:id="([^"]+)"/g)].map(([, id]) => {
    const target = new RegExp(`Id="${id}"[^>]*Target="([^"]+)"`).exec(rels)![1];
    return zip.file(`word/${target}`)!.asText().replace(/<[^>]+>/g, "");
  });
  assert.deepEqual(headers, ["案号甲", "案号乙", "案号丙"]);
  const types = zip.file("[Content_Types].xml")!.asText();
  assert.equal(types.match(/header[^"]*\.xml" ContentType="[^"]*header\+xml"/g)?.length, 3);
  assert.equal(xml.match(/<w:p\b/g)?.length, 3, "one paragraph per document: the breaks sit in them");
});
