/**
 * Citation check (issue #14 §4): every citation in a text, resolved against the library, with a status
 * valid | amended | repealed | nonexistent | unknown_law, the current article where the library knows
 * it, and a note in Chinese. An article number that exists but whose text does not say what the
 * sentence cites it for, while another article of the current text does, is an old numbering
 * (amended); a number beyond the current text is nonexistent unless an older version had it.
 */
import { extractCitations, type FoundCitation } from "./citations.ts";
import { articleText, type LawLibrary, type LawVersion } from "./library.ts";
import { normalizeLawName } from "../../../common/law_name_key.ts";
import { getLawLibrary, type LawDeps } from "./library_store.ts";
import { bigramTerms } from "./text_terms.ts";
import { bestArticle, compareContent, HIGH, similarity } from "./citation_content.ts";
import type { LawArticle } from "./types.ts";
import validityData from "./validity.json" with { type: "json" };

export type CitationStatus = "valid" | "amended" | "repealed" | "nonexistent" | "unknown_law";

export interface CheckedCitation {
  raw: string;
  title: string;
  articleNumber: string;
  status: CitationStatus;
  current: { title: string; articleNumber: string | null } | null;
  note: string;
  /** Where the cited article is in the library (for a link), when it is. */
  lawId: string | null;
}

/**
 * Words around a citation that say nothing about its content. 判决/裁定 only as the court's verb
 * (，判决如下 / 裁定驳回起诉), not inside a term such as 缺席判决.
 */
const BOILERPLATE =
  /依照|依据|根据|按照|参照|适用|之规定|的规定|规定|以下|如下|(?<=^|[\s，,。：:；、]|本院|依法|特|应当|应|故|并)(?:判决|裁定)|原告|被告|申请人|被申请人|上诉人|被上诉人|当事人|本案|人民法院|第[零〇一二三四五六七八九十百0-9]+款|第?[（(]?[零〇一二三四五六七八九十0-9]+[)）]?项|违反了|的$/g;

const MIN_INFO = 6;
/** How much better the article of another law of the same short name must match to be the one meant. */
const CONTENT_MARGIN = 0.15;

type Older = { v: LawVersion; a: LawArticle };

/** Earlier versions the library does not hold, by normalized title: their label and article count. */
const OLDER_NUMBERING: Map<string, { version: string; articles: number; basis: string }[]> = new Map();
for (const o of validityData.olderNumbering) {
  const key = normalizeLawName(o.name);
  OLDER_NUMBERING.set(key, [...(OLDER_NUMBERING.get(key) ?? []), o]);
}

/** A known earlier version (not in the library) that had article `num`. */
function olderNumberingOf(title: string, num: number, sub: number) {
  if (sub > 0) return null;
  return (OLDER_NUMBERING.get(normalizeLawName(title)) ?? []).find((o) => num <= o.articles) ?? null;
}

/**
 * A library text that a revision in force today replaced though the library does not hold it
 * (validity.json revisedAfterSnapshot: 仲裁法 2017 -> 2025 revision): its numbers are no longer current.
 */
function revisedAfter(v: LawVersion): { basis: string } | null {
  const today = new Date().toISOString().slice(0, 10);
  const key = normalizeLawName(v.record.title);
  return validityData.revisedAfterSnapshot.find((r) =>
    normalizeLawName(r.name) === key &&
    (v.record.publishDate === r.libraryDate || v.record.effectiveDate === r.libraryDate) &&
    r.inForce <= today
  ) ?? null;
}

/** The current article a citation of another law in the same sentence points to (null when none). */
function citedArticle(lib: LawLibrary, c: FoundCitation): LawArticle | null {
  const group = lib.resolveGroups(c.name).find((g) => g !== "");
  const v = group ? lib.currentVersion(group) : null;
  return v ? lib.article(v, c.num, c.sub) : null;
}

function versionYear(v: LawVersion): number | null {
  const d = v.record.publishDate ?? v.record.effectiveDate;
  return d ? Number(d.slice(0, 4)) : null;
}

/** Matched words as the note shows them: 「…」「…」. */
function quoteWords(words: string[]): string {
  return words.map((w) => `「${w}」`).join("");
}

function sentenceAround(text: string, c: FoundCitation): string {
  let s = c.start;
  while (s > 0 && !/[。；！？\n]/.test(text[s - 1])) s--;
  let e = c.end;
  while (e < text.length && !/[。；！？\n]/.test(text[e])) e++;
  return text.slice(s, e);
}

