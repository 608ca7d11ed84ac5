import assert from "node:assert/strict";
import { decodeCtc, parseDictionary } from "./ctc_decode.ts";

Deno.test("decodeCtc() merges repeats, drops blanks, keeps a doubled character split by a blank", () => {
  const dictionary = parseDictionary("借\n条\n0");
  // classes: 0 blank, 1 借, 2 条, 3 "0", 4 " "
  const steps = [1, 1, 0, 2, 3, 0, 3, 4];
  const probs = new Float32Array(2 * steps.length * 5);
  for (const [t, c] of steps.entries()) probs[(steps.length + t) * 5 + c] = c === 0 ? 0.9 : 0.8;
  const line = decodeCtc(probs, { steps: steps.length, classes: 5 }, 1, dictionary);
  assert.equal(line.text, "借条00 ");
  assert.ok(Math.abs(line.confidence - 0.8) < 1e-6);
  assert.deepEqual(decodeCtc(probs, { steps: steps.length, classes: 5 }, 0, dictionary), {
    text: "",
    confidence: 0,
  });
});
