import assert from "node:assert/strict";
import PizZip from "pizzip";
import { buildDocx, plainParagraph } from "../../scripts/make_fixtures.ts";
import { startJobListener } from "../../server/jobs/dispatch.ts";
import { jobHandlers } from "../../server/jobs/handlers.ts";
import { getBatch, listFiles, recordFile } from "../../server/kv/excel_batch.ts";
import { getTask, listTasksByUser } from "../../server/kv/tasks.ts";
import { handleExcelBatchGenerate } from "../../server/jobs/excel_batch_job.ts";
import { ZIP_LINK_TTL_MS } from "../../server/services/links/zip_links.ts";
import { docxText, fileForm, quotaOf, sheetBytes } from "../helpers/mediation.ts";
import { type SeededUser, type TestApp, testApp } from "../helpers/test_app.ts";

/** 标题 (mapped from 案号), the paragraph variable 被申请人段落, 结尾. */
function wizardTemplate(): Uint8Array {
  return buildDocx({
    body: plainParagraph("标题：${标题}") + plainParagraph("#{被申请人段落}") + plainParagraph("以上共计。"),
  });
}

const HEADER = ["案号", "姓名", "金额"];
const ROWS = [
  ["（2024）京01号", "张三", 1000],
  ["（2024）京02号", "李四", 2500.5],
  ["（2024）京03号", "王五", 300],
  ["（2024）京04号", "赵六", 400],
];

async function appWithJobs() {
  const t = await testApp();
  startJobListener(t.deps, jobHandlers).catch(() => {});
  return t;
}

async function wizardUser(t: TestApp, mediation = 20) {
  return await t.userWith(["excel_batch_generate"], { quotas: { mediation } });
}

async function uploadSheet(
  t: TestApp,
  as: SeededUser,
  rows: unknown[][] = [HEADER, ...ROWS],
  name = "案件.xlsx",
) {
  const res = await t.request("POST", "/api/excel-batch/upload", {
    as,
    form: fileForm(sheetBytes(rows), name),
  });
  return { res, body: await res.json() };
}

/** Uploads the template through the custom-templates upload (the wizard's "upload" choice). */
async function uploadTemplate(t: TestApp, as: SeededUser, bytes = wizardTemplate()): Promise<string> {
  const form = new FormData();
  form.append("file", new File([bytes as BlobPart], "通知书.docx"));
  const body = await (await t.request("POST", "/api/excel-templates/upload", { as, form })).json();
  assert.equal(body.success, true, JSON.stringify(body));
  return body.filePath;
}

const PARAGRAPH = {
  variable: "#{被申请人段落}",
  template: "被申请人${姓名}，欠款${金额|千分位}元；",
  noIndent: false,
  allIndent: false,
  addLineBreak: true,
  noLineBreak: false,
  removeLastChar: true,
  usePrefix: true,
};

async function payload(t: TestApp, as: SeededUser, overrides: Record<string, unknown> = {}) {
  const sheet = await uploadSheet(t, as);
  const templateFile = await uploadTemplate(t, as);
  return {
    taskName: "催告通知",
    sourceFile: sheet.body.filePath,
    templateFile,
    batchSize: 3,
    totalRows: 4,
    fieldMappings: [{ excelField: "案号", templateField: "标题" }],
    paragraphEnabled: true,
    mergeOutput: false,
    prefixEnabled: true,
    prefixTemplate: "N、",
    paragraphMappings: [PARAGRAPH],
    ...overrides,
  };
}

async function createTask(t: TestApp, as: SeededUser, json: unknown) {
  const res = await t.request("POST", "/api/excel-batch/create-task", { as, json });
  return { res, body: await res.json() };
}

async function waitForTask(t: TestApp, as: SeededUser, taskId: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const res = await t.request("GET", `/api/excel-batch/task/${taskId}/progress`, { as });
    assert.equal(res.status, 200);
    const body = await res.json();
    if (body.task.status !== "processing") return body;
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.fail("task did not finish in time");
}

