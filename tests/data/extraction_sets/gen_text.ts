/**
 * A generated document as the text service gives it, without LibreOffice or OCR: the .docx through the Word
 * reader (table rows with their cells), sheets through the sheet reader. For the per-class unit tests
 * (server/services/extraction/document_classes_test.ts).
 */
import { readDocx, readSheets } from "../../../server/workers/doc_text_worker.ts";
import type { DocumentText, TextLine } from "../../../server/services/doc_text/types.ts";
import type { Doc } from "./gen_docs.ts";
import { writeDocx, writeXlsx } from "./gen_render.ts";

const LIMITS = { maxUncompressedBytes: 50_000_000, maxSheets: 20, maxRows: 5000 };

/** The DocumentText of a generated document (read as a Word file or a workbook). */
export function docTextOf(doc: Doc, fileName = doc.name): DocumentText {
  if (doc.sheets) {
    const r = readSheets({ kind: "sheet", bytes: writeXlsx(doc), ...LIMITS });
    if (!r.ok) throw new Error("sheet not read");
    return {
      fileName,
      kind: "xlsx",
      warnings: [],
      pages: r.pages.map((p, i) => ({
        page: i + 1,
        method: "sheet",
        sheetName: p.sheetName,
        lines: p.lines.map((text) => ({ text, confidence: 1, method: "sheet" })),
      })),
    };
  }
  const r = readDocx({ kind: "docx", bytes: writeDocx(doc.blocks!, doc.landscape), ...LIMITS });
  if (!r.ok) throw new Error("docx not read");
  const page = r.pages[0];
  const lines: TextLine[] = page.lines.map((text, i) => {
    const line: TextLine = { text, confidence: 1, method: "docx" };
    const cells = page.cells?.[i];
    if (cells && cells.length > 1) line.cells = cells.map((c) => ({ text: c.text, col: c.col }));
    return line;
  });
  return {
    fileName,
    kind: fileName.split(".").pop()!,
    warnings: [],
    pages: [{ page: 1, method: "docx", lines }],
  };
}
