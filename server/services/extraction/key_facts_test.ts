import assert from "node:assert/strict";
import { extractKeyFacts } from "./key_facts.ts";
import { docOf } from "./test_docs.ts";

Deno.test("extractKeyFacts lists names, IDs with the check, phones, amounts with 大写/小写, dates, case numbers, courts", () => {
  const k = extractKeyFacts(docOf("借条.jpg", [
    "民事判决书",
    "北京市朝阳区人民法院",
    "（2024）京0105民初123号",
    "原告：王小明，公民身份号码：11010519491231002X，电话：13800001111",
    "被告：赵大力，公民身份号码：110105194912310021",
    "借款人民币伍万元整（¥50,000.00），另付人民币叁万元（¥20,000.00）",
    "2023年3月5日",
  ], { method: "ocr", confidence: 0.8 }));
  assert.equal(k.kind, "判决书");
  const of = (t: string) => k.facts.filter((f) => f.type === t);
  assert.deepEqual(of("name").map((f) => [f.label, f.value]), [["原告", "王小明"], ["被告", "赵大力"]]);
  assert.deepEqual(of("id_no").map((f) => [f.value, f.valid]), [
    ["11010519491231002X", true],
    ["110105194912310021", false],
  ]);
  assert.deepEqual(of("phone").map((f) => f.normalized), ["13800001111"]);
  assert.deepEqual(of("amount").map((f) => [f.normalized, f.valid]), [["50000", true], ["20000", false]]);
  assert.deepEqual(of("date").map((f) => f.normalized), ["2023-03-05"]);
  assert.deepEqual(of("case_no").map((f) => f.normalized), ["（2024）京0105民初123号"]);
  assert.deepEqual(of("court").map((f) => f.value), ["北京市朝阳区人民法院"]);
  assert.equal(of("court")[0].source.line, 2);
});

Deno.test("extractKeyFacts on an ID card names the holder next to 姓名 and checks the number", () => {
  const k = extractKeyFacts(docOf("身份证.jpg", [
    "姓名 王小明",
    "性别 女 民族 汉",
    "出生 1949年12月31日",
    "住址 北京市朝阳区建国路1号",
    "公民身份号码 11010519491231002X",
  ], { method: "ocr", confidence: 0.9 }));
  assert.equal(k.kind, "身份证");
  assert.deepEqual(k.facts.filter((f) => f.type === "name").map((f) => [f.label, f.value]), [[
    "姓名",
    "王小明",
  ]]);
  const id = k.facts.find((f) => f.type === "id_no")!;
  assert.equal(id.valid, true);
  assert.deepEqual(id.checks, ["校验位正确", "出生日期1949-12-31", "性别女"]);
});
