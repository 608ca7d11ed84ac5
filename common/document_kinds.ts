/**
 * The file kinds the text service reads (readDocumentText, server/services/doc_text/) and the upload
 * lists derived from them, so that a kind the reader learns is accepted wherever files become text.
 * Plain TS: the server and the browser share it.
 */

/** Every kind readDocumentText() reads; custom OCR accepts all of them (part 4 §5 "Custom upload"). */
export const DOC_TEXT_KINDS = ["pdf", "doc", "docx", "xls", "xlsx", "png", "jpg", "jpeg"] as const;
export type DocTextKind = (typeof DOC_TEXT_KINDS)[number];

/** Lower-case extension of a file name without the dot ("" when none, or not letters and digits). */
export function fileExtension(fileName: string): string {
  const m = /\.([A-Za-z0-9]+)$/.exec(fileName.trim());
  return m ? m[1].toLowerCase() : "";
}

/** Whether `kinds` holds the file's extension. */
export function hasKind(fileName: string, kinds: readonly string[]): boolean {
  return kinds.includes(fileExtension(fileName));
}
