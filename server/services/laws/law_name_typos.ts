/**
 * Law names typed with one wrong, same-sounding character (劳动和同法, 社会保显法, 工伤保险调例, 民法点): the
 * span is matched against the library's titles and aliases by edit distance, one substitution, and the
 * typed character must sound like the name's (with its tone for names of three characters, where 公司发
 * must not become 公司法; any tone for longer ones, 道路交通按全法), and must not be bound into a word of the
 * question by the segmenter's dictionary (产品质量发生纠纷 is 发生, not 产品质量法). The first character may be
 * the wrong one too (aliases are looked up by their first and by their second character).
 */
import type { LawLibrary } from "./library.ts";
import { soundsAlike } from "./homophones.ts";

/** Shortest name matched with a wrong character (民法典, 劳动法); two-character names are too easily met. */
const MIN_LENGTH = 3;
/** Names of up to this length need the typed character's tone as well. */
const TONED_UP_TO = 3;

const bySecond = new WeakMap<LawLibrary, Map<string, string[]>>();

/** The library's names by their second character, longest first (built on first use). */
function aliasesBySecond(lib: LawLibrary, ch: string): string[] {
  let map = bySecond.get(lib);
  if (!map) {
    map = new Map();
    for (const name of [...lib.aliases.keys()].sort((a, b) => b.length - a.length)) {
      if (name.length < MIN_LENGTH) continue;
      const list = map.get(name[1]) ?? [];
      list.push(name);
      map.set(name[1], list);
    }
    bySecond.set(lib, map);
  }
  return map.get(ch) ?? [];
}

/** The one position where `span` differs from `name` (same length), or -1 when none or more. */
function oneDifference(span: string, name: string): number {
  let at = -1;
  for (let k = 0; k < name.length; k++) {
    if (span[k] === name[k]) continue;
    if (at >= 0) return -1;
    at = k;
  }
  return at;
}

/**
 * The longest library name that `s` (normalized) spells at `i` with one same-sounding wrong character, or
 * null. A name spelled right is findLawMentions' exact match, not this. `locked`: inDictionaryWord(s).
 */
export function mistypedLawNameAt(
  lib: LawLibrary,
  s: string,
  i: number,
  locked: readonly boolean[],
): string | null {
  if (i + MIN_LENGTH > s.length) return null;
  const candidates = [...lib.aliasesStartingWith(s[i]), ...aliasesBySecond(lib, s[i + 1])];
  let best: string | null = null;
  for (const name of candidates) {
    if (name.length < MIN_LENGTH || (best && name.length <= best.length) || i + name.length > s.length) {
      continue;
    }
    const span = s.slice(i, i + name.length);
    const at = oneDifference(span, name);
    if (at < 0 || locked[i + at] || !/[\u3400-\u9fff]/.test(span[at])) continue;
    if (!soundsAlike(span[at], name[at], name.length <= TONED_UP_TO)) continue;
    best = name;
  }
  return best;
}
