/**
 * Article search (issue #14 §2): explicit citations in the query first, then BM25 over articles with
 * the law names the query mentions boosted, colloquial terms expanded from synonyms.json, single
 * mistyped characters corrected against the corpus, and current law preferred over older and repealed
 * versions (unless a date is asked for). Filters: status, level, law, in force on a date.
 */
import type { LawSearchHit } from "../../../common/schemas/law_search.ts";
import { extractCitations } from "./citations.ts";
import { articleKey, articleText, type LawLibrary, type LawVersion } from "./library.ts";
import { homophonesOf, homophoneTable, SoundIndex } from "./homophones.ts";
import { normalizeLawName } from "../../../common/law_name_key.ts";
import { parseNumeral } from "./numerals.ts";
import { mistypedLawNameAt } from "./law_name_typos.ts";
import { bigramTerms, inDictionaryWord, normalizeText, wordTerms } from "./text_terms.ts";
import type { LawArticle, LawLevel, LawStatus } from "./types.ts";
import { stripStopPhrases } from "./stop_phrases.ts";
import { type AskedKind, kindsAsked } from "./asked_kinds.ts";
export { stripStopPhrases };
import {
  answerDoc,
  articleFrequencies,
  askedScores,
  libraryLawPrior,
  memoryCoverage,
  type QuestionMemory,
  shippedQuestionMemory,
  similarQuestions,
} from "./question_memory.ts";
import { expandTerms, shippedTermTable, type TermTable } from "./term_table.ts";
import {
  POOL_SIZE,
  type Reranker,
  rerankFeatures,
  type RerankInput,
  rerankPool,
  shippedReranker,
} from "./rerank.ts";
import synonymData from "./synonyms.json" with { type: "json" };

export interface SearchOptions {
  q: string;
  status?: LawStatus;
  level?: LawLevel;
  lawId?: string;
  /** YYYY-MM-DD: only the versions in force on that day. */
  asOf?: string;
  page?: number;
  pageSize?: number;
  /** Learned everyday -> statute term associations; the shipped table when absent (evaluation passes its own). */
  termTable?: TermTable | null;
  /** Answered questions (question_memory.ts); the shipped memory when absent. */
  memory?: QuestionMemory | null;
  /** The learned re-ranker (rerank.ts); the shipped one when absent. It runs only with a memory. */
  reranker?: Reranker | null;
}

/** One search result: the browser's LawSearchHit, defined once in common/schemas/law_search.ts. */
export type SearchHit = LawSearchHit;

export interface SearchResult {
  total: number;
  results: SearchHit[];
  /** The terms searched (after corrections and synonyms), for highlighting. */
  terms: string[];
  /** Corrections applied to the query (离昏 -> 离婚). */
  corrections: string[];
  /** Laws the query cites or names that the library does not hold (合同法第五十二条 -> 合同法). */
  missingLaws: string[];
  /** Articles the query cites that no version of a held law has (民法典第1300条). */
  missingArticles: { title: string; articleNumber: string }[];
}

const SYNONYMS = Object.entries(synonymData.synonyms).sort((a, b) => b[0].length - a[0].length);
const STATUS_FACTOR: Record<LawStatus, number> = { 现行有效: 1, 尚未生效: 0.8, 已被修改: 0.55, 已废止: 0.4 };
const MENTION_BOOST = 3;
const TOPIC_BOOST = 1.3;
/** Without a named law, primary statutes answer a question first; interpretations and rules refine them. */
const LEVEL_PRIOR: Record<LawLevel, number> = {
  法律: 1.15,
  行政法规: 1,
  司法解释: 1,
  部门规章: 1,
  地方性法规: 1,
  其他: 1,
};
const SYNONYM_WEIGHT = 0.55;
const CORRECTION_WEIGHT = 0.9;
const MAX_CANDIDATES = 1000;

/**
 * Law names mentioned in the query (longest first; a name with one same-sounding wrong character, 劳动和同法,
 * counts: mistypedLawNameAt), the query without them, and the names the library holds no law of
 * (`missing`: 合同法 once the national corpus has only the civil code).
 */
export function findLawMentions(
  lib: LawLibrary,
  query: string,
): { groups: Set<string>; rest: string; missing: Set<string> } {
  const groups = new Set<string>();
  const missing = new Set<string>();
  const s = normalizeLawName(query);
  let locked: boolean[] | undefined;
  let rest = "";
  for (let i = 0; i < s.length;) {
    const hit = lib.aliasesStartingWith(s[i]).find((a) => s.startsWith(a, i)) ??
      mistypedLawNameAt(lib, s, i, locked ??= inDictionaryWord(s));
    if (hit) {
      const held = heldGroups(lib, hit);
      for (const g of held) groups.add(g);
      if (held.length === 0) missing.add(hit);
      rest += " ";
      i += hit.length;
    } else {
      rest += s[i];
      i++;
    }
  }
  return { groups, rest, missing };
}

/**
 * The articles that quote an article of a law the library lacks (合同法第五十二条, 《中华人民共和国合同法》第五十二条:
 * the interpretations of an old law), the law's own interpretations first, then current versions.
 */
function articlesQuoting(
  lib: LawLibrary,
  cited: { name: string; articleNumber: string },
  opts: SearchOptions,
): { doc: number; score: number; match: "text" }[] {
  const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const bare = normalizeLawName(cited.name).replace(/^中华人民共和国/, "");
  const quoted = new RegExp(`(?:中华人民共和国)?${escape(bare)}》?${escape(cited.articleNumber)}`);
  const out: { doc: number; score: number; match: "text" }[] = [];
  for (const v of lib.versions) {
    if (!passesFilters(v, opts)) continue;
    // The old law's own interpretations first, then by status.
    const own = normalizeLawName(v.record.title).includes(bare) ? 1 : 0;
    v.articles.forEach((a, i) => {
      if (!a.paragraphs.some((p) => p.includes(bare))) return;
      if (quoted.test(a.paragraphs.join(""))) {
        out.push({ doc: v.docStart + i, score: own + STATUS_FACTOR[v.record.status], match: "text" });
      }
    });
  }
  return out.sort((a, b) => b.score - a.score);
}

/** The groups a law name stands for that the library holds. */
function heldGroups(lib: LawLibrary, name: string): string[] {
  return lib.resolveGroups(name).filter((g) => g && lib.groups.has(g));
}

/**
 * Grammatical and everyday characters: a bigram with one of them unknown to the corpus is a word
 * boundary in a plain-language question (买的, 了能), not a typo.
 */
const NUMERALS = new Set("零一二两三四五六七八九十百千万亿");

