/**
 * Joins documents rendered from one template into one, as Word's mail merge does: each document's
 * body in order, each starting on a new page (a "next page" section break carrying that document's
 * own page set-up, headers and footers). Used for the wizard's merged output without paragraphs and
 * for converting a group of rows to PDF in one LibreOffice load (server/services/pdf/pdf_groups.ts).
 */
import PizZip from "pizzip";

export interface MergeOptions {
  /** Each document's page numbers start at 1 (unless its section sets its own start). */
  restartPageNumbers?: boolean;
  /** A bookmark of this name goes into each document's last paragraph (where the document ends). */
  endBookmark?: (index: number) => string;
  /** Zip entries stored rather than deflated: faster for a file that is only converted and removed. */
  stored?: boolean;
}

const BODY = /<w:body>([\s\S]*)<\/w:body>/;
/** The body's last child: the final section's properties (full or self-closing). */
const FINAL_SECTION = /(<w:sectPr\b[^>]*\/>|<w:sectPr\b[\s\S]*<\/w:sectPr>)\s*$/;
/** How a section starts: left out, so every section starts on a new page (the default, nextPage). */
const SECTION_TYPE = /<w:type\b[^>]*\/>/g;
const HEADER_FOOTER_REFERENCE = /(<w:(?:header|footer)Reference\b[^>]*\br:id=")([^"]+)"/g;
const RELATIONSHIP = /<Relationship\b[^>]*\/>/g;
/** Elements that follow w:pgNumType inside w:sectPr (its place in the schema's sequence). */
const AFTER_PAGE_NUMBERS =
  /<w:(?:cols|formProt|vAlign|noEndnote|titlePg|textDirection|bidi|rtlGutter|docGrid|printerSettings|sectPrChange)\b/;

export function splitBody(xml: string): { head: string; content: string; section: string; tail: string } {
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
 * Where the body's last paragraph starts, when the body ends with a paragraph that holds no other
 * paragraph (a text box's); -1 otherwise (it ends with a table, say).
 */
export function lastParagraphStart(content: string): number {
  const trimmed = content.trimEnd();
  if (!trimmed.endsWith("</w:p>")) return -1;
  const start = Math.max(trimmed.lastIndexOf("<w:p>"), trimmed.lastIndexOf("<w:p "));
  if (start < 0) return -1;
  return trimmed.indexOf("</w:p>", start) === trimmed.length - "</w:p>".length ? start : -1;
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

/** Page numbers of a section start at 1, unless it already says where they start. */
function restartPages(section: string): string {
  if (!section) return section;
  if (/<w:pgNumType\b[^>]*\bw:start=/.test(section)) return section;
  if (/<w:pgNumType\b/.test(section)) return section.replace(/<w:pgNumType\b/, '<w:pgNumType w:start="1"');
  const element = '<w:pgNumType w:start="1"/>';
  if (section.endsWith("/>")) return section.slice(0, -2) + `>${element}</w:sectPr>`;
  const after = AFTER_PAGE_NUMBERS.exec(section);
  const at = after ? after.index : section.lastIndexOf("</w:sectPr>");
  return section.slice(0, at) + element + section.slice(at);
}

/**
 * Ends one document's content: its section properties go into its last paragraph (where Word keeps
 * a section break, so no line is added), or into a paragraph of their own when it ends otherwise;
 * the end bookmark, if any, goes into that paragraph too.
 */
function endDocument(content: string, section: string | null, bookmark: string): string {
  const start = lastParagraphStart(content);
  if (start < 0) {
    const properties = section === null ? "" : `<w:pPr>${section || "<w:sectPr/>"}</w:pPr>`;
    return section === null && !bookmark ? content : `${content}<w:p>${properties}${bookmark}</w:p>`;
  }
  let paragraph = content.trimEnd().slice(start);
  if (section !== null) {
    const sectPr = section || "<w:sectPr/>";
    const closeProps = paragraph.indexOf("</w:pPr>");
    const openEnd = paragraph.indexOf(">") + 1;
    paragraph = /^<w:p\b[^>]*>\s*<w:pPr\b/.test(paragraph) && closeProps >= 0
      ? paragraph.slice(0, closeProps) + sectPr + paragraph.slice(closeProps)
      : /^<w:p\b[^>]*>\s*<w:pPr\/>/.test(paragraph)
      ? paragraph.replace("<w:pPr/>", `<w:pPr>${sectPr}</w:pPr>`)
      : paragraph.slice(0, openEnd) + `<w:pPr>${sectPr}</w:pPr>` + paragraph.slice(openEnd);
  }
  paragraph = paragraph.slice(0, -"</w:p>".length) + bookmark + "</w:p>";
  return content.slice(0, start) + paragraph;
}

function relationships(zip: PizZip): Map<string, { target: string; tag: string }> {
  const rels = new Map<string, { target: string; tag: string }>();
  const xml = zip.file("word/_rels/document.xml.rels")?.asText() ?? "";
  for (const [tag] of xml.matchAll(RELATIONSHIP)) {
    const id = / Id="([^"]*)"/.exec(tag)?.[1];
    const target = / Target="([^"]*)"/.exec(tag)?.[1];
    if (id && target) rels.set(id, { target, tag });
  }
  return rels;
}