async function download(t: TestApp, path: string, as?: SeededUser) {
  const res = await t.request("GET", path, as ? { as } : {});
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

Deno.test("excel-batch: upload answers path, headers, row count and name; refusals have the spec's messages", async () => {
  using t = await testApp();
  const m = await wizardUser(t);
  const { res, body } = await uploadSheet(t, m, [HEADER, ...ROWS, [], ["", "", ""]]);
  assert.equal(res.status, 200);
  assert.deepEqual(Object.keys(body).sort(), ["fileName", "filePath", "headers", "success", "totalRows"]);
  assert.equal(body.fileName, "案件.xlsx");
  assert.deepEqual(body.headers, HEADER);
  assert.equal(body.totalRows, 4);
  assert.match(body.filePath, /^[0-9a-f]{20}$/);

  const wrongType = await t.request("POST", "/api/excel-batch/upload", {
    as: m,
    form: fileForm(new TextEncoder().encode("a,b"), "data.csv"),
  });
  assert.equal(wrongType.status, 400);
  assert.equal((await wrongType.json()).error, "只能上传 Excel 文件!");
  const fake = await t.request("POST", "/api/excel-batch/upload", {
    as: m,
    form: fileForm(new TextEncoder().encode("not a sheet"), "data.xlsx"),
  });
  assert.equal(fake.status, 400);
  assert.equal((await fake.json()).error, "只能上传 Excel 文件!");
  const empty = await uploadSheet(t, m, [HEADER]);
  assert.equal(empty.res.status, 400);
  assert.equal(empty.body.error, "Excel 文件中没有数据!");
  const big = await t.request("POST", "/api/excel-batch/upload", {
    as: m,
    form: fileForm(new Uint8Array(10 * 1024 * 1024 + 100 * 1024), "big.xlsx"),
  });
  assert.equal(big.status, 413);
  assert.equal((await big.json()).error, "文件大小不能超过 10MB!");
  const none = await t.request("POST", "/api/excel-batch/upload", { as: m, form: new FormData() });
  assert.equal(none.status, 400);
  assert.equal((await none.json()).error, "请选择要上传的文件");

  const anonymous = await t.request("POST", "/api/excel-batch/upload", {
    form: fileForm(sheetBytes([HEADER]), "a.xlsx"),
  });
  assert.equal(anonymous.status, 401);
  const other = await t.userWith(["mediation"]);
  const forbidden = await uploadSheet(t, other);
  assert.equal(forbidden.res.status, 403);
  assert.equal(forbidden.body.error, "没有访问权限");
});

Deno.test("excel-batch: parse-template gives variables and paragraph variables of an upload or a saved template", async () => {
  using t = await testApp();
  const m = await t.userWith(["excel_batch_generate", "excel_template_manage"]);
  const pending = await uploadTemplate(t, m);
  const parse = async (as: SeededUser, templateFile: string) => {
    const res = await t.request("POST", "/api/excel-batch/parse-template", { as, json: { templateFile } });
    return { status: res.status, body: await res.json() };
  };
  const fromUpload = await parse(m, pending);
  assert.equal(fromUpload.status, 200);
  assert.deepEqual(fromUpload.body.variables, ["标题"]);
  assert.deepEqual(fromUpload.body.paragraphVariables, ["#{被申请人段落}"]);

  const saved = await (await t.request("POST", "/api/excel-templates", {
    as: m,
    json: { templateName: "通知书", filePath: await uploadTemplate(t, m) },
  })).json();
  const fromSaved = await parse(m, saved.template.file_path);
  assert.equal(fromSaved.status, 200);
  assert.deepEqual(fromSaved.body.variables, ["标题"]);
  assert.deepEqual(fromSaved.body.paragraphVariables, ["#{被申请人段落}"]);

  const empty = await parse(m, "");
  assert.equal(empty.status, 400);
  assert.equal(empty.body.error, "请选择或上传Word模板");
  // another member's upload and saved template are not found
  const stranger = await t.userWith(["excel_batch_generate"]);
  assert.equal((await parse(stranger, pending)).body.error, "上传的模板文件不存在或已过期，请重新上传");
  const strangerSaved = await parse(stranger, saved.template.file_path);
  assert.equal(strangerSaved.status, 404);
  assert.equal(strangerSaved.body.error, "模板不存在");
});

Deno.test("excel-batch: a task without merge output makes one document per row, refunds a failed row, and serves files", async () => {
  using t = await appWithJobs();
  const m = await wizardUser(t, 10);
  const sheet = await uploadSheet(t, m, [
    HEADER,
    ROWS[0],
    ["（2024）京02号", "李四", "五千"],
    ROWS[2],
    ROWS[3],
  ]);
  const json = { ...(await payload(t, m)), sourceFile: sheet.body.filePath };
  const { res, body } = await createTask(t, m, json);
  assert.equal(res.status, 200, JSON.stringify(body));
  assert.equal(body.success, true);
  assert.equal(body.deductedAmount, 3);
  assert.deepEqual(body.limits, { mediationLimit: 7 });
  assert.equal(body.message, "成功创建任务，已扣除 3 次使用次数");
  assert.match(body.taskId, /^[0-9a-f]{20}$/);

  const done = await waitForTask(t, m, body.taskId);
  assert.equal(done.task.status, "completed");
  assert.equal(done.task.total_rows, 3);
  assert.equal(done.task.progress, 100);
  assert.equal(done.task.success_count, 2);
  assert.equal(done.task.failed_count, 1);
  assert.deepEqual(
    done.generatedFiles.map((f: { file_name: string; row_index: number }) => [f.file_name, f.row_index]),
    [
      ["催告通知_1.docx", 1],
      ["催告通知_3.docx", 3],
    ],
  );
  assert.deepEqual(done.failedRows, [{ row_index: 2, error: "“金额”的值“五千”无法按“千分位”格式转换" }]);
  assert.equal(await quotaOf(t, m), 8, "the failed row's use came back");

  const [first, third] = done.generatedFiles;
  const word = await download(t, `/api/excel-batch/download/${first.id}`, m);
  assert.equal(word.res.status, 200);
  assert.match(word.res.headers.get("content-disposition")!, /filename\*=UTF-8''/);
  const text = docxText(word.bytes);
  assert.match(text, /标题：（2024）京01号/);
  assert.match(text, /1、被申请人张三，欠款1,000\.00元\n/, "numbered 1, last character removed");
  assert.doesNotMatch(text, /李四|王五/);
  assert.match(
    docxText((await download(t, `/api/excel-batch/download/${third.id}`, m)).bytes),
    /1、被申请人王五，欠款300\.00元\n/,
  );

  // the direct address works without a token; a changed signature or another member does not
  const url = new URL(first.download_url);
  assert.equal(url.pathname, `/api/excel-batch/download-direct/${first.id}`);
  const direct = await download(t, url.pathname + url.search);
  assert.equal(direct.res.status, 200);
  assert.deepEqual(direct.bytes, word.bytes);
  const forged = await download(t, `${url.pathname}?${url.search.slice(1).replace(/s=[0-9a-f]/, "s=x")}`);
  assert.equal(forged.res.status, 403);
  const otherFile = await download(t, `/api/excel-batch/download-direct/${third.id}${url.search}`);
  assert.equal(otherFile.res.status, 403, "a signature covers one file");
  const stranger = await wizardUser(t);
  const stolen = await t.request("GET", `/api/excel-batch/download/${first.id}`, { as: stranger });
  assert.equal(stolen.status, 404);
  assert.equal((await stolen.json()).error, "文件不存在或已被删除");
  assert.equal(
    (await t.request("GET", `/api/excel-batch/task/${body.taskId}/progress`, { as: stranger })).status,
    404,
  );

  // the whole task as one zip
  const zip = await download(t, `/api/excel-batch/task/${body.taskId}/download-zip`, m);
  assert.equal(zip.res.status, 200);
  assert.equal(zip.res.headers.get("content-type"), "application/zip");
  assert.deepEqual(Object.keys(new PizZip(zip.bytes).files), ["催告通知_1.docx", "催告通知_3.docx"]);

  // usage records: 2 documents generated, 1 failed (refunded)
  const records = [];
  for await (
    const e of t.kv.list<{ status: string; count: number; description: string }>({
      prefix: ["usage_by_user", m.user.id],
    })
  ) {
    records.push(e.value);
  }
  assert.deepEqual(records.map((r) => [r.status, r.count]).sort(), [["failed", 1], ["success", 2]]);
});

Deno.test("excel-batch: merged output costs 1 and puts every row's paragraph in one document, in row order", async () => {
  using t = await appWithJobs();
  const m = await wizardUser(t, 5);
  const { res, body } = await createTask(t, m, await payload(t, m, { mergeOutput: true, batchSize: 4 }));
  assert.equal(res.status, 200, JSON.stringify(body));
  assert.equal(body.deductedAmount, 1);
  assert.deepEqual(body.limits, { mediationLimit: 4 });
  assert.equal(body.message, "成功创建任务，已扣除 1 次使用次数");
  const done = await waitForTask(t, m, body.taskId);
  assert.equal(done.task.status, "completed");
  assert.equal(done.task.merge_output, true);
  assert.equal(done.generatedFiles.length, 1);
  assert.equal(done.generatedFiles[0].file_name, "催告通知.docx");
  assert.equal(done.generatedFiles[0].row_index, 0);
  const text = docxText(
    (await download(t, `/api/excel-batch/download/${done.generatedFiles[0].id}`, m)).bytes,
  );
  assert.match(
    text,
    /标题：（2024）京01号\n1、被申请人张三，欠款1,000\.00元；\n2、被申请人李四，欠款2,500\.50元；\n3、被申请人王五，欠款300\.00元；\n4、被申请人赵六，欠款400\.00元\n以上共计。/,
  );
  assert.equal(await quotaOf(t, m), 4);
});

Deno.test("excel-batch: merged output without paragraphs is a mail merge: the template once per row, each from a new page", async () => {
  using t = await appWithJobs();
  const m = await wizardUser(t, 5);
  const template = buildDocx({
    body: plainParagraph("致${姓名}：") + plainParagraph("案号${标题}，金额${金额}元。"),
  });
  const json = {
    ...(await payload(t, m, {
      mergeOutput: true,
      batchSize: 3,
      paragraphEnabled: false,
      paragraphMappings: [],
    })),
    templateFile: await uploadTemplate(t, m, template),
    fieldMappings: [
      { excelField: "案号", templateField: "标题" },
      { excelField: "姓名", templateField: "姓名" },
      { excelField: "金额", templateField: "金额" },
    ],
  };
  const { res, body } = await createTask(t, m, json);
  assert.equal(res.status, 200, JSON.stringify(body));
  assert.equal(body.deductedAmount, 1);
  const done = await waitForTask(t, m, body.taskId);
  assert.equal(done.task.status, "completed", JSON.stringify(done.task));
  assert.equal(done.generatedFiles.length, 1);
  const bytes = (await download(t, `/api/excel-batch/download/${done.generatedFiles[0].id}`, m)).bytes;
  assert.equal(
    docxText(bytes).replace(/\n+/g, "\n").trim(),
    [
      "致张三：\n案号（2024）京01号，金额1000元。",
      "致李四：\n案号（2024）京02号，金额2500.5元。",
      "致王五：\n案号（2024）京03号，金额300元。",
    ].join("\n"),
  );
  // each row after the first starts a new page (a next-page section break)
  const xml = new PizZip(bytes).file("word/document.xml")!.asText();
  assert.equal(xml.match(/<w:pPr><w:sectPr\b/g)?.length, 2);
  assert.equal(await quotaOf(t, m), 4);
});

Deno.test("excel-batch: output files follow the task's file-name pattern; the member's pattern is saved as /mediation-form's", async () => {
  using t = await appWithJobs();
  const m = await wizardUser(t, 5);
  const settings = await (await t.request("GET", "/api/excel-batch/settings", { as: m })).json();
  assert.deepEqual(settings, {
    success: true,
    fileNamePattern: "{任务名}_{序号}",
    defaultFileNamePattern: "{任务名}_{序号}",
  });
  const put = await t.request("PUT", "/api/excel-batch/settings", {
    as: m,
    json: { fileNamePattern: " {姓名}_{案号} " },
  });
  assert.deepEqual(await put.json(), { success: true, fileNamePattern: "{姓名}_{案号}" });
  assert.equal(
    (await (await t.request("GET", "/api/excel-batch/settings", { as: m })).json()).fileNamePattern,
    "{姓名}_{案号}",
  );
  const empty = await t.request("PUT", "/api/excel-batch/settings", { as: m, json: { fileNamePattern: "" } });
  assert.equal(empty.status, 400);
  assert.equal((await empty.json()).error, "文件名规则不能为空，且不超过100个字符");

  const { body } = await createTask(
    t,
    m,
    await payload(t, m, { batchSize: 2, fileNamePattern: "{姓名}_{案号}" }),
  );
  const done = await waitForTask(t, m, body.taskId);
  assert.deepEqual(
    done.generatedFiles.map((f: { file_name: string }) => f.file_name),
    ["张三_（2024）京01号.docx", "李四_（2024）京02号.docx"],
  );
  const long = await createTask(t, m, await payload(t, m, { fileNamePattern: "名".repeat(101) }));
  assert.equal(long.res.status, 400);
  assert.equal(long.body.error, "文件名规则不能超过100个字符");
});

Deno.test("excel-batch: a merged document that cannot be made fails the task and gives its use back", async () => {
  using t = await appWithJobs();
  const m = await wizardUser(t, 5);
  const sheet = await uploadSheet(t, m, [HEADER, ROWS[0], ["（2024）京02号", "李四", "五千"]]);
  const json = {
    ...(await payload(t, m, { mergeOutput: true, batchSize: 2, totalRows: 2 })),
    sourceFile: sheet.body.filePath,
  };
  const { body } = await createTask(t, m, json);
  assert.equal(await quotaOf(t, m), 4);
  const done = await waitForTask(t, m, body.taskId);
  assert.equal(done.task.status, "failed");
  assert.equal(done.task.error, "“金额”的值“五千”无法按“千分位”格式转换");
  assert.deepEqual(done.generatedFiles, []);
  assert.equal(await quotaOf(t, m), 5);
});

Deno.test("excel-batch: a task whose every row fails is failed and refunded once", async () => {
  using t = await appWithJobs();
  const m = await wizardUser(t, 5);
  const sheet = await uploadSheet(t, m, [HEADER, ["1", "甲", "x"], ["2", "乙", "y"]]);
  const json = { ...(await payload(t, m, { batchSize: 2, totalRows: 2 })), sourceFile: sheet.body.filePath };
  const { body } = await createTask(t, m, json);
  assert.equal(await quotaOf(t, m), 3);
  const done = await waitForTask(t, m, body.taskId);
  assert.equal(done.task.status, "failed");
  assert.equal(done.failedRows.length, 2);
  assert.equal(await quotaOf(t, m), 5);
});

Deno.test("excel-batch: create-task refuses each rule of part 2 §5 with its message and charges nothing", async () => {
  using t = await testApp();
  const m = await wizardUser(t, 2);
  const base = await payload(t, m, { batchSize: 2 });
  const cases: [Record<string, unknown>, string][] = [
    [{ taskName: "  " }, "请输入任务名称"],
    [{ templateFile: "" }, "请选择或上传Word模板"],
    [{ batchSize: 0 }, "处理数量至少为1"],
    [{ batchSize: 5 }, "处理数量必须在1到4之间"],
    [{ batchSize: 5, totalRows: 9 }, "处理数量必须在1到4之间"],
    [{ fieldMappings: [] }, "请添加至少一个字段映射"],
    [
      { fieldMappings: [{ excelField: "案号", templateField: "" }] },
      "每一行字段映射都需要填写Excel字段和模板字段",
    ],
    [{ fieldMappings: [{ excelField: "不存在", templateField: "标题" }] }, "Excel中不存在列“不存在”"],
    [{ fieldMappings: [{ excelField: "案号", templateField: "不存在" }] }, "模板中不存在变量“不存在”"],
    [{ paragraphMappings: [] }, "请至少添加一个段落"],
    [{ paragraphMappings: [{ ...PARAGRAPH, variable: "" }] }, "请输入段落变量"],
    [{ paragraphMappings: [{ ...PARAGRAPH, variable: "被申请人段落" }] }, "段落变量必须使用 #{变量名} 格式"],
    [{ paragraphMappings: [{ ...PARAGRAPH, template: " " }] }, "请输入段落模板内容"],
    [{ paragraphMappings: [PARAGRAPH, PARAGRAPH] }, "已存在相同的段落变量"],
    [
      { paragraphMappings: [{ ...PARAGRAPH, noIndent: true, allIndent: true }] },
      "不缩进与全部缩进不能同时选择",
    ],
    [
      { paragraphMappings: [{ ...PARAGRAPH, noLineBreak: true, addLineBreak: true }] },
      "不换行与添加换行不能同时选择",
    ],
    [{ paragraphMappings: [{ ...PARAGRAPH, variable: "#{别的}" }] }, "模板中不存在段落变量“#{别的}”"],
    [
      { paragraphMappings: [{ ...PARAGRAPH, template: "${姓名|未知}" }] },
      "模板格式错误：段落模板中的占位符“${姓名|未知}”",
    ],
    [{ prefixTemplate: "第N项".repeat(7) }, "前缀内容不能超过20个字符"],
    [{ prefixTemplate: "n、" }, "前缀内容中的N必须使用大写"],
    [{ prefixTemplate: "" }, "请输入前缀内容"],
    [{ sourceFile: "0123456789abcdef0123" }, "上传的Excel文件不存在或已过期，请重新上传"],
  ];
  for (const [change, message] of cases) {
    const { res, body } = await createTask(t, m, { ...base, ...change });
    assert.ok(res.status === 400 || res.status === 404, `${message}: ${res.status}`);
    assert.equal(body.success, false);
    assert.ok(body.error.startsWith(message), `expected ${message}, got ${body.error}`);
  }
  // paragraphs off: their items are not needed
  const off = await createTask(t, m, { ...base, paragraphEnabled: false, paragraphMappings: [] });
  assert.equal(off.res.status, 200, JSON.stringify(off.body));
  assert.equal(off.body.deductedAmount, 2);

  // not enough uses: exact message, nothing deducted or created
  const tasksBefore = (await listTasksByUser(t.kv, m.user.id)).length;
  const poor = await createTask(t, m, { ...base, batchSize: 3 });
  assert.equal(poor.res.status, 402);
  assert.deepEqual(poor.body, {
    success: false,
    code: "EXCEL_BATCH_QUOTA_INSUFFICIENT",
    error: "使用次数不足。需要 3 次，当前剩余 0 次",
  });
  assert.equal(await quotaOf(t, m), 0);
  assert.equal((await listTasksByUser(t.kv, m.user.id)).length, tasksBefore);

  // someone else's sheet is not found
  const stranger = await wizardUser(t);
  const stolen = await createTask(t, stranger, { ...base, templateFile: await uploadTemplate(t, stranger) });
  assert.equal(stolen.body.error, "上传的Excel文件不存在或已过期，请重新上传");
});

Deno.test("excel-batch: a redelivered or resumed run renders only what is missing and charges nothing twice", async () => {
  using t = await testApp(); // no queue listener: the handler is called by hand
  const m = await wizardUser(t, 10);
  const { body } = await createTask(t, m, await payload(t, m, { batchSize: 4 }));
  const taskId = body.taskId;
  // A first run stopped after its first row.
  await recordFile(t.kv, taskId, {
    index: 0,
    rowIndex: 1,
    status: "done",
    fileName: "earlier.docx",
    blobKey: `${(await getBatch(t.kv, taskId))!.blobPrefix}/earlier.docx`,
    finishedAt: 1,
  });
  const msg = { type: "excel_batch.generate" as const, taskId, userId: m.user.id };
  await handleExcelBatchGenerate(t.deps, msg);
  const files = await listFiles(t.kv, taskId);
  assert.deepEqual(files.map((f) => f.fileName), [
    "earlier.docx",
    "催告通知_2.docx",
    "催告通知_3.docx",
    "催告通知_4.docx",
  ]);
  assert.equal((await getTask(t.kv, taskId))!.status, "done");
  assert.equal(await quotaOf(t, m), 6);
  await handleExcelBatchGenerate(t.deps, msg);
  await handleExcelBatchGenerate(t.deps, msg);
  assert.equal((await listFiles(t.kv, taskId)).length, 4);
  assert.equal(await quotaOf(t, m), 6);
  let records = 0;
  for await (const _ of t.kv.list({ prefix: ["usage_by_user", m.user.id] })) records++;
  assert.equal(records, 1, "one usage record for the run");
  assert.equal((await t.kv.get(["excel_batch_active", taskId])).versionstamp, null);
});

Deno.test("excel-batch: the task zip through a signed link streams the task's files without a token; forged 403, expired 410, owner only", async () => {
  using t = await appWithJobs();
  const m = await wizardUser(t, 10);
  const { body } = await createTask(t, m, await payload(t, m));
  const done = await waitForTask(t, m, body.taskId);
  const names = done.generatedFiles.map((f: { file_name: string }) => f.file_name);
  assert.ok(names.length >= 3, names.join());

  const signed = await t.request("GET", `/api/excel-batch/task/${body.taskId}/download-zip-url`, { as: m });
  assert.equal(signed.status, 200);
  const { success, url } = await signed.json();
  assert.equal(success, true);
  assert.match(
    url,
    new RegExp(`^/api/excel-batch/task/${body.taskId}/zip\\?u=${m.user.id}&e=\\d+&s=[0-9a-f]{32}$`),
  );
  const zip = await download(t, url);
  assert.equal(zip.res.status, 200);
  assert.equal(zip.res.headers.get("content-type"), "application/zip");
  assert.equal(
    zip.res.headers.get("content-disposition"),
    `attachment; filename="____.zip"; filename*=UTF-8''${encodeURIComponent("催告通知.zip")}`,
  );
  const entries = new PizZip(zip.bytes);
  assert.deepEqual(Object.keys(entries.files), names);
  assert.match(docxText(entries.file("催告通知_2.docx")!.asUint8Array()), /标题：（2024）京02号/);

  const invalid = { success: false, code: "DOWNLOAD_LINK_INVALID", error: "下载链接无效，请重新点击下载" };
  const link = new URL(url, "http://x");
  const query = (name: string, value: string) => {
    const q = new URLSearchParams(link.search);
    q.set(name, value);
    return `${link.pathname}?${q}`;
  };
  const sig = link.searchParams.get("s")!;
  const stranger = await wizardUser(t);
  const other = await createTask(t, stranger, await payload(t, stranger));
  await waitForTask(t, stranger, other.body.taskId);
  for (
    const forged of [
      query("s", (sig[0] === "0" ? "1" : "0") + sig.slice(1)),
      query("u", String(stranger.user.id)),
      query("e", String(Number(link.searchParams.get("e")) + 3600)),
      `/api/excel-batch/task/${other.body.taskId}/zip${link.search}`,
      `${link.pathname}?u=${m.user.id}`,
    ]
  ) {
    const res = await download(t, forged);
    assert.equal(res.res.status, 403, forged);
    assert.deepEqual(JSON.parse(new TextDecoder().decode(res.bytes)), invalid, forged);
  }

  // Someone else's task cannot be signed; no token, no link.
  const notFound = await t.request("GET", `/api/excel-batch/task/${body.taskId}/download-zip-url`, {
    as: stranger,
  });
  assert.equal(notFound.status, 404);
  assert.deepEqual(await notFound.json(), {
    success: false,
    code: "EXCEL_BATCH_TASK_NOT_FOUND",
    error: "任务不存在或已删除",
  });
  assert.equal((await t.request("GET", `/api/excel-batch/task/${body.taskId}/download-zip-url`)).status, 401);

  // The link works until its expiry, then answers 410.
  t.clock.advance(ZIP_LINK_TTL_MS - 1000);
  assert.equal((await download(t, url)).res.status, 200);
  t.clock.advance(1000);
  const expired = await t.request("GET", url);
  assert.equal(expired.status, 410);
  assert.deepEqual(await expired.json(), {
    success: false,
    code: "DOWNLOAD_LINK_EXPIRED",
    error: "下载链接已过期，请重新点击下载",
  });
});
