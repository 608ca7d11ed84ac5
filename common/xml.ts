/**
 * XML text in and out, for every reader and writer of Office and poppler XML (docx, xlsx, pdftotext
 * -bbox, JUnit reports): one decoder of entity and character references and one escaper. Plain TS:
 * the server, the workers and the browser share it.
 */

// Characters XML 1.0 forbids (a stray one makes Word or Excel refuse the whole file).
// deno-lint-ignore no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
// deno-lint-ignore no-control-regex
const NEEDS_ESCAPE = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const REFERENCE = /&(?:#(\d+)|#x([0-9a-fA-F]+)|(amp|lt|gt|quot|apos));/g;
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/**
 * XML text with its references replaced: the five named entities and decimal or hexadecimal character
 * references. A reference to a code point XML cannot hold (0, past U+10FFFF) is dropped; anything else
 * after `&` (an unknown name, a stray ampersand) is kept as written. Text without `&` is returned as is.
 */
export function decodeXml(text: string): string {
  if (text.indexOf("&") < 0) return text;
  return text.replace(REFERENCE, (_, dec: string, hex: string, name: string) => {
    if (name) return NAMED[name];
    const code = dec ? Number(dec) : parseInt(hex, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
  });
}

/**
 * Text escaped for an XML text node or a double-quoted attribute (`& < > "`), with the characters XML
 * cannot hold dropped. Text needing neither is returned as is.
 */
export function escapeXml(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(INVALID_XML, "").replace(/&/g, "&amp;").replace(/</g, "&lt;")
    .replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
