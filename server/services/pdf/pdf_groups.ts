/**
 * Many documents of one template to PDF in one LibreOffice load (issue 16, "Word + PDF speed").
 *
 * Half of a warm conversion of a 3-4 page document is fixed cost: opening a package (15 ms of ~60),
 * starting a PDF export with its fonts (14 ms) and closing (3 ms), whatever the page count. A group
 * of rows is therefore merged into one .docx (each row from a new page, its own headers and footers,
 * page numbers restarting at 1, a bookmark in its last paragraph), converted once with the bookmarks
 * exported as named destinations, and the PDF is cut at them: each row gets exactly the pages it has
 * when converted alone (tests/api compare both as images, page by page).
 *
 * Only where that holds: a group whose documents use something that would change across the merge
 * (several sections, lists numbered on, fields other than PAGE, notes, comments, links inside the
 * document, parts other than the body, headers and footers that differ by row, a PDF outline) is
 * converted document by document, as is a group whose merged conversion or cut fails for any reason.
 */

import PizZip from "pizzip";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef } from "pdf-lib";
import { AppError } from "../../errors.ts";
import { lastParagraphStart, mergeDocxPages, splitBody } from "../docx/merge_docx.ts";
import type { PdfConverter } from "./libreoffice_pool.ts";

/** The bookmark (and PDF named destination) that marks where document `index` of a group ends. */
export function groupEndMark(index: number): string {
  return `PdfGroupEnd${index}`;
}

const HEADER_OR_FOOTER = /^word\/(?:_rels\/)?(?:header|footer)\d*[^/]*\.xml(?:\.rels)?$/;
const FIELD_PARTS =
  /<w:fldChar\b[^>]*w:fldCharType="(begin|end)"[^>]*>|<w:instrText\b[^>]*>([^<]*)<\/w:instrText>|\bw:instr="([^"]*)"/g;

/** A package's parts that must be the same in every row: all but the body, headers and footers. */
function sharedParts(zip: PizZip): string[] {
  return Object.keys(zip.files).filter((name) =>
    !zip.files[name].dir && name !== "word/document.xml" && !HEADER_OR_FOOTER.test(name)
  ).sort();
}

/** The instruction of every field of a part (`PAGE \* MERGEFORMAT`, `NUMPAGES`, ...). */
export function fieldInstructions(xml: string): string[] {
  const found: string[] = [];
  const open: string[] = [];
  for (const [, mark, text, simple] of xml.matchAll(FIELD_PARTS)) {
    if (mark === "begin") open.push("");
    else if (mark === "end") found.push(open.pop() ?? "");
    else if (text !== undefined && open.length > 0) open[open.length - 1] += text;
    else if (simple !== undefined) found.push(simple);
  }
  return found.map((instruction) => instruction.trim());
}

/**
 * Paragraph styles that number their paragraphs (w:numPr, their own or from the styles they are based
 * on), and "" for the default paragraph style when it does. Numbering would run on across a merge.
 */
export function numberedStyles(styles: string): Set<string> {
  const all = new Map<string, { numbered: boolean; basedOn?: string; isDefault: boolean }>();
  for (const [xml] of styles.matchAll(/<w:style\b[^>]*>[\s\S]*?<\/w:style>/g)) {
    const id = /\bw:styleId="([^"]*)"/.exec(xml)?.[1];
    if (!id || !/\bw:type="paragraph"/.test(xml)) continue;
    const numPr = /<w:numPr\b[\s\S]*?(?:<\/w:numPr>|\/>)/.exec(xml)?.[0];
    all.set(id, {
      numbered: numPr !== undefined && !/<w:numId w:val="0"\/>/.test(numPr),
      basedOn: /<w:basedOn w:val="([^"]*)"/.exec(xml)?.[1],
      isDefault: /^<w:style\b[^>]*\bw:default="(?:1|true)"/.test(xml),
    });
  }
  const result = new Set<string>();
  for (const [id, style] of all) {
    let current: typeof style | undefined = style;
    for (let depth = 0; current && depth < 20; depth++, current = all.get(current.basedOn ?? "")) {
      if (current.numbered) {
        result.add(id);
        if (style.isDefault) result.add("");
        break;
      }
    }
  }
  return result;
}

