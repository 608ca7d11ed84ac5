import assert from "node:assert/strict";
import { buildRegionLexicon } from "./region_lexicon.ts";
import { resolveChain } from "./resolve_region.ts";
import { scanTokens } from "./scan_tokens.ts";

const lexicon = buildRegionLexicon();
const resolve = (text: string) => resolveChain(lexicon, scanTokens(lexicon, text));

Deno.test("resolveChain() answers unknown for an empty chain", () => {
  assert.deepEqual(resolveChain(lexicon, []), {
    province: null,
    city: null,
    county: null,
    reason: "unknown",
  });
});

Deno.test("resolveChain() prefers the reading that explains most names (homophone cities)", () => {
  assert.equal(resolve("江西省福州市临川区").city?.name, "抚州市");
  assert.equal(resolve("福建省抚州市鼓楼区").city?.name, "福州市");
});

Deno.test("resolveChain() keeps only shared levels when readings tie", () => {
  const tie = resolve("江苏省鼓楼区");
  assert.deepEqual(tie, {
    province: { name: "江苏省", code: "320000" },
    city: null,
    county: null,
    reason: "ambiguous",
  });
  const cityOrDistrict = resolve("山东东营");
  assert.equal(cityOrDistrict.city?.name, "东营市");
  assert.equal(cityOrDistrict.county, null);
});

Deno.test("resolveChain() lets the leading name win between equals", () => {
  assert.equal(resolve("南京中山门大街").city?.name, "南京市");
});

Deno.test("resolveChain() trusts a current official name over a former one", () => {
  assert.equal(resolve("安徽省巢湖市").county?.name, "巢湖市");
  assert.equal(resolve("巢湖市无为县").county?.name, "无为市");
});