function propositionOf(text: string, c: FoundCitation, all: FoundCitation[]): string {
  let sentence = sentenceAround(text, c);
  for (const other of all) sentence = sentence.split(other.raw).join(" ");
  return sentence.replace(/《[^》]*》/g, " ").replace(BOILERPLATE, " ");
}

function propInfo(lib: LawLibrary, prop: string[]): number {
  return prop.reduce((s, b) => s + (lib.index.has(b) ? lib.index.idf(b) : 0), 0);
}

/** Bigrams of a proposition that the corpus knows (unknown ones carry no evidence). */
function propTerms(lib: LawLibrary, prop: string): string[] {
  return [...new Set(bigramTerms(prop))].filter((b) => b.length === 2 && lib.index.has(b));
}

/**
 * A short name that means several laws (劳动争议司法解释: the 2001 interpretation and 解释（一）) is read as
 * the one whose article of that number says what the sentence cites it for; otherwise the current
 * one comes first, as resolveGroups orders them.
 */
function byContent(
  lib: LawLibrary,
  groups: string[],
  c: FoundCitation,
  prop: string[],
  informative: boolean,
): string[] {
  if (groups.length < 2 || !informative) return groups;
  const simOf = (g: string) => {
    const v = lib.currentVersion(g);
    const a = v ? lib.article(v, c.num, c.sub) : null;
    return a ? similarity(lib, prop, a) : 0;
  };
  const sims = groups.map(simOf);
  let best = 0;
  sims.forEach((x, i) => {
    if (x > sims[best]) best = i;
  });
  if (best === 0 || sims[best] < HIGH || sims[best] - sims[0] < CONTENT_MARGIN) return groups;
  return [groups[best], ...groups.filter((_, i) => i !== best)];
}

