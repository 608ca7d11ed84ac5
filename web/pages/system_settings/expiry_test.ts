import assert from "node:assert/strict";
import { buildExpiredAt } from "./expiry.ts";

Deno.test("buildExpiredAt() joins date and time, and means no expiry when either is missing", () => {
  assert.equal(buildExpiredAt("2026-12-31", "23:59:59"), "2026-12-31T23:59:59");
  assert.equal(buildExpiredAt("2026-12-31", "08:00"), "2026-12-31T08:00:00");
  assert.equal(buildExpiredAt("2026-12-31", "00:00"), "2026-12-31T00:00:00");
  assert.equal(buildExpiredAt("2026-12-31", null), null);
  assert.equal(buildExpiredAt(null, "12:00"), null);
  assert.equal(buildExpiredAt("", ""), null);
  assert.equal(buildExpiredAt("2026-12-31", "09:30"), null, "only the six choices");
});
