import assert from "node:assert/strict";
import { COLUMN_WIDTH_MAX, COLUMN_WIDTH_MIN, ColumnWidths, displayWidth } from "./column_widths.ts";

Deno.test("displayWidth() counts CJK and full-width characters twice, the widest line of a cell", () => {
  assert.equal(displayWidth("A1"), 2);
  assert.equal(displayWidth("杭州市西湖区"), 12);
  assert.equal(displayWidth("（2024）京01号"), 2 * 2 + 4 + 2 + 2 + 2);
  assert.equal(displayWidth("短\n很长的一行"), 10);
});

Deno.test("ColumnWidths fits each column to its widest cell, between the minimum and the cap", () => {
  const widths = new ColumnWidths();
  widths.add(["案号", "住所地"]);
  widths.add(["A1", "浙江省杭州市西湖区文三路90号东部软件园"]);
  widths.add(["A2", "地".repeat(200)]);
  assert.deepEqual(widths.fitted(3), [COLUMN_WIDTH_MIN, COLUMN_WIDTH_MAX, COLUMN_WIDTH_MIN]);
  const short = new ColumnWidths();
  short.add(["案号", "浙江省杭州市西湖区文三路90号"]);
  assert.deepEqual(short.fitted(2), [COLUMN_WIDTH_MIN, 13 * 2 + 2 + 2]);
});
