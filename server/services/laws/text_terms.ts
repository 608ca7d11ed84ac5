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