export const FUNCTION_CHARS = new Set(
  "的了是在我你他她它们有和与及就都也还要把被给让对从这那个么什怎吗呢吧啊呀不没很太又再才只能会想去来到说看用",
).add("得").add("地");

let sounds: SoundIndex | null = null;

/** The synonym table's words by sound, built on first use. */
function soundIndex(): SoundIndex {
  return sounds ??= new SoundIndex(SYNONYMS.map(([k]) => k));
}

/**
 * Builds the sound tables typo correction uses (Pinyin of the corpus characters and of the synonym
 * words, ~0.3 s on the national corpus) at library load, so the first search does not pay for them.
 */
export function warmSearch(lib: LawLibrary): void {
  soundIndex();
  homophoneTable(lib.chars);
}

/** Bigrams of the colloquial words the synonym table knows (年假, 孩子): words, not typos. */
const SYNONYM_BIGRAMS = new Set(
  Object.keys(synonymData.synonyms).flatMap((k) => [...k].slice(1).map((c, i) => k[i] + c)),
);

/**
 * One-character corrections: each bigram the corpus never has is mended by swapping one of its
 * characters for a homophone (toneless Pinyin, any reading) that keeps the other neighbour usual:
 * 离昏 -> 离婚, 时线 -> 时限, 遗属见 -> 遗嘱见. Guessing a character by corpus statistics alone (the
 * first version did) turned word boundaries of plain questions into false corrections (超市 -> 上市),
 * so a correction now needs the sound too; shape typos (仲栽) are left to the user's other words.
 */
export function correctTypos(lib: LawLibrary, text: string): string[] {
  const out: string[] = [];
  for (const m of normalizeText(text).matchAll(/[\u3400-\u9fff]{2,}/g)) {
    const run = m[0];
    const locked = inDictionaryWord(run);
    for (let i = 0; i + 1 < run.length; i++) {
      if (lib.index.has(run[i] + run[i + 1])) continue;
      if (FUNCTION_CHARS.has(run[i]) || FUNCTION_CHARS.has(run[i + 1])) continue;
      if (SYNONYM_BIGRAMS.has(run[i] + run[i + 1])) continue;
      const fix = mendBigram(lib, run, i, locked);
      if (!fix) continue;
      out.push(run.slice(Math.max(0, fix.at - 1), fix.at) + fix.ch + run.slice(fix.at + 1, fix.at + 2));
    }
  }
  return [...new Set(out)];
}

/**
 * Mends the unknown bigram run[i]run[i+1] with a homophone of one of its two characters: the mended
 * bigram must occur, and the swapped character's bigram with its other neighbour, when that was
 * valid, must stay at least as frequent. The most frequent mended bigram wins. `locked`: characters
 * inside a dictionary word of the run (inDictionaryWord), never swapped.
 */
export function mendBigram(
  lib: LawLibrary,
  run: string,
  i: number,
  locked: readonly boolean[] = [],
): { at: number; ch: string } | null {
  let best: { at: number; ch: string } | null = null;
  let bestScore = 0;
  for (const at of [i, i + 1]) {
    // A character of a dictionary word (一直 in 5万元一直不还) is spelled right: the unknown bigram is a
    // word boundary the corpus never has, not a typo (一直 -> 以直/一致 sent 朋友借钱 questions astray).
    if (locked[at]) continue;
    const other = at === i ? run[i + 1] : run[i];
    const outer = at === i ? (i > 0 ? run[i - 1] : null) : (i + 2 < run.length ? run[i + 2] : null);
    const outerPair = (c: string) => at === i ? outer! + c : c + outer!;
    const outerBefore = outer === null ? 0 : lib.index.docFreq(outerPair(run[at]));
    const outerValid = outer !== null && lib.index.has(outerPair(run[at]));
    for (const c of homophonesOf(lib.chars, run[at])) {
      // Nor into a numeral: statutes' numerals are article numbers and amounts, which the user wrote
      // as digits or numerals already (三万块钱一直 -> 千一, as in 第一千一百条, pulled in inheritance).
      if (FUNCTION_CHARS.has(c) || NUMERALS.has(c)) continue;
      const df = lib.index.docFreq(at === i ? c + other : other + c);
      if (df === 0) continue;
      const outerAfter = outer === null ? -1 : lib.index.docFreq(outerPair(c));
      // The other side must not become less usual (遗属 4 -> 遗嘱 40 passes; 年假 -> 年家 does not).
      if (outerValid && outerAfter < Math.max(1, outerBefore)) continue;
      // Evidence needed: none beyond the bigram when the other side now fits too; at a run's edge a
      // few articles; when the other side stays unknown, many.
      const need = outerValid ? 1 : outerAfter > 0 || outer === null ? 3 : 10;
      if (df < need) continue;
      if (df > bestScore) {
        bestScore = df;
        best = { at, ch: c };
      }
    }
  }
  return best;
}

const AGE = /([0-9]{1,3}|[一二两三四五六七八九十]{1,3})\s*(?:周)?岁/g;

/**
 * An age in a question (十岁的孩子, 17岁, 八十岁老人) says which capacity rules apply: under 8 无民事行为能力人,
 * 8-17 限制民事行为能力人 (16-17 also the 以自己的劳动收入为主要生活来源 rule), 18 and over 成年人.
 */
export function ageTerms(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(AGE)) {
    const n = parseNumeral(m[1]);
    if (n === null || n > 120) continue;
    if (n < 2) out.push("不满两周岁");
    if (n < 8) out.push("不满八周岁", "无民事行为能力人");
    else if (n < 18) out.push("八周岁以上", "限制民事行为能力人", "未成年人");
    else out.push("成年人", "完全民事行为能力人");
    if (n >= 16 && n < 18) out.push("十六周岁以上", "以自己的劳动收入为主要生活来源");
  }
  return [...new Set(out)];
}

const wordSegmenter = new Intl.Segmenter("zh", { granularity: "word" });

/**
 * How a plain-language question's bigrams sit on its words (Intl.Segmenter): `glue` are the bigrams that
 * join a grammatical word to its neighbour (爸爸/的/遗嘱 -> 的遗, 还/能/继承 -> 能继), which say nothing of
 * the subject; `skips` join the words on either side of a lone grammatical character (喝醉/了/酒 -> 醉酒,
 * the statute's word), kept only when the library has them.
 */
