import assert from "node:assert/strict";
import { mergeIntoRows } from "./layout.ts";

Deno.test("mergeIntoRows: a label and its value on one visual row become one line, rows top to bottom", () => {
  const rows = mergeIntoRows([
    { text: "被告", box: [100, 200, 140, 220], confidence: 0.9 },
    { text: "出借人", box: [100, 100, 160, 120], confidence: 1 },
    { text: "李建国", box: [400, 202, 460, 222], confidence: 0.6 },
    { text: "张晓明", box: [400, 98, 460, 118], confidence: 1 },
  ]);
  assert.deepEqual(rows.map((r) => r.text), ["出借人  张晓明", "被告  李建国"]);
  assert.deepEqual(rows[1].box, [100, 200, 460, 222]);
  // Confidence is the mean over characters: (2 × 0.9 + 3 × 0.6) / 5.
  assert.ok(Math.abs(rows[1].confidence - 0.72) < 1e-9);
});

Deno.test("mergeIntoRows: near CJK pieces join without a space; lines one above the other stay apart", () => {
  const rows = mergeIntoRows([
    { text: "民事", box: [100, 100, 140, 120], confidence: 1 },
    { text: "起诉状", box: [145, 101, 205, 121], confidence: 1 },
    { text: "第二行", box: [100, 125, 160, 145], confidence: 1 },
  ]);
  assert.deepEqual(rows.map((r) => r.text), ["民事起诉状", "第二行"]);
});

Deno.test("mergeIntoRows: columns of sideways text are never merged into one row", () => {
  const rows = mergeIntoRows([
    { text: "原告张晓明", box: [100, 100, 120, 300], confidence: 1 },
    { text: "被告李建国", box: [130, 100, 150, 300], confidence: 1 },
  ]);
  assert.equal(rows.length, 2);
});

Deno.test("mergeIntoRows: pieces standing apart on a row are its cells, with their boxes; near pieces share a cell", () => {
  const [row] = mergeIntoRows([
    { text: "借款", box: [100, 100, 124, 112], confidence: 1 },
    { text: "金额", box: [126, 100, 150, 112], confidence: 1 },
    { text: "100,000.00", box: [300, 100, 360, 112], confidence: 1 },
  ]);
  assert.equal(row.text, "借款金额  100,000.00");
  assert.deepEqual(row.cells, [
    { text: "借款金额", box: [100, 100, 150, 112] },
    { text: "100,000.00", box: [300, 100, 360, 112] },
  ]);
});
