/** An Excel batch wizard task made through the API, for tests that need a real one. */
import assert from "node:assert/strict";
import { buildDocx, plainParagraph } from "../../scripts/make_fixtures.ts";
import { fileForm, sheetBytes } from "./mediation.ts";
import type { SeededUser, TestApp } from "./test_app.ts";

/**
 * Uploads a two-row sheet and a Word template, starts a task generating both rows (2 of the member's
 * mediation quota) and waits until it is no longer processing; the job listener must be running.
 * Returns the task id.
 */
export async function createExcelBatchTask(t: TestApp, member: SeededUser): Promise<string> {
  const sheet = await (await t.request("POST", "/api/excel-batch/upload", {
    as: member,
    form: fileForm(
      sheetBytes([["案号", "姓名"], ["（2024）京01号", "张三"], ["（2024）京02号", "李四"]]),
      "案件.xlsx",
    ),
  })).json();
  const form = new FormData();
  form.append(
    "file",
    new File([buildDocx({ body: plainParagraph("标题：${标题}") }) as BlobPart], "通知书.docx"),
  );
  const template = await (await t.request("POST", "/api/excel-templates/upload", { as: member, form }))
    .json();
  const res = await t.request("POST", "/api/excel-batch/create-task", {
    as: member,
    json: {
      taskName: "催告通知",
      sourceFile: sheet.filePath,
      templateFile: template.filePath,
      batchSize: 2,
      totalRows: 2,
      fieldMappings: [{ excelField: "案号", templateField: "标题" }],
      paragraphEnabled: false,
      mergeOutput: false,
      prefixEnabled: false,
    },
  });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  const deadline = Date.now() + 60_000;
  while (true) {
    const progress = await t.request("GET", `/api/excel-batch/task/${body.taskId}/progress`, { as: member });
    if ((await progress.json()).task.status !== "processing") break;
    if (Date.now() > deadline) assert.fail("task did not finish");
    await new Promise((r) => setTimeout(r, 20));
  }
  return body.taskId;
}
