/**
 * Addresses written in Pinyin (No. 18 Wensan Road, Xihu District, Hangzhou, Zhejiang / Zhejiang Hangzhou
 * Xihu / Zhejiang Sheng Hangzhou Shi Xihu Qu): the division names are found among the words, in either
 * order, and resolved like a Chinese chain. A word right before a road word (Road, Lu, Street…) is a road
 * name and never counts; a level word after a name (District, Qu, County, Xian, City, Shi, Province…)
 * keeps only the units of that level. The Pinyin of every division name comes from pinyin-pro, once, on
 * the first romanised address.
 */
import { pinyin } from "pinyin-pro";
import { listCityForms, listCountyForms, listProvinceForms } from "./name_forms.ts";
import type { LexiconEntry, RegionLexicon } from "./region_lexicon.ts";
import { type RegionMatch, resolveChain } from "./resolve_region.ts";
import type { ChainToken } from "./scan_tokens.ts";

/** What a level word after a name allows: the unit's level and, for counties, its suffix. */
const LEVEL_WORDS: Record<string, { level: number; suffixes?: string }> = {
  province: { level: 1 },
  sheng: { level: 1 },
  autonomous: { level: 1 },
  region: { level: 1 },
  prefecture: { level: 2 },
  diqu: { level: 2 },
  district: { level: 3, suffixes: "区" },
  qu: { level: 3, suffixes: "区" },
  county: { level: 3, suffixes: "县" },
  xian: { level: 3, suffixes: "县" },
  banner: { level: 3, suffixes: "旗" },
  qi: { level: 3, suffixes: "旗" },
};
/** City or shi: a prefecture-level city or a county-level one. */
const CITY_WORDS = new Set(["city", "shi"]);
const ROAD_WORDS = new Set([
  "road",
  "rd",
  "street",
  "st",
  "avenue",
  "ave",
  "lane",
  "ln",
  "alley",
  "boulevard",
  "blvd",
  "lu",
  "jie",
  "dajie",
  "dadao",
  "xiang",
  "hutong",
  "nong",
  "way",
  "expressway",
]);
const FILLER_WORDS = new Set([
  "no",
  "number",
  "hao",
  "room",
  "rm",
  "unit",
  "building",
  "bldg",
  "floor",
  "fl",
  "apt",
  "apartment",
  "china",
  "prc",
  "zhongguo",
  "the",
  "of",
  "peoples",
  "republic",
  "village",
  "cun",
  "town",
  "zhen",
  "community",
  "block",
  "east",
  "west",
  "south",
  "north",
  "middle",
]);
const MAX_WORDS_PER_NAME = 4;

interface RomanIndex {
  /** Pinyin key (lower case, no spaces) → units. */
  names: Map<string, { unit: number; suffix: string }[]>;
}
let index: RomanIndex | null = null;

function keyOf(han: string): string {
  return (pinyin(han, { toneType: "none", type: "array" }) as string[]).join("").replace(/ü|v/g, "v")
    .toLowerCase();
}

function buildIndex(lexicon: RegionLexicon): RomanIndex {
  const names = new Map<string, { unit: number; suffix: string }[]>();
  for (const unit of lexicon.table.units) {
    if (unit.level === 1 && unit.municipality) continue;
    const forms = unit.level === 1 || unit.municipality
      ? listProvinceForms(unit.name)
      : unit.level === 2
      ? listCityForms(unit.name)
      : listCountyForms(unit.name, false);
    const stem = forms.filter((f) => f.kind === "short" || f.kind === "bare")
      .sort((a, b) => a.text.length - b.text.length)[0]?.text;
    // Counties also by their whole name (Yingxian for 应县, Shibei for 市北区 whose short form is not listed).
    const keys = new Set<string>();
    if (stem) keys.add(keyOf(stem));
    if (unit.level === 3) {
      keys.add(keyOf(unit.name));
      const base = unit.name.slice(0, -1);
      if (base.length >= 2 && "区县市旗".includes(unit.name.slice(-1))) keys.add(keyOf(base));
    }
    for (const key of keys) {
      const list = names.get(key) ?? [];
      list.push({ unit: unit.id, suffix: unit.name.slice(-1) });
      names.set(key, list);
    }
  }
  return { names };
}

/** True for text with Latin letters and no Han characters: worth reading as Pinyin. */
export function isRomanized(text: string): boolean {
  return /[A-Za-z]{3}/.test(text) && !/[\u3400-\u9fff]/.test(text);
}

/** Places a romanised address, or returns null when no division name is found among its words. */
export function matchRomanized(lexicon: RegionLexicon, text: string): RegionMatch | null {
  index ??= buildIndex(lexicon);
  const units = lexicon.table.units;
  const words = text.toLowerCase().replace(/'/g, "").split(/[^a-z]+/).filter((w) => w !== "");
  const tokens: { token: ChainToken; level: number }[] = [];
  for (let i = 0; i < words.length;) {
    let found = false;
    for (let n = Math.min(MAX_WORDS_PER_NAME, words.length - i); n >= 1 && !found; n--) {
      const span = words.slice(i, i + n);
      if (
        span.some((w) => FILLER_WORDS.has(w) || ROAD_WORDS.has(w) || w in LEVEL_WORDS || CITY_WORDS.has(w))
      ) {
        continue;
      }
      const next = words[i + n];
      if (next !== undefined && ROAD_WORDS.has(next)) continue;
      const candidates = index.names.get(span.join(""));
      if (!candidates) continue;
      const level = next === undefined ? undefined : LEVEL_WORDS[next];
      const kept = candidates.filter(({ unit, suffix }) =>
        level
          ? units[unit].level === level.level && (!level.suffixes || level.suffixes.includes(suffix))
          : CITY_WORDS.has(next)
          ? units[unit].level === 2 || suffix === "市"
          : true
      );
      if (kept.length === 0) continue;
      const entries: LexiconEntry[] = kept.map(({ unit }) => ({ unit, weight: 0.9, bare: false, scope: -1 }));
      tokens.push({
        token: { text: span.join(" "), entries },
        level: Math.min(...kept.map((k) => units[k.unit].level)),
      });
      i += n;
      found = true;
    }
    if (!found) i++;
  }
  if (tokens.length === 0) return null;
  // Largest unit first, as a Chinese address is written (English order puts the county first).
  const chain = tokens.sort((a, b) => a.level - b.level).map((t) => t.token);
  return resolveChain(lexicon, chain);
}