export function functionGlue(lib: LawLibrary, text: string): { glue: Set<string>; skips: Set<string> } {
  const glue = new Set<string>();
  const skips = new Set<string>();
  const isFunction = (w: string) => [...w].every((c) => FUNCTION_CHARS.has(c));
  for (const m of normalizeText(text).matchAll(/[\u3400-\u9fff]{2,}/g)) {
    const words = [...wordSegmenter.segment(m[0])].map((x) => x.segment);
    for (let i = 0; i + 1 < words.length; i++) {
      const [a, b] = [words[i], words[i + 1]];
      if (isFunction(a) || isFunction(b)) glue.add(a.slice(-1) + b[0]);
      const c = words[i + 2];
      if (c && b.length === 1 && FUNCTION_CHARS.has(b) && !isFunction(a) && !isFunction(c)) {
        const skip = a.slice(-1) + c[0];
        if (lib.index.has(skip)) skips.add(skip);
      }
    }
  }
  // A bigram inside one word elsewhere in the question stays whole.
  for (const w of wordSegmenter.segment(normalizeText(text))) {
    for (let i = 0; i + 1 < w.segment.length; i++) glue.delete(w.segment.slice(i, i + 2));
  }
  return { glue, skips };
}

/**
 * A sum the user states (借了我5万元, 欠了三千块钱) is a fact of the case, not a word of the answer: its unit
 * (万元, 块钱) would match every article that states a fine or a threshold in 万元, first of all on a small
 * library where few articles do. The number stays.
 */
const AMOUNT_UNIT =
  /([0-9０-９][0-9０-９,，.]*|[零一二两三四五六七八九十百千]+)\s*([万千百]?)\s*(元|块钱|块)/g;

export function withoutAmountUnits(text: string): string {
  return text.replace(AMOUNT_UNIT, (_m, n: string) => `${n} `);
}

/** Weighted query terms: the user's words, corrections and synonyms. */
export function queryTerms(
  lib: LawLibrary,
  text: string,
  table: TermTable | null = shippedTermTable(),
  opts: { glue?: boolean } = {},
): { terms: Map<string, number>; corrections: string[]; own: Set<string>; expansions: Map<string, number> } {
  const terms = new Map<string, number>();
  const add = (t: string, w: number) => terms.set(t, Math.max(terms.get(t) ?? 0, w));
  const cleaned = TUNING.factAmounts > 0
    ? stripStopPhrases(text)
    : withoutAmountUnits(stripStopPhrases(text));
  for (const t of bigramTerms(cleaned)) add(t, 1);
  for (const t of wordTerms(cleaned)) add(t, 1);
  if (opts.glue !== false && (TUNING.glueWeight !== 1 || TUNING.skipWeight > 0)) {
    const { glue, skips } = functionGlue(lib, cleaned);
    for (const t of glue) if (terms.get(t) === 1) terms.set(t, TUNING.glueWeight);
    for (const t of skips) add(t, TUNING.skipWeight);
  }
  const corrections = correctTypos(lib, cleaned);
  for (const c of corrections) for (const t of bigramTerms(c)) add(t, CORRECTION_WEIGHT);
  // A synonym-table word typed with the wrong characters but the right sound (高利代, 离昏) counts as
  // heard, unless what was typed is itself usual in the corpus (a real word, not a slip).
  const heard = new Set<string>();
  for (const [span, key] of soundIndex().heard(cleaned)) {
    if (text.includes(key) || span.length === 2 && lib.index.docFreq(span) >= 5) continue;
    heard.add(key);
    corrections.push(key);
    for (const t of bigramTerms(key)) add(t, CORRECTION_WEIGHT);
  }
  for (const [key, list] of SYNONYMS) {
    if (!text.includes(key) && !heard.has(key)) continue;
    for (const syn of list) {
      for (const t of bigramTerms(syn)) add(t, SYNONYM_WEIGHT);
      for (const t of wordTerms(syn)) add(t, SYNONYM_WEIGHT);
    }
  }
  for (const t of ageTerms(text)) {
    for (const b of bigramTerms(t)) add(b, SYNONYM_WEIGHT);
    for (const w of wordTerms(t)) add(w, SYNONYM_WEIGHT);
  }
  // The user's own bigrams: weighted by how often answers keep them, and expanded into statute words.
  const own = new Set(bigramTerms(cleaned).filter((t) => t.length === 2));
  let expansions = new Map<string, number>();
  if (table) {
    const factors = new Map([...own].map((t) => [t, table.weights.get(t) ?? 1]));
    if (TUNING.termWeights > 0) {
      for (const [t, f] of factors) if (terms.get(t) === 1) terms.set(t, f ** TUNING.termWeights);
    }
    expansions = expandTerms(table, factors);
    for (const [t, w] of expansions) add(t, Math.min(SYNONYM_WEIGHT, TUNING.learnedWeight * w));
  }
  // Single characters say little: keep them only when nothing else is left.
  if ([...terms.keys()].some((t) => t.length > 1)) {
    for (const t of [...terms.keys()]) if (t.length === 1) terms.delete(t);
  }
  return { terms, corrections, own, expansions };
}

const RERANK_DEPTH = 200;
const COVERAGE_WEIGHT = 1;

/**
 * Second pass over the best candidates (a coordination factor): how much of the question an article
 * covers, as the idf share of the user's own terms found in its text or headings.
 */
function rerankByCoverage(
  lib: LawLibrary,
  top: { doc: number; score: number }[],
  own: Set<string>,
): void {
  const list = [...own].map((t) => ({
    t,
    idf: lib.index.idf(t),
  }));
  const total = list.reduce((s, x) => s + x.idf, 0);
  if (total === 0) return;
  for (const c of top) {
    const v = lib.versions[lib.docVersion[c.doc]];
    const a = v.articles[lib.docArticle[c.doc]];
    const body = a.paragraphs.join("") + a.path.join("");
    let hit = 0;
    for (const x of list) if (body.includes(x.t)) hit += x.idf;
    c.score *= 1 + COVERAGE_WEIGHT * (hit / total);
  }
}

const CITED_DEPTH = 5;
const ATTACH_MAX = 3;
const citedCache = new WeakMap<LawLibrary, Map<number, number[]>>();

/**
 * The articles of other laws that an article cites (民法典第六百八十条 in an interpretation), as docs of
 * the versions in force; cached per library.
 */
export function citedDocs(lib: LawLibrary, doc: number): number[] {
  let cache = citedCache.get(lib);
  if (!cache) citedCache.set(lib, cache = new Map());
  const hit = cache.get(doc);
  if (hit) return hit;
  const v = lib.versions[lib.docVersion[doc]];
  const a = v.articles[lib.docArticle[doc]];
  const out: number[] = [];
  for (const c of extractCitations(lib, a.paragraphs.join(""))) {
    const group = lib.resolveGroups(c.name)[0];
    if (!group || group === v.group) continue;
    const target = lib.currentVersion(group);
    const i = target?.byKey.get(articleKey(c.num, c.sub));
    if (target && i !== undefined && !out.includes(target.docStart + i)) out.push(target.docStart + i);
  }
  cache.set(doc, out);
  return out;
}

