import type { CaseSplitLevel } from "../../../common/constants.ts";
import { CASE_SPLIT_REASON_LABELS, type CaseSplitReason } from "../../../common/schemas/case_split.ts";
import { matchRegion } from "../regions/match_region.ts";

/** Any letter or digit: a cell with none (blank, dashes, slashes) is empty. */
const HAS_CONTENT = /[\p{L}\p{N}]/u;

/** Where one row goes: a region (keyed by its 6-digit code) or 其他 with the reason shown to the user. */
export type Placement = { key: string; label: string } | { key: null; reason: string };

/**
 * Places an address at the chosen level. City level groups by the 地级 unit (the municipality itself
 * for 北京/天津/上海/重庆). County level groups by the 县级 unit, labelled with its city so that the
 * four 鼓楼区 stay apart ("南京市鼓楼区"); a unit that is its own county (东莞市, 仙桃市) keeps its one
 * name. Anything the matcher does not decide at that level goes to 其他 with a Chinese reason.
 */
export function classifyAddress(address: string, level: CaseSplitLevel): Placement {
  const match = matchRegion(address);
  // The matcher reads only region names; a cell with letters or digits in it (a phone number, say)
  // is not empty to the user, only unplaceable.
  const reason = match.reason === "empty" && HAS_CONTENT.test(address) ? "unknown" : match.reason;
  if (level === "city") {
    if (match.city) return { key: match.city.code, label: match.city.name };
    return { key: null, reason: reasonText(reason ?? "unknown", level) };
  }
  if (match.county) {
    const city = match.city;
    const label = !city || city.code === match.county.code || match.county.name.startsWith(city.name)
      ? match.county.name
      : city.name + match.county.name;
    return { key: match.county.code, label };
  }
  return { key: null, reason: reasonText(reason ?? "unknown", level) };
}

function reasonText(reason: CaseSplitReason, level: CaseSplitLevel): string {
  if (reason === "partial") {
    return level === "city" ? "只识别到省级，无法确定地市" : "只识别到市级，无法确定区县";
  }
  return CASE_SPLIT_REASON_LABELS[reason] ?? CASE_SPLIT_REASON_LABELS.unknown;
}
