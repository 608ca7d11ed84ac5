/**
 * The matcher against labelled address sets, with issue #16's goals: city accuracy at least 0.995,
 * county at least 0.99, wrong placements (at either level) at most 0.2 %. Scored like the shared
 * score.mjs: a county counts only together with its city, and 其他 for a 其他 label is correct.
 */
import assert from "node:assert/strict";
import { parseCsv } from "../../../scripts/eval_regions.ts";
import { matchRegion } from "./match_region.ts";

const OTHER = "其他";
const SETS = [
  new URL("../../../../shared/data/case-split/dev-addresses.csv", import.meta.url),
  new URL("../../../tests/data/region_sets/holdout1.csv", import.meta.url),
  new URL("../../../tests/data/region_sets/holdout2.csv", import.meta.url),
  new URL("../../../tests/data/region_sets/holdout3.csv", import.meta.url),
  new URL("../../../tests/data/region_sets/holdout4.csv", import.meta.url),
  new URL("../../../tests/data/region_sets/holdout5.csv", import.meta.url),
];

interface Score {
  city: number;
  county: number;
  wrong: number;
}

async function scoreSet(url: URL): Promise<Score> {
  const [header, ...rows] = parseCsv(await Deno.readTextFile(url));
  const col = (name: string) => header.indexOf(name);
  let city = 0, county = 0, wrong = 0;
  for (const row of rows) {
    const m = matchRegion(row[col("address")]);
    const gotCity = m.city?.name ?? OTHER;
    const gotCounty = m.county ? `${gotCity}/${m.county.name}` : OTHER;
    const wantCity = row[col("city")] || OTHER;
    const wantCounty = row[col("county")] && row[col("county")] !== OTHER
      ? `${wantCity}/${row[col("county")]}`
      : OTHER;
    if (gotCity === wantCity) city++;
    if (gotCounty === wantCounty) county++;
    if ((gotCity !== OTHER && gotCity !== wantCity) || (gotCounty !== OTHER && gotCounty !== wantCounty)) {
      wrong++;
    }
  }
  return { city: city / rows.length, county: county / rows.length, wrong: wrong / rows.length };
}

for (const url of SETS) {
  const name = url.pathname.split("/").pop();
  Deno.test(`matchRegion() meets the accuracy goals on ${name}`, async () => {
    const score = await scoreSet(url);
    assert.ok(score.city >= 0.995, `city accuracy ${score.city.toFixed(3)}`);
    assert.ok(score.county >= 0.99, `county accuracy ${score.county.toFixed(3)}`);
    assert.ok(score.wrong <= 0.002, `wrong placements ${score.wrong.toFixed(3)}`);
  });
}
