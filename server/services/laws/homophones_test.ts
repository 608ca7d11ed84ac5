import assert from "node:assert/strict";
import { homophonesOf, homophoneTable, readingsOf, SoundIndex } from "./homophones.ts";

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

Deno.test("SoundIndex.heard() finds known words typed with same-sounding characters, tones kept for two", () => {
  const index = new SoundIndex(["高利贷", "试用期", "中断", "卖房", "打赏", "遗嘱"]);
  assert.deepEqual(index.heard("高利代的利息"), [["高利代", "高利贷"]]);
  assert.deepEqual(
    index.heard("使用期最长多久"),
    [["使用期", "试用期"]],
    "three characters: tones may differ",
  );
  assert.deepEqual(index.heard("诉讼时效终断"), [["终断", "中断"]]);
  assert.deepEqual(index.heard("遗属见证人"), [["遗属", "遗嘱"]], "any reading of a polyphone (属 zhǔ)");
  assert.deepEqual(index.heard("买房 被打伤"), [], "two characters need the same tones: 买/卖, 伤/赏 differ");
  assert.deepEqual(index.heard("高利贷"), [], "the word as written is not a correction");
});
