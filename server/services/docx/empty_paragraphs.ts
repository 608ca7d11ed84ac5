/**
 * No stray blank paragraph for an empty value: the renderer writes EMPTY_MARK where a placeholder
 * had no value; a paragraph whose whole text was such marks (and spaces) is removed, then every
 * mark is stripped. A paragraph the author left blank on purpose carries no mark and stays.
 */

/** A private-use character no spreadsheet value contains (values are cleaned of it anyway). */
export const EMPTY_MARK = "\uE000";

const PARAGRAPH_TOKEN = /<w:p(?=[\s>\/])[^>]*>|<\/w:p>/g;
const TEXT = /<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g;
/** Content that makes a paragraph more than text: pictures, fields, section breaks, references. */
const KEEP =
  /<w:(?:drawing|pict|object|sectPr|fldChar|fldSimple|instrText|sym|commentRangeStart|commentReference|footnoteReference|endnoteReference|ptab)\b|<w:br\b[^>]*w:type="page"|<m:oMath|<mc:AlternateContent/;
const PREVIOUS_IS_PARAGRAPH = /<\/w:p>(?:\s*<w:bookmark(?:Start|End)\b[^>]*\/>)*\s*$/;
const NEXT_IS_PARAGRAPH = /^(?:\s*<w:bookmark(?:Start|End)\b[^>]*\/>)*\s*<w:p[\s>\/]/;

/**
 * Removes paragraphs that held only empty placeholders, then strips the marks. A paragraph is
 * removed only beside another paragraph, so a table cell, header or text box keeps the paragraph
 * Word requires and two tables never merge.
 */
export function removeEmptyParagraphs(xml: string): string {
  if (!xml.includes(EMPTY_MARK)) return xml;
  const blanks = findBlankParagraphs(xml);
  let out = "";
  let pos = 0;
  for (const [start, end] of blanks) {
    out += xml.slice(pos, start);
    const besideParagraph = PREVIOUS_IS_PARAGRAPH.test(out.slice(-300)) ||
      NEXT_IS_PARAGRAPH.test(xml.slice(end, end + 300));
    if (!besideParagraph) out += xml.slice(start, end);
    pos = end;
  }
  out += xml.slice(pos);
  return out.replaceAll(EMPTY_MARK, "");
}

/** [start, end) of each innermost paragraph whose text is only marks and spaces. */
function findBlankParagraphs(xml: string): [number, number][] {
  const found: [number, number][] = [];
  const open: { start: number; nested: boolean }[] = [];
  PARAGRAPH_TOKEN.lastIndex = 0;
  for (let match = PARAGRAPH_TOKEN.exec(xml); match; match = PARAGRAPH_TOKEN.exec(xml)) {
    const token = match[0];
    if (token === "</w:p>") {
      const paragraph = open.pop();
      const end = match.index + token.length;
      if (paragraph && !paragraph.nested && isBlank(xml.slice(paragraph.start, end))) {
        found.push([paragraph.start, end]);
      }
    } else if (!token.endsWith("/>")) {
      if (open.length) open[open.length - 1].nested = true;
      open.push({ start: match.index, nested: false });
    }
  }
  return found;
}

function isBlank(paragraph: string): boolean {
  if (!paragraph.includes(EMPTY_MARK) || KEEP.test(paragraph)) return false;
  for (const match of paragraph.matchAll(TEXT)) {
    if (match[1].replaceAll(EMPTY_MARK, "").trim() !== "") return false;
  }
  return true;
}
