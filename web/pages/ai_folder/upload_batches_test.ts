import assert from "node:assert/strict";
import { crumbPaths, itemTypeLabel, splitIntoBatches } from "./upload_batches.ts";

const f = (size: number, name = `f${size}`) => ({ file: { size }, name });

Deno.test("splitIntoBatches() keeps each batch at most the cap, in order, and sets aside files over it", () => {
  const { batches, tooLarge } = splitIntoBatches([f(30), f(20), f(1), f(60), f(50), f(0)], 50);
  assert.deepEqual(batches.map((b) => b.map((x) => x.file.size)), [[30, 20], [1], [50, 0]]);
  assert.deepEqual(tooLarge.map((x) => x.file.size), [60]);
  assert.deepEqual(splitIntoBatches([], 50), { batches: [], tooLarge: [] });
});

Deno.test("splitIntoBatches() with the spec's 50 MB cap: 40 files of 1.5 MB make two batches", () => {
  const files = Array.from({ length: 40 }, () => f(1.5 * 1024 * 1024));
  const { batches } = splitIntoBatches(files, 52_428_800);
  assert.deepEqual(batches.map((b) => b.length), [33, 7]);
});

Deno.test("crumbPaths() and itemTypeLabel()", () => {
  assert.deepEqual(crumbPaths(""), []);
  assert.deepEqual(crumbPaths("张三/证据"), [{ name: "张三", path: "张三" }, {
    name: "证据",
    path: "张三/证据",
  }]);
  assert.equal(itemTypeLabel({ name: "a.pdf", isFolder: false }), "PDF");
  assert.equal(itemTypeLabel({ name: "证据", isFolder: true }), "文件夹");
  assert.equal(itemTypeLabel({ name: "README", isFolder: false }), "文件");
  assert.equal(itemTypeLabel({ name: ".env", isFolder: false }), "文件");
});
