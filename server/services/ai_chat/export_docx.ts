import PizZip from "pizzip";
import { type ChatCitation, CITATION_BADGES } from "../../../common/schemas/ai_chat.ts";
import { escapeXml } from "../../../common/xml.ts";

/**
 * An answer as a Word file in court format (issue #15 §5): the title (a "# " line) 宋体 二号 bold
 * centred, a subtitle right after it (（民间借贷纠纷）) 宋体 三号 centred, block headings ("## ") 黑体
 * 三号, body 仿宋_GB2312 三号 with a two-character first-line indent, 28 pt line spacing, A4 with
 * the official margins (top 3.7 cm, bottom 3.5 cm, left 2.8 cm, right 2.6 cm). The Windows font
 * names are mapped to Noto CJK by scripts/fonts/60-legal-cjk.conf, as for the PDF converter. Markdown
 * emphasis (**…**) is dropped; list markers stay as written. Citations that are not 现行 are listed in
 * a note at the end.
 */

const SIZE_ER_HAO = 44; // 二号 = 22 pt, in half-points
const SIZE_SAN_HAO = 32; // 三号 = 16 pt

function run(text: string, font: string, size: number, bold = false): string {
  const b = bold ? "<w:b/><w:bCs/>" : "";
  return `<w:r><w:rPr><w:rFonts w:ascii="${font}" w:hAnsi="${font}" w:eastAsia="${font}" w:cs="${font}"/>${b}` +
    `<w:sz w:val="${size}"/><w:szCs w:val="${size}"/></w:rPr><w:t xml:space="preserve">${
      escapeXml(text)
    }</w:t></w:r>`;
}

type ParaKind = "title" | "subtitle" | "heading" | "body" | "plain";

function paragraph(text: string, kind: ParaKind): string {
  const spacing = '<w:spacing w:line="560" w:lineRule="exact"/>';
  switch (kind) {
    case "title":
      return `<w:p><w:pPr><w:jc w:val="center"/>${spacing}</w:pPr>${
        run(text, "宋体", SIZE_ER_HAO, true)
      }</w:p>`;
    case "subtitle":
      return `<w:p><w:pPr><w:jc w:val="center"/>${spacing}</w:pPr>${run(text, "宋体", SIZE_SAN_HAO)}</w:p>`;
    case "heading":
      return `<w:p><w:pPr>${spacing}</w:pPr>${run(text, "黑体", SIZE_SAN_HAO)}</w:p>`;
    case "plain":
      return `<w:p><w:pPr>${spacing}</w:pPr>${run(text, "仿宋_GB2312", SIZE_SAN_HAO)}</w:p>`;
    default:
      return `<w:p><w:pPr>${spacing}<w:ind w:firstLineChars="200" w:firstLine="640"/><w:jc w:val="both"/></w:pPr>${
        run(text, "仿宋_GB2312", SIZE_SAN_HAO)
      }</w:p>`;
  }
}

/** Lines of the closing block that are not indented (此致, the court, the signature, the date). */
const CLOSING =
  /^(此致|致：|.{2,30}人民法院$|起诉人：|答辩人：|承办律师：|联系电话：|\d{4}年\d{1,2}月\d{1,2}日$)/;

/** The body paragraphs of document.xml for a draft text. */
export function draftParagraphs(text: string): string[] {
  const out: string[] = [];
  let afterTitle = false;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.replace(/\*\*(.+?)\*\*/g, "$1").trim();
    if (!line) continue;
    if (/^#\s+/.test(line)) {
      out.push(paragraph(line.replace(/^#\s+/, ""), "title"));
      afterTitle = true;
      continue;
    }
    if (afterTitle && /^[（(].+[)）]$/.test(line)) {
      out.push(paragraph(line, "subtitle"));
      afterTitle = false;
      continue;
    }
    afterTitle = false;
    if (/^#{2,6}\s+/.test(line)) {
      out.push(paragraph(line.replace(/^#{2,6}\s+/, ""), "heading"));
      continue;
    }
    out.push(paragraph(line, CLOSING.test(line) ? "plain" : "body"));
  }
  return out;
}

function noteParagraphs(citations: ChatCitation[]): string[] {
  const flagged = citations.filter((c) => c.status !== "valid");
  if (flagged.length === 0) return [];
  return [
    paragraph("附注：以下引用的法条未核实为现行有效，请核对", "heading"),
    ...flagged.map((c) =>
      paragraph(`${c.raw}：${CITATION_BADGES[c.status]}${c.note ? `（${c.note}）` : ""}`, "plain")
    ),
  ];
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const DOC_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="仿宋_GB2312" w:hAnsi="仿宋_GB2312" w:eastAsia="仿宋_GB2312" w:cs="仿宋_GB2312"/><w:sz w:val="32"/><w:szCs w:val="32"/><w:lang w:val="en-US" w:eastAsia="zh-CN"/></w:rPr></w:rPrDefault><w:pPrDefault/></w:docDefaults><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style></w:styles>`;

/** The .docx bytes for an answer. */
export function renderDraftDocx(text: string, citations: ChatCitation[] = []): Uint8Array {
  const body = [...draftParagraphs(text), ...noteParagraphs(citations)].join("");
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="2098" w:right="1474" w:bottom="1984" w:left="1588" w:header="851" w:footer="992" w:gutter="0"/></w:sectPr></w:body></w:document>`;
  const zip = new PizZip();
  zip.file("[Content_Types].xml", CONTENT_TYPES);
  zip.file("_rels/.rels", RELS);
  zip.file("word/_rels/document.xml.rels", DOC_RELS);
  zip.file("word/styles.xml", STYLES);
  zip.file("word/document.xml", document);
  return zip.generate({ type: "uint8array", compression: "DEFLATE" });
}

/** A file name for the export: the document title, or the conversation's. */
export function exportFileName(text: string, fallback: string, ext: "docx" | "pdf"): string {
  const title = text.match(/^#\s+(.+)$/m)?.[1]?.trim() || fallback || "AI文书";
  return `${title.replace(/[\\/:*?"<>|\s]+/g, "_").slice(0, 60)}.${ext}`;
}
