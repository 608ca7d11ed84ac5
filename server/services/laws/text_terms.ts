/**
 * Chinese-aware terms for the lexical index: character bigrams of every Han run (so two-character
 * legal terms are never missed), words of three or more characters from Intl.Segmenter("zh"), and
 * ASCII words and numbers.
 */

const segmenter = new Intl.Segmenter("zh", { granularity: "word" });
const HAN_RUN = /[\u3400-\u9fff\uf900-\ufaff]+/g;
const ASCII_WORD = /[a-z0-9]+/g;

/** Normalizes text for indexing and queries: NFKC, lower case. */
export function normalizeText(text: string): string {
  return text.normalize("NFKC").toLowerCase();
}

/** Bigrams of each Han run (a lone character stands for itself) plus ASCII words. */
export function bigramTerms(text: string): string[] {
  const out: string[] = [];
  const s = normalizeText(text);
  for (const m of s.matchAll(HAN_RUN)) {
    const run = m[0];
    if (run.length === 1) out.push(run);
    for (let i = 0; i + 1 < run.length; i++) out.push(run.slice(i, i + 2));
  }
  for (const m of s.matchAll(ASCII_WORD)) out.push(m[0]);
  return out;
}

/**
 * For each character of `run` (a Han run, already normalized), whether the segmenter's dictionary puts it
 * inside a word of two or more characters (一直, 家里, 块钱): such a character is spelled as a real word,
 * so typo correction must not swap it. A mistyped character usually leaves the segmenter no word to find
 * (怀运 -> 怀/运, 年修假 -> 年/修/假).
 */
export function inDictionaryWord(run: string): boolean[] {
  const out = new Array<boolean>(run.length).fill(false);
  for (const seg of segmenter.segment(run)) {
    if (seg.segment.length < 2 || !/^[\u3400-\u9fff\uf900-\ufaff]+$/.test(seg.segment)) continue;
    for (let k = 0; k < seg.segment.length; k++) out[seg.index + k] = true;
  }
  return out;
}

/** Words of 3+ Han characters found by the segmenter. */
export function wordTerms(text: string): string[] {
  const out: string[] = [];
  for (const seg of segmenter.segment(normalizeText(text))) {
    if (seg.isWordLike && seg.segment.length >= 3 && /^[\u3400-\u9fff]+$/.test(seg.segment)) {
      out.push(seg.segment);
    }
  }
  return out;
}

/** All index terms of a text. */
export function textTerms(text: string): string[] {
  return [...bigramTerms(text), ...wordTerms(text)];
}

export const HAN_LOW = 0x3400;
const HAN_HIGH = 0x9fff;
export const HAN_SPAN = HAN_HIGH - HAN_LOW + 1;

function isHan(code: number): boolean {
  return code >= 0x3400 && code <= 0x9fff || code >= 0xf900 && code <= 0xfaff;
}

/**
 * The index key of a term: a two-character term of CJK characters is a small integer (no string kept
 * per occurrence, which is what makes indexing the national corpus cheap); anything else stays a string.
 */
export function termKey(term: string): number | string {
  if (term.length !== 2) return term;
  const a = term.charCodeAt(0);
  const b = term.charCodeAt(1);
  if (a < HAN_LOW || a > HAN_HIGH || b < HAN_LOW || b > HAN_HIGH) return term;
  return (a - HAN_LOW) * HAN_SPAN + (b - HAN_LOW);
}

/** The keys of bigramTerms(text), in order, without building the bigram strings. */
export function forEachBigramKey(text: string, emit: (key: number | string) => void): void {
  const s = normalizeText(text);
  let runStart = -1;
  for (let i = 0; i <= s.length; i++) {
    const code = i < s.length ? s.charCodeAt(i) : 0;
    if (i < s.length && isHan(code)) {
      if (runStart < 0) runStart = i;
      if (i > runStart) {
        const prev = s.charCodeAt(i - 1);
        if (prev <= HAN_HIGH && code <= HAN_HIGH) emit((prev - HAN_LOW) * HAN_SPAN + (code - HAN_LOW));
        else emit(s.slice(i - 1, i + 1));
      }
    } else {
      if (runStart >= 0 && i - runStart === 1) emit(s[runStart]);
      runStart = -1;
    }
  }
  for (const m of s.matchAll(ASCII_WORD)) emit(m[0]);
}
