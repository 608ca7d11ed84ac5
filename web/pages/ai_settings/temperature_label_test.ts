import assert from "node:assert/strict";
import { temperatureLabel } from "./temperature_label.ts";

Deno.test("temperatureLabel() is 保守 up to 0.3, 平衡 up to 0.7, 创意 above", () => {
  assert.equal(temperatureLabel(0), "保守");
  assert.equal(temperatureLabel(0.1 + 0.2), "保守");
  assert.equal(temperatureLabel(0.4), "平衡");
  assert.equal(temperatureLabel(0.7), "平衡");
  assert.equal(temperatureLabel(0.8), "创意");
  assert.equal(temperatureLabel(1), "创意");
});
