/**
 * A citation checked by its content (issue #24 §4): the words a sentence cites an article for are
 * compared with the cited article, with every other article of the current text, and with the same
 * number in the older versions the library holds. Words that belong to another current article make
 * the citation 条文变动 (that article is `current`); words found only in an older version's article
 * make it 已被修改. The matched words are kept as evidence for the note.
 */
import { articleText, type LawLibrary, type LawVersion } from "./library.ts";
import type { LawArticle } from "./types.ts";

/** Share of the proposition's weight an article must hold to count as saying it. */
export const HIGH = 0.45;
/** How much better another article must match than the cited one. */
const MARGIN = 0.15;
/** A looser share that still counts when the cited article holds at most half as much. */
const MID = 0.3;
/** Weight (sum of idf) of the words an older version adds before they count as evidence. */
const OLD_WORDS_MIN = 6;
/** Shortest run of matched characters shown as evidence. */
const EVIDENCE_MIN_CHARS = 3;
/**
 * Whole words of the sentence that the other article has and the cited one lacks: "符合起诉条件" is
 * all in 第一百二十二条 (起诉 … 条件) though 第一百二十六条 has the exact phrase, so it stays valid.
 */
const MIN_OWN_WORDS = 1;
const segmenter = new Intl.Segmenter("zh", { granularity: "word" });
const EDGE_PARTICLES = /^[的之了与和及或并]+|[的之了与和及或并]+$/g;

export type ContentVerdict =
  | { kind: "matches"; evidence: string[] }
  | { kind: "elsewhere"; article: LawArticle; evidence: string[] }
  | { kind: "older"; version: LawVersion; article: LawArticle; evidence: string[] };

/** idf-weighted share of the proposition's bigrams found in the article. */
export function similarity(lib: LawLibrary, prop: string[], article: LawArticle): number {
  const text = articleText(article);
  let hit = 0;
  let total = 0;
  for (const b of prop) {
    const w = lib.index.idf(b);
    total += w;
    if (text.includes(b)) hit += w;
  }
  return total > 0 ? hit / total : 0;
}

/** The article of a version that holds most of the proposition (the cited one wins a tie). */
export function bestArticle(
  lib: LawLibrary,
  v: LawVersion,
  prop: string[],
  prefer?: LawArticle,
): { article: LawArticle; sim: number } | null {
  let best: { article: LawArticle; sim: number } | null = prefer
    ? { article: prefer, sim: similarity(lib, prop, prefer) }
    : null;
  for (const a of v.articles) {
    const sim = similarity(lib, prop, a);
    if (!best || sim > best.sim) best = { article: a, sim };
  }
  return best;
}

/** Words (two or more Han characters) of the sentence found in `article` and not in `other`. */
export function wordsOnlyIn(sentence: string, article: LawArticle, other: LawArticle): string[] {
  const text = articleText(article);
  const otherText = articleText(other);
  const out = new Set<string>();
  for (const seg of segmenter.segment(sentence.normalize("NFKC"))) {
    const w = seg.segment;
    if (
      seg.isWordLike && w.length >= 2 && /^[\u3400-\u9fff]+$/.test(w) && text.includes(w) &&
      !otherText.includes(w)
    ) {
      out.add(w);
    }
  }
  return [...out];
}

/**
 * Runs of at least three characters of the sentence found in the article, longest first (at most
 * four), in the order they appear: what a lawyer reads to see why the check decided as it did.
 */
export function matchedWords(sentence: string, article: LawArticle): string[] {
  const text = articleText(article).normalize("NFKC");
  const s = sentence.normalize("NFKC");
  const runs: { at: number; word: string }[] = [];
  let i = 0;
  while (i < s.length) {
    let len = 0;
    while (
      i + len < s.length && /[\u3400-\u9fff0-9]/.test(s[i + len]) && text.includes(s.slice(i, i + len + 1))
    ) {
      len++;
    }
    // Particles at either end say nothing: 的解除婚姻关系的 -> 解除婚姻关系.
    const word = s.slice(i, i + len).replace(EDGE_PARTICLES, "");
    if (word.length >= EVIDENCE_MIN_CHARS) runs.push({ at: i, word });
    i += Math.max(len, 1);
  }
  return runs.sort((a, b) => b.word.length - a.word.length).slice(0, 4).sort((a, b) => a.at - b.at)
    .map((r) => r.word);
}

/**
 * Compares what the sentence says (its bigrams `prop`, its text `sentence`) with the cited article
 * of the current version `cur`, the rest of `cur`, and the same number in `older` versions (newest
 * first).
 */
export function compareContent(
  lib: LawLibrary,
  input: {
    prop: string[];
    sentence: string;
    cur: LawVersion;
    cited: LawArticle;
    older: { v: LawVersion; a: LawArticle }[];
    /** Other articles the same sentence cites: the sentence may speak of them. */
    coCited?: LawArticle[];
  },
): ContentVerdict {
  const { prop, sentence, cur, cited } = input;
  const simCited = similarity(lib, prop, cited);
  const best = bestArticle(lib, cur, prop, cited)!;
  const clearer = best.sim >= HIGH || (best.sim >= MID && simCited <= best.sim / 2);
  if (
    best.article !== cited && !input.coCited?.includes(best.article) && clearer &&
    best.sim - simCited >= MARGIN &&
    wordsOnlyIn(sentence, best.article, cited).length >= MIN_OWN_WORDS
  ) {
    return { kind: "elsewhere", article: best.article, evidence: matchedWords(sentence, best.article) };
  }
  const citedText = articleText(cited);
  const bestText = articleText(best.article);
  for (const { v, a } of input.older) {
    const oldText = articleText(a);
    if (oldText === citedText) continue;
    // Words of the sentence that the older text has and no current article that fits holds.
    const gained = prop.filter((b) => oldText.includes(b) && !citedText.includes(b) && !bestText.includes(b));
    const weight = gained.reduce((s, b) => s + lib.index.idf(b), 0);
    if (weight >= OLD_WORDS_MIN && similarity(lib, prop, a) - simCited >= MARGIN / 3) {
      const evidence = matchedWords(sentence, a).filter((w) => !citedText.includes(w));
      return {
        kind: "older",
        version: v,
        article: a,
        evidence: evidence.length ? evidence : gained.slice(0, 4),
      };
    }
  }
  return { kind: "matches", evidence: matchedWords(sentence, cited) };
}
