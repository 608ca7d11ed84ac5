import assert from "node:assert/strict";
import { buildRegionLexicon } from "./region_lexicon.ts";

const lexicon = buildRegionLexicon();
const meanings = (text: string) =>
  (lexicon.forms.get(text) ?? []).map((e) => `${lexicon.table.units[e.unit].name}:${e.weight}`).sort();

Deno.test("buildRegionLexicon() maps an ambiguous name to every unit it may mean", () => {
  assert.equal(meanings("鼓楼区").length, 4);
  assert.deepEqual(meanings("吉林"), ["吉林市:0.9", "吉林省:0.9"]);
});

Deno.test("buildRegionLexicon() keeps generated former names off current official names", () => {
  assert.deepEqual(meanings("富阳市"), ["富阳区:0.8"]);
  assert.deepEqual(meanings("衡阳市"), ["衡阳市:1"]);
});

Deno.test("buildRegionLexicon() loads aliases.json: short forms, former names, zones", () => {
  assert.deepEqual(meanings("博州"), ["博尔塔拉蒙古自治州:0.9"]);
  assert.deepEqual(meanings("襄樊市"), ["襄阳市:0.8"]);
  assert.deepEqual(meanings("贵安新区"), ["贵州省:0.9"]);
  assert.deepEqual(meanings("苏州工业园区"), ["苏州市:0.9"]);
});

Deno.test("buildRegionLexicon() indexes form lengths by first character, longest first", () => {
  const lengths = lexicon.lengths.get("杭")!;
  assert.ok(lengths.includes(3) && lengths.includes(2));
  assert.deepEqual(lengths, [...lengths].sort((a, b) => b - a));
});
