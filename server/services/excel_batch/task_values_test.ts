import assert from "node:assert/strict";
import { AppError } from "../../errors.ts";
import {
  mapRowValues,
  mergedParagraphBlocks,
  outputFileNames,
  paragraphNameOf,
  rowParagraphBlocks,
  type TaskSpec,
} from "./task_values.ts";

const item = {
  variable: "#{当事人}",
  template: "${姓名}（${身份}）；",
  noIndent: false,
  allIndent: true,
  addLineBreak: true,
  noLineBreak: false,
  removeLastChar: true,
  usePrefix: true,
};

const spec: TaskSpec = {
  fieldMappings: [{ excelField: "案号", templateField: "标题" }],
  paragraphEnabled: true,
  mergeOutput: false,
  prefixEnabled: true,
  prefixTemplate: "N.",
  paragraphMappings: [item],
};

const rows = [{ 案号: "A1", 姓名: "张三", 身份: "申请人" }, { 案号: "A2", 姓名: "李四", 身份: "被申请人" }];

Deno.test("paragraphNameOf() takes the name inside #{...}", () => {
  assert.equal(paragraphNameOf(" #{当事人} "), "当事人");
});

Deno.test("mapRowValues() gives each template field its mapped column, and only those", () => {
  assert.deepEqual(mapRowValues(rows[0], spec.fieldMappings), { 标题: "A1" });
  assert.deepEqual(mapRowValues({}, spec.fieldMappings), { 标题: null });
});

Deno.test("rowParagraphBlocks(): one item numbered 1, indent, prefix, last character removed", () => {
  assert.deepEqual(rowParagraphBlocks(rows[1], spec), {
    当事人: { paragraphs: ["\u3000\u30001.李四（被申请人）"], clearIndent: false },
  });
});

Deno.test("rowParagraphBlocks() reads mapped template field names where no column has the name", () => {
  const blocks = rowParagraphBlocks(rows[0], {
    ...spec,
    paragraphMappings: [{ ...item, template: "${标题}" }],
  });
  assert.deepEqual(blocks.当事人.paragraphs, ["\u3000\u30001.A"], "A1 without its last character");
});

Deno.test("rowParagraphBlocks(): no prefix when the task's prefix is off; nothing when paragraphs are off", () => {
  assert.deepEqual(rowParagraphBlocks(rows[0], { ...spec, prefixEnabled: false }).当事人.paragraphs, [
    "\u3000\u3000张三（申请人）",
  ]);
  assert.deepEqual(rowParagraphBlocks(rows[0], { ...spec, paragraphEnabled: false }), {});
});

Deno.test("mergedParagraphBlocks(): every row's item in row order, numbered 1, 2", () => {
  assert.deepEqual(mergedParagraphBlocks(rows, { ...spec, mergeOutput: true }), {
    当事人: {
      paragraphs: ["\u3000\u30001.张三（申请人）；", "\u3000\u30002.李四（被申请人）"],
      clearIndent: false,
    },
  });
  const continuous = { ...item, addLineBreak: false, noLineBreak: true, allIndent: false };
  assert.deepEqual(
    mergedParagraphBlocks(rows, { ...spec, paragraphMappings: [continuous] }).当事人.paragraphs,
    [
      "1.张三（申请人）；2.李四（被申请人）",
    ],
  );
});

Deno.test("rowParagraphBlocks() throws the formatter's error for a value it cannot read", () => {
  const money = { ...spec, paragraphMappings: [{ ...item, template: "${金额|大写}" }] };
  assert.throws(
    () => rowParagraphBlocks({ 金额: "五千" }, money),
    (err) => err instanceof AppError && err.code === "TEMPLATE_VALUE_INVALID",
  );
});

Deno.test("outputFileNames(): task name and row number, safe; the merged document takes the task name", () => {
  const two = { rows: [{}, {}], rowNumbers: [1, 2] };
  assert.deepEqual(outputFileNames("催告/通知", { ...two, merged: false }), [
    "催告_通知_1.docx",
    "催告_通知_2.docx",
  ]);
  assert.deepEqual(outputFileNames("催告通知", { ...two, merged: true }), ["催告通知.docx"]);
  assert.deepEqual(outputFileNames("...", { rows: [{}], rowNumbers: [1], merged: false }), ["文档_1.docx"]);
});

Deno.test("outputFileNames(): a file-name pattern of Excel columns, {任务名} and {序号}, as /mediation-form's", () => {
  const sheet = {
    rows: [{ 案号: "（2024）京01号", 姓名: "张三" }, { 案号: "（2024）京02号", 姓名: "张三" }, {
      案号: "",
      姓名: "",
    }],
    rowNumbers: [1, 2, 5],
  };
  assert.deepEqual(outputFileNames("催告", { ...sheet, merged: false, pattern: "{姓名}_{案号}" }), [
    "张三_（2024）京01号.docx",
    "张三_（2024）京02号.docx",
    "第5行.docx",
  ]);
  assert.deepEqual(outputFileNames("催告", { ...sheet, merged: false, pattern: "{任务名}-{序号}-{姓名}" }), [
    "催告-1-张三.docx",
    "催告-2-张三.docx",
    "催告-3.docx",
  ]);
  assert.deepEqual(outputFileNames("催告", { ...sheet, merged: false, pattern: "{姓名}" }), [
    "张三.docx",
    "张三(2).docx",
    "第5行.docx",
  ]);
  assert.deepEqual(outputFileNames("催告", { ...sheet, merged: false, pattern: "  " }), [
    "催告_1.docx",
    "催告_2.docx",
    "催告_3.docx",
  ]);
});
