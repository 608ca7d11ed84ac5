/**
 * The Excel batch wizard end to end (issue 5 "Numbers to report"): through the API (upload, template,
 * create-task, polling GET /api/excel-batch/task/:id/progress until finished) with the real job, the
 * render workers and the blob store, on a template with a paragraph variable:
 *   1. N rows without merge output (N documents);
 *   2. N rows merged into one document (N numbered paragraphs).
 *
 *   deno run -A bench/excel_batch_bench.ts --rows 1000
 *
 * Under `deno task bench` it runs once with 20 rows. The machine is shared: run small here; the
 * figures for the issue come from a quiet run.
 */

import { parseArgs } from "node:util";
import { buildDocx, plainParagraph } from "../scripts/make_fixtures.ts";
import { startJobListener } from "../server/jobs/dispatch.ts";
import { jobHandlers } from "../server/jobs/handlers.ts";
import { fileForm, sheetBytes } from "../tests/helpers/mediation.ts";
import { type SeededUser, type TestApp, testApp } from "../tests/helpers/test_app.ts";

const TEMPLATE = buildDocx({
  body: plainParagraph("案号：${案号}") +
    plainParagraph("申请人：${申请人}，住所地：${住所}。") +
    plainParagraph("#{被申请人段落}") +
    plainParagraph("以上被申请人应于判决生效之日起十日内支付欠款。"),
});

function sheetOf(rows: number): Uint8Array {
  const data: unknown[][] = [["案号", "申请人", "住所", "被申请人", "金额"]];
  for (let i = 1; i <= rows; i++) {
    data.push([
      `（2024）京0105民初${i}号`,
      "某银行股份有限公司",
      "北京市朝阳区建国路1号",
      `被申请人${i}`,
      1000 + i,
    ]);
  }
  return sheetBytes(data);
}

async function json(res: Response) {
  const body = await res.json();
  if (!body.success) throw new Error(JSON.stringify(body));
  return body;
}

async function runTask(t: TestApp, as: SeededUser, input: { rows: number; merge: boolean }): Promise<number> {
  const sheet = await json(
    await t.request("POST", "/api/excel-batch/upload", {
      as,
      form: fileForm(sheetOf(input.rows), "data.xlsx"),
    }),
  );
  const form = new FormData();
  form.append("file", new File([TEMPLATE as BlobPart], "判决书.docx"));
  const template = await json(await t.request("POST", "/api/excel-templates/upload", { as, form }));
  const started = performance.now();
  const task = await json(
    await t.request("POST", "/api/excel-batch/create-task", {
      as,
      json: {
        taskName: input.merge ? "合并" : "逐行",
        sourceFile: sheet.filePath,
        templateFile: template.filePath,
        batchSize: input.rows,
        totalRows: input.rows,
        fieldMappings: [
          { excelField: "案号", templateField: "案号" },
          { excelField: "申请人", templateField: "申请人" },
          { excelField: "住所", templateField: "住所" },
        ],
        paragraphEnabled: true,
        mergeOutput: input.merge,
        prefixEnabled: true,
        prefixTemplate: "N、",
        paragraphMappings: [{
          variable: "#{被申请人段落}",
          template: "被申请人${被申请人}，欠款${金额|千分位}元；",
          allIndent: true,
          addLineBreak: true,
          usePrefix: true,
          removeLastChar: true,
        }],
      },
    }),
  );
  for (;;) {
    const progress = await json(
      await t.request("GET", `/api/excel-batch/task/${task.taskId}/progress`, { as }),
    );
    if (progress.task.status !== "processing") {
      if (progress.task.status !== "completed") throw new Error(JSON.stringify(progress.task));
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return (performance.now() - started) / 1000;
}

async function measure(rows: number): Promise<void> {
  using t = await testApp();
  startJobListener(t.deps, jobHandlers).catch(() => {});
  const user = await t.userWith(["excel_batch_generate"], { quotas: { mediation: 99_999 } });
  await runTask(t, user, { rows: Math.min(rows, 8), merge: false }); // warm the workers' code
  const plain = await runTask(t, user, { rows, merge: false });
  console.log(
    `without merge: ${rows} rows -> ${rows} documents in ${plain.toFixed(2)} s (${
      (rows / plain).toFixed(0)
    } documents/s)`,
  );
  const merged = await runTask(t, user, { rows, merge: true });
  console.log(`merged: ${rows} rows -> 1 document in ${merged.toFixed(2)} s`);
}

if (import.meta.main) {
  const { values } = parseArgs({ args: Deno.args, options: { rows: { type: "string", default: "1000" } } });
  await measure(Math.max(1, Number(values.rows)));
  Deno.exit(0); // the queue listener keeps the process alive otherwise
} else {
  Deno.bench({ name: "excel batch wizard, 20 rows (with and without merge)", n: 1, warmup: 0 }, async () => {
    await measure(20);
  });
}
