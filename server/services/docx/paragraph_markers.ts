/**
 * Paragraph variables `#{名称}` in Word templates (rules in common/paragraphs.ts and README.md).
 *
 * Before rendering, each `#{名称}` (even when Word split it across runs) becomes the ordinary value tag
 * `${¶名称}`, so docxtemplater fills it like any other placeholder. Its value is the block's text with
 * PARAGRAPH_BREAK between Word paragraphs and CLEAR_INDENT in front when the paragraph's own indent
 * goes; after rendering, splitMarkedParagraphs() turns the marks into real paragraphs that copy the
 * template paragraph's paragraph and run properties.
 */

import type { ParagraphBlock } from "../../../common/paragraphs.ts";
import { listTextParts, openDocxZip, type ParagraphText, readParagraphs } from "./docx_text.ts";
import { EMPTY_MARK } from "./empty_paragraphs.ts";

/** Private-use marks no value keeps (cleanParagraphText removes them from cell text). */
export const PARAGRAPH_BREAK = "\uE001";
export const CLEAR_INDENT = "\uE002";
/** The tag name prefix a paragraph variable gets inside the prepared template. */
export const PARAGRAPH_TAG_PREFIX = "¶";

const MARKER = /#\{([^{}#$|\s]+)\}/g;

/** The paragraph variables of a template, in document order, without duplicates. */
export function listParagraphVariables(bytes: Uint8Array): string[] {
  const names = new Set<string>();
  for (const part of listTextParts(openDocxZip(bytes))) {
    for (const paragraph of readParagraphs(part.xml)) {
      for (const match of paragraph.text.matchAll(MARKER)) names.add(match[1]);
    }
  }
  return [...names];
}

/** A copy of the template with every `#{名称}` turned into `${¶名称}`; the same bytes when it has none. */
export function rewriteParagraphMarkers(bytes: Uint8Array): Uint8Array {
  const zip = openDocxZip(bytes);
  let changed = false;
  for (const part of listTextParts(zip)) {
    const edits: { at: number; from: string; to: string }[] = [];
    for (const paragraph of readParagraphs(part.xml)) {
      for (const match of paragraph.text.matchAll(MARKER)) {
        const hash = exactXmlOffset(part.xml, paragraph, match.index);
        const brace = exactXmlOffset(part.xml, paragraph, match.index + 1);
        if (part.xml[hash] !== "#" || part.xml[brace] !== "{") continue;
        edits.push({ at: hash, from: "#", to: "$" }, {
          at: brace,
          from: "{",
          to: `{${PARAGRAPH_TAG_PREFIX}`,
        });
      }
    }
    if (!edits.length) continue;
    edits.sort((a, b) => b.at - a.at);
    let xml = part.xml;
    for (const edit of edits) xml = xml.slice(0, edit.at) + edit.to + xml.slice(edit.at + edit.from.length);
    zip.file(part.path, xml);
    changed = true;
  }
  if (!changed) return bytes;
  return zip.generate({ type: "uint8array", compression: "DEFLATE" });
}

/** The XML offset of a character of a paragraph's text, reading entities as one character each. */
function exactXmlOffset(xml: string, paragraph: ParagraphText, index: number): number {
  let piece = paragraph.pieces[0];
  for (const candidate of paragraph.pieces) {
    if (candidate.at > index) break;
    piece = candidate;
  }
  let offset = piece.xmlOffset;
  for (let skip = index - piece.at; skip > 0; skip--) {
    if (xml[offset] === "&") {
      const end = xml.indexOf(";", offset);
      offset = end < 0 ? offset + 1 : end + 1;
    } else {
      offset += xml.codePointAt(offset)! > 0xffff ? 2 : 1;
    }
  }
  return offset;
}

/** Removes the marks from text that comes from a user (a cell), so only the renderer places them. */
export function cleanParagraphText(text: string): string {
  return text.replaceAll(PARAGRAPH_BREAK, "").replaceAll(CLEAR_INDENT, "");
}

/** The value of `${¶名称}` for a block; EMPTY_MARK (paragraph removed) when the block is empty. */
export function encodeParagraphBlock(block: ParagraphBlock): string {
  if (!block.paragraphs.length || block.paragraphs.every((p) => p === "")) return EMPTY_MARK;
  const text = block.paragraphs.map(cleanParagraphText).join(PARAGRAPH_BREAK);
  return (block.clearIndent ? CLEAR_INDENT : "") + text;
}

