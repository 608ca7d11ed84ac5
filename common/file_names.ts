/**
 * THE file-name cleaning step, for every name the product takes in or hands out (uploads, generated
 * names, Content-Disposition, zip entries, CSV/Excel exports of names). Plain TS: the server and the
 * browser share it.
 */

/** C0 and C1 control characters (tab, newline, NUL, ESC, U+0080-U+009F...). */
// deno-lint-ignore no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * Bidirectional formatting characters: the embeddings and overrides U+202A-U+202E, the isolates
 * U+2066-U+2069, the marks U+200E, U+200F and U+061C. `evil\u202Efdp.exe` would show as
 * "evilexe.pdf"; nothing in a file name needs them.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A file name without bidirectional or other control characters, trimmed. Path separators and
 * characters Windows forbids are the callers' business (a generated name turns them into `_`, an
 * upload keeps its last path segment); this is the part every name shares.
 */
export function cleanFileName(name: string): string {
  return name.replace(BIDI_CONTROLS, "").replace(CONTROL_CHARS, "").trim();
}

/** The last segment of an uploaded path (old browsers send `C:\dir\a.pdf`), cleaned. */
export function cleanUploadName(name: string): string {
  return cleanFileName(name.split(/[\\/]/).pop() ?? "");
}
