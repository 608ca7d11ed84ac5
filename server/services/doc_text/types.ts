/**
 * The one shape every file becomes before fields are read from it (issue #10): pages of lines, each line
 * with its text, where it sits on the page, how sure the reader was, and how it was read.
 * Produced by readDocumentText() (doc_text/read_document_text.ts); consumed by services/extraction/,
 * the /ocr page, custom OCR and the extraction wizard. Nothing else reads uploaded files for text.
 */

/** How a line was read. */
export type ReadMethod = "pdf_text" | "ocr" | "docx" | "sheet" | "text";

/** Which recogniser produced an OCR line. */
export type OcrEngineName = "paddle" | "tesseract";

/** Axis-aligned box in the page's pixel space (x0, y0) top-left, (x1, y1) bottom-right. */
export type LineBox = [x0: number, y0: number, x1: number, y1: number];

/** One cell of a table row: a Word table's cell, or a piece of a text-layer row standing apart from the next. */
export interface TextCell {
  /** The cell's text ("" for an empty Word cell, kept so that values stay under their column). */
  text: string;
  /** Position on the page (text-layer PDFs). */
  box?: LineBox;
  /** Grid column (Word tables; a merged cell carries its first column). */
  col?: number;
}

export interface TextLine {
  /** The line's text, trimmed; never empty. */
  text: string;
  /** Position on the page (images, scans and text-layer PDFs); absent for Word and sheets. */
  box?: LineBox;
  /** 0..1; 1 for text that was not recognised (text layer, Word, sheet). */
  confidence: number;
  method: ReadMethod;
  /** A table row's cells, left to right, when the reader knows them (two or more). */
  cells?: TextCell[];
}

export interface TextPage {
  /** 1-based page number (a sheet is one page per worksheet; a Word file is one page). */
  page: number;
  /** Page size in the box's pixel space, when boxes are given. */
  width?: number;
  height?: number;
  /** Lines in reading order. */
  lines: TextLine[];
  /** The method most of the page was read with. */
  method: ReadMethod;
  /** The OCR engine, when the page was recognised. */
  engine?: OcrEngineName;
  /** Worksheet name for sheets. */
  sheetName?: string;
  /**
   * OCR pages: the clockwise turn (degrees) applied after EXIF orientation and deskew because the page read
   * better that way (a photo taken sideways or upside down); the boxes are in the turned image.
   */
  turned?: 90 | 180 | 270;
}

export interface DocumentText {
  fileName: string;
  /** Lower-case extension without the dot: pdf, docx, doc, xlsx, xls, png, jpg, jpeg. */
  kind: string;
  pages: TextPage[];
  /** Chinese notes for the user (a page that could not be read, a fallback engine used, ...). */
  warnings: string[];
}

/** The text of a document as plain text: pages separated by a blank line. */
export function documentPlainText(doc: DocumentText): string {
  return doc.pages.map((p) => p.lines.map((l) => l.text).join("\n")).join("\n\n");
}