/**
 * An interpretation answers through the code article it applies, and users want both: an article of
 * another law cited by one of the best hits, if it is not already among the first ten, is placed right
 * after the hit that cites it (at most ATTACH_MAX such articles), so 食品安全法第一百四十八条 appears
 * beside the 惩罚性赔偿 interpretation that applies it without pushing the hits above down.
 */
function attachCited(
  lib: LawLibrary,
  candidates: { doc: number; score: number }[],
  ctx: { opts: SearchOptions; taken: Set<number> },
): void {
  let attached = 0;
  for (let i = 0; i < Math.min(CITED_DEPTH, candidates.length) && attached < ATTACH_MAX; i++) {
    const top = new Set(candidates.slice(0, 10).map((c) => c.doc));
    for (const d of citedDocs(lib, candidates[i].doc)) {
      if (top.has(d) || ctx.taken.has(d)) continue;
      if (!passesFilters(lib.versions[lib.docVersion[d]], ctx.opts)) continue;
      const old = candidates.findIndex((c) => c.doc === d);
      if (old >= 0) candidates.splice(old, 1);
      candidates.splice(i + 1, 0, { doc: d, score: candidates[i].score });
      attached++;
      break;
    }
  }
}

const DURATION_BOOST = 1.3;

/** Scales the articles that state what the question asks for (asked_kinds.ts) by `boost`. */
function favourKind(
  lib: LawLibrary,
  top: { doc: number; score: number }[],
  kind: AskedKind,
  boost: number,
): void {
  for (const c of top) {
    const v = lib.versions[lib.docVersion[c.doc]];
    if (kind.article.test(v.articles[lib.docArticle[c.doc]].paragraphs.join(""))) c.score *= boost;
  }
}

/** The sentences of an article that hold the most query terms (at most two). */
export function highlightSentences(text: string, terms: string[]): string[] {
  const sentences = text.split(/(?<=[。；！？\n])/).map((s) => s.trim()).filter(Boolean);
  const scored = sentences.map((s) => ({ s, n: terms.filter((t) => t.length > 1 && s.includes(t)).length }));
  return scored.filter((x) => x.n > 0).sort((a, b) => b.n - a.n).slice(0, 2).map((x) => x.s);
}

function passesFilters(v: LawVersion, opts: SearchOptions): boolean {
  if (opts.status && v.record.status !== opts.status) return false;
  if (opts.level && v.record.level !== opts.level) return false;
  if (opts.lawId && v.record.id !== opts.lawId) return false;
  if (opts.asOf) {
    if (v.validFrom && v.validFrom > opts.asOf) return false;
    if (v.validTo && v.validTo <= opts.asOf) return false;
  }
  return true;
}

export function toHit(
  v: LawVersion,
  a: LawArticle,
  extra: { score: number; terms: string[]; match: "citation" | "text" },
): SearchHit {
  const text = articleText(a);
  return {
    lawId: v.record.id,
    title: v.record.title,
    articleNumber: a.number,
    path: a.path,
    text,
    highlights: highlightSentences(text, extra.terms),
    status: v.record.status,
    level: v.record.level,
    effectiveDate: v.record.effectiveDate,
    score: Math.round(extra.score * 1000) / 1000,
    match: extra.match,
    successor: v.record.successor,
  };
}

const topicCache = new WeakMap<LawLibrary, Map<string, string[]>>();

/**
 * The subject a judicial interpretation is named after (最高人民法院关于审理民间借贷案件适用法律若干问题的规定 ->
 * 民间借贷, …涉彩礼纠纷案件… -> 彩礼) -> its law groups. A question that names the subject leans to that
 * interpretation (TOPIC_BOOST) the way a named law does, more gently, since the words stay text too.
 */
export function interpretationTopics(lib: LawLibrary): Map<string, string[]> {
  let topics = topicCache.get(lib);
  if (topics) return topics;
  topics = new Map();
  for (const [group, versions] of lib.groups) {
    const m = versions[0].record.title.match(/^最高人民法院关于审理(.+?)案件/);
    if (!m) continue;
    const topic = m[1].replace(/纠纷$/, "").replace(/民事$/, "").replace(/^涉及?/, "");
    if (topic.length < 3 && topic !== "彩礼") continue;
    topics.set(topic, [...(topics.get(topic) ?? []), group]);
  }
  topicCache.set(lib, topics);
  return topics;
}

/** Ranking constants in one object, so scripts/eval_law_search.ts can measure variants (--tune=). */
export const TUNING = {
  memoryNeighbours: 20,
  memoryMinSimilarity: 0,
  memoryWeight: 1,
  /** Scale lendFromMemory's bonus by memoryCoverage (1) or not (0). */
  memoryTrust: 1,
  /** Similarity's power in what a neighbour lends (>1: the closest neighbours count most). */
  memoryPower: 1.5,
  lawDepth: 30,
  lawWeight: 0,
  maxPerLaw: 0,
  lawPrior: 1,
  /** libraryLawPrior parts: prior scaled by the memory coverage of the library; interpretations at their law share. */
  priorTrust: 1,
  priorInherit: 1,
  /**
   * What a remembered question of a training-only set counts in the law and article priors (1: as a real one).
   * 0: the priors say what real questions ask about; the written sets lend as neighbours only. At 1 the laws
   * the sets cover outranked the others: never-trained public questions about laws no set covers fell
   * (first pass R@10, 5 sets: social 0.593 -> 0.569, economy 0.551 -> 0.530), STARD unchanged (ADR 019).
   */
  priorSetWeight: 0,
  /**
   * 1: a stated sum's unit (5万元) is a query term as typed; 0: withoutAmountUnits drops it. Dropped: the
   * same figures on every set (STARD first pass 0.605 / 0.512 both ways), and on a small library
   * 「朋友借了我5万元一直不还」 no longer puts 民事诉讼法's fines (十万元以下) first.
   */
  factAmounts: 0,
  /** Factor on articles stating an amount, rate or multiple for a "how much" question (favourAmounts). */
  amountBoost: 1.3,
  learnedWeight: 1,
  termWeights: 0,
  feedbackDocs: 5,
  feedbackTerms: 0,
  feedbackWeight: 0.3,
  /**
   * Feedback terms from the gold articles of the nearest remembered questions (addMemoryFeedback; 0: off).
   * Off: 10 terms lifted STARD (5-fold CV, no re-ranker, R@10/MRR 0.590/0.496 -> 0.598/0.498) but lowered
   * the written sets on the 107-law library (own MRR 0.824 -> 0.765, written2 0.616 -> 0.591).
   */
  memoryFeedbackTerms: 0,
  memoryFeedbackNeighbours: 10,
  memoryFeedbackWeight: 0.3,
  /**
   * Share of the re-ranker's order in the final one (1: the model alone; see rerankPool) for a question
   * worded as one, and for keywords and statements (rerank.ts fusionShare).
   */
  rerankMix: 1,
  rerankMixKeywords: 1,
  /** functionGlue: weight of a bigram joining a grammatical word to its neighbour, of a skip bigram. */
  glueWeight: 0.3,
  skipWeight: 0.7,
  liabilityBoost: 1.3,
  returnBoost: 1.3,
  /** completeUnknownBigrams: the weight of a completion (0: off), and the share of the articles it needs. */
  completeWeight: 1,
  completeShare: 0.7,
  /** Weight of the anchor field (anchors.ts: what citing articles say around the citation; 0: off). */
  anchorWeight: 0.15,
  /**
   * lendFromAsked: the askedDepth articles whose remembered questions, read as one text, best match the
   * question lend askedWeight x score^askedPower x the best text score (0: off).
   */
  askedWeight: 0,
  askedDepth: 10,
  askedPower: 1,
};