function checkOne(
  lib: LawLibrary,
  text: string,
  c: FoundCitation,
  all: FoundCitation[],
  coCited: LawArticle[],
): CheckedCitation {
  const base = { raw: c.raw, articleNumber: c.articleNumber };
  const propText = propositionOf(text, c, all);
  const prop = propTerms(lib, propText);
  const informative = propInfo(lib, prop) >= MIN_INFO;
  const groups = byContent(lib, lib.resolveGroups(c.name).filter((g) => g !== ""), c, prop, informative);
  const repeal = lib.repealed.get(normalizeLawName(c.name));

  if (groups.length === 0 || (repeal && lib.currentVersion(groups[0])?.record.status !== "现行有效")) {
    if (repeal) {
      const title = groups.length
        ? lib.currentVersion(groups[0])!.record.title
        : c.name.replace(/[〈〉]/g, "");
      return {
        ...base,
        title,
        status: "repealed",
        current: successorArticle(lib, repeal.successor, prop, informative),
        note: `《${title}》已废止（${repeal.basis}）` +
          (repeal.successor ? `，现行规定见《${repeal.successor}》` : ""),
        lawId: groups.length ? lib.currentVersion(groups[0])!.record.id : null,
      };
    }
    return {
      ...base,
      title: c.name,
      status: "unknown_law",
      current: null,
      note: `法规库中没有《${c.name}》，无法核对`,
      lawId: null,
    };
  }

  const cur = lib.currentVersion(groups[0])!;
  const title = cur.record.title;
  if (cur.record.status === "已废止") {
    const successor = cur.record.successor;
    return {
      ...base,
      title,
      status: "repealed",
      current: successorArticle(lib, successor, prop, informative),
      note: `《${title}》已废止（${cur.record.statusBasis}）` +
        (successor ? `，现行规定见《${successor}》` : ""),
      lawId: cur.record.id,
    };
  }
  const revised = revisedAfter(cur);
  if (revised) {
    return {
      ...base,
      title,
      status: "amended",
      current: { title, articleNumber: null },
      note: `库内为${versionLabel(cur)}，已被修订（${revised.basis}），请按现行文本核对条文`,
      lawId: cur.record.id,
    };
  }
  const cited = lib.article(cur, c.num, c.sub);
  const older = (lib.groups.get(groups[0]) ?? []).filter((v) => v !== cur)
    .map((v) => ({ v, a: lib.article(v, c.num, c.sub) })).filter((x): x is Older => x.a !== null);

  if (!cited) {
    // An older version had the number: the citation uses old numbering.
    for (const { v, a } of older) {
      const oldTerms = propTerms(lib, articleText(a));
      const best = bestArticle(lib, cur, oldTerms);
      if (best && best.sim >= HIGH) {
        return amended(
          base,
          title,
          best.article,
          cur,
          `该条序号出自${versionLabel(v)}，现行文本为${best.article.number}`,
        );
      }
    }
    const max = lib.maxArticle(cur);
    const best = informative ? bestArticle(lib, cur, prop) : null;
    const found = best && best.sim >= HIGH ? best.article : null;
    // The number existed in an earlier version: old numbering, not a number that never existed.
    const earlier = older.length
      ? { version: versionLabel(older[0].v), basis: "" }
      : olderNumberingOf(title, c.num, c.sub);
    if (earlier) {
      return {
        ...base,
        title,
        status: "amended",
        current: found ? { title, articleNumber: found.number } : null,
        note:
          `现行文本（${versionLabel(cur)}）共${max}条，没有${c.articleNumber}；该序号出自${earlier.version}` +
          (earlier.basis ? `（${earlier.basis}）` : "") +
          (found ? `，所引内容见现行${found.number}` : "，请按现行文本核对条文"),
        lawId: cur.record.id,
      };
    }
    return {
      ...base,
      title,
      status: "nonexistent",
      current: best && best.sim >= HIGH ? { title, articleNumber: best.article.number } : null,
      note: `《${title}》（${versionLabel(cur)}）共${max}条，没有${c.articleNumber}` +
        (best && best.sim >= HIGH ? `；所引内容见${best.article.number}` : ""),
      lawId: cur.record.id,
    };
  }

  if (cur.record.status === "已被修改") {
    return {
      ...base,
      title,
      status: "amended",
      current: { title, articleNumber: cited.number },
      note: `《${title}》库内文本已被修改（${cur.record.statusBasis}），请核对现行文本`,
      lawId: cur.record.id,
    };
  }

  const stale = staleVersionTag(lib, c, groups[0], cur, cited, title, informative);
  if (stale) return stale;

  if (informative) {
    const verdict = compareContent(lib, { prop, sentence: propText, cur, cited, older, coCited });
    if (verdict.kind === "elsewhere") {
      const oldHit = older.find(({ a }) => similarity(lib, prop, a) >= HIGH);
      return amended(
        base,
        title,
        verdict.article,
        cur,
        `条文变动：所引内容${quoteWords(verdict.evidence)}见现行${verdict.article.number}` +
          (oldHit
            ? `，${c.articleNumber}是${versionLabel(oldHit.v)}的序号`
            : `，现行${c.articleNumber}规定的是其他内容（可能是旧版序号）`),
      );
    }
    if (verdict.kind === "older") {
      return amended(
        base,
        title,
        cited,
        cur,
        `已被修改：所引内容${quoteWords(verdict.evidence)}出自${
          versionLabel(verdict.version)
        }${verdict.article.number}，` +
          `现行文本${cited.number}已无此内容，请核对现行文本`,
      );
    }
    const stale = staleCrossReference(c, all, cited, older);
    if (stale) {
      return amended(
        base,
        title,
        cited,
        cur,
        `已被修改：所引内容「${stale.ref}」出自${versionLabel(stale.v)}${stale.a.number}，` +
          `现行文本${cited.number}引用的条文序号已变，请核对现行文本`,
      );
    }
    return {
      ...base,
      title,
      status: "valid",
      current: { title, articleNumber: cited.number },
      note: `现行有效（${versionLabel(cur)}）` +
        (verdict.evidence.length ? `；所引内容与该条相符：${quoteWords(verdict.evidence)}` : ""),
      lawId: cur.record.id,
    };
  }
  return {
    ...base,
    title,
    status: "valid",
    current: { title, articleNumber: cited.number },
    note: `现行有效（${versionLabel(cur)}）`,
    lawId: cur.record.id,
  };
}

/**
 * A citation that names an earlier version (《民事诉讼法》（2017年修正）第一百一十九条): when the library holds
 * that version and the article reads the same now, the number still holds; otherwise the cited
 * number is that version's and may have moved (已被修改, with the current article where the old text
 * is found). For a version the library does not hold, the content check decides; a bare citation of it
 * is 已被修改 (it cannot be confirmed).
 */
