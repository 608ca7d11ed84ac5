import assert from "node:assert/strict";
import {
  buildParagraphBlock,
  isParagraphFlagDisabled,
  NO_PARAGRAPH_FLAGS,
  normalizePrefixText,
  PARAGRAPH_INDENT,
  PARAGRAPH_PRESETS,
  PARAGRAPH_VARIABLE_PATTERN,
  previewPrefixes,
  setParagraphFlag,
} from "./paragraphs.ts";

const none = NO_PARAGRAPH_FLAGS;
const items = ["张三欠款1000元；", "李四欠款2000元；", "王五欠款3000元；"];

Deno.test("buildParagraphBlock(): no flag gives one paragraph with line breaks and the paragraph's own indent", () => {
  assert.deepEqual(buildParagraphBlock(items, { flags: none, prefixText: null }), {
    paragraphs: [items.join("\n")],
    clearIndent: false,
  });
});

Deno.test("buildParagraphBlock(): addLineBreak gives one paragraph per item, noLineBreak runs them together", () => {
  const apart = buildParagraphBlock(items, { flags: { ...none, addLineBreak: true }, prefixText: null });
  assert.deepEqual(apart.paragraphs, items);
  const together = buildParagraphBlock(items, {
    flags: { ...none, noLineBreak: true, addLineBreak: true },
    prefixText: null,
  });
  assert.deepEqual(together.paragraphs, [items.join("")], "noLineBreak wins");
});

Deno.test("buildParagraphBlock(): allIndent indents every item by two full-width spaces; noIndent clears the indent", () => {
  const indented = buildParagraphBlock(items, {
    flags: { ...none, allIndent: true, addLineBreak: true },
    prefixText: null,
  });
  assert.deepEqual(indented.paragraphs, items.map((item) => PARAGRAPH_INDENT + item));
  assert.equal(PARAGRAPH_INDENT, "　　");
  const flat = buildParagraphBlock(items, {
    flags: { ...none, noIndent: true, allIndent: true, addLineBreak: true },
    prefixText: null,
  });
  assert.deepEqual(flat.paragraphs, items);
  assert.equal(flat.clearIndent, true);
});

Deno.test("buildParagraphBlock(): the prefix numbers items 1, 2, 3 only when the task's prefix is on and the item uses it", () => {
  const flags = { ...none, addLineBreak: true, usePrefix: true };
  assert.deepEqual(buildParagraphBlock(items, { flags, prefixText: "N、" }).paragraphs, [
    "1、张三欠款1000元；",
    "2、李四欠款2000元；",
    "3、王五欠款3000元；",
  ]);
  assert.deepEqual(buildParagraphBlock(items, { flags, prefixText: null }).paragraphs, items);
  assert.deepEqual(
    buildParagraphBlock(items, { flags: { ...flags, usePrefix: false }, prefixText: "N、" }).paragraphs,
    items,
  );
  assert.deepEqual(buildParagraphBlock(["甲"], { flags, prefixText: "（N）第N项" }).paragraphs, [
    "（1）第1项甲",
  ]);
});

Deno.test("buildParagraphBlock(): removeLastChar drops the block's last character only", () => {
  const flags = { ...none, addLineBreak: true, removeLastChar: true };
  assert.deepEqual(buildParagraphBlock(items, { flags, prefixText: null }).paragraphs, [
    items[0],
    items[1],
    "王五欠款3000元",
  ]);
  const together = buildParagraphBlock(["甲、", "乙、"], {
    flags: { ...flags, noLineBreak: true },
    prefixText: null,
  });
  assert.deepEqual(together.paragraphs, ["甲、乙"]);
  assert.deepEqual(
    buildParagraphBlock(["a😀"], { flags, prefixText: null }).paragraphs,
    ["a"],
    "by character",
  );
});

Deno.test("buildParagraphBlock(): no items give no paragraph", () => {
  assert.deepEqual(
    buildParagraphBlock([], { flags: { ...none, removeLastChar: true }, prefixText: null }).paragraphs,
    [],
  );
});

Deno.test("the three presets of part 2 §3", () => {
  const byKey = Object.fromEntries(PARAGRAPH_PRESETS.map((p) => [p.key, p.flags]));
  assert.equal(PARAGRAPH_PRESETS.length, 3);
  assert.deepEqual(byKey.standard, { ...none, allIndent: true, addLineBreak: true });
  assert.deepEqual(byKey.continuous, {
    ...none,
    allIndent: true,
    noLineBreak: true,
    usePrefix: true,
    removeLastChar: true,
  });
  assert.deepEqual(byKey.no_indent, { ...none, noIndent: true, addLineBreak: true });
  const continuous = buildParagraphBlock(["张三、", "李四、"], { flags: byKey.continuous, prefixText: "N." });
  assert.deepEqual(continuous.paragraphs, ["　　1.张三、　　2.李四"]);
});

Deno.test("setParagraphFlag(): no-indent clears all-indent, no-line-break clears add-line-break", () => {
  const on = { ...none, allIndent: true, addLineBreak: true };
  const a = setParagraphFlag(on, "noIndent", true);
  assert.equal(a.allIndent, false);
  assert.equal(isParagraphFlagDisabled(a, "allIndent"), true);
  const b = setParagraphFlag(on, "noLineBreak", true);
  assert.equal(b.addLineBreak, false);
  assert.equal(isParagraphFlagDisabled(b, "addLineBreak"), true);
  assert.equal(setParagraphFlag(a, "noIndent", false).allIndent, false, "turning it off restores nothing");
  assert.equal(isParagraphFlagDisabled(on, "allIndent"), false);
});

Deno.test("normalizePrefixText() turns a lowercase n into N and says so; previewPrefixes() shows 3 examples", () => {
  assert.deepEqual(normalizePrefixText("第n条、"), { text: "第N条、", corrected: true });
  assert.deepEqual(normalizePrefixText("N、"), { text: "N、", corrected: false });
  assert.deepEqual(previewPrefixes("（N）"), ["（1）", "（2）", "（3）"]);
});

Deno.test("PARAGRAPH_VARIABLE_PATTERN accepts #{名称} only", () => {
  assert.ok(PARAGRAPH_VARIABLE_PATTERN.test("#{被申请人段落}"));
  for (const bad of ["被申请人段落", "${段落}", "#{}", "#{a b}", "#{a}x", "{a}"]) {
    assert.ok(!PARAGRAPH_VARIABLE_PATTERN.test(bad), bad);
  }
});
