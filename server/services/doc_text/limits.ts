/**
 * Limits of the document text service (issue #10 §1): what a hostile or merely huge file is refused for,
 * before any parser spends time on it. One place; the tests and the decision record refer to these names.
 */

/** Pages (PDF) or worksheets read from one file; more is refused (DOC_TEXT_TOO_MANY_PAGES) by pdfinfo's count. */
export const DOC_TEXT_MAX_PAGES = 200;
/** Pixels of an image, read from its header before decoding (DOC_TEXT_IMAGE_TOO_LARGE): 50 megapixels. */
export const DOC_TEXT_MAX_PIXELS = 50_000_000;
/** Sum of the uncompressed sizes a .docx/.xlsx declares (zip bombs). */
export const DOC_TEXT_MAX_UNCOMPRESSED_BYTES = 150 * 1024 * 1024;
/** Input bytes handed to a worker. */
export const DOC_TEXT_MAX_INPUT_BYTES = 60 * 1024 * 1024;
/** Rows read from one worksheet; the rest are left out with a warning. */
export const DOC_TEXT_MAX_SHEET_ROWS = 5_000;
/** One file's whole reading, OCR included (DOC_TEXT_TIMEOUT). */
export const DOC_TEXT_FILE_TIMEOUT_MS = 10 * 60_000;
/** One parsing worker or poppler call (generous: on a loaded 2-core machine a scan page took 30 s to render). */
export const DOC_TEXT_STEP_TIMEOUT_MS = 120_000;
/** Long side of a page image handed to the recogniser (OCR-NOTES.md: 1754 px is faster and better than 300 dpi). */
export const OCR_MAX_SIDE = 1754;
/** A PDF page whose text layer has fewer characters than this is rendered and recognised. */
export const PDF_MIN_TEXT_CHARS = 10;