/**
 * A slip of the second character that no homophone explains (仲栽 for 仲裁, a look-alike): a bigram of two
 * loose characters (the segmenter binds neither into a word) that the library never writes is completed the
 * one way the library continues its first character, when one bigram XZ holds at least completeShare of the
 * articles in which X is followed by a content character (仲 -> 仲裁, 诉 -> 诉讼). A character continued many
 * ways (借 -> 借款, 借贷, 借用) is left alone, and so are grammatical characters (FUNCTION_CHARS).
 */
export function completeUnknownBigrams(lib: LawLibrary, text: string): string[] {
  const out: string[] = [];
  for (const m of normalizeText(text).matchAll(/[\u3400-\u9fff]{2,}/g)) {
    const run = m[0];
    const inWord = inDictionaryWord(run);
    for (let i = 0; i + 1 < run.length; i++) {
      const [a, b] = [run[i], run[i + 1]];
      if (FUNCTION_CHARS.has(a) || FUNCTION_CHARS.has(b) || lib.index.docFreq(a + b) > 0) continue;
      // A character the segmenter binds into a word is spelled as meant (超市, 块钱, 跟谁): only a pair
      // of loose characters, as a slip leaves them (仲栽 -> 仲/栽), is completed.
      if (inWord[i] || inWord[i + 1]) continue;
      const next = lib.index.followers(a);
      let best = "";
      let bestCount = 0;
      let all = 0;
      for (let k = 0; k < next.length; k += 2) {
        const c = String.fromCharCode(next[k]);
        // A pair in one article only is noise (a name, a misprint): it counts neither way.
        if (FUNCTION_CHARS.has(c) || next[k + 1] < 2) continue;
        all += next[k + 1];
        if (next[k + 1] > bestCount) [best, bestCount] = [a + c, next[k + 1]];
      }
      if (bestCount > 0 && bestCount >= TUNING.completeShare * all && !out.includes(best)) out.push(best);
    }
  }
  return out;
}

/**
 * Pseudo-relevance feedback (Rocchio over bigrams): the terms that stand out in the best feedbackDocs
 * articles (tf share x idf, summed), feedbackTerms of them not already asked for, are scored in a second
 * pass with feedbackWeight of the user's own words, so an article that words the same rule differently
 * still meets the question.
 */
function addFeedbackTerms(lib: LawLibrary, ctx: { terms: Map<string, number>; scores: Float32Array }): void {
  const { touched, touchedCount } = lib.index;
  const best: { doc: number; score: number }[] = [];
  for (let i = 0; i < touchedCount; i++) {
    const d = touched[i];
    const s = ctx.scores[d];
    if (best.length < TUNING.feedbackDocs || s > best[best.length - 1].score) {
      best.push({ doc: d, score: s });
      best.sort((a, b) => b.score - a.score);
      if (best.length > TUNING.feedbackDocs) best.pop();
    }
  }
  const weights = new Map<string, number>();
  for (const { doc } of best) {
    const a = lib.versions[lib.docVersion[doc]].articles[lib.docArticle[doc]];
    const bigrams = bigramTerms(a.paragraphs.join("\n")).filter((t) => t.length === 2);
    for (const t of new Set(bigrams)) {
      if (ctx.terms.has(t)) continue;
      const tf = bigrams.filter((x) => x === t).length / bigrams.length;
      weights.set(t, (weights.get(t) ?? 0) + tf * lib.index.idf(t));
    }
  }
  const picked = [...weights].filter(([t]) => lib.index.docFreq(t) >= 2).sort((a, b) => b[1] - a[1])
    .slice(0, TUNING.feedbackTerms);
  if (picked.length === 0) return;
  const top = picked[0][1];
  const extra = new Map(picked.map(([t, w]) => [t, TUNING.feedbackWeight * w / top]));
  lib.index.score(extra, ctx.scores, { append: true });
}

/**
 * Feedback from answered questions: the gold articles of the memoryFeedbackNeighbours earlier questions
 * most like this one lend their words, not only their votes. The bigrams that stand out in them (tf share
 * x idf x the neighbour's similarity^memoryPower, summed), memoryFeedbackTerms of them not already asked
 * for, are scored in a second pass at memoryFeedbackWeight of the user's own words, so the other articles
 * that state the same rule (often the next one, or another law's) meet the question too.
 */
function addMemoryFeedback(
  lib: LawLibrary,
  ctx: { terms: Map<string, number>; scores: Float32Array; memory: QuestionMemory; question: string },
): void {
  const weights = new Map<string, number>();
  for (const [entry, sim] of similarQuestions(ctx.memory, ctx.question, TUNING.memoryFeedbackNeighbours)) {
    for (const answer of ctx.memory.entries[entry].answers) {
      const d = answerDoc(lib, answer);
      if (d === null) continue;
      const a = lib.versions[lib.docVersion[d]].articles[lib.docArticle[d]];
      const bigrams = bigramTerms(a.paragraphs.join("\n")).filter((t) => t.length === 2);
      const tf = new Map<string, number>();
      for (const t of bigrams) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const [t, n] of tf) {
        if (ctx.terms.has(t)) continue;
        const w = sim ** TUNING.memoryPower * n / bigrams.length * lib.index.idf(t);
        weights.set(t, (weights.get(t) ?? 0) + w);
      }
    }
  }
  const picked = [...weights].filter(([t]) => lib.index.docFreq(t) >= 2).sort((a, b) => b[1] - a[1])
    .slice(0, TUNING.memoryFeedbackTerms);
  if (picked.length === 0) return;
  const top = picked[0][1];
  const extra = new Map(picked.map(([t, w]) => [t, TUNING.memoryFeedbackWeight * w / top]));
  lib.index.score(extra, ctx.scores, { append: true });
}

