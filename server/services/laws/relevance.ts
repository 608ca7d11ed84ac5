/**
 * "Nothing relevant" for grounded answers (issue #14 §5): whether the best text hit of a search has
 * enough to do with the question to hand it to a model. Two signals, from the same terms the search
 * used (the user's words, corrections, synonyms; law names left out):
 *
 * - strength: the hit's score, absolutely (a long, specific match; scaled to the library's size) or as
 *   a share of what the query's terms could score at most (so a short question like 借钱不还怎么办 is
 *   not held to a long one's bar);
 * - coverage: the idf-weighted share of the query's known terms (those the library has at all) that
 *   the hit's text, headings or title contain.
 *
 * The thresholds were calibrated on our labelled questions (dev and tests/data/laws/questions-own.csv,
 * 172 without a citation) against 16 questions about things the library lacks
 * (tests/data/laws/questions-none.csv): lexical signals cannot separate them well; these keep ~97 % of
 * the labelled questions and refuse about half of the others. The model is told to refuse as well
 * when the articles do not answer, so this is a cheap first filter, not the only one.
 */
import type { LawLibrary } from "./library.ts";
import { findLawMentions, queryTerms, type SearchHit } from "./search.ts";

/**
 * The absolute floor in units of the corpus's largest idf (a term in one article), since BM25 scores
 * grow with the size of the library: 2.4 is a score of 23 on the shared library (7 383 articles),
 * ~19 on the 900-article test fixtures, ~28 on the national corpus.
 */
export const MIN_SCORE_IN_MAX_IDF = 2.4;
export const MIN_SCORE_SHARE = 0.095;
export const MIN_COVERAGE = 0.2;
/** BM25's ceiling per unit of idf x weight: (k1 + 1) in the text plus the context field's share. */
const MAX_PER_IDF = 2.2 * 1.6;

export interface Relevance {
  score: number;
  share: number;
  coverage: number;
  relevant: boolean;
}

/** How well a text hit answers the question (see the module comment); citation hits need no check. */
export function relevanceOf(lib: LawLibrary, question: string, hit: SearchHit): Relevance {
  const { rest } = findLawMentions(lib, question);
  const { terms } = queryTerms(lib, rest);
  const body = hit.text + hit.path.join("") + hit.title;
  let mass = 0;
  let known = 0;
  let covered = 0;
  for (const [t, w] of terms) {
    const idf = lib.index.idf(t);
    mass += idf * w * MAX_PER_IDF;
    if (t.length < 2 || lib.index.docFreq(t) === 0) continue;
    known += idf * w;
    if (body.includes(t)) covered += idf * w;
  }
  const share = mass > 0 ? hit.score / mass : 0;
  const coverage = known > 0 ? covered / known : 0;
  const maxIdf = Math.log(1 + (lib.index.size + 0.5) / 0.5);
  const strong = hit.score >= MIN_SCORE_IN_MAX_IDF * maxIdf || share >= MIN_SCORE_SHARE;
  const relevant = strong && coverage >= MIN_COVERAGE;
  return { score: hit.score, share, coverage, relevant };
}
