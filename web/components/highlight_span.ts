/**
 * Where a value stands in the text of the line (or lines) it was read from, for marking it. The value is
 * compared without spaces and with full-width letters, digits and punctuation read as half-width, so a
 * text layer's letter spacing, a line break inside the value or （ against ( do not hide it.
 */

/** One character as compared: full-width ASCII forms and the ideographic space become half-width. */
function foldChar(c: string): string {
  const code = c.charCodeAt(0);
  if (code >= 0xff01 && code <= 0xff5e) return String.fromCharCode(code - 0xfee0);
  return c === "\u3000" ? " " : c;
}

/** [start, end) of `value` in `snippet`, or null when it is not there. */
export function highlightSpan(snippet: string, value: string): [number, number] | null {
  const wanted = Array.from(value, foldChar).filter((c) => !/\s/.test(c)).join("");
  if (!wanted) return null;
  let folded = "";
  const at: number[] = [];
  for (let i = 0; i < snippet.length; i++) {
    const c = foldChar(snippet[i]);
    if (/\s/.test(c)) continue;
    folded += c;
    at.push(i);
  }
  const start = folded.indexOf(wanted);
  if (start < 0) return null;
  return [at[start], at[start + wanted.length - 1] + 1];
}