/**
 * Earlier questions like this one lend their gold articles a score (question_memory.ts): each
 * neighbour adds memoryWeight x similarity^memoryPower x the best text score, so a close earlier question
 * puts its articles among the best hits without outweighing a strong match of the question's own words,
 * and many loosely similar neighbours (one shared everyday word each) do not outvote one close one.
 */
function lendFromMemory(
  lib: LawLibrary,
  candidates: { doc: number; score: number }[],
  ctx: { memory: QuestionMemory; question: string; opts: SearchOptions; taken: Set<number> },
): Pick<RerankInput, "memory" | "memoryLaw" | "neighbours"> {
  const lent: Pick<RerankInput, "memory" | "memoryLaw" | "neighbours"> = {
    memory: new Map(),
    memoryLaw: new Map(),
    neighbours: 0,
  };
  const neighbours = similarQuestions(ctx.memory, ctx.question, TUNING.memoryNeighbours)
    .filter(([, sim]) => sim >= TUNING.memoryMinSimilarity);
  lent.neighbours = neighbours.length;
  if (neighbours.length === 0) return lent;
  // Nothing matched the words: the remembered articles stand alone.
  const top = candidates[0]?.score || 1;
  // Lent as far as the library holds the laws the memory was answered by (memoryCoverage; ~1 on the national corpus).
  const weight = TUNING.memoryWeight * (TUNING.memoryTrust > 0 ? memoryCoverage(lib, ctx.memory) : 1);
  const at = new Map(candidates.map((c, i) => [c.doc, i]));
  for (const [entry, sim] of neighbours) {
    const laws = new Set<string>();
    for (const answer of ctx.memory.entries[entry].answers) {
      const d = answerDoc(lib, answer);
      if (d === null || ctx.taken.has(d)) continue;
      if (!passesFilters(lib.versions[lib.docVersion[d]], ctx.opts)) continue;
      const m = lent.memory.get(d) ?? { sum: 0, max: 0, n: 0 };
      lent.memory.set(d, { sum: m.sum + sim, max: Math.max(m.max, sim), n: m.n + 1 });
      laws.add(lib.versions[lib.docVersion[d]].group);
      const bonus = weight * sim ** TUNING.memoryPower * top;
      const i = at.get(d);
      if (i !== undefined) candidates[i].score += bonus;
      else {
        at.set(d, candidates.length);
        candidates.push({ doc: d, score: bonus });
      }
    }
    for (const g of laws) lent.memoryLaw.set(g, (lent.memoryLaw.get(g) ?? 0) + sim);
  }
  return lent;
}

/**
 * The articles whose remembered questions, read as one text, match this one best (askedScores) lend a
 * score, as the nearest neighbours do: an article asked about in many different words gathers them all.
 */
function lendFromAsked(
  lib: LawLibrary,
  candidates: { doc: number; score: number }[],
  ctx: { asked: Map<number, number>; opts: SearchOptions; taken: Set<number> },
): void {
  const top = candidates[0]?.score || 1;
  const at = new Map(candidates.map((c, i) => [c.doc, i]));
  const best = [...ctx.asked].filter(([d]) => !ctx.taken.has(d))
    .filter(([d]) => passesFilters(lib.versions[lib.docVersion[d]], ctx.opts))
    .sort((a, b) => b[1] - a[1]).slice(0, TUNING.askedDepth);
  for (const [d, s] of best) {
    const bonus = TUNING.askedWeight * s ** TUNING.askedPower * top;
    const i = at.get(d);
    if (i !== undefined) candidates[i].score += bonus;
    else {
      at.set(d, candidates.length);
      candidates.push({ doc: d, score: bonus });
    }
  }
}

/**
 * The law first, then the article: a law whose articles recur among the best hits is likelier the one
 * that answers, so each article's score is scaled by its law's share (sum of its best three scores
 * among the first lawDepth hits, over the best law's), to the power lawWeight.
 */
function weighByLaw(lib: LawLibrary, candidates: { doc: number; score: number }[]): void {
  const lawScore = new Map<string, number[]>();
  for (const c of candidates.slice(0, TUNING.lawDepth)) {
    const g = lib.versions[lib.docVersion[c.doc]].group;
    const list = lawScore.get(g) ?? [];
    if (list.length < 3) list.push(c.score);
    lawScore.set(g, list);
  }
  const sums = new Map([...lawScore].map(([g, l]) => [g, l.reduce((s, x) => s + x, 0)]));
  const best = Math.max(...sums.values());
  if (!(best > 0)) return;
  const floor = Math.min(...sums.values()) / best;
  for (const c of candidates) {
    const share = (sums.get(lib.versions[lib.docVersion[c.doc]].group) ?? best * floor) / best;
    c.score *= share ** TUNING.lawWeight;
  }
}

/**
 * Several laws among the first hits: most questions need articles of two or three laws, so after
 * maxPerLaw articles of one law in the first ten, the next ones of that law wait until after ten.
 */
function diversifyLaws(
  lib: LawLibrary,
  candidates: { doc: number; score: number }[],
  maxPerLaw: number,
): void {
  const first: { doc: number; score: number }[] = [];
  const later: { doc: number; score: number }[] = [];
  const perLaw = new Map<string, number>();
  for (const c of candidates) {
    const g = lib.versions[lib.docVersion[c.doc]].group;
    const n = perLaw.get(g) ?? 0;
    if (first.length < 10 && n < maxPerLaw) {
      first.push(c);
      perLaw.set(g, n + 1);
    } else later.push(c);
  }
  candidates.splice(0, candidates.length, ...first, ...later);
}

/**
 * Each version's factor on its articles' scores for this query (0 when the filters exclude it): status,
 * a mentioned law, the level prior and interpretation topic, the law prior. Computed once per version so
 * the loop over tens of thousands of touched articles only multiplies.
 */
function versionFactors(
  lib: LawLibrary,
  q: Pick<TextQuery, "opts" | "mentioned" | "topical"> & { prior: Map<string, number> | null },
): Float32Array {
  const out = new Float32Array(lib.versions.length);
  lib.versions.forEach((v, i) => {
    if (!passesFilters(v, q.opts)) return;
    let f = 1;
    if (!q.opts.asOf && !q.opts.status) f *= STATUS_FACTOR[v.record.status];
    if (q.mentioned.has(v.group)) f *= MENTION_BOOST;
    else f *= LEVEL_PRIOR[v.record.level] * (q.topical.has(v.group) ? TOPIC_BOOST : 1);
    if (q.prior) f *= 1 + TUNING.lawPrior * (q.prior.get(v.group) ?? 0);
    out[i] = f;
  });
  return out;
}

