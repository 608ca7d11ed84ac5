import assert from "node:assert/strict";
import {
  createTaskBody,
  duplicateParagraphIndices,
  excelBatchCost,
  taskCreatedMessage,
} from "./excel_batch.ts";

const valid = {
  taskName: "任务",
  sourceFile: "0123456789abcdef0123",
  templateFile: "excel-templates/0123456789abcdef0123",
  batchSize: 2,
  totalRows: 3,
  fieldMappings: [{ excelField: "a", templateField: "b" }],
};

function firstIssue(change: Record<string, unknown>): string | undefined {
  const result = createTaskBody.safeParse({ ...valid, ...change });
  return result.success ? undefined : result.error.issues[0].message;
}

Deno.test("excelBatchCost(): the batch size, or 1 with merge output", () => {
  assert.equal(excelBatchCost({ batchSize: 40, mergeOutput: false }), 40);
  assert.equal(excelBatchCost({ batchSize: 40, mergeOutput: true }), 1);
  assert.equal(taskCreatedMessage(40), "成功创建任务，已扣除 40 次使用次数");
});

Deno.test("createTaskBody: defaults for the paragraph settings; the batch size within 1..totalRows", () => {
  const parsed = createTaskBody.parse(valid);
  assert.equal(parsed.paragraphEnabled, false);
  assert.equal(parsed.mergeOutput, false);
  assert.equal(parsed.prefixTemplate, "");
  assert.deepEqual(parsed.paragraphMappings, []);
  assert.equal(firstIssue({ batchSize: 4 }), "处理数量必须在1到3之间");
  assert.equal(firstIssue({ batchSize: 1.5 }), "处理数量至少为1");
  assert.equal(firstIssue({ taskName: undefined }), "请输入任务名称");
});

Deno.test("createTaskBody: the prefix keeps at most 20 characters and an uppercase N", () => {
  assert.equal(firstIssue({ prefixTemplate: "N".repeat(21) }), "前缀内容不能超过20个字符");
  assert.equal(firstIssue({ prefixTemplate: "第n条" }), "前缀内容中的N必须使用大写");
  assert.equal(firstIssue({ prefixTemplate: "第N条" }), undefined);
});

Deno.test("duplicateParagraphIndices() flags every repeat after the first", () => {
  assert.deepEqual(
    duplicateParagraphIndices([{ variable: "#{a}" }, { variable: "#{b}" }, { variable: " #{a}" }]),
    [2],
  );
});
