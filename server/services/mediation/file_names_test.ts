import assert from "node:assert/strict";
import {
  DEFAULT_NAME_PATTERN,
  normalizeNamePattern,
  renderFileName,
  sanitizeFileName,
  uniqueFileNames,
} from "./file_names.ts";

Deno.test("renderFileName() fills the default pattern from 案号 and 被申请人", () => {
  const row = { 案号: "（2024）京0105民调00001号", 被申请人: "王一" };
  assert.equal(renderFileName(DEFAULT_NAME_PATTERN, row, 2), "（2024）京0105民调00001号_王一");
});

Deno.test("renderFileName() drops an empty value with its separator and falls back to the row number", () => {
  assert.equal(renderFileName("{案号}_{被申请人}", { 案号: "", 被申请人: "王一" }, 3), "王一");
  assert.equal(renderFileName("{案号}_{被申请人}", { 案号: "A1", 被申请人: null }, 3), "A1");
  assert.equal(renderFileName("{案号}_{被申请人}", { 案号: "  ", 被申请人: "" }, 7), "第7行");
  assert.equal(renderFileName("{案号}_{被申请人}", {}, 9), "第9行");
  assert.equal(renderFileName("调解书-{申请人}", { 申请人: "张三" }, 2), "调解书-张三");
});

Deno.test("renderFileName() formats dates and numbers as the document does", () => {
  const row = { 日期: { t: "n", v: 45356, z: "yyyy/m/d", w: "2024/3/5" }, 金额: 19.990000000000002 };
  assert.equal(renderFileName("{日期}_{金额}", row, 2), "2024年3月5日_19.99");
});

Deno.test("sanitizeFileName() removes characters no file system accepts", () => {
  assert.equal(sanitizeFileName('a/b\\c:d*e?f"g<h>i|j'), "a_b_c_d_e_f_g_h_i_j");
  assert.equal(sanitizeFileName("..\\..\\etc/passwd"), "_.._etc_passwd");
  assert.equal(sanitizeFileName("name. . "), "name");
  assert.equal(sanitizeFileName("CON"), "_CON");
  assert.equal(sanitizeFileName("lpt1.txt"), "_lpt1.txt");
  assert.equal(sanitizeFileName("a\nb\tc\u0001"), "a b c_");
  assert.equal(Array.from(sanitizeFileName("长".repeat(300))).length, 80);
  // A row whose values are all unsafe still gives a usable name.
  assert.equal(renderFileName("{x}", { x: "..." }, 4), "第4行");
});

Deno.test("uniqueFileNames() numbers repeats, ignoring case", () => {
  assert.deepEqual(uniqueFileNames(["张三", "李四", "张三", "abc", "ABC", "张三"]), [
    "张三",
    "李四",
    "张三(2)",
    "abc",
    "ABC(2)",
    "张三(3)",
  ]);
  assert.deepEqual(uniqueFileNames(["a", "a(2)", "a"]), ["a", "a(2)", "a(3)"]);
});

Deno.test("normalizeNamePattern() refuses empty and overlong patterns", () => {
  assert.equal(normalizeNamePattern("  {案号} "), "{案号}");
  assert.equal(normalizeNamePattern(""), null);
  assert.equal(normalizeNamePattern(undefined), null);
  assert.equal(normalizeNamePattern("x".repeat(101)), null);
});