function staleVersionTag(
  lib: LawLibrary,
  c: FoundCitation,
  group: string,
  cur: LawVersion,
  cited: LawArticle,
  title: string,
  informative: boolean,
): CheckedCitation | null {
  const curYear = versionYear(cur);
  if (c.versionYear === null || curYear === null || c.versionYear >= curYear) return null;
  const base = { raw: c.raw, articleNumber: c.articleNumber };
  const named = (lib.groups.get(group) ?? []).find((v) => {
    const y = versionYear(v);
    return v !== cur && y !== null && y <= c.versionYear!;
  });
  const old = named && versionYear(named) === c.versionYear ? lib.article(named, c.num, c.sub) : null;
  if (old && articleText(old) === articleText(cited)) return null;
  if (old) {
    const best = bestArticle(lib, cur, propTerms(lib, articleText(old)), cited);
    const to = best && best.sim >= HIGH ? best.article : cited;
    return amended(
      base,
      title,
      to,
      cur,
      `所引为${c.versionYear}年文本的${c.articleNumber}，现行文本（${
        versionLabel(cur)
      }）为${to.number}，请核对`,
    );
  }
  // A version the library does not hold (《劳动合同法》（2007年）): what the sentence says decides; a bare
  // citation cannot be confirmed.
  if (informative) return null;
  return {
    ...base,
    title,
    status: "amended",
    current: null,
    note: `所引为${c.versionYear}年文本，现行为${
      versionLabel(cur)
    }，条文序号或内容可能已变，请按现行文本核对`,
    lawId: cur.record.id,
  };
}

/**
 * A sentence that quotes the cross-references of an older version: 《民诉法解释》第九十四条 …民事诉讼法第六十四条
 * 第二款规定的… where the 2020 text says 第六十四条 and the current one 第六十七条. Another citation of the
 * same sentence that the older article has word for word and the current one lacks.
 */
function staleCrossReference(
  c: FoundCitation,
  all: FoundCitation[],
  cited: LawArticle,
  older: Older[],
): { ref: string; v: LawVersion; a: LawArticle } | null {
  const citedText = articleText(cited);
  const refs = all.filter((o) =>
    o !== c && o.start > c.start && o.raw.length > o.articleNumber.length + 1 && o.raw.includes(o.name)
  );
  for (const o of refs) {
    const ref = o.name.replace(/[《》〈〉\s]/g, "") + o.articleNumber;
    if (citedText.includes(ref)) continue;
    const hit = older.find(({ a }) => articleText(a).includes(ref));
    if (hit) return { ref, v: hit.v, a: hit.a };
  }
  return null;
}

function amended(
  base: { raw: string; articleNumber: string },
  title: string,
  article: LawArticle,
  cur: LawVersion,
  note: string,
): CheckedCitation {
  return {
    ...base,
    title,
    status: "amended",
    current: { title, articleNumber: article.number },
    note,
    lawId: cur.record.id,
  };
}

function versionLabel(v: LawVersion): string {
  const d = v.record.publishDate ?? v.record.effectiveDate;
  return d ? `${d.slice(0, 4)}年文本` : "库内文本";
}

function successorArticle(
  lib: LawLibrary,
  successor: string | null,
  prop: string[],
  informative: boolean,
): { title: string; articleNumber: string | null } | null {
  if (!successor) return null;
  const group = lib.resolveGroups(successor).find((g) => g !== "");
  const v = group ? lib.currentVersion(group) : null;
  if (!v) return { title: successor, articleNumber: null };
  const best = informative ? bestArticle(lib, v, prop) : null;
  return { title: v.record.title, articleNumber: best && best.sim >= HIGH ? best.article.number : null };
}

/** Checks every citation in a text against a built library. */
export function checkCitationsIn(lib: LawLibrary, text: string): CheckedCitation[] {
  const found = extractCitations(lib, text);
  const sentenceOf = (c: FoundCitation) => {
    let s = c.start;
    while (s > 0 && !/[。；！？\n]/.test(text[s - 1])) s--;
    return s;
  };
  const articles = found.map((c) => citedArticle(lib, c));
  return found.map((c, i) => {
    const coCited = found.flatMap((o, j) =>
      j !== i && sentenceOf(o) === sentenceOf(c) && articles[j] && articles[j] !== articles[i]
        ? [articles[j]!]
        : []
    );
    return checkOne(lib, text, c, found, coCited);
  });
}

/**
 * Checks every citation in a text against the stored library (this screen and AI chat call it).
 * Free of charge; an empty library gives unknown_law for every citation it can recognise.
 */
export async function checkCitations(deps: LawDeps, text: string): Promise<CheckedCitation[]> {
  return checkCitationsIn(await getLawLibrary(deps), text);
}
