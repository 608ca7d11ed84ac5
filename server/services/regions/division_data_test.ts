import assert from "node:assert/strict";
import { buildDivisionTable } from "./division_data.ts";

const { units, zones } = buildDivisionTable();
const byName = (name: string, level: number) => units.filter((u) => u.name === name && u.level === level);

Deno.test("buildDivisionTable() keeps 31 provinces and turns municipalities into one city each", () => {
  assert.equal(units.filter((u) => u.level === 1).length, 31);
  const [beijing] = byName("北京市", 2);
  assert.equal(beijing.code, "110000");
  assert.equal(beijing.municipality, true);
  const [chaoyang] = units.filter((u) => u.name === "朝阳区" && u.city === beijing.id);
  assert.equal(chaoyang.code, "110105");
});

Deno.test("buildDivisionTable() makes province-administered units and county-less cities their own county", () => {
  for (const [name, code] of [["仙桃市", "429004"], ["东莞市", "441900"], ["嘉峪关市", "620201"]]) {
    const [unit] = byName(name, 2);
    assert.equal(unit.code, code);
    assert.equal(unit.selfCounty, true);
    assert.equal(units.some((u) => u.level === 3 && u.city === unit.id), false);
  }
  assert.equal(units.some((u) => u.name === "省直辖县级行政区划"), false);
});

Deno.test("buildDivisionTable() keeps statistical zones out of the counties and drops 三沙市", () => {
  assert.equal(units.some((u) => u.level === 3 && u.code[4] === "7"), false);
  const park = zones.find((z) => z.name === "苏州工业园区");
  assert.equal(units[park!.city].name, "苏州市");
  assert.equal(units.some((u) => u.name === "三沙市" || u.code.startsWith("4603")), false);
  const [dingzhou] = byName("定州市", 3);
  assert.equal(units[dingzhou.city].name, "保定市");
});