const PARAGRAPH_TOKEN = /<w:p(?=[\s>\/])[^>]*>|<\/w:p>/g;
const PPR = /^<w:pPr>[\s\S]*?<\/w:pPr>|^<w:pPr\/>/;
/** pPr children that come after w:ind in the schema: w:ind is inserted before the first of them. */
const AFTER_IND =
  /<w:(?:contextualSpacing|mirrorIndents|suppressOverlap|jc|textDirection|textAlignment|textboxTightWrap|outlineLvl|divId|cnfStyle|rPr|sectPr|pPrChange)[\s>\/]/;

/**
 * Turns PARAGRAPH_BREAK marks into paragraph ends (each new paragraph copies the paragraph's
 * properties and the run's) and applies CLEAR_INDENT to the paragraph that carries it.
 */
export function splitMarkedParagraphs(xml: string): string {
  if (!xml.includes(PARAGRAPH_BREAK) && !xml.includes(CLEAR_INDENT)) return xml;
  let out = "";
  let pos = 0;
  for (const [start, end] of findMarkedParagraphs(xml)) {
    out += xml.slice(pos, start) + rewriteParagraph(xml.slice(start, end));
    pos = end;
  }
  return out + xml.slice(pos);
}

function findMarkedParagraphs(xml: string): [number, number][] {
  const found: [number, number][] = [];
  const open: number[] = [];
  PARAGRAPH_TOKEN.lastIndex = 0;
  for (let match = PARAGRAPH_TOKEN.exec(xml); match; match = PARAGRAPH_TOKEN.exec(xml)) {
    if (match[0] === "</w:p>") {
      const start = open.pop();
      const end = match.index + match[0].length;
      if (start === undefined) continue;
      const body = xml.slice(start, end);
      const nested = body.indexOf("<w:p", 4);
      const innermost = nested < 0 || !/^<w:p[\s>\/]/.test(body.slice(nested));
      if (innermost && (body.includes(PARAGRAPH_BREAK) || body.includes(CLEAR_INDENT))) {
        found.push([start, end]);
      }
    } else if (!match[0].endsWith("/>")) {
      open.push(match.index);
    }
  }
  return found;
}

function rewriteParagraph(paragraph: string): string {
  const openTag = /^<w:p(?:\s[^>]*)?>/.exec(paragraph)![0];
  let rest = paragraph.slice(openTag.length);
  let pPr = PPR.exec(rest)?.[0] ?? "";
  rest = rest.slice(pPr.length);
  if (rest.includes(CLEAR_INDENT)) {
    pPr = clearFirstLineIndent(pPr);
    rest = rest.replaceAll(CLEAR_INDENT, "");
  }
  if (!rest.includes(PARAGRAPH_BREAK)) return openTag + pPr + rest;
  const copiedPPr = pPr.replace(/<w:sectPr\b[\s\S]*?<\/w:sectPr>/, "");
  let body = "";
  let pos = 0;
  for (let mark = rest.indexOf(PARAGRAPH_BREAK); mark >= 0; mark = rest.indexOf(PARAGRAPH_BREAK, pos)) {
    const rPr = runPropertiesBefore(rest, mark);
    body += rest.slice(pos, mark) +
      `</w:t></w:r></w:p><w:p>${copiedPPr}<w:r>${rPr}<w:t xml:space="preserve">`;
    pos = mark + PARAGRAPH_BREAK.length;
  }
  return openTag + pPr + body + rest.slice(pos);
}

/** The `<w:rPr>` of the run that holds position `at`, or "". */
function runPropertiesBefore(xml: string, at: number): string {
  const before = xml.slice(0, at);
  const runStart = Math.max(before.lastIndexOf("<w:r>"), before.lastIndexOf("<w:r "));
  if (runStart < 0) return "";
  const run = before.slice(runStart);
  return /^<w:r(?:\s[^>]*)?>(<w:rPr>[\s\S]*?<\/w:rPr>)/.exec(run)?.[1] ?? "";
}

function clearFirstLineIndent(pPr: string): string {
  const zero = 'w:firstLine="0" w:firstLineChars="0"';
  if (pPr === "" || pPr === "<w:pPr/>") return `<w:pPr><w:ind ${zero}/></w:pPr>`;
  const ind = /<w:ind\b([^>]*?)\/>/.exec(pPr);
  if (ind) {
    const kept = ind[1].replace(/\s+w:(?:firstLine|firstLineChars|hanging|hangingChars)="[^"]*"/g, "");
    return pPr.replace(ind[0], `<w:ind${kept} ${zero}/>`);
  }
  const after = AFTER_IND.exec(pPr);
  const at = after ? after.index : pPr.length - "</w:pPr>".length;
  return pPr.slice(0, at) + `<w:ind ${zero}/>` + pPr.slice(at);
}
