/**
 * Decides which unit a chain of division names points at. Every unit a name may mean is a candidate;
 * a candidate is ranked by the names it explains (itself, its city, its province, each level once) and
 * must explain its own level. The best score wins; when several candidates
 * tie, only the levels they all share are answered, so an undecided name yields 其他, never a guess.
 */
import type { DivisionUnit } from "./division_data.ts";
import type { RegionLexicon } from "./region_lexicon.ts";
import type { ChainToken } from "./scan_tokens.ts";

/** A placed level: official full name and 6-digit code. */
export interface RegionLevel {
  name: string;
  code: string;
}

/** Why a level is missing: nothing written, no division found, names that do not decide, or a level not written. */
export type RegionReason = "empty" | "unknown" | "ambiguous" | "partial";

/**
 * Result of matching one address. `city` is the 地级 unit (the municipality itself for 北京/天津/上海/
 * 重庆, whose code is the province code); `county` is the 县级 unit, equal to the city for units without
 * counties (东莞市) and units administered by a province (仙桃市). `reason` is set when a level is null.
 */
export interface RegionMatch {
  province: RegionLevel | null;
  city: RegionLevel | null;
  county: RegionLevel | null;
  reason?: RegionReason;
}

const EPSILON = 1e-6;
const MAX_CHAIN = 8;

/**
 * Scores one candidate unit against the chain; -1 when no name stands for the candidate's own level.
 * Ranks by how many names it explains (a repeated name counts as explained), then by how early they
 * stand (the leading division decides, rule 10), then by their trust weights (an official name beats
 * a short or former one).
 */
function scoreTarget(units: DivisionUnit[], chain: ChainToken[], target: DivisionUnit): number {
  const slots = [target.province, target.level >= 2 ? target.city : -1, target.level === 3 ? target.id : -1];
  const claimed = [false, false, false];
  let count = 0;
  let earliness = 0;
  let weight = 0;
  for (let index = 0; index < chain.length && index < MAX_CHAIN; index++) {
    let bestSlot = -1;
    let bestWeight = 0;
    let repeats = false;
    for (const entry of chain[index].entries) {
      const slot = units[entry.unit].level - 1;
      if (slots[slot] !== entry.unit) continue;
      if (claimed[slot]) repeats = true;
      else if (entry.weight > bestWeight) {
        bestSlot = slot;
        bestWeight = entry.weight;
      }
    }
    // A name written twice (吉林省吉林白城…) is explained too, though it places nothing new.
    if (bestSlot < 0 && repeats) count++;
    if (bestSlot < 0) continue;
    claimed[bestSlot] = true;
    count++;
    earliness += 1 << (MAX_CHAIN - 1 - index);
    weight += bestWeight;
  }
  return claimed[target.level - 1] ? count * 1e5 + earliness * 10 + weight : -1;
}

function toLevel(unit: DivisionUnit | undefined): RegionLevel | null {
  return unit ? { name: unit.name, code: unit.code } : null;
}

/** Turns a chain of division names into a match (see RegionMatch). */
export function resolveChain(lexicon: RegionLexicon, chain: ChainToken[]): RegionMatch {
  const units = lexicon.table.units;
  if (chain.length === 0) return { province: null, city: null, county: null, reason: "unknown" };
  let best = -1;
  let winners: DivisionUnit[] = [];
  const seen = new Set<number>();
  for (const token of chain) {
    for (const entry of token.entries) {
      if (seen.has(entry.unit)) continue;
      seen.add(entry.unit);
      const target = units[entry.unit];
      const score = scoreTarget(units, chain, target);
      if (score < 0 || score < best - EPSILON) continue;
      if (score > best + EPSILON) winners = [];
      best = Math.max(best, score);
      winners.push(target);
    }
  }
  if (winners.length === 0) return { province: null, city: null, county: null, reason: "unknown" };
  const shared = (pick: (u: DivisionUnit) => number): DivisionUnit | undefined => {
    const id = pick(winners[0]);
    return id >= 0 && winners.every((u) => pick(u) === id) ? units[id] : undefined;
  };
  const province = shared((u) => u.province);
  const city = shared((u) => (u.level >= 2 ? u.city : -1));
  const county = shared((u) => (u.level === 3 || u.selfCounty ? u.id : -1));
  const match: RegionMatch = { province: toLevel(province), city: toLevel(city), county: toLevel(county) };
  if (!county) match.reason = winners.length > 1 ? "ambiguous" : "partial";
  return match;
}