/**
 * The merged package gets document `index`'s own headers and footers (rendered with its row's
 * values): each one that differs from the first document's is added as a new part with a new
 * relationship, and the document's section points to it. Returns the section's text, re-pointed.
 */
function carryHeadersAndFooters(
  merged: PizZip,
  own: PizZip,
  input: { index: number; text: string; firstRels: Map<string, { target: string; tag: string }> },
): string {
  const { index, text, firstRels } = input;
  const ownRels = relationships(own);
  const renamed = new Map<string, string>();
  for (const [, , id] of text.matchAll(HEADER_FOOTER_REFERENCE)) {
    const rel = ownRels.get(id);
    if (!rel || renamed.has(id)) continue;
    const part = `word/${rel.target}`;
    const xml = own.file(part)?.asText();
    const first = firstRels.get(id);
    if (xml === undefined || (first?.target === rel.target && merged.file(part)?.asText() === xml)) continue;
    const target = rel.target.replace(/\.xml$/, `-d${index + 1}.xml`);
    const newId = `${id}-d${index + 1}`;
    merged.file(`word/${target}`, xml);
    const partRels = own.file(`word/_rels/${rel.target}.rels`);
    if (partRels) merged.file(`word/_rels/${target}.rels`, partRels.asText());
    const relsXml = merged.file("word/_rels/document.xml.rels")!.asText();
    const tag = rel.tag.replace(/ Id="[^"]*"/, ` Id="${newId}"`).replace(
      / Target="[^"]*"/,
      ` Target="${target}"`,
    );
    merged.file(
      "word/_rels/document.xml.rels",
      relsXml.replace("</Relationships>", `${tag}</Relationships>`),
    );
    const types = merged.file("[Content_Types].xml")!.asText();
    const override = new RegExp(
      `<Override PartName="/word/${rel.target.replace(/[.]/g, "\\.")}" ContentType="([^"]*)"`,
    )
      .exec(types);
    if (override) {
      merged.file(
        "[Content_Types].xml",
        types.replace(
          "</Types>",
          `<Override PartName="/word/${target}" ContentType="${override[1]}"/></Types>`,
        ),
      );
    }
    renamed.set(id, newId);
  }
  return renamed.size === 0
    ? text
    : text.replace(HEADER_FOOTER_REFERENCE, (all, start: string, id: string) =>
      renamed.has(id) ? `${start}${renamed.get(id)}"` : all);
}

/**
 * One .docx holding every document of `docs` in order, each from a new page; the package (styles,
 * numbering, relationships, media) is the first document's, as all come from the same template,
 * except headers and footers, which each document keeps. Throws when a document has no body.
 */
export function mergeDocxPages(docs: readonly Uint8Array[], options: MergeOptions = {}): Uint8Array {
  if (docs.length === 0) throw new Error("no document to merge");
  if (docs.length === 1 && !options.endBookmark) return docs[0];
  const first = new PizZip(docs[0]);
  const firstRels = relationships(first);
  let drawingId = 1;
  const nextDrawingId = () => drawingId++;
  const parts = docs.map((bytes, i) => {
    const zip = i === 0 ? first : new PizZip(bytes);
    const xml = zip.file("word/document.xml")?.asText();
    if (xml === undefined) throw new Error(`document ${i + 1} has no word/document.xml`);
    const part = splitBody(xml);
    if (i === 0) return part;
    const both = carryHeadersAndFooters(first, zip, {
      index: i,
      text: part.content + "\u0000" + part.section,
      firstRels,
    });
    const [content, section] = both.split("\u0000");
    return { ...part, content, section };
  });
  const body = parts.map((part, i) => {
    const content = uniqueIds(part.content, nextDrawingId);
    const section = options.restartPageNumbers ? restartPages(part.section) : part.section;
    const bookmark = options.endBookmark
      ? `<w:bookmarkStart w:id="${900_000 + i}" w:name="${options.endBookmark(i)}"/><w:bookmarkEnd w:id="${
        900_000 + i
      }"/>`
      : "";
    if (i === parts.length - 1) return endDocument(content, null, bookmark) + section;
    // The section of document i ends in its last paragraph: the next document starts a page.
    return endDocument(content, section, bookmark);
  }).join("");
  first.file("word/document.xml", parts[0].head + body + parts[parts.length - 1].tail);
  return first.generate({ type: "uint8array", compression: options.stored ? "STORE" : "DEFLATE" });
}
