import { escapeXml } from "../../../common/xml.ts";
import { storedEntry, zipBlob } from "../../../common/zip_writer.ts";

export const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
  `<Default Extension="xml" ContentType="application/xml"/>` +
  `<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>` +
  `</Types>`;

const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
  `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>` +
  `</Relationships>`;

const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";

function paragraph(text: string, pageBreakBefore = false): string {
  const props = pageBreakBefore ? "<w:pPr><w:pageBreakBefore/></w:pPr>" : "";
  const run = text ? `<w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>` : "";
  return `<w:p>${props}${run}</w:p>`;
}

/**
 * A minimal Word document: one paragraph per line, each page after the first starting on a new page.
 * Lines are escaped; characters XML cannot hold are dropped.
 */
export function buildSimpleDocx(pages: string[][]): Blob {
  const body = pages.map((lines, i) =>
    (lines.length ? lines : [""]).map((line, j) => paragraph(line, i > 0 && j === 0)).join("")
  ).join("");
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="${W}"><w:body>${body}<w:sectPr/></w:body></w:document>`;
  return zipBlob([
    storedEntry("[Content_Types].xml", [CONTENT_TYPES]),
    storedEntry("_rels/.rels", [RELS]),
    storedEntry("word/document.xml", [document]),
  ], { type: DOCX_MIME });
}
