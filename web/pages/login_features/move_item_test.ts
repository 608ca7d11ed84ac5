import assert from "node:assert/strict";
import { moveItem } from "./move_item.ts";

Deno.test("moveItem() moves one item up or down and leaves the input alone", () => {
  const list = ["a", "b", "c"];
  assert.deepEqual(moveItem(list, 1, 0), ["b", "a", "c"]);
  assert.deepEqual(moveItem(list, 1, 2), ["a", "c", "b"]);
  assert.deepEqual(moveItem(list, 0, 2), ["b", "c", "a"]);
  assert.deepEqual(list, ["a", "b", "c"]);
  assert.equal(moveItem(list, 0, -1), list, "out of range: unchanged");
  assert.equal(moveItem(list, 2, 3), list);
});