/** Whether a part has a paragraph in a numbered style (see numberedStyles). */
function usesNumberedStyle(xml: string, numbered: Set<string>): boolean {
  if (numbered.size === 0) return false;
  for (const [paragraph] of xml.matchAll(/<w:p\b[^>]*>(?:\s*<w:pPr>[\s\S]*?<\/w:pPr>)?/g)) {
    const style = /<w:pStyle w:val="([^"]*)"/.exec(paragraph)?.[1] ?? "";
    if (numbered.has(style)) return true;
  }
  return false;
}

/**
 * Why documents rendered from one template cannot be converted as one merged document (each would
 * not look as it does alone), or null when they can.
 */
export function groupBlocker(docs: readonly Uint8Array[]): string | null {
  const zips = docs.map((bytes) => new PizZip(bytes));
  const first = zips[0];
  const numbered = numberedStyles(first.file("word/styles.xml")?.asText() ?? "");
  const shared = sharedParts(first);
  for (const [i, zip] of zips.entries()) {
    const xml = zip.file("word/document.xml")?.asText();
    if (xml === undefined) return "no word/document.xml";
    let content: string;
    try {
      content = splitBody(xml).content;
    } catch {
      return "no body";
    }
    if (/<w:sectPr\b/.test(content)) return "several sections";
    if (lastParagraphStart(content) < 0) return "the body does not end with a paragraph";
    if (/<w:numPr\b/.test(content)) return "numbered paragraphs";
    if (usesNumberedStyle(content, numbered)) return "numbered paragraph styles";
    if (/<w:(?:footnote|endnote|comment)Reference\b/.test(content)) return "notes or comments";
    if (/<w:hyperlink\b[^>]*\bw:anchor=/.test(content)) return "links inside the document";
    const parts = Object.keys(zip.files).filter((name) =>
      /^word\/(?:document|header\d*|footer\d*)\.xml$/.test(name)
    );
    for (const name of parts) {
      const other = fieldInstructions(zip.file(name)!.asText()).find((f) => !/^PAGE\b/i.test(f));
      if (other !== undefined) return `field ${other.split(/\s/)[0] || "(empty)"}`;
    }
    if (i === 0) continue;
    if (sharedParts(zip).join("\n") !== shared.join("\n")) return "packages differ";
    for (const name of shared) {
      if (zip.file(name)!.asText() !== first.file(name)!.asText()) return `${name} differs`;
    }
  }
  return null;
}

/** The merged .docx of a group (see the module header); call groupBlocker first. */
export function mergeGroup(docs: readonly Uint8Array[]): Uint8Array {
  return mergeDocxPages(docs, { restartPageNumbers: true, endBookmark: groupEndMark, stored: true });
}

/** A merged conversion that cannot be cut into the group's documents exactly. */
export class GroupCutError extends Error {}

/**
 * Cuts the PDF of a merged group into one PDF per document: document k's pages run from the page
 * after document k-1's end mark to its own end mark (the last one to the last page). Each part keeps
 * the document information and catalogue entries LibreOffice wrote (producer, language, viewer
 * settings). Throws GroupCutError when a mark is missing or out of order, or when the PDF has an
 * outline (a document alone would have its own).
 */
