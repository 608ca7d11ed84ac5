import assert from "node:assert/strict";
import { newId } from "./ids.ts";

Deno.test("newId() sorts ids of one millisecond in the order they were made, with ids of other times between", () => {
  // A manual clock stands still while other code makes ids at the real time.
  const fixed = Date.UTC(2026, 0, 1);
  for (let round = 0; round < 50; round++) {
    const first = newId(fixed);
    newId(fixed + 1 + round);
    newId();
    const second = newId(fixed);
    assert.ok(second > first, `${second} sorts after ${first}`);
    assert.equal(second.length, 20);
    assert.equal(second.slice(0, 12), fixed.toString(16).padStart(12, "0"));
  }
});

Deno.test("newId() sorts by time first", () => {
  assert.ok(newId(1_000) < newId(1_001));
  assert.ok(newId(2_000) > newId(1_999));
});
