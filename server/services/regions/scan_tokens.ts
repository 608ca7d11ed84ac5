/**
 * Reads the leading chain of division names from a cleaned address (浙江省 杭州市 西湖区 …) and
 * stops at the first text that is not one: street, building and town names after the divisions
 * never count (rule 10), and a second address later in the cell is never reached.
 */
import type { LexiconEntry, RegionLexicon } from "./region_lexicon.ts";
import { startsWithTownOf } from "./town_names.ts";

/** One division name found in the chain, with every unit it may mean. */
export interface ChainToken {
  text: string;
  entries: LexiconEntry[];
}

/** A street right after a name: 忠县路, 通州路 are streets, not the county. */
const STREET_AFTER = /^[东西南北中]?(?:路|街(?!道)|大街|大道|巷|弄)/;
/** What may follow a name written without its suffix when it is really a street, landmark or town. */
const NOT_A_DIVISION_AFTER = new RegExp(
  "^(?:.?(?:路|街(?!道)|大街|大道|巷|弄|胡同)|[东西南北中]?(?:道|里|桥)|门|广场|大厦|银行|花园|小区|公寓|新村|" +
    "大学|学院|学校|医院|酒店|宾馆|饭店|商场|商城|市场|公园|机场|港|湾|镇|乡|街道|村|社区|厂|公司|苑|家园|大楼|楼)",
);
/** A road word at most one character after a name (余杭塘路). */
const STREET_RIGHT_AFTER = /^.?(?:路|街(?!道)|大街|大道|巷|弄|胡同)/;
const SUFFIXED = /[省市区县州盟旗]$/;
/** Endings of a development zone's name, longest first. */
const ZONE_ENDINGS =
  "高新技术产业开发区|经济技术开发区|高新技术开发区|经济开发区|综合保税区|保税港区|保税区|工业园区|" +
  "高新区|开发区|经开区|工业区";
/** A development zone the lexicon does not know (常州国家高新区), possibly before its county in brackets. */
const ZONE_PHRASE = new RegExp(
  `^(?:国家级?)?[\\u4e00-\\u9fff]{0,10}?(?:${ZONE_ENDINGS}|产业园区|新区|园区)[(]?`,
);
/**
 * A zone named after the county just read (昆山开发区, 张家港保税区, 太仓港经济技术开发区) lies in it; a
 * 新区 or 园区 is left out, as it may span several counties.
 */
const ZONE_AFTER_COUNTY = new RegExp(`^港?(?:国家级?)?(?:${ZONE_ENDINGS}|港区)`);
const TOWN_AT = /^.{1,3}(?:镇|乡|街道)/;
const MAX_TOKENS = 6;

function cityOf(lexicon: RegionLexicon, entry: LexiconEntry): number {
  return lexicon.table.units[entry.unit].city;
}

/**
 * The entries that count here: a name without its suffix needs a province or city before it, or one of
 * its own towns or a zone named after it right after it (`after`); a zone named without its city needs
 * that city before it.
 */
function acceptEntries(
  lexicon: RegionLexicon,
  chain: ChainToken[],
  surface: string,
  after: string,
): LexiconEntry[] {
  const entries = lexicon.forms.get(surface) ?? [];
  // The entries themselves when all pass (the usual case): no new array per lookup. Callers only read them.
  let kept: LexiconEntry[] | null = null;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    const ok = entry.bare && chain.length === 0
      ? ZONE_AFTER_COUNTY.test(after) ||
        startsWithTownOf(lexicon.towns, lexicon.table.units[entry.unit].code, after) ||
        // a name no other division, street or town shares, unless another county's town follows it
        (lexicon.uniqueBare().has(surface) && !TOWN_AT.test(after))
      : entry.scope < 0 || chain.some((t) => t.entries.some((e) => cityOf(lexicon, e) === entry.scope));
    if (!ok && kept === null) kept = entries.slice(0, i);
    else if (ok && kept !== null) kept.push(entry);
  }
  return kept ?? entries;
}