export async function cutGroupPdf(bytes: Uint8Array, count: number): Promise<Uint8Array[]> {
  const source = await PDFDocument.load(bytes, { updateMetadata: false }).catch((err) => {
    throw new GroupCutError(`unreadable PDF: ${err instanceof Error ? err.message : err}`);
  });
  const catalog = source.catalog;
  if (catalog.get(PDFName.of("Outlines"))) throw new GroupCutError("the PDF has an outline");
  const pageIndex = new Map(source.getPages().map((page, i) => [page.ref.toString(), i]));
  const dests = catalog.lookupMaybe(PDFName.of("Dests"), PDFDict);
  if (!dests) throw new GroupCutError("no named destinations");
  const ends: number[] = [];
  for (let k = 0; k < count; k++) {
    const dest = dests.lookupMaybe(PDFName.of(groupEndMark(k)), PDFArray);
    const page = dest?.get(0);
    const index = page instanceof PDFRef ? pageIndex.get(page.toString()) : undefined;
    if (index === undefined || index <= (ends.at(-1) ?? -1)) {
      throw new GroupCutError(`mark ${k} missing or out of order`);
    }
    ends.push(index);
  }
  ends[count - 1] = pageIndex.size - 1;
  const info = {
    title: source.getTitle(),
    author: source.getAuthor(),
    subject: source.getSubject(),
    keywords: source.getKeywords(),
    creator: source.getCreator(),
    producer: source.getProducer(),
    created: source.getCreationDate(),
  };
  const catalogEntries = ["Lang", "ViewerPreferences", "PageMode", "PageLayout"].flatMap((key) => {
    const value = catalog.get(PDFName.of(key));
    return value && !(value instanceof PDFRef) ? [[key, value] as const] : [];
  });
  const parts: Uint8Array[] = [];
  for (let k = 0, start = 0; k < count; start = ends[k] + 1, k++) {
    const part = await PDFDocument.create({ updateMetadata: false });
    const pages = await part.copyPages(source, range(start, ends[k]));
    for (const page of pages) part.addPage(page);
    if (info.title !== undefined) part.setTitle(info.title);
    if (info.author !== undefined) part.setAuthor(info.author);
    if (info.subject !== undefined) part.setSubject(info.subject);
    if (info.keywords !== undefined) part.setKeywords(info.keywords.split(" "));
    if (info.creator !== undefined) part.setCreator(info.creator);
    if (info.producer !== undefined) part.setProducer(info.producer);
    if (info.created !== undefined) part.setCreationDate(info.created);
    for (const [key, value] of catalogEntries) part.catalog.set(PDFName.of(key), value.clone(part.context));
    parts.push(await part.save());
  }
  return parts;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

export type GroupResult = { pdf: Uint8Array } | { error: AppError };

/** What a run of groups learned: once a group cannot be merged, its template's groups are not tried again. */
export interface GroupState {
  mergeable: boolean;
  /** Groups converted merged, and why the last one that was not could not be. */
  merged: number;
  reason?: string;
}

/** The merged .docx of a group, or why it cannot be merged. */
function mergeOrExplain(docs: readonly Uint8Array[]): Uint8Array | string {
  try {
    return groupBlocker(docs) ?? mergeGroup(docs);
  } catch (err) {
    return `unreadable document: ${err instanceof Error ? err.message : err}`;
  }
}

/**
 * Converts the documents of one group, merged when they allow it (see the module header), else one
 * by one; the results are in the order of `docs`. A merged conversion that fails or cannot be cut
 * falls back to one by one, so a bad row fails alone.
 */
export async function convertGroup(
  pdf: PdfConverter,
  input: { docs: readonly Uint8Array[]; state: GroupState },
): Promise<GroupResult[]> {
  const { docs, state } = input;
  const merged = docs.length > 1 && state.mergeable ? mergeOrExplain(docs) : null;
  if (typeof merged === "string") {
    state.mergeable = false;
    state.reason = merged;
  } else if (merged) {
    try {
      const parts = await cutGroupPdf(await pdf.convert(merged, { marks: true }), docs.length);
      state.merged++;
      return parts.map((part) => ({ pdf: part }));
    } catch (err) {
      // A conversion that failed (a bad row, a time limit) is tried again one by one; a PDF that
      // cannot be cut means this template's groups cannot be merged.
      if (err instanceof GroupCutError) {
        state.mergeable = false;
        state.reason = err.message;
      }
    }
  }
  return await Promise.all(docs.map((docx) =>
    pdf.convert(docx).then(
      (bytes): GroupResult => ({ pdf: bytes }),
      (err): GroupResult => ({
        error: err instanceof AppError ? err : new AppError("PDF_CONVERSION_FAILED", { reason: String(err) }),
      }),
    )
  ));
}
