/**
 * Finds the citations in a text: 《中华人民共和国民法典》第五百七十七条, 《合同法》第52条, 依照《民事诉讼法》第一百七十条
 * 第一款第（二）项, 民法典第1300条, 民法典1165条, 民诉法解释第九十条, 《最高人民法院关于适用〈…〉的解释》第一条, a
 * second article after 、/和/及 (第一条、第三条), and 本法/该法/同法 after a named law. A name without 《》 counts
 * only when the library knows it (or knows it as repealed), so 以下三条 is not a citation.
 */
import type { LawLibrary } from "./library.ts";
import { normalizeLawName } from "../../../common/law_name_key.ts";
import { formatArticleNumber, parseNumeral } from "./numerals.ts";

export interface FoundCitation {
  /** The citation as written, from the law's name to the article (or item). */
  raw: string;
  /** The law's name as written (without 《》). */
  name: string;
  num: number;
  sub: number;
  /** 第X条 in the statute's own form. */
  articleNumber: string;
  /** The year of a version named with the citation: 《民事诉讼法》（2017年修正）第一百一十九条 -> 2017. */
  versionYear: number | null;
  start: number;
  end: number;
}

const ARTICLE =
  /(第)?\s*([0-9０-９零〇一二两三四五六七八九十百千]+)\s*条(?:之([一二三四五六七八九十]+))?((?:第[零〇一二三四五六七八九十0-9]+款)?(?:第?[（(][零〇一二三四五六七八九十0-9]+[)）]项|第[零〇一二三四五六七八九十0-9]+项)?)/g;
const SAME_LAW = /(本法|该法|同法|本解释|该解释|本规定|该规定|前述法律)\s*$/;
const JOINER = /^[\s、，,和及与或以]*$/;

/** A version tag between the name and the article: （2017年修正）, (2021修正), （法释〔2015〕18号）. */
const VERSION_TAG = /^[（(]\s*(?:(\d{4})\s*年?[^（()）]{0,12}|[^（()）]*〔(\d{4})〕[^（()）]{0,12})[)）]$/;
/** A part of the civil code written with it: 《民法典·合同编》, 《民法典》合同编, 《民法典》第三编. */
const CODE_PART =
  /[·・•]?\s*(?:第[一二三四五六七八九十]+编|[\u4e00-\u9fff]{1,4}编)(?:第[一二三四五六七八九十]+分编)?$/;

/** The 《…》 name that ends right before `end` (nested 〈〉 allowed), with its start and a version tag. */
function bracketNameBefore(
  text: string,
  end: number,
): {
  name: string;
  start: number;
  versionYear: number | null;
  /** The name without a version tag inside the brackets (《民事诉讼法（2023年修正）》), and that tag's year. */
  untagged: string | null;
  innerVersion: number | null;
} | null {
  let i = end - 1;
  while (i >= 0 && /\s/.test(text[i])) i--;
  let versionYear: number | null = null;
  if (text[i] === "）" || text[i] === ")") {
    const open = Math.max(text.lastIndexOf("（", i), text.lastIndexOf("(", i));
    const tag = open >= 0 && i - open <= 24 ? VERSION_TAG.exec(text.slice(open, i + 1)) : null;
    if (!tag) return null;
    versionYear = Number(tag[1] ?? tag[2]);
    i = open - 1;
    while (i >= 0 && /\s/.test(text[i])) i--;
  }
  let part = false;
  if (text[i] !== "》") {
    // 《民法典》合同编第五百七十七条: a code part after the name.
    const head = text.slice(Math.max(0, i - 9), i + 1);
    const m = CODE_PART.exec(head);
    if (!m || text[i - m[0].length] !== "》") return null;
    i -= m[0].length;
    part = true;
  }
  // The matching 《: titles copied from the database nest 《》 (《最高人民法院关于适用《中华人民共和国民法典》…的解释》).
  let open = -1;
  for (let j = i - 1, depth = 0; j >= 0 && i - j <= 80; j--) {
    if (text[j] === "》") depth++;
    else if (text[j] === "《" && depth-- === 0) {
      open = j;
      break;
    }
  }
  if (open < 0) return null;
  let name = text.slice(open + 1, i);
  let untagged: string | null = null;
  let innerVersion: number | null = null;
  // The tag may sit inside the brackets: 《中华人民共和国民事诉讼法（2023年修正）》.
  const innerTag = /[（(][^（()）]*[)）]$/.exec(name);
  const innerYear = innerTag ? VERSION_TAG.exec(innerTag[0]) : null;
  if (innerTag && innerYear) {
    untagged = name.slice(0, -innerTag[0].length);
    innerVersion = Number(innerYear[1] ?? innerYear[2]);
  }
  // 《民法典·合同编》: the part does not name another law.
  const inner = CODE_PART.exec(name);
  if (inner && /[·・•]/.test(inner[0]) || inner && part) name = name.slice(0, -inner[0].length);
  return { name, start: open, versionYear, untagged, innerVersion };
}

/** The longest known law name that ends right before `end`. */
function knownNameBefore(lib: LawLibrary, text: string, end: number): { name: string; start: number } | null {
  let stop = end;
  while (stop > 0 && /\s/.test(text[stop - 1])) stop--;
  for (let k = Math.min(40, stop); k >= 2; k--) {
    const cand = text.slice(stop - k, stop);
    if (/[，。；：,;:\n]/.test(cand)) continue;
    if (lib.isKnownName(normalizeLawName(cand))) return { name: cand, start: stop - k };
  }
  return null;
}

export function extractCitations(lib: LawLibrary, text: string): FoundCitation[] {
  const out: FoundCitation[] = [];
  for (const m of text.matchAll(ARTICLE)) {
    const at = m.index!;
    const num = parseNumeral(m[2]);
    if (num === null || num <= 0 || num > 5000) continue;
    const sub = m[3] ? parseNumeral(m[3]) ?? 0 : 0;
    const bracket = bracketNameBefore(text, at);
    // A tag inside the brackets is a version unless it belongs to the title (宪法修正案（2018年）).
    if (bracket?.untagged && !lib.isKnownName(normalizeLawName(bracket.name))) {
      bracket.name = bracket.untagged;
      bracket.versionYear ??= bracket.innerVersion;
    }
    let found: { name: string; start: number; versionYear?: number | null } | null = bracket ??
      knownNameBefore(lib, text, at);
    const prev = out[out.length - 1];
    if (!found && prev) {
      const between = text.slice(prev.end, at);
      if (JOINER.test(between) || SAME_LAW.test(between) && between.length < 12) {
        found = { name: prev.name, start: at, versionYear: prev.versionYear };
      }
    }
    if (!found) continue;
    if (!m[1] && found.start + found.name.length + 2 < at) continue;
    const end = at + m[0].length;
    out.push({
      raw: text.slice(found.start, end).trim(),
      name: found.name,
      num,
      sub,
      articleNumber: formatArticleNumber(num, sub),
      versionYear: found.versionYear ?? null,
      start: found.start,
      end,
    });
  }
  return out;
}