/**
 * The version in force before its older versions: an article of an older version found above the same
 * article of the current version of its law swaps places with it (the scores stay with the places). The
 * first pass weighs status (STATUS_FACTOR); the re-ranker, trained on questions answered by current law,
 * knows nothing of it.
 */
export function currentVersionsFirst(lib: LawLibrary, list: { doc: number; score: number }[]): void {
  const at = new Map(list.map((c, i) => [c.doc, i]));
  for (let i = 0; i < list.length; i++) {
    const v = lib.versions[lib.docVersion[list[i].doc]];
    const current = lib.currentVersion(v.group);
    if (!current || current === v) continue;
    const a = v.articles[lib.docArticle[list[i].doc]];
    const j = current.byKey.get(articleKey(a.num, a.sub));
    const k = j === undefined ? undefined : at.get(current.docStart + j);
    if (k === undefined || k < i) continue;
    const [older, newer] = [list[i].doc, list[k].doc];
    list[i].doc = newer;
    list[k].doc = older;
    at.set(newer, i);
    at.set(older, k);
  }
}

/**
 * A score at or below the keep-th best of positive scores (0 < scores <= top), found with a histogram
 * instead of sorting them all: the lower edge of the bucket where the count from the top reaches keep.
 */
export function scoreCut(scores: Float32Array, opts: { top: number; keep: number }): number {
  const BUCKETS = 4096;
  const counts = new Int32Array(BUCKETS);
  const scale = BUCKETS / opts.top;
  for (let i = 0; i < scores.length; i++) counts[Math.min(BUCKETS - 1, Math.floor(scores[i] * scale))]++;
  let above = 0;
  for (let b = BUCKETS - 1; b >= 0; b--) {
    above += counts[b];
    if (above >= opts.keep) return b / scale;
  }
  return 0;
}

interface TextQuery {
  opts: SearchOptions;
  /** The query without citations and law names. */
  textPart: string;
  mentioned: Set<string>;
  topical: Set<string>;
  /** Docs already placed by citation. */
  taken: Set<number>;
  /** Laws cited or named that the library does not hold, and those citations. */
  missing: Set<string>;
  missingCitations: { name: string; articleNumber: string }[];
  missingArticles: { title: string; articleNumber: string }[];
}

/**
 * The full-text ranking: BM25 of the weighted query terms with the status, level, mentioned-law and law
 * prior factors, the coverage and duration second pass, the remembered questions' articles, then the
 * learned re-ranker over the best of them, and the cited code articles attached. With `collect`, the
 * re-ranker's input is returned instead of used (scripts/build_law_reranker.ts trains on it).
 */
function rankByText(
  lib: LawLibrary,
  q: TextQuery,
  collect = false,
): {
  candidates: { doc: number; score: number }[];
  termList: string[];
  corrections: string[];
  pool?: RerankInput;
} {
  const { opts, textPart, mentioned, topical, taken } = q;
  const table = opts.termTable === undefined ? shippedTermTable() : opts.termTable;
  const { terms, corrections, own, expansions } = queryTerms(lib, textPart, table);
  if (TUNING.completeWeight > 0) {
    for (const t of completeUnknownBigrams(lib, textPart)) {
      terms.set(t, Math.max(terms.get(t) ?? 0, TUNING.completeWeight));
    }
  }
  const termList = [...terms.keys()];
  if (terms.size === 0) return { candidates: [], termList, corrections };
  const scores = new Float32Array(lib.index.size);
  lib.index.score(terms, scores, { anchorWeight: TUNING.anchorWeight });
  if (TUNING.feedbackTerms > 0) addFeedbackTerms(lib, { terms, scores });
  const memory = opts.memory === undefined ? shippedQuestionMemory() : opts.memory;
  if (memory && TUNING.memoryFeedbackTerms > 0) {
    addMemoryFeedback(lib, { terms, scores, memory, question: textPart });
  }
  // Adjust in place (filters, status, mentioned laws), then keep the best MAX_CANDIDATES: a histogram
  // of the touched scores finds the cut, so only those become objects.
  const touched = lib.index.touched;
  const count = lib.index.touchedCount;
  const prior = memory && TUNING.lawPrior > 0
    ? libraryLawPrior(lib, memory, {
      trust: TUNING.priorTrust > 0,
      inherit: TUNING.priorInherit > 0,
      setWeight: TUNING.priorSetWeight,
    })
    : null;
  const factor = versionFactors(lib, { ...q, prior });
  const kept = new Float32Array(count);
  let n = 0;
  let top = 0;
  for (let i = 0; i < count; i++) {
    const d = touched[i];
    let s = scores[d] * factor[lib.docVersion[d]];
    if (taken.size > 0 && taken.has(d)) s = 0;
    scores[d] = s;
    if (s > 0) kept[n++] = s;
    if (s > top) top = s;
  }
  const cut = n > MAX_CANDIDATES ? scoreCut(kept.subarray(0, n), { top, keep: MAX_CANDIDATES }) : 0;
  let candidates: { doc: number; score: number }[] = [];
  for (let i = 0; i < count; i++) {
    const d = touched[i];
    if (scores[d] > 0 && scores[d] >= cut) candidates.push({ doc: d, score: scores[d] });
  }
  candidates.sort((a, b) => b.score - a.score);
  if (candidates.length > MAX_CANDIDATES) candidates.length = MAX_CANDIDATES;
  candidates.sort((a, b) => b.score - a.score);
  rerankByCoverage(lib, candidates.slice(0, RERANK_DEPTH), own);
  const boosts = {
    duration: DURATION_BOOST,
    amount: TUNING.amountBoost,
    liability: TUNING.liabilityBoost,
    restitution: TUNING.returnBoost,
  };
  for (const kind of kindsAsked(textPart)) {
    if (boosts[kind.name] !== 1) favourKind(lib, candidates.slice(0, RERANK_DEPTH), kind, boosts[kind.name]);
  }
  candidates.sort((a, b) => b.score - a.score);
  const textScore = new Map<number, number>();
  const textRank = new Map<number, number>();
  candidates.slice(0, POOL_SIZE * 2).forEach((c, i) => {
    textScore.set(c.doc, c.score);
    textRank.set(c.doc, i);
  });
  const lent = memory ? lendFromMemory(lib, candidates, { memory, question: textPart, opts, taken }) : null;
  const reranker = opts.reranker === undefined ? shippedReranker() : opts.reranker;
  const asked = memory && (reranker || collect || TUNING.askedWeight > 0)
    ? askedScores(lib, memory, textPart)
    : new Map<number, number>();
  if (TUNING.askedWeight > 0) lendFromAsked(lib, candidates, { asked, opts, taken });
  if (TUNING.lawWeight > 0) weighByLaw(lib, candidates);
  candidates.sort((a, b) => b.score - a.score);
  if (memory && lent && (reranker || collect)) {
    // The pool: the best POOL_SIZE, and every article a remembered neighbour lends.
    const inPool = new Set(candidates.slice(0, POOL_SIZE).map((c) => c.doc));
    const pool = candidates.filter((c, i) => i < POOL_SIZE || lent.memory.has(c.doc) && !inPool.has(c.doc));
    const input: RerankInput = {
      pool,
      textScore,
      textRank,
      ...lent,
      asked,
      askedReal: askedScores(lib, memory, textPart, true),
      own,
      expansions,
      mentioned,
      topical,
      lawPrior: prior,
      articlePrior: articleFrequencies(lib, memory, TUNING.priorSetWeight),
      question: opts.q,
    };
    if (collect) return { candidates, termList, corrections, pool: input };
    const shares = { asks: TUNING.rerankMix, other: TUNING.rerankMixKeywords };
    const reordered = rerankPool(lib, input, reranker!, shares);
    const pooled = new Set(pool.map((c) => c.doc));
    candidates = [...reordered, ...candidates.filter((c) => !pooled.has(c.doc))];
    if (!opts.asOf && !opts.status) currentVersionsFirst(lib, candidates);
  }
  if (TUNING.maxPerLaw > 0) diversifyLaws(lib, candidates, TUNING.maxPerLaw);
  attachCited(lib, candidates, { opts, taken });
  return { candidates, termList, corrections };
}

