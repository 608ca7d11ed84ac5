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
 * Those two alone refused spoken questions (朋友借了我5万元一直不还，我该怎么办: a long question whose
 * best hit scores a small share) and passed questions whose words happen to be statute words (怎么提高跑步的
 * 速度), so two signals about the question itself decide with them (issue #24 item 3):
 *
 * - asked: the idf-weighted share of the question's content bigrams that real legal questions used too
 *   (the answered-question memory's vocabulary: 借了, 不还, 押金, 老板 yes; 跑步, 猫粮, 排序 no);
 * - known: the share of the question's own content terms the library holds at all;
 * - spoken: the share of the question's legal-question vocabulary (bigrams real legal questions used, or
 *   of an everyday word of the synonym table: 朋友, 不还; not 一直 or 友借) that the library speaks to: it
 *   holds the bigram, or a statute word the synonym table gives for the everyday word (不还 -> 偿还). It
 *   does not fall with the library's size for words no statute uses.
 *
 * A question is answered when the hits are strong and cover it and it sounds like a legal question
 * (some asked vocabulary, or nearly all terms known: legal jargon such as 缔约过失 恶意磋商), or when it
 * is clearly phrased like real legal questions (asked ≥ MIN_ASKED), its terms are covered, and the library
 * knows its words (known ≥ MIN_KNOWN) or it has an everyday legal word the library speaks to through the
 * synonym table and spoken ≥ MIN_SPOKEN, or when its best hit alone is very strong and the hits cover nearly
 * all of it (MIN_SHARE_ALONE, MIN_COVERAGE_ALONE: everyday labour questions use words no real question of
 * the memory used), or when its terms are covered and it is very like a remembered legal question whose
 * articles the library holds (MIN_REMEMBERED: short everyday questions such as 被流浪狗咬了找谁). `known`
 * alone counts words no statute uses and cross-word bigrams against the library, so it falls with the
 * library's size: 朋友借了我5万元一直不还，我该怎么办 had 0.29 on
 * the 107-law library (0.14 on six files) and was refused although the national corpus answers it (issue
 * #24 item 3). Short everyday questions with no legal word (NBA总决赛什么时候开始) stay refused. A question
 * about another country's law (美国的持枪法律) is refused: the library holds Chinese law only.
 *
 * Calibrated with scripts/eval_law_refusal.ts on real questions (stard-dev, the asked share left one out)
 * and our written ones, against questions about laws a smaller library lacks
 * (tests/data/laws/questions-none.csv) and questions no law answers (tests/data/laws/questions-offtopic.csv);
 * tests/data/laws/questions-everyday.csv (spoken questions of both kinds) was scored before and after.
 * The model is told to refuse as well when the articles do not answer, so this is a cheap first filter.
 */
import type { LawLibrary } from "./library.ts";
import {
  answerDoc,
  type QuestionMemory,
  shippedQuestionMemory,
  similarQuestions,
} from "./question_memory.ts";
import { findLawMentions, queryTerms, type SearchHit, TUNING } from "./search.ts";
import { CONTEXT_WEIGHT } from "./search_index.ts";
import synonymData from "./synonyms.json" with { type: "json" };

export const MIN_SCORE_IN_MAX_IDF = 2.4;
export const MIN_SCORE_SHARE = 0.095;
export const MIN_COVERAGE = 0.2;
/** Asked share above which a covered question is answered whatever its best hit scores. */
export const MIN_ASKED = 0.25;
/** Known share a strong match needs when none of its words was ever asked (jargon queries). */
export const MIN_KNOWN_JARGON = 0.7;
/** Known share a question needs on the asked path. */
export const MIN_KNOWN = 0.4;
/** Spoken share that stands in for it when the question has an everyday legal word (see `spoken`). */
export const MIN_SPOKEN = 0.4;
/**
 * A match this strong (share of the question's ceiling) that covers this much of the question answers it
 * whatever its vocabulary: 周末加班工资怎么算 (share 0.36, coverage 0.87-1) was refused because no real
 * question of the memory used 周末, 加班 or 工资 and its cross-word bigrams (末加, 班工) kept `known` below
 * MIN_KNOWN_JARGON. No off-topic question comes near (the highest share 0.13, 怎么提高跑步的速度).
 */
export const MIN_SHARE_ALONE = 0.25;
export const MIN_COVERAGE_ALONE = 0.8;
/**
 * Similarity to a remembered legal question (question_memory.ts) whose articles the library holds above
 * which a covered question is answered whatever its vocabulary: short everyday questions (被流浪狗咬了找谁,
 * 老公家暴怎么办) use words no real question of the memory used, so `asked` is 0, yet a question
 * this like one answered before is a legal question. Questions no law answers are never this close
 * (best similarity at most 0.5 on the off-topic and out-of-library sets).
 */
export const MIN_REMEMBERED = 0.6;
/** The nearest remembered questions looked at for it. */
const REMEMBERED_DEPTH = 5;
/**
 * Other jurisdictions: a question about their law is out of library unless it names China too (在美国
 * 出生的孩子在中国上户口).
 */
const FOREIGN =
  /美国|日本|英国|德国|法国|韩国|朝鲜|新加坡|泰国|俄罗斯|加拿大|澳大利亚|新西兰|意大利|西班牙|荷兰|瑞士|印度|越南|马来西亚|菲律宾|印尼|印度尼西亚|巴西|墨西哥|欧盟|欧洲|美洲|非洲/;
const CHINA = /中国|我国|国内|境内|大陆|内地/;
const COVER_DEPTH = 3;
/** BM25's ceiling per unit of idf x weight: (k1 + 1) in the text plus the context field's share. */
const MAX_PER_IDF = 2.2 * 1.6;

export interface Relevance {
  score: number;
  share: number;
  coverage: number;
  /** Idf-weighted share of the question's content bigrams that earlier real questions used. */
  asked: number;
  /** Share of the question's own content terms found in the library. */
  known: number;
  /** Share of the question's meaningful own content terms the library speaks to (see the module comment). */
  spoken: number;
  /** The question has an everyday legal word the library speaks to through the synonym table (不还). */
  everydayLegal: boolean;
  foreign: boolean;
  /** Similarity of the nearest remembered question whose articles the library holds (0..1). */
  remembered: number;
  relevant: boolean;
}

/** Pronouns and particles: a bigram with one of them (了我, 我该, 的钱) is grammar, not content. */
const PARTICLES = new Set("的了吗呢吧啊呀嘛我你他她它们么该这那个什怎谁哪");

/** Bigram of an everyday word of the synonym table (借钱, 不还, 年假) -> those words with their statute words. */
const SYNONYM_BIGRAMS = new Map<string, [string, string[]][]>();
for (const [word, targets] of Object.entries(synonymData.synonyms)) {
  for (let i = 0; i + 1 < word.length; i++) {
    const b = word.slice(i, i + 2);
    SYNONYM_BIGRAMS.set(b, [...SYNONYM_BIGRAMS.get(b) ?? [], [word, targets]]);
  }
}

/** The library holds the word: every bigram of it (a lone character: itself). */
function holdsWord(lib: LawLibrary, word: string): boolean {
  if (word.length < 2) return lib.index.docFreq(word) > 0;
  for (let i = 0; i + 1 < word.length; i++) if (lib.index.docFreq(word.slice(i, i + 2)) === 0) return false;
  return true;
}

/** An everyday word of the question holding `term` has a statute word the library holds (不还 -> 偿还). */
function speaksThroughSynonyms(lib: LawLibrary, term: string, question: string): boolean {
  return (SYNONYM_BIGRAMS.get(term) ?? []).some(([word, targets]) =>
    question.includes(word) && targets.some((t) => holdsWord(lib, t))
  );
}

/** The library speaks to an own term: holds it, or through the synonym table. */
function spokenTo(lib: LawLibrary, term: string, question: string): boolean {
  return lib.index.docFreq(term) > 0 || speaksThroughSynonyms(lib, term, question);
}

function isContent(t: string): boolean {
  return t.length >= 2 && !PARTICLES.has(t[0]) && !PARTICLES.has(t[t.length - 1]);
}

/** The question is about another country's law. */
export function isForeignLawQuestion(question: string): boolean {
  return FOREIGN.test(question) && !CHINA.test(question);
}

/**
 * The share of a hit's search score that its own text and context earn, not its anchor field (search.ts
 * TUNING.anchorWeight, anchors.ts: what citing articles say about it), by the fields' BM25 of the terms.
 */
function ownShare(lib: LawLibrary, hit: SearchHit, terms: Map<string, number>): number {
  if (!(TUNING.anchorWeight > 0)) return 1;
  const v = lib.byId.get(hit.lawId);
  const ai = v ? v.articles.findIndex((a) => a.number === hit.articleNumber) : -1;
  if (!v || ai < 0) return 1;
  const f = lib.index.fieldScores(terms, [v.docStart + ai]);
  const own = f.text[0] + CONTEXT_WEIGHT * f.context[0];
  const anchor = TUNING.anchorWeight * f.anchor[0];
  return own + anchor > 0 ? own / (own + anchor) : 1;
}

/**
 * How well the best text hits answer the question (see the module comment); `hits` are the text hits
 * in rank order (citation hits need no check). `memory`: the real questions whose vocabulary counts as
 * asked (the shipped one; evaluations pass one without the question scored).
 */
export function relevanceOf(
  lib: LawLibrary,
  question: string,
  hits: SearchHit[],
  memory: QuestionMemory | null = shippedQuestionMemory(),
): Relevance {
  const top = hits[0];
  const foreign = isForeignLawQuestion(question);
  if (!top) {
    return {
      score: 0,
      share: 0,
      coverage: 0,
      asked: 0,
      known: 0,
      spoken: 0,
      everydayLegal: false,
      foreign,
      remembered: 0,
      relevant: false,
    };
  }
  const { rest } = findLawMentions(lib, question);
  // The ceiling counts the user's words, corrections and synonyms, not the learned expansions (up to 40
  // weak terms that would lower every question's share), every bigram of them at its own weight (the
  // thresholds were calibrated so; functionGlue's weights are for ranking).
  const { terms } = queryTerms(lib, rest, null, { glue: false });
  const body = hits.slice(0, COVER_DEPTH).map((h) => h.text + h.path.join("") + h.title).join("\n");
  let mass = 0;
  for (const [t, w] of terms) mass += lib.index.idf(t) * w * MAX_PER_IDF;
  let knownMass = 0;
  let covered = 0;
  // The user's own content terms (weight 1: not corrections, synonyms or expansions).
  let own = 0;
  let ownKnown = 0;
  let ownSpoken = 0;
  let ownMeaningful = 0;
  let ownBigrams = 0;
  let asked = 0;
  // An everyday word of the synonym table the library speaks to through its statute words (不还 -> 偿还).
  let everydayLegal = false;
  for (const [t, w] of terms) {
    if (!isContent(t)) continue;
    const df = lib.index.docFreq(t);
    if (w >= 1) {
      own++;
      if (df > 0) ownKnown++;
      if (memory?.vocabulary.has(t) || SYNONYM_BIGRAMS.has(t)) {
        ownMeaningful++;
        if (spokenTo(lib, t, question)) ownSpoken++;
      }
      if (speaksThroughSynonyms(lib, t, question)) everydayLegal = true;
      if (t.length === 2) {
        const idf = lib.index.idf(t);
        ownBigrams += idf;
        if (memory?.vocabulary.has(t)) asked += idf;
      }
    }
    if (df === 0) continue;
    const idf = lib.index.idf(t);
    knownMass += idf * w;
    if (body.includes(t)) covered += idf * w;
  }
  // What the article itself says: the anchor field (what citing articles say about it) lifts the search
  // score, not the evidence that the library holds what is asked.
  const score = top.score * ownShare(lib, top, terms);
  const share = mass > 0 ? score / mass : 0;
  const coverage = knownMass > 0 ? covered / knownMass : 0;
  const askedShare = ownBigrams > 0 ? asked / ownBigrams : 0;
  const known = own > 0 ? ownKnown / own : 0;
  const spoken = ownMeaningful > 0 ? ownSpoken / ownMeaningful : 0;
  const maxIdf = Math.log(1 + (lib.index.size + 0.5) / 0.5);
  const strong = score >= MIN_SCORE_IN_MAX_IDF * maxIdf || share >= MIN_SCORE_SHARE;
  const legal = askedShare > 0 || known >= MIN_KNOWN_JARGON;
  const remembered = memory ? rememberedSimilarity(lib, memory, rest) : 0;
  const relevant = !foreign && coverage >= MIN_COVERAGE && (
    strong && legal ||
    share >= MIN_SHARE_ALONE && coverage >= MIN_COVERAGE_ALONE ||
    askedShare >= MIN_ASKED && (known >= MIN_KNOWN || everydayLegal && spoken >= MIN_SPOKEN) ||
    remembered >= MIN_REMEMBERED
  );
  return {
    score: top.score,
    share,
    coverage,
    asked: askedShare,
    known,
    spoken,
    everydayLegal,
    foreign,
    remembered,
    relevant,
  };
}

/** The similarity of the nearest remembered question that some article of this library answers. */
function rememberedSimilarity(lib: LawLibrary, memory: QuestionMemory, question: string): number {
  for (const [entry, sim] of similarQuestions(memory, question, REMEMBERED_DEPTH)) {
    if (memory.entries[entry].answers.some((a) => answerDoc(lib, a) !== null)) return sim;
  }
  return 0;
}
