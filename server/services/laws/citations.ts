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
  start: number;
  end: number;
}

const ARTICLE =
  /(第)?\s*([0-9０-９零〇一二两三四五六七八九十百千]+)\s*条(?:之([一二三四五六七八九十]+))?((?:第[零〇一二三四五六七八九十0-9]+款)?(?:第?[（(][零〇一二三四五六七八九十0-9]+[)）]项|第[零〇一二三四五六七八九十0-9]+项)?)/g;
const SAME_LAW = /(本法|该法|同法|本解释|该解释|本规定|该规定|前述法律)\s*$/;
const JOINER = /^[\s、，,和及与或以]*$/;

/** The 《…》 name that ends right before `end` (nested 〈〉 allowed), with its start. */
function bracketNameBefore(text: string, end: number): { name: string; start: number } | null {
  let i = end - 1;
  while (i >= 0 && /\s/.test(text[i])) i--;
  if (text[i] !== "》") return null;
  const open = text.lastIndexOf("《", i);
  if (open < 0 || i - open > 80) return null;
  return { name: text.slice(open + 1, i), start: open };
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
    let found = bracketNameBefore(text, at) ?? knownNameBefore(lib, text, at);
    const prev = out[out.length - 1];
    if (!found && prev) {
      const between = text.slice(prev.end, at);
      if (JOINER.test(between) || SAME_LAW.test(between) && between.length < 12) {
        found = { name: prev.name, start: at };
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
      start: found.start,
      end,
    });
  }
  return out;
}
