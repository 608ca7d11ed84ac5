/**
 * Reading a .docx for its template text: which XML parts carry text (body, headers, footers,
 * footnotes, comments) and the text of each paragraph as Word shows it, joined across runs, so a
 * placeholder Word split into `<w:r><w:t>${</w:t></w:r><w:r><w:t>申请</w:t></w:r>…` reads whole.
 */

import PizZip from "pizzip";
import { AppError } from "../../errors.ts";
import { decodeXml } from "../../../common/xml.ts";

/** The content types docxtemplater templates in a .docx (the same set, so both agree). */
const TEMPLATED_CONTENT_TYPES: Record<string, number> = {
  "application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml": 0,
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml": 1,
  "application/vnd.ms-word.document.macroEnabled.main+xml": 1,
  "application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml": 1,
  "application/vnd.ms-word.template.macroEnabledTemplate.main+xml": 1,
  "application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml": 2,
  "application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml": 3,
  "application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml": 4,
};

/** One paragraph's visible text with where each piece came from in the XML. */
export interface ParagraphText {
  text: string;
  /** Offsets into `text` where each `<w:t>` piece starts, with that piece's offset in the XML. */
  pieces: { at: number; xmlOffset: number }[];
  /** Id of the innermost table row holding the paragraph, or null outside tables. */
  rowId: number | null;
}

/** A text-bearing XML part of the document. */
export interface DocxPart {
  path: string;
  xml: string;
}

/** Opens the zip, or throws TEMPLATE_NOT_DOCX when the bytes are not a Word document. */
export function openDocxZip(bytes: Uint8Array): PizZip {
  let zip: PizZip;
  try {
    zip = new PizZip(bytes);
  } catch {
    throw new AppError("TEMPLATE_NOT_DOCX");
  }
  if (!zip.file("[Content_Types].xml")) throw new AppError("TEMPLATE_NOT_DOCX");
  return zip;
}

/**
 * The text-bearing parts in reading order: headers, the body, footers, footnotes, comments (each
 * group sorted by file name, header2 before header10). Throws TEMPLATE_NOT_DOCX without a body.
 */
export function listTextParts(zip: PizZip): DocxPart[] {
  const types = zip.file("[Content_Types].xml")!.asText();
  const found: { path: string; rank: number }[] = [];
  for (const match of types.matchAll(/<Override\b[^>]*>/g)) {
    const partName = /PartName="\/?([^"]+)"/.exec(match[0])?.[1];
    const contentType = /ContentType="([^"]+)"/.exec(match[0])?.[1];
    if (!partName || !contentType || !(contentType in TEMPLATED_CONTENT_TYPES)) continue;
    if (zip.file(partName)) found.push({ path: partName, rank: TEMPLATED_CONTENT_TYPES[contentType] });
  }
  if (!found.some((part) => part.rank === 1)) throw new AppError("TEMPLATE_NOT_DOCX");
  found.sort((a, b) => a.rank - b.rank || a.path.localeCompare(b.path, "en", { numeric: true }));
  return found.map(({ path }) => ({ path, xml: zip.file(path)!.asText() }));
}

const TOKEN = /<(\/?)(w:p|w:tr|w:t)(?=[\s>\/])([^>]*)>/g;

/**
 * The paragraphs of one XML part, in the order they end (a text-box paragraph ends before the
 * paragraph holding it). Only `<w:t>` counts as text, as in docxtemplater: field codes, deleted
 * text, proofing marks and bookmarks between runs are skipped.
 */
export function readParagraphs(xml: string): ParagraphText[] {
  const done: ParagraphText[] = [];
  const open: ParagraphText[] = [];
  const rows: number[] = [];
  let nextRowId = 0;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(xml); match; match = TOKEN.exec(xml)) {
    const [whole, closing, name, rest] = match;
    const selfClosing = rest.endsWith("/");
    if (name === "w:tr") {
      if (closing) rows.pop();
      else if (!selfClosing) rows.push(nextRowId++);
    } else if (name === "w:p") {
      if (closing) {
        const paragraph = open.pop();
        if (paragraph) done.push(paragraph);
      } else if (!selfClosing) {
        open.push({ text: "", pieces: [], rowId: rows.length ? rows[rows.length - 1] : null });
      }
    } else if (!closing && !selfClosing) {
      const start = match.index + whole.length;
      const end = xml.indexOf("</w:t>", start);
      if (end < 0) break;
      const paragraph = open[open.length - 1];
      if (paragraph) {
        paragraph.pieces.push({ at: paragraph.text.length, xmlOffset: start });
        paragraph.text += decodeXml(xml.slice(start, end));
      }
      TOKEN.lastIndex = end + 6;
    }
  }
  return done;
}

/** The XML offset of a character of a paragraph's text: an order key across paragraphs. */
export function xmlOffsetOf(paragraph: ParagraphText, index: number): number {
  let piece = paragraph.pieces[0];
  for (const candidate of paragraph.pieces) {
    if (candidate.at > index) break;
    piece = candidate;
  }
  return piece ? piece.xmlOffset + (index - piece.at) : 0;
}
