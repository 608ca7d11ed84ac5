import { AppError } from "../../server/errors.ts";
import type { DocumentText } from "../../server/services/doc_text/types.ts";

/**
 * Test double of readDocumentText for tests of runs, metering and merging (not of OCR): a file's bytes are
 * its text, each non-empty line one Word line; a file containing "BROKEN" fails like a damaged file.
 */
export function readTextAsWordLines(
  _deps: unknown,
  { bytes, fileName }: { bytes: Uint8Array; fileName: string },
): Promise<DocumentText> {
  const text = new TextDecoder().decode(bytes);
  if (text.includes("BROKEN")) {
    return Promise.reject(new AppError("FILE_PARSE_FAILED", { reason: "文件已损坏" }));
  }
  const lines = text.split("\n").filter((l) => l.trim()).map((l) => ({
    text: l.trim(),
    confidence: 1,
    method: "docx" as const,
  }));
  return Promise.resolve({
    fileName,
    kind: "docx",
    pages: [{ page: 1, lines, method: "docx" }],
    warnings: [],
  });
}