/** Whether any written form starts at `pos` (used to tell 汕尾城区 from a street). */
function hasFormAt(lexicon: RegionLexicon, text: string, pos: number): boolean {
  for (const length of lexicon.lengths.get(text[pos]) ?? []) {
    if (pos + length <= text.length && lexicon.forms.has(text.substr(pos, length))) return true;
  }
  return false;
}

/** Whether a division or town name starts at `pos` (路桥区, 路阳镇, 街口街道 are not streets). */
function continuesAt(lexicon: RegionLexicon, text: string, pos: number): boolean {
  return hasFormAt(lexicon, text, pos) || TOWN_AT.test(text.slice(pos, pos + 6));
}

/** Acceptable division names starting at `pos`, longest first. */
function readTokensAt(lexicon: RegionLexicon, text: string, pos: number, chain: ChainToken[]): ChainToken[] {
  const found: ChainToken[] = [];
  for (const length of lexicon.lengths.get(text[pos]) ?? []) {
    if (pos + length > text.length) continue;
    const surface = text.substr(pos, length);
    const entries = lexicon.forms.get(surface);
    if (!entries) continue;
    const after = text.slice(pos + length, pos + length + 12);
    const rest = after.slice(0, 4);
    if (surface.endsWith("市") && rest.startsWith("场")) continue;
    const loose = !SUFFIXED.test(surface) || entries.some((e) => e.bare);
    // A unique bare name opening the text is only a street's start when a road word follows within one
    // character (余杭塘路); 贵溪花园 is an estate in 贵溪, not a landmark somewhere else.
    const uniqueOpening = loose && chain.length === 0 && entries.length === 1 && entries[0].bare &&
      lexicon.uniqueBare().has(surface);
    const notDivision = uniqueOpening ? STREET_RIGHT_AFTER : loose ? NOT_A_DIVISION_AFTER : STREET_AFTER;
    if (
      notDivision.test(rest) && !ZONE_AFTER_COUNTY.test(after) &&
      !continuesAt(lexicon, text, pos + length)
    ) {
      continue;
    }
    const accepted = acceptEntries(lexicon, chain, surface, after);
    if (accepted.length > 0) found.push({ text: surface, entries: accepted });
  }
  return found;
}

function isTerminal(lexicon: RegionLexicon, token: ChainToken): boolean {
  return token.entries.every((e) => {
    const unit = lexicon.table.units[e.unit];
    return unit.level === 3 || unit.selfCounty;
  });
}

/** Position after noise between two names: a municipality's 市辖区/县 level, a doubled suffix (市市, 省省). */
function skipNoise(lexicon: RegionLexicon, text: string, pos: number, chain: ChainToken[]): number {
  const last = chain[chain.length - 1];
  if (!last) return pos;
  const municipality = last.entries.some((e) => lexicon.table.units[e.unit].municipality);
  if (municipality && text.startsWith("市辖区", pos)) return pos + 3;
  if (municipality && text[pos] === "县") return pos + 1;
  const suffix = last.text[last.text.length - 1];
  if ("省市县区".includes(suffix) && text[pos] === suffix) return pos + 1;
  // A stray level suffix after a province or city (甘孜藏族自治州省新龙县, 浙江省市杭州市).
  const upper = last.entries.every((e) => lexicon.table.units[e.unit].level < 3);
  return upper && "省市".includes(text[pos]) && /[省市州盟区]$/.test(last.text) ? pos + 1 : pos;
}

/**
 * Counties of a city already in the chain, written with their suffix, after a zone the lexicon does
 * not know: 常州国家高新区（新北区）, 南京某某开发区江宁区. Anything else ends the chain there.
 */
function readAfterZone(
  lexicon: RegionLexicon,
  text: string,
  pos: number,
  chain: ChainToken[],
): [number, ChainToken[]] {
  const zone = chain.length > 0 ? ZONE_PHRASE.exec(text.slice(pos, pos + 24)) : null;
  if (!zone) return [pos, []];
  const cities = new Set(chain.flatMap((t) => t.entries.map((e) => cityOf(lexicon, e))));
  const at = pos + zone[0].length;
  const tokens = readTokensAt(lexicon, text, at, chain).flatMap((token) => {
    const entries = token.entries.filter((e) =>
      !e.bare && lexicon.table.units[e.unit].level === 3 && cities.has(cityOf(lexicon, e))
    );
    return entries.length > 0 && SUFFIXED.test(token.text) ? [{ text: token.text, entries }] : [];
  });
  return [at, tokens];
}

