/**
 * DEV-ONLY reader for the extraction evaluation: turns the set's docx, text PDFs and xlsx into DocumentText
 * without OCR (pizzip, `pdftotext -layout`, SheetJS). scripts/eval_extraction.ts uses the real
 * readDocumentText (server/services/doc_text/read_document_text.ts) when it exists and falls back to this
 * one only when it does not; scanned PDFs and photos come back with no lines here.
 */
import * as XLSX from "xlsx";
import { listTextParts, openDocxZip, readParagraphs } from "../server/services/docx/docx_text.ts";
import type { DocumentText, TextLine, TextPage } from "../server/services/doc_text/types.ts";

function line(text: string, method: TextLine["method"]): TextLine {
  return { text, confidence: 1, method };
}

function readDocx(bytes: Uint8Array): TextPage[] {
  const zip = openDocxZip(bytes);
  const lines: TextLine[] = [];
  for (const part of listTextParts(zip)) {
    let row: { id: number; cells: string[] } | null = null;
    const flush = () => {
      if (row && row.cells.some((c) => c.trim())) {
        lines.push(line(row.cells.map((c) => c.trim()).join(" | "), "docx"));
      }
      row = null;
    };
    for (const p of readParagraphs(part.xml)) {
      if (p.rowId === null) {
        flush();
        if (p.text.trim()) lines.push(line(p.text.trim(), "docx"));
      } else {
        if (row && row.id !== p.rowId) flush();
        if (!row) row = { id: p.rowId, cells: [] };
        row.cells.push(p.text);
      }
    }
    flush();
  }
  return [{ page: 1, lines, method: "docx" }];
}

async function readPdf(path: string): Promise<TextPage[]> {
  const out = await new Deno.Command("pdftotext", {
    args: ["-layout", "-enc", "UTF-8", path, "-"],
    stdout: "piped",
  })
    .output();
  const text = new TextDecoder().decode(out.stdout);
  return text.split("\f").map((pageText, i) => ({
    page: i + 1,
    lines: pageText.split("\n").map((t) => t.trim()).filter(Boolean).map((t) => line(t, "pdf_text")),
    method: "pdf_text" as const,
  })).filter((p) => p.lines.length > 0);
}

function readXlsx(bytes: Uint8Array): TextPage[] {
  const wb = XLSX.read(bytes, { type: "array", cellDates: false });
  return wb.SheetNames.map((name, i) => {
    const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[name], { header: 1, raw: false, defval: "" });
    const lines: TextLine[] = [];
    let header: string[] | null = null;
    for (const r of rows) {
      const cells = r.map((c) => String(c ?? "").trim());
      if (!cells.some(Boolean)) continue;
      if (!header && cells.filter(Boolean).length >= 2) {
        header = cells;
        continue;
      }
      if (!header) {
        lines.push(line(cells.filter(Boolean).join(" "), "sheet"));
        continue;
      }
      const parts = cells.map((c, j) => (c ? `${header![j] || ""}：${c}` : "")).filter(Boolean);
      lines.push(line(parts.join(" | "), "sheet"));
    }
    return { page: i + 1, lines, method: "sheet" as const, sheetName: name };
  });
}

/**
 * Scans and photos: text a developer OCR'd beforehand with tesseract into EXTRACTION_OCR_CACHE
 * (<cache>/<case folder>/<file name>.txt, pages split by form feeds). Nothing when the variable is unset.
 */
async function readOcrCache(path: string): Promise<TextPage[]> {
  const cache = Deno.env.get("EXTRACTION_OCR_CACHE");
  if (!cache) return [];
  const parts = path.split("/");
  try {
    const text = await Deno.readTextFile(`${cache}/${parts.at(-2)}/${parts.at(-1)}.txt`);
    return text.split("\f").map((pageText, i) => ({
      page: i + 1,
      lines: pageText.split("\n").map((t) => t.trim()).filter(Boolean).map((t) => ({
        text: t,
        confidence: 0.8,
        method: "ocr" as const,
      })),
      method: "ocr" as const,
      engine: "tesseract" as const,
    })).filter((p) => p.lines.length > 0);
  } catch {
    return [];
  }
}

export async function readDevDocumentText(path: string): Promise<DocumentText> {
  const fileName = path.split("/").pop()!;
  const kind = fileName.split(".").pop()!.toLowerCase();
  let pages: TextPage[] = [];
  if (kind === "docx") pages = readDocx(await Deno.readFile(path));
  else if (kind === "pdf") pages = await readPdf(path);
  else if (kind === "xlsx" || kind === "xls") pages = readXlsx(await Deno.readFile(path));
  if (!pages.length) pages = await readOcrCache(path);
  return { fileName, kind, pages, warnings: pages.length ? [] : ["开发读取器无法读取此文件（需要OCR）"] };
}

if (import.meta.main) {
  for (const p of Deno.args) {
    const doc = await readDevDocumentText(p);
    console.log(`=== ${doc.fileName}`);
    for (const pg of doc.pages) {
      console.log(`--- page ${pg.page}`);
      for (const l of pg.lines) console.log(l.text);
    }
  }
}
