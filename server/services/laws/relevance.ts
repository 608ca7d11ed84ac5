/**
 * "Nothing relevant" for grounded answers (issue #14 §5, recalibrated for issue #24): whether the best
 * text hits of a search have enough to do with the question to hand them to a model. Two signals, from
 * the user's own words (law names and question words left out):
 *
 * - strength: the best hit's score as a share of what the question's terms could score at most (so a
 *   short question like 借钱不还怎么办 is not held to a long one's bar), or absolutely (a long, specific
 *   match; in units of the corpus's largest idf, since BM25 scores grow with the library);
 * - coverage: the idf-weighted share of the question's terms (its words, corrections and synonyms known
 *   to the library; bigrams with a pronoun or particle such as 了我, 我该 are grammar, not content) that
 *   the first COVER_DEPTH hits' texts, headings or titles contain together. A full-sentence question is answered by several articles, each holding
 *   part of it, so the first hit alone covered too little of 朋友借了我5万元一直不还，我该怎么办 and it was
 *   refused although search finds the 民间借贷 articles.
 *
 * Calibrated with scripts/eval_law_refusal.ts on real questions (stard-dev) and our written ones, against
 * questions about laws a smaller library lacks (tests/data/laws/questions-none.csv) and questions no law
 * answers (tests/data/laws/questions-offtopic.csv); the figures are in that script's output. The model is
 * told to refuse as well when the articles do not answer, so this is a cheap first filter.
 */
import type { LawLibrary } from "./library.ts";
import { findLawMentions, queryTerms, type SearchHit } from "./search.ts";

export const MIN_SCORE_IN_MAX_IDF = 2.4;
export const MIN_SCORE_SHARE = 0.095;
export const MIN_COVERAGE = 0.2;
const COVER_DEPTH = 3;
/** BM25's ceiling per unit of idf x weight: (k1 + 1) in the text plus the context field's share. */
const MAX_PER_IDF = 2.2 * 1.6;

export interface Relevance {
  score: number;
  share: number;
  coverage: number;
  relevant: boolean;
}

/** Pronouns and particles: a bigram with one of them (了我, 我该, 的钱) is grammar, not content. */
const PARTICLES = new Set("的了吗呢吧啊呀嘛我你他她它们么该这那个什怎谁哪");

function isContent(t: string): boolean {
  return t.length >= 2 && !PARTICLES.has(t[0]) && !PARTICLES.has(t[t.length - 1]);
}

/**
 * How well the best text hits answer the question (see the module comment); `hits` are the text hits
 * in rank order (citation hits need no check).
 */
export function relevanceOf(lib: LawLibrary, question: string, hits: SearchHit[]): Relevance {
  const top = hits[0];
  if (!top) return { score: 0, share: 0, coverage: 0, relevant: false };
  const { rest } = findLawMentions(lib, question);
  // The ceiling counts the user's words, corrections and synonyms, not the learned expansions (up to 40
  // weak terms that would lower every question's share).
  const { terms } = queryTerms(lib, rest, null);
  const body = hits.slice(0, COVER_DEPTH).map((h) => h.text + h.path.join("") + h.title).join("\n");
  let mass = 0;
  for (const [t, w] of terms) mass += lib.index.idf(t) * w * MAX_PER_IDF;
  let known = 0;
  let covered = 0;
  for (const [t, w] of terms) {
    if (!isContent(t) || lib.index.docFreq(t) === 0) continue;
    const idf = lib.index.idf(t);
    known += idf * w;
    if (body.includes(t)) covered += idf * w;
  }
  const share = mass > 0 ? top.score / mass : 0;
  const coverage = known > 0 ? covered / known : 0;
  const maxIdf = Math.log(1 + (lib.index.size + 0.5) / 0.5);
  const strong = top.score >= MIN_SCORE_IN_MAX_IDF * maxIdf || share >= MIN_SCORE_SHARE;
  return { score: top.score, share, coverage, relevant: strong && coverage >= MIN_COVERAGE };
}