/** Next names in the chain at `pos`, after noise or an unknown zone if nothing starts right there. */
function readNext(
  lexicon: RegionLexicon,
  text: string,
  pos: number,
  chain: ChainToken[],
): [number, ChainToken[]] {
  const direct = readTokensAt(lexicon, text, pos, chain);
  if (direct.length > 0) return [pos, direct];
  const after = skipNoise(lexicon, text, pos, chain);
  if (after !== pos) {
    const tokens = readTokensAt(lexicon, text, after, chain);
    if (tokens.length > 0) return [after, tokens];
  }
  if (text[pos] === "(") return readCountyInBrackets(lexicon, text, pos, chain);
  const zone = readAfterZone(lexicon, text, pos, chain);
  if (zone[1].length > 0) return zone;
  return [pos, readCityTypo(lexicon, text, pos, chain)];
}

/** Counties of the cities in the chain, with their suffix, in brackets right after it: 杭州市(西湖区). */
function readCountyInBrackets(
  lexicon: RegionLexicon,
  text: string,
  pos: number,
  chain: ChainToken[],
): [number, ChainToken[]] {
  const cities = new Set(chain.flatMap((t) => t.entries.map((e) => cityOf(lexicon, e))));
  const tokens = readTokensAt(lexicon, text, pos + 1, chain).flatMap((token) => {
    const entries = token.entries.filter((e) =>
      !e.bare && lexicon.table.units[e.unit].level === 3 && cities.has(cityOf(lexicon, e))
    );
    return entries.length > 0 && SUFFIXED.test(token.text) ? [{ text: token.text, entries }] : [];
  });
  return [pos + 1, tokens];
}

const TYPO_WEIGHT = 0.7;

/**
 * A two-character city name with one wrong character and its 市 (杭洲市 aside, which the lexicon knows):
 * read only where nothing else was, at the start or after a province alone, when exactly one city (in
 * that province) or province is one edit away.
 */
function readCityTypo(lexicon: RegionLexicon, text: string, pos: number, chain: ChainToken[]): ChainToken[] {
  if (chain.length > 1 || text[pos + 2] !== "市") return [];
  const written = text.slice(pos, pos + 2);
  if (!/^[\u4e00-\u9fff]{2}$/.test(written) || lexicon.forms.has(written)) return [];
  const units = lexicon.table.units;
  const provinces = new Set(chain.flatMap((t) => t.entries.map((e) => units[e.unit].province)));
  const near = [
    ...new Set([
      ...lexicon.cityEdits.get(`?${written[1]}`) ?? [],
      ...lexicon.cityEdits.get(`${written[0]}?`) ?? [],
    ]),
  ]
    .filter((id) => provinces.size === 0 || provinces.has(units[id].province));
  if (near.length !== 1 || units[near[0]].level !== 2) return [];
  return [{
    text: `${written}市`,
    entries: [{ unit: near[0], weight: TYPO_WEIGHT, bare: false, scope: -1 }],
  }];
}

/**
 * Returns the leading chain of division names in `text` (already cleaned). The longest name wins,
 * unless the chain would stop after it while a shorter reading lets it go on (内江市中区 → 内江 市中区).
 */
export function scanTokens(lexicon: RegionLexicon, text: string): ChainToken[] {
  const chain: ChainToken[] = [];
  let pos = 0;
  while (pos < text.length && chain.length < MAX_TOKENS) {
    const [at, options] = readNext(lexicon, text, pos, chain);
    if (options.length === 0) break;
    let token = options[0];
    if (options.length > 1 && !isTerminal(lexicon, token)) {
      const goesOn = (t: ChainToken) =>
        readNext(lexicon, text, at + t.text.length, [...chain, t])[1].length > 0;
      if (!goesOn(token)) token = options.slice(1).find(goesOn) ?? token;
    }
    chain.push(token);
    pos = at + token.text.length;
    if (isTerminal(lexicon, token)) break;
  }
  return chain;
}
