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
 * Zero-width and other invisible characters (ZWSP, ZWNJ, ZWJ, word joiner, BOM, soft hyphen,
 * combining grapheme joiner, Mongolian vowel separator, invisible operators): `.\u200b.` would read
 * as "..", `a\u200bb` as a second "ab".
 */
const ZERO_WIDTH = /[\u00ad\u034f\u180e\u200b-\u200d\u2060-\u2064\ufeff]/g;

/**
 * Characters that show as a slash or backslash without being one: full-width ／ and ＼, division and
 * fraction slashes ∕ ⁄, set minus ∖, the mathematical and box-drawing diagonals ⧸ ⧹ ⧵ ╱ ╲, small ﹨.
 * A name holding one reads like a path in the folder tree.
 */
const SLASH_LOOKALIKES = /[\uff0f\uff3c\u2215\u2044\u2216\u29f5\u29f8\u29f9\u2571\u2572\ufe68]/;

/** The name without zero-width characters. */
export function stripZeroWidth(name: string): string {
  return name.replace(ZERO_WIDTH, "");
}

/**
 * True when a folder or file name reads like a path: after zero-width characters are removed it
 * normalises (NFKC) to "." or ".." (full-width ．．, the leader ‥), or it holds a slash, a backslash
 * or a look-alike of either. Such names are refused wherever a name becomes a tree path.
 */
export function nameLooksLikePath(name: string): boolean {
  const folded = stripZeroWidth(name).normalize("NFKC").trim();
  return folded === "." || folded === ".." || /[\/\\]/.test(folded) || SLASH_LOOKALIKES.test(name);
}

/**
 * A folder or file name as it is stored and looked up: zero-width characters removed, NFC, trimmed.
 * Every name that becomes a tree path goes through it before the names rule is checked.
 */
export function normaliseTreeName(name: string): string {
  return stripZeroWidth(name).normalize("NFC").trim();
}

/**
 * A file name without bidirectional, zero-width or other control characters, trimmed. Path
 * separators and characters Windows forbids are the callers' business (a generated name turns them
 * into `_`, an upload keeps its last path segment); this is the part every name shares.
 */
export function cleanFileName(name: string): string {
  return stripZeroWidth(name).replace(BIDI_CONTROLS, "").replace(CONTROL_CHARS, "").trim();
}

/** The last segment of an uploaded path (old browsers send `C:\dir\a.pdf`), cleaned. */
export function cleanUploadName(name: string): string {
  return cleanFileName(name.split(/[\\/]/).pop() ?? "");
}
