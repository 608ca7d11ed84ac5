import assert from "node:assert/strict";
import { hasLowQuota, quotaPercent, quotaStatus } from "./quota_status.ts";

Deno.test("quotaStatus() is exception at 0 or less, warning at 10 or less, success above", () => {
  assert.deepEqual([-1, 0, 1, 10, 11, 1000, 5000].map(quotaStatus), [
    "exception",
    "exception",
    "warning",
    "warning",
    "success",
    "success",
    "success",
  ]);
});

Deno.test("quotaPercent() measures against 1000 and caps at 100", () => {
  assert.deepEqual([-5, 0, 1, 5, 10, 500, 999, 1000, 99_999].map(quotaPercent), [
    0,
    0,
    0,
    1,
    1,
    50,
    100,
    100,
    100,
  ]);
});

Deno.test("hasLowQuota() is true when any quota is 10 or less", () => {
  assert.equal(hasLowQuota({ pdfConvertLimit: 11, mediationLimit: 500, aiLimit: 11 }), false);
  assert.equal(hasLowQuota({ pdfConvertLimit: 11, mediationLimit: 500, aiLimit: 10 }), true);
  assert.equal(hasLowQuota({ pdfConvertLimit: 0, mediationLimit: 500, aiLimit: 100 }), true);
});