/**
 * A query taken apart: its explicit citations placed first (the cited article of the version that
 * applies, current or on asOf), the law names it mentions, the interpretation topics it names, and the
 * text left for the full-text ranking.
 */
function parseQuery(lib: LawLibrary, opts: SearchOptions): {
  ranked: { doc: number; score: number; match: "citation" | "text" }[];
  text: TextQuery;
} {
  const q = opts.q.trim();
  const ranked: { doc: number; score: number; match: "citation" | "text" }[] = [];
  const taken = new Set<number>();
  let rest = q;
  const missing = new Set<string>();
  const missingCitations: TextQuery["missingCitations"] = [];
  const missingArticles: TextQuery["missingArticles"] = [];
  for (const c of extractCitations(lib, q)) {
    rest = rest.replace(c.raw, " ");
    const held = heldGroups(lib, c.name);
    if (held.length === 0) {
      missing.add(c.name);
      missingCitations.push({ name: c.name, articleNumber: c.articleNumber });
    } else if (!lib.groups.get(held[0])!.some((v) => v.byKey.has(`${c.num}-${c.sub}`))) {
      const title = lib.currentVersion(held[0])!.record.title;
      if (!missingArticles.some((m) => m.title === title && m.articleNumber === c.articleNumber)) {
        missingArticles.push({ title, articleNumber: c.articleNumber });
      }
    }
    for (const group of held) {
      const versions = lib.groups.get(group) ?? [];
      const preferred = opts.asOf ? lib.versionOn(group, opts.asOf) : lib.currentVersion(group);
      const ordered = [...(preferred ? [preferred] : []), ...versions.filter((v) => v !== preferred)];
      for (const v of ordered) {
        if (!passesFilters(v, { ...opts, asOf: undefined })) continue;
        const i = v.byKey.get(`${c.num}-${c.sub}`);
        if (i === undefined) continue;
        const doc = v.docStart + i;
        if (taken.has(doc)) continue;
        taken.add(doc);
        ranked.push({ doc, score: 1000 - ranked.length, match: "citation" });
      }
      break;
    }
  }
  const { groups: mentioned, rest: textPart, missing: missingNames } = findLawMentions(lib, rest);
  for (const name of missingNames) missing.add(name);
  const topical = new Set<string>();
  for (const [topic, groups] of interpretationTopics(lib)) {
    if (textPart.includes(topic)) { for (const g of groups) topical.add(g); }
  }
  return {
    ranked,
    text: { opts, textPart, mentioned, topical, taken, missing, missingCitations, missingArticles },
  };
}

/**
 * The re-ranker's candidates for a question and their features, without re-ranking (the training data
 * of scripts/build_law_reranker.ts); null when the question has no text terms or no memory is given.
 */
export function rerankCandidates(
  lib: LawLibrary,
  opts: SearchOptions,
): { docs: number[]; features: Float64Array[] } | null {
  const { pool } = rankByText(lib, parseQuery(lib, opts).text, true);
  if (!pool) return null;
  return { docs: pool.pool.map((c) => c.doc), features: rerankFeatures(lib, pool) };
}

export function searchLaws(lib: LawLibrary, opts: SearchOptions): SearchResult {
  const page = Math.max(1, opts.page ?? 1);
  const pageSize = Math.min(100, Math.max(1, opts.pageSize ?? 20));
  const q = opts.q.trim();
  // 1. Explicit citations; 2. full text over the rest.
  const { ranked, text } = parseQuery(lib, opts);
  const { candidates, termList, corrections } = rankByText(lib, text);
  if (candidates.length === 0 && ranked.length === 0) {
    // Only citations of laws the library lacks (合同法第五十二条): the articles that quote them.
    for (const c of text.missingCitations) ranked.push(...articlesQuoting(lib, c, opts));
  }
  if (candidates.length > 0) {
    for (const c of candidates.slice(0, MAX_CANDIDATES)) ranked.push({ ...c, match: "text" });
  } else if (text.mentioned.size > 0 && ranked.length === 0) {
    // Only a law's name: its first articles.
    for (const g of text.mentioned) {
      const v = lib.currentVersion(g);
      if (!v || !passesFilters(v, opts)) continue;
      v.articles.slice(0, 50).forEach((_, i) =>
        ranked.push({ doc: v.docStart + i, score: 1, match: "text" })
      );
    }
  }

  const pageItems = ranked.slice((page - 1) * pageSize, page * pageSize);
  const hlTerms = [...termList, ...q.split(/\s+/).filter((t) => t.length > 1)];
  return {
    total: ranked.length,
    results: pageItems.map((r) => {
      const v = lib.versions[lib.docVersion[r.doc]];
      const a = v.articles[lib.docArticle[r.doc]];
      return toHit(v, a, { score: r.score, terms: hlTerms, match: r.match });
    }),
    terms: termList.filter((t) => t.length > 1),
    corrections,
    missingLaws: [...text.missing],
    missingArticles: text.missingArticles,
  };
}
