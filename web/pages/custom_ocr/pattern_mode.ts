/**
 * The two ways a clerk writes a file-name pattern (issue #27 item 5): 文件名包含 (plain words, several
 * separated by 、，, or |, any one of them matches) and 正则 for experts. Patterns are stored as regular
 * expressions either way (part 4 §5) and tested with search semantics, so words need no `.*` around them.
 */
const SPECIAL = /[\\^$.*+?()[\]{}|]/g;
const SEPARATORS = /[、，,|；;]+/;

/** Plain words → the pattern stored ("起诉状、借条" → "起诉状|借条"; special characters escaped). */
export function patternFromWords(text: string): string {
  return text.split(SEPARATORS).map((w) => w.trim()).filter(Boolean).map((w) => w.replace(SPECIAL, "\\$&"))
    .join("|");
}

/**
 * A stored pattern as plain words when it is only that (".*起诉状.*" → "起诉状", "(起诉状|借条)" →
 * "起诉状、借条"), or null when it needs the 正则 mode.
 */
export function wordsFromPattern(pattern: string): string | null {
  let p = pattern.trim();
  if (p.startsWith(".*")) p = p.slice(2);
  if (p.endsWith(".*") && !p.endsWith("\\.*")) p = p.slice(0, -2);
  const group = /^\(([^()]*)\)$/.exec(p);
  if (group) p = group[1];
  const words = p.split("|");
  if (words.some((w) => w === "" || /[\\^$.*+?()[\]{}]/.test(w))) return null;
  return words.join("、");
}
