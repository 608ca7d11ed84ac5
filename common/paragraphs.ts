/**
 * Paragraph building of the Excel batch wizard (part 2 §2.1 step 3, §3, §4, §5), shared by the
 * wizard's preview and the server's renderer so both follow one set of rules.
 *
 * A Word template may hold a paragraph variable `#{名称}`. For each processed row, its paragraph
 * template (text with `${列名}` placeholders) is filled from the row; the resulting items, in row
 * order, replace the variable:
 *
 * - line breaks: `addLineBreak` puts each item in a paragraph of its own (Enter);
 *   `noLineBreak` runs the items together in one paragraph; neither separates them with a line break
 *   inside one paragraph (Shift+Enter). `noLineBreak` wins over `addLineBreak`.
 * - indent: `allIndent` starts every item with two full-width spaces (the indent of 2 Chinese
 *   characters); `noIndent` adds none and also removes the template paragraph's own first-line
 *   indent; neither adds none and keeps the paragraph's own format. `noIndent` wins over `allIndent`.
 * - prefix: with the task's prefix enabled and `usePrefix` on the item, each item starts with the
 *   prefix text, every `N` in it replaced by the item's sequence number (1, 2, 3 … in row order).
 * - `removeLastChar` removes the last character of the whole block (the `；` or `、` after the last
 *   item).
 *
 * Without merge output every document holds one row, so its block is one item numbered 1; with merge
 * output all rows' items go into the one document.
 */

/** Part 2 §9: the prefix text is at most 20 characters. */
export const PARAGRAPH_PREFIX_MAX = 20;
/** The indent of 2 Chinese characters. */
export const PARAGRAPH_INDENT = "\u3000\u3000";
/** `#{名称}`: the format of a paragraph variable (段落变量必须使用 #{变量名} 格式). */
export const PARAGRAPH_VARIABLE_PATTERN = /^#\{([^{}#$|\s]+)\}$/;

export interface ParagraphFlags {
  noIndent: boolean;
  allIndent: boolean;
  addLineBreak: boolean;
  noLineBreak: boolean;
  removeLastChar: boolean;
  usePrefix: boolean;
}

export type ParagraphFlag = keyof ParagraphFlags;

/** Every setting off. */
export const NO_PARAGRAPH_FLAGS: Readonly<ParagraphFlags> = {
  noIndent: false,
  allIndent: false,
  addLineBreak: false,
  noLineBreak: false,
  removeLastChar: false,
  usePrefix: false,
};

export interface ParagraphPreset {
  key: string;
  label: string;
  flags: ParagraphFlags;
}

/** The three built-in presets of part 2 §3. */
export const PARAGRAPH_PRESETS: readonly ParagraphPreset[] = [
  {
    key: "standard",
    label: "标准段落",
    flags: {
      allIndent: true,
      addLineBreak: true,
      noIndent: false,
      noLineBreak: false,
      removeLastChar: false,
      usePrefix: false,
    },
  },
  {
    key: "continuous",
    label: "连续段落",
    flags: {
      allIndent: true,
      noLineBreak: true,
      usePrefix: true,
      removeLastChar: true,
      noIndent: false,
      addLineBreak: false,
    },
  },
  {
    key: "no_indent",
    label: "无缩进段落",
    flags: {
      noIndent: true,
      addLineBreak: true,
      allIndent: false,
      noLineBreak: false,
      removeLastChar: false,
      usePrefix: false,
    },
  },
];

/**
 * Part 2 §4 exclusivity: turning no-indent on clears all-indent, turning no-line-break on clears
 * add-line-break. Returns the flags after `flag` was set to `value`.
 */
export function setParagraphFlag(flags: ParagraphFlags, flag: ParagraphFlag, value: boolean): ParagraphFlags {
  const next = { ...flags, [flag]: value };
  if (flag === "noIndent" && value) next.allIndent = false;
  if (flag === "noLineBreak" && value) next.addLineBreak = false;
  return next;
}

/** Whether a flag is disabled in the form (its opposite is on). */
export function isParagraphFlagDisabled(flags: ParagraphFlags, flag: ParagraphFlag): boolean {
  return (flag === "allIndent" && flags.noIndent) || (flag === "addLineBreak" && flags.noLineBreak);
}

/** A lowercase n becomes N (前缀内容中的N必须使用大写); `corrected` tells the form to warn. */
export function normalizePrefixText(text: string): { text: string; corrected: boolean } {
  const fixed = text.replaceAll("n", "N");
  return { text: fixed, corrected: fixed !== text };
}

/** The prefix of item number `sequence` (1-based): every N replaced by the number. */
export function prefixFor(prefixText: string, sequence: number): string {
  return prefixText.replaceAll("N", String(sequence));
}

/** The 3 examples the form shows under the prefix field. */
export function previewPrefixes(prefixText: string, count = 3): string[] {
  return Array.from({ length: count }, (_, i) => prefixFor(prefixText, i + 1));
}

/** How a block's items sit in the document. */
export interface ParagraphBlock {
  /** Word paragraphs; "\n" inside one is a line break (Shift+Enter). */
  paragraphs: string[];
  /** Remove the template paragraph's own first-line indent. */
  clearIndent: boolean;
}

/**
 * Builds the block that replaces one `#{名称}` from its filled items (one per row, in row order).
 * `prefixText` is the task's prefix, or null when the task's prefix is off.
 */
export function buildParagraphBlock(
  items: readonly string[],
  options: { flags: ParagraphFlags; prefixText: string | null },
): ParagraphBlock {
  const { flags, prefixText } = options;
  const indent = flags.allIndent && !flags.noIndent ? PARAGRAPH_INDENT : "";
  const texts = items.map((item, i) => {
    const prefix = flags.usePrefix && prefixText !== null ? prefixFor(prefixText, i + 1) : "";
    return indent + prefix + item;
  });
  let paragraphs: string[];
  if (flags.noLineBreak) paragraphs = [texts.join("")];
  else if (flags.addLineBreak) paragraphs = texts;
  else paragraphs = [texts.join("\n")];
  if (flags.removeLastChar && paragraphs.length) {
    const last = paragraphs.length - 1;
    paragraphs[last] = Array.from(paragraphs[last]).slice(0, -1).join("");
  }
  if (items.length === 0) paragraphs = [];
  return { paragraphs, clearIndent: flags.noIndent };
}
