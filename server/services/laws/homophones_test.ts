import assert from "node:assert/strict";
import { homophonesOf, homophoneTable, readingsOf } from "./homophones.ts";

Deno.test("readingsOf() gives every toneless reading of a polyphone", () => {
  assert.deepEqual(readingsOf("属").sort(), ["shu", "zhu"]);
  assert.deepEqual(readingsOf("婚"), ["hun"]);
});

Deno.test("homophonesOf() finds same-sounding corpus characters, any reading of the typed one, never itself", () => {
  const chars = ["婚", "昏", "嘱", "属", "偿", "尝", "借", "贷"];
  assert.deepEqual(homophonesOf(chars, "昏"), ["婚"]);
  assert.deepEqual(homophonesOf(chars, "属"), ["嘱"]); // 属 reads shu or zhu; 嘱 is zhu
  assert.deepEqual(homophonesOf(chars, "尝"), ["偿"]);
  assert.deepEqual(homophonesOf(chars, "借"), []);
  assert.deepEqual(homophonesOf(chars, "结"), ["借"]); // the typed character need not be in the corpus
  assert.equal(homophoneTable(chars), homophoneTable(chars), "built once per character list");
});
