/**
 * Output file names of a generation batch (issue 4 scope 8): built from a pattern over the row's
 * columns, made safe for every file system, and unique within the batch.
 *
 * Pattern: text with `{列名}` placeholders, e.g. `{案号}_{被申请人}` (the default). An empty value
 * drops its placeholder and the separator before it; when every placeholder is empty (or the
 * pattern has none that matches) the name is `第N行` with N the Excel row number.
 */

import { cellToText } from "../docx/format_value.ts";
import { cleanFileName } from "../../../common/file_names.ts";

export const DEFAULT_NAME_PATTERN = "{案号}_{被申请人}";
export const NAME_PATTERN_MAX = 100;
/** Characters in a base name (without extension); keeps the UTF-8 name well under 255 bytes. */
const NAME_MAX_CHARS = 80;
// Forbidden on Windows, plus control characters; "/" everywhere.
// deno-lint-ignore no-control-regex
const FORBIDDEN = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;
const PLACEHOLDER = /\{([^{}]+)\}/g;

/** The Excel row's label when the pattern gives nothing. */
export function rowFallbackName(rowNumber: number): string {
  return `第${rowNumber}行`;
}

/**
 * Makes one name safe: no path separators, reserved names or trailing dots and spaces, no
 * bidirectional controls (cleanFileName); shortened.
 */
export function sanitizeFileName(name: string): string {
  let out = cleanFileName(name.replace(/\s+/g, " ").replace(FORBIDDEN, "_"));
  out = Array.from(out).slice(0, NAME_MAX_CHARS).join("");
  out = out.replace(/[. ]+$/, "").replace(/^[. ]+/, "");
  if (RESERVED.test(out)) out = `_${out}`;
  return out;
}

/**
 * The base name (no extension) of one row: the pattern filled with the row's values, sanitized,
 * falling back to 第N行.
 */
export function renderFileName(pattern: string, row: Record<string, unknown>, rowNumber: number): string {
  const pieces: { literal: string; value: string | null }[] = [];
  let last = 0;
  for (const match of pattern.matchAll(PLACEHOLDER)) {
    const name = match[1].trim();
    const value = Object.hasOwn(row, name) ? cellToText(row[name]).replace(/\n+/g, " ").trim() : "";
    pieces.push({ literal: pattern.slice(last, match.index), value });
    last = match.index + match[0].length;
  }
  const tail = pattern.slice(last);
  const filled = pieces.filter((p) => p.value);
  if (filled.length === 0) return rowFallbackName(rowNumber);
  // The literal before the first kept value is dropped only when it is a separator between values.
  let text = "";
  pieces.forEach((p, i) => {
    if (!p.value) return;
    const isFirstKept = p === filled[0];
    text += isFirstKept && i > 0 ? "" : p.literal;
    text += p.value;
  });
  const safe = sanitizeFileName(text + tail);
  return safe || rowFallbackName(rowNumber);
}

/**
 * Makes names unique within a batch, ignoring case (Windows and macOS file systems): the second
 * 张三 becomes 张三(2), the third 张三(3). Order is kept.
 */
export function uniqueFileNames(names: string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${name}(${n})`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** Checks a user's pattern; returns the trimmed pattern or null when unusable. */
export function normalizeNamePattern(pattern: string | null | undefined): string | null {
  const trimmed = (pattern ?? "").trim();
  if (!trimmed || Array.from(trimmed).length > NAME_PATTERN_MAX) return null;
  return trimmed;
}
