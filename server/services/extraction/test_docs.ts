/** Test helper: a DocumentText from plain lines (one page), as the reader would give it. */
import type { DocumentText, ReadMethod } from "../doc_text/types.ts";

export function docOf(
  fileName: string,
  lines: string[],
  options: { method?: ReadMethod; confidence?: number } = {},
): DocumentText {
  const method = options.method ?? "docx";
  return {
    fileName,
    kind: fileName.split(".").pop()!.toLowerCase(),
    pages: [{
      page: 1,
      method,
      lines: lines.map((text) => ({ text, confidence: options.confidence ?? 1, method })),
    }],
    warnings: [],
  };
}
