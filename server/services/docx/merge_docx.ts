/**
 * Joins documents rendered from one template into one, as Word's mail merge does: each document's
 * body in order, each starting on a new page (a "next page" section break carrying that document's
 * own page set-up, headers and footers), for the wizard's merged output without paragraphs.
 */
import PizZip from "pizzip";

const BODY = /<w:body>([\s\S]*)<\/w:body>/;
/** The body's last child: the final section's properties (full or self-closing). */
const FINAL_SECTION = /(<w:sectPr\b[^>]*\/>|<w:sectPr\b[\s\S]*<\/w:sectPr>)\s*$/;
/** How a section starts: left out, so every section starts on a new page (the default, nextPage). */
const SECTION_TYPE = /<w:type\b[^>]*\/>/g;

function splitBody(xml: string): { head: string; content: string; section: string; tail: string } {
  const body = BODY.exec(xml);
  if (!body) throw new Error("word/document.xml has no body");
  const inner = body[1];
  const section = FINAL_SECTION.exec(inner);
  return {
    head: xml.slice(0, body.index) + "<w:body>",
    content: section ? inner.slice(0, section.index) : inner,
    section: section ? section[1].replace(SECTION_TYPE, "") : "",
    tail: "</w:body>" + xml.slice(body.index + body[0].length),
  };
}

/**
 * Ids that must stay unique in one document are dropped or renumbered in the copies: bookmarks go
 * (their ids and names would clash), paragraph ids go (Word makes new ones), drawing ids count on.
 */
function uniqueIds(content: string, nextDrawingId: () => number): string {
  return content
    .replace(/<w:bookmark(Start|End)\b[^>]*\/>/g, "")
    .replace(/ w14:(paraId|textId)="[^"]*"/g, "")
    .replace(/(<wp:docPr\b[^>]*?\bid=")\d+"/g, (_, start: string) => `${start}${nextDrawingId()}"`);
}

/**
 * One .docx holding every document of `docs` in order, each from a new page; the package (styles,
 * numbering, relationships, media) is the first document's: all come from the same template.
 * Throws when a document has no body.
 */
export function mergeDocxPages(docs: readonly Uint8Array[]): Uint8Array {
  if (docs.length === 0) throw new Error("no document to merge");
  const first = new PizZip(docs[0]);
  if (docs.length === 1) return docs[0];
  let drawingId = 1;
  const nextDrawingId = () => drawingId++;
  const parts = docs.map((bytes, i) => {
    const zip = i === 0 ? first : new PizZip(bytes);
    const xml = zip.file("word/document.xml")?.asText();
    if (xml === undefined) throw new Error(`document ${i + 1} has no word/document.xml`);
    return splitBody(xml);
  });
  const body = parts.map((part, i) => {
    const content = uniqueIds(part.content, nextDrawingId);
    if (i === parts.length - 1) return content + part.section;
    // The section of document i ends with a paragraph holding its properties: the next one starts a page.
    return `${content}<w:p><w:pPr>${part.section || "<w:sectPr/>"}</w:pPr></w:p>`;
  }).join("");
  first.file("word/document.xml", parts[0].head + body + parts[parts.length - 1].tail);
  return first.generate({ type: "uint8array", compression: "DEFLATE" });
}
