import assert from "node:assert/strict";
import PizZip from "pizzip";
import { buildMediationTemplate, buildSimpleTemplate, mediationRow } from "../../scripts/make_fixtures.ts";
import { startJobListener } from "../../server/jobs/dispatch.ts";
import { jobHandlers } from "../../server/jobs/handlers.ts";
import { getBatchByNo, listRows, recordRowOutcome } from "../../server/kv/mediation_batches.ts";
import { getTask } from "../../server/kv/tasks.ts";
import { handleMediationGenerate } from "../../server/jobs/mediation_generate_job.ts";
import { ZIP_LINK_TTL_MS } from "../../server/services/links/zip_links.ts";
import { createPdfConverter } from "../../server/services/pdf/libreoffice_pool.ts";
import { type SeededUser, type TestApp, testApp } from "../helpers/test_app.ts";
import {
  docxText,
  fakeConverter,
  fileForm,
  quotaOf,
  sheetBytes,
  waitForBatch,
} from "../helpers/mediation.ts";

const HEADER = ["案号", "申请人", "被申请人"];

async function systemTemplate(t: TestApp, bytes = buildSimpleTemplate()): Promise<string> {
  const form = new FormData();
  form.append("file", new File([bytes as BlobPart], "调解书.docx"));
  const body = await (await t.request("POST", "/api/templates/upload", { as: "admin", form })).json();
  assert.equal(body.success, true, JSON.stringify(body));
  return body.template.id;
}

async function uploadExcel(
  t: TestApp,
  as: SeededUser,
  templateId: string,
  rows: unknown[][],
  name = "data.xlsx",
) {
  const res = await t.request("POST", "/api/upload-excel", {
    as,
    form: fileForm(sheetBytes(rows), name),
    headers: { "template-type": "system", "template-id": templateId },
  });
  return { res, body: await res.json() };
}

/** The app with the queue listener running (closed with the KV at the end of the test). */
async function appWithJobs(options: { pdf?: boolean } = {}) {
  const t = await testApp();
  const pdf = fakeConverter();
  if (options.pdf !== false) t.deps.pdf = pdf;
  startJobListener(t.deps, jobHandlers).catch(() => {});
  return { t, pdf };
}

Deno.test("generation: upload, progress, signed links, names, quota and usage records", async () => {
  const { t, pdf } = await appWithJobs();
  using _t = t;
  const member = await t.userWith(["mediation", "member_center"], { quotas: { mediation: 10 } });
  const id = await systemTemplate(t);
  const { res, body } = await uploadExcel(t, member, id, [
    HEADER,
    ["（2024）京01号", "张三", "王五"],
    [],
    ["", "李四", "赵六"],
    ["（2024）京01号", "张三", "王五"],
  ]);
  assert.equal(res.status, 200, JSON.stringify(body));
  assert.equal(body.success, true);
  assert.equal(body.totalFiles, 3);
  assert.equal(body.left, 7);
  assert.match(body.batch_no, /^\d{8}_\d{6}$/);

  const done = await waitForBatch(t, member);
  assert.equal(done.batch_no, body.batch_no);
  assert.equal(done.status, "done");
  assert.equal(done.currentFile, 3);
  assert.equal(done.totalFiles, 3);
  assert.deepEqual(done.errors, []);
  assert.deepEqual(done.files.map((f: { row: number; fileName: string }) => [f.row, f.fileName]), [
    [2, "（2024）京01号_王五"],
    [4, "赵六"],
    [5, "（2024）京01号_王五(2)"],
  ]);
  const first = done.files[0];
  assert.equal(first.applicant, "张三");
  assert.equal(first.respondent, "王五");
  assert.equal(first.caseNumber, "（2024）京01号");
  assert.match(
    first.wordUrl,
    /^http:\/\/localhost\/api\/mediation\/file\/\d{8}_\d{6}\/0\/word\?u=\d+&e=\d+&s=[0-9a-f]{32}$/,
  );
  assert.equal(pdf.calls.length, 3);

  // The signed links open without a token; tampering breaks them.
  const word = await t.request("GET", new URL(first.wordUrl).pathname + new URL(first.wordUrl).search);
  assert.equal(word.status, 200);
  assert.match(word.headers.get("content-disposition") ?? "", /%E7%8E%8B%E4%BA%94\.docx/);
  assert.match(docxText(new Uint8Array(await word.arrayBuffer())), /申请人：张三，被申请人：王五。/);
  const pdfRes = await t.request("GET", new URL(first.pdfUrl).pathname + new URL(first.pdfUrl).search);
  assert.equal(pdfRes.headers.get("content-type"), "application/pdf");
  assert.match(await pdfRes.text(), /^%PDF-fake/);
  const forged = new URL(first.wordUrl).pathname + new URL(first.wordUrl).search.replace(/\/0\//, "/1/")
    .replace(/s=[0-9a-f]{4}/, "s=0000");
  const bad = await t.request("GET", forged);
  assert.equal(bad.status, 403);
  assert.deepEqual(await bad.json(), { success: false, code: "LINK_INVALID", error: "链接无效或已过期" });

  assert.equal(await quotaOf(t, member), 7);
  const usage = await (await t.request("GET", "/api/member/usage-records", { as: member })).json();
  const types = JSON.stringify(usage);
  assert.match(types, /模板文书生成：批次 \d{8}_\d{6}（调解书\.docx），成功 3 份/);
  assert.match(types, /转换PDF 3 份/);
});

Deno.test("generation links use the user's domain and the generation link port", async () => {
  const { t } = await appWithJobs();
  using _t = t;
  const member = await t.userWith(["mediation"], { quotas: { mediation: 5 } });
  await t.kv.set(["users", member.user.id], { ...member.user, domain: "law.example.com" });
  const id = await systemTemplate(t);
  await uploadExcel(t, member, id, [HEADER, ["A1", "张三", "王五"]]);
  const done = await waitForBatch(t, member);
  const port = t.deps.config.linkPorts.generation;
  assert.ok(done.files[0].wordUrl.startsWith(`http://law.example.com:${port}/api/mediation/file/`));
});

Deno.test("a row with a value its formatter cannot read fails with its row number; its use is refunded", async () => {
  const { t } = await appWithJobs();
  using _t = t;
  const member = await t.userWith(["mediation"], { quotas: { mediation: 5000 } });
  const id = await systemTemplate(t, buildMediationTemplate());
  const rows = [1, 2, 3].map((n) => mediationRow(n));
  rows[1]["借款金额"] = "五千";
  const headers = Object.keys(rows[0]);
  const aoa = [
    headers,
    ...rows.map((r) => headers.map((h) => typeof r[h] === "object" ? (r[h] as { v: number }).v : r[h])),
  ];
  const { body } = await uploadExcel(t, member, id, aoa);
  assert.equal(body.totalFiles, 3);
  const done = await waitForBatch(t, member);
  assert.equal(done.status, "done");
  assert.equal(done.files.length, 2);
  assert.equal(done.failedCount, 1);
  assert.equal(done.errors[0].row, 3);
  assert.match(done.errors[0].reason, /“借款金额”的值“五千”无法按“大写”格式转换/);
  // 3 charged at start, 1 refunded.
  assert.equal(await quotaOf(t, member), 5000 - 2);
  // Values as lawyers expect them, in the rendered document.
  const word = await t.request(
    "GET",
    new URL(done.files[0].wordUrl).pathname + new URL(done.files[0].wordUrl).search,
  );
  const text = docxText(new Uint8Array(await word.arrayBuffer()));
  assert.match(text, /申请人：张芳/);
  assert.ok(!text.includes("${"), "no placeholder left");
});

Deno.test("retry-failed re-runs only the failed rows, charged for them", async () => {
  const { t, pdf } = await appWithJobs();
  using _t = t;
  const member = await t.userWith(["mediation"], { quotas: { mediation: 10 } });
  const id = await systemTemplate(t);
  pdf.fail = (text) => text.includes("李四");
  const { body } = await uploadExcel(t, member, id, [HEADER, ["A1", "张三", "王五"], ["A2", "李四", "赵六"]]);
  const first = await waitForBatch(t, member);
  assert.equal(first.failedCount, 1);
  assert.deepEqual(first.errors, [{ row: 3, fileName: "A2_赵六", reason: "生成PDF失败：Error: boom" }]);
  assert.equal(await quotaOf(t, member), 9);

  pdf.fail = undefined;
  const callsBefore = pdf.calls.length;
  const retry = await t.request("POST", `/api/mediation/batch/${body.batch_no}/retry-failed`, { as: member });
  const retryBody = await retry.json();
  assert.equal(retry.status, 200, JSON.stringify(retryBody));
  assert.equal(retryBody.totalFiles, 1);
  assert.equal(retryBody.left, 8);
  const second = await waitForBatch(t, member, body.batch_no);
  assert.equal(second.successCount, 2);
  assert.equal(second.failedCount, 0);
  assert.equal(pdf.calls.length - callsBefore, 1, "only the failed row is generated again");
  assert.equal(await quotaOf(t, member), 8);

  const again = await t.request("POST", `/api/mediation/batch/${body.batch_no}/retry-failed`, { as: member });
  assert.equal(again.status, 400);
  assert.deepEqual(await again.json(), {
    success: false,
    code: "BATCH_NO_FAILED_ROWS",
    error: "该批次没有失败的文件",
  });
});

Deno.test("a run delivered again resumes: rows already recorded are neither generated nor charged twice", async () => {
  using t = await testApp();
  const pdf = fakeConverter();
  t.deps.pdf = pdf;
  const member = await t.userWith(["mediation"], { quotas: { mediation: 10 } });
  const id = await systemTemplate(t);
  // No listener: the message waits in the queue, as after a crash.
  const { body } = await uploadExcel(t, member, id, [HEADER, ["A1", "张三", "王五"], ["A2", "李四", "赵六"], [
    "A3",
    "孙七",
    "周八",
  ]]);
  assert.equal(await quotaOf(t, member), 7);
  const batch = (await getBatchByNo(t.kv, member.user.id, body.batch_no))!;
  // Row 0 finished before the "crash".
  await recordRowOutcome(t.kv, {
    batch,
    row: {
      index: 0,
      row: 2,
      status: "done",
      fileName: "A1_王五",
      applicant: "张三",
      respondent: "王五",
      caseNumber: "A1",
      wordKey: null,
      pdfKey: null,
      attempt: 1,
      finishedAt: 1,
    },
    now: t.clock.now(),
  });
  const msg = {
    type: "mediation.generate" as const,
    taskId: batch.taskId,
    batchId: batch.id,
    userId: member.user.id,
    attempt: 1,
  };
  await Promise.all([handleMediationGenerate(t.deps, msg), handleMediationGenerate(t.deps, msg)]);
  await handleMediationGenerate(t.deps, msg);
  assert.equal(pdf.calls.length, 2, "rows 1 and 2 only, once each");
  assert.equal((await getTask(t.kv, batch.taskId))!.status, "done");
  const rows = await listRows(t.kv, batch.id);
  assert.deepEqual(rows.map((r) => r.status), ["done", "done", "done"]);
  assert.equal(await quotaOf(t, member), 7);
});

Deno.test("without LibreOffice, Word output works and rows say why they have no PDF", async () => {
  const { t } = await appWithJobs({ pdf: false });
  using _t = t;
  const member = await t.userWith(["mediation"], { quotas: { mediation: 10 } });
  const id = await systemTemplate(t);
  await uploadExcel(t, member, id, [HEADER, ["A1", "张三", "王五"]]);
  const done = await waitForBatch(t, member);
  assert.equal(done.pdfAvailable, false);
  assert.equal(done.files.length, 1);
  assert.equal(done.files[0].pdfUrl, "");
  assert.ok(done.files[0].wordUrl);
  const history =
    await (await t.request("GET", `/api/mediation/history?batch_no=${done.batch_no}`, { as: member }))
      .json();
  assert.equal(history.data.records[0].error, "服务器未安装 LibreOffice，无法生成 PDF；Word 文档仍可生成");
  assert.equal(await quotaOf(t, member), 9);
});

Deno.test("the progress call says PDF is unavailable once LibreOffice is gone, even after a batch with PDFs", async () => {
  const { t } = await appWithJobs();
  using _t = t;
  const member = await t.userWith(["mediation"], { quotas: { mediation: 10 } });
  const id = await systemTemplate(t);
  await uploadExcel(t, member, id, [HEADER, ["A1", "张三", "王五"]]);
  const done = await waitForBatch(t, member);
  assert.equal(done.pdfAvailable, true);
  assert.ok(done.files[0].pdfUrl);
  // The server restarts without LibreOffice: the page's first call (no batch_no) must say so.
  t.deps.pdf = createPdfConverter({ workDir: "/nonexistent", install: null });
  const onLoad = await (await t.request("GET", "/api/conversion-progress", { as: member })).json();
  assert.equal(onLoad.batch_no, done.batch_no);
  assert.equal(onLoad.pdfAvailable, false);
  assert.ok(onLoad.files[0].pdfUrl, "the batch's own PDFs are still listed");
});

Deno.test("Excel upload rejections carry the spec's messages and charge nothing", async () => {
  using t = await testApp();
  const member = await t.userWith(["mediation"], { quotas: { mediation: 2 } });
  const other = await t.userWith(["mediation", "my_template"]);
  const id = await systemTemplate(t);
  const sheet = sheetBytes([HEADER, ["A1", "张三", "王五"]]);
  const cases: [string, RequestInitLike, number, Record<string, unknown>][] = [
    ["no template", { form: fileForm(sheet, "a.xlsx") }, 400, {
      code: "TEMPLATE_REQUIRED",
      error: "请先选择或上传模板",
    }],
    [
      "csv",
      { form: fileForm(sheet, "a.csv"), headers: { "template-type": "system", "template-id": id } },
      400,
      { code: "EXCEL_TYPE_INVALID", error: "只能上传 Excel 文件!", field: "file" },
    ],
    [
      "not a spreadsheet",
      {
        form: fileForm(new TextEncoder().encode("hello"), "a.xlsx"),
        headers: { "template-type": "system", "template-id": id },
      },
      400,
      { code: "EXCEL_TYPE_INVALID", error: "只能上传 Excel 文件!", field: "file" },
    ],
    [
      "over 10MB",
      {
        form: fileForm(new Uint8Array(10 * 1024 * 1024 + 10), "a.xlsx"),
        headers: { "template-type": "system", "template-id": id },
      },
      413,
      { code: "EXCEL_TOO_LARGE", error: "文件大小不能超过 10MB!", field: "file" },
    ],
    [
      "header only",
      {
        form: fileForm(sheetBytes([HEADER]), "a.xlsx"),
        headers: { "template-type": "system", "template-id": id },
      },
      400,
      { code: "EXCEL_EMPTY", error: "Excel 文件中没有数据!", field: "file" },
    ],
    [
      "more rows than uses",
      {
        form: fileForm(sheetBytes([HEADER, ["1", "a", "b"], ["2", "c", "d"], ["3", "e", "f"]]), "a.xls"),
        headers: { "template-type": "system", "template-id": id },
      },
      402,
      { code: "MEDIATION_QUOTA_INSUFFICIENT", error: "使用次数不足！需要 3 次，剩余 2 次" },
    ],
    [
      "unknown template",
      { form: fileForm(sheet, "a.xlsx"), headers: { "template-type": "personal", "template-id": id } },
      404,
      { code: "TEMPLATE_NOT_FOUND", error: "模板不存在" },
    ],
  ];
  for (const [label, init, status, expected] of cases) {
    const res = await t.request("POST", "/api/upload-excel", { as: member, ...init });
    assert.equal(res.status, status, label);
    assert.deepEqual(await res.json(), { success: false, ...expected }, label);
  }
  // Another user's temporary template is not found through the alternative call either.
  const tmp = new FormData();
  tmp.append("template", new File([buildSimpleTemplate() as BlobPart], "临时.docx"));
  const uploaded = await (await t.request("POST", "/api/upload-template", { as: other, form: tmp })).json();
  assert.deepEqual(uploaded.variables, HEADER);
  assert.match(uploaded.filePath, /^temp\/[0-9a-f]{20}$/);
  const res = await t.request("POST", "/api/mediation/upload-excel", {
    as: member,
    form: fileForm(sheet, "a.xlsx", { templateType: "temp", templatePath: uploaded.filePath }),
  });
  assert.equal(res.status, 404);
  assert.equal((await res.json()).error, "模板不存在");
  const dl = await t.request("GET", `/api/download-template?type=temp&path=${uploaded.filePath}`, {
    as: member,
  });
  assert.equal(dl.status, 404);
  assert.equal(await quotaOf(t, member), 2);
  assert.deepEqual((await (await t.request("GET", "/api/mediation/batches", { as: member })).json()).data, {
    records: [],
    total: 0,
    page: 1,
    pageSize: 10,
  });
});

type RequestInitLike = { form?: FormData; headers?: Record<string, string> };

Deno.test("temporary template: download as .docx and as template.xlsx; generation through the form call", async () => {
  const { t } = await appWithJobs();
  using _t = t;
  const member = await t.userWith(["mediation"], { quotas: { mediation: 5 } });
  const tmp = new FormData();
  const templateBytes = buildSimpleTemplate(); // built once: a zip carries its build time
  tmp.append("template", new File([templateBytes as BlobPart], "临时.docx"));
  const up = await (await t.request("POST", "/api/upload-template", { as: member, form: tmp })).json();
  const docx = await t.request("GET", `/api/download-template?type=temp&path=${up.filePath}`, { as: member });
  assert.equal(docx.status, 200);
  assert.deepEqual(new Uint8Array(await docx.arrayBuffer()), templateBytes);
  const xlsx = await t.request("GET", `/api/download-template?type=temp&path=${up.filePath}&format=xlsx`, {
    as: member,
  });
  assert.match(xlsx.headers.get("content-disposition") ?? "", /template\.xlsx/);
  const { read, utils } = await import("xlsx");
  const book = read(new Uint8Array(await xlsx.arrayBuffer()), { type: "array", cellStyles: true });
  assert.deepEqual(book.SheetNames, ["Sheet1"]);
  assert.deepEqual(utils.sheet_to_json(book.Sheets.Sheet1, { header: 1 }), [HEADER]);
  assert.deepEqual(book.Sheets.Sheet1["!cols"]?.map((c) => c.wch), [20, 20, 20]);

  const res = await t.request("POST", "/api/mediation/upload-excel", {
    as: member,
    form: fileForm(sheetBytes([HEADER, ["A1", "张三", "王五"]]), "a.xlsx", {
      templateType: "temp",
      templatePath: up.filePath,
      namePattern: "{申请人}-调解书",
    }),
  });
  assert.equal((await res.json()).totalFiles, 1);
  const done = await waitForBatch(t, member);
  assert.equal(done.files[0].fileName, "张三-调解书");
});

Deno.test("history: batches, records, zip download, delete removes files; another member sees none of it", async () => {
  const { t } = await appWithJobs();
  using _t = t;
  const member = await t.userWith(["mediation"], { quotas: { mediation: 50 } });
  const other = await t.userWith(["mediation"], { quotas: { mediation: 50 } });
  const id = await systemTemplate(t);
  const rows = [HEADER, ...Array.from({ length: 12 }, (_, i) => [`A${i + 1}`, `申${i}`, `被${i}`])];
  const { body } = await uploadExcel(t, member, id, rows);
  await waitForBatch(t, member);
  const batches = await (await t.request("GET", "/api/mediation/batches?page=1&pageSize=10", { as: member }))
    .json();
  assert.equal(batches.data.total, 1);
  assert.deepEqual(
    { ...batches.data.records[0], created_at: "" },
    {
      batch_no: body.batch_no,
      total_files: 12,
      success_count: 12,
      failed_count: 0,
      status: "done",
      created_at: "",
      template_name: "调解书.docx",
    },
  );
  const preview =
    await (await t.request("GET", `/api/mediation/history?batch_no=${body.batch_no}`, { as: member }))
      .json();
  assert.equal(preview.data.records.length, 10);
  assert.equal(preview.data.total, 12);
  assert.equal(preview.data.records[0].file_name, "A1_被0");
  const all = await (await t.request("GET", `/api/mediation/history?batch_no=${body.batch_no}&limit=all`, {
    as: member,
  }))
    .json();
  assert.equal(all.data.records.length, 12);

  const zip = await t.request("GET", `/api/mediation/batch/${body.batch_no}/download?type=both`, {
    as: member,
  });
  assert.equal(zip.status, 200);
  assert.equal(zip.headers.get("content-type"), "application/zip");
  const names = Object.keys(new PizZip(new Uint8Array(await zip.arrayBuffer())).files);
  assert.equal(names.length, 24);
  assert.ok(names.includes("Word/A1_被0.docx") && names.includes("PDF/A12_被11.pdf"));

  // Another member: nothing of it exists.
  const notFound = { success: false, code: "BATCH_NOT_FOUND", error: "批次不存在或已删除" };
  for (
    const [method, path] of [
      ["GET", `/api/mediation/history?batch_no=${body.batch_no}`],
      ["GET", `/api/mediation/batch/${body.batch_no}/download?type=word`],
      ["DELETE", `/api/mediation/batch/${body.batch_no}`],
      ["POST", `/api/mediation/batch/${body.batch_no}/retry-failed`],
      ["GET", `/api/conversion-progress?batch_no=${body.batch_no}`],
    ]
  ) {
    const res = await t.request(method, path, { as: other });
    assert.equal(res.status, 404, path);
    assert.deepEqual(await res.json(), notFound, path);
  }
  const theirs = await (await t.request("GET", "/api/conversion-progress", { as: other })).json();
  assert.equal(theirs.batch_no, null);
  const file = await t.request("GET", `/api/mediation/file/${body.batch_no}/0/word`, { as: other });
  assert.equal(file.status, 404);

  const batch = (await getBatchByNo(t.kv, member.user.id, body.batch_no))!;
  const del = await t.request("DELETE", `/api/mediation/batch/${body.batch_no}`, { as: member });
  assert.deepEqual(await del.json(), { success: true, message: "批次删除成功" });
  const left = [];
  for await (const b of t.deps.blobs.list(batch.blobPrefix)) left.push(b.key);
  assert.deepEqual(left, []);
  assert.equal(
    (await (await t.request("GET", "/api/mediation/batches", { as: member })).json()).data.total,
    0,
  );
});

Deno.test("batch zip through a signed link: streams the batch's files without a token; forged 403, expired 410, owner only", async () => {
  const { t } = await appWithJobs();
  using _t = t;
  const member = await t.userWith(["mediation"], { quotas: { mediation: 50 } });
  const other = await t.userWith(["mediation"], { quotas: { mediation: 50 } });
  const id = await systemTemplate(t);
  const rows = [HEADER, ...Array.from({ length: 3 }, (_, i) => [`B${i + 1}`, `申${i}`, `被${i}`])];
  // Another member's batch, numbered a second earlier (batch numbers are per user, by time).
  const theirs = await uploadExcel(t, other, id, rows);
  await waitForBatch(t, other);
  t.clock.advance(1000);
  const { body } = await uploadExcel(t, member, id, rows);
  await waitForBatch(t, member);
  const base = `/api/mediation/batch/${body.batch_no}`;

  const urlOf = async (type: string) => {
    const res = await t.request("GET", `${base}/download-url?type=${type}`, { as: member });
    assert.equal(res.status, 200);
    const json = await res.json();
    assert.equal(json.success, true);
    return json.url as string;
  };
  const both = await urlOf("both");
  assert.match(both, new RegExp(`^${base}/zip\\?type=both&u=${member.user.id}&e=\\d+&s=[0-9a-f]{32}$`));
  const zip = await t.request("GET", both);
  assert.equal(zip.status, 200);
  assert.equal(zip.headers.get("content-type"), "application/zip");
  assert.equal(
    zip.headers.get("content-disposition"),
    `attachment; filename="${body.batch_no}.zip"; filename*=UTF-8''${body.batch_no}.zip`,
  );
  const entries = new PizZip(new Uint8Array(await zip.arrayBuffer()));
  assert.deepEqual(Object.keys(entries.files).filter((n) => !n.endsWith("/")), [
    "Word/B1_被0.docx",
    "Word/B2_被1.docx",
    "Word/B3_被2.docx",
    "PDF/B1_被0.pdf",
    "PDF/B2_被1.pdf",
    "PDF/B3_被2.pdf",
  ]);
  assert.match(docxText(entries.file("Word/B2_被1.docx")!.asUint8Array()), /B2/);
  const word = new PizZip(new Uint8Array(await (await t.request("GET", await urlOf("word"))).arrayBuffer()));
  assert.deepEqual(Object.keys(word.files), ["B1_被0.docx", "B2_被1.docx", "B3_被2.docx"]);

  // Forged links: another signature, owner, type, batch or a later expiry.
  const invalid = { success: false, code: "DOWNLOAD_LINK_INVALID", error: "下载链接无效，请重新点击下载" };
  const link = new URL(both, "http://x");
  const query = (name: string, value: string) => {
    const q = new URLSearchParams(link.search);
    q.set(name, value);
    return `${link.pathname}?${q}`;
  };
  const sig = link.searchParams.get("s")!;
  assert.notEqual(theirs.body.batch_no, body.batch_no);
  for (
    const forged of [
      query("s", (sig[0] === "0" ? "1" : "0") + sig.slice(1)),
      query("u", String(other.user.id)),
      query("type", "pdf"),
      query("e", String(Number(link.searchParams.get("e")) + 3600)),
      `/api/mediation/batch/${theirs.body.batch_no}/zip${link.search}`,
      `${link.pathname}?type=both`,
    ]
  ) {
    const res = await t.request("GET", forged);
    assert.equal(res.status, 403, forged);
    assert.deepEqual(await res.json(), invalid, forged);
  }

  // Another member's batch cannot be signed; a bad type is refused; no token, no link.
  const notFound = await t.request("GET", `${base}/download-url?type=both`, { as: other });
  assert.equal(notFound.status, 404);
  assert.deepEqual(await notFound.json(), {
    success: false,
    code: "BATCH_NOT_FOUND",
    error: "批次不存在或已删除",
  });
  const badType = await t.request("GET", `${base}/download-url?type=zip`, { as: member });
  assert.equal(badType.status, 400);
  assert.equal((await badType.json()).error, "下载类型必须是 word、pdf 或 both");
  assert.equal((await t.request("GET", `${base}/download-url?type=both`)).status, 401);

  // The link opens until its expiry, then answers 410; a deleted batch is gone for a live link too.
  t.clock.advance(ZIP_LINK_TTL_MS - 1000);
  assert.equal((await t.request("GET", both)).status, 200);
  const fresh = await urlOf("word");
  t.clock.advance(1000);
  const expired = await t.request("GET", both);
  assert.equal(expired.status, 410);
  assert.deepEqual(await expired.json(), {
    success: false,
    code: "DOWNLOAD_LINK_EXPIRED",
    error: "下载链接已过期，请重新点击下载",
  });
  await t.request("DELETE", base, { as: member });
  const deleted = await t.request("GET", fresh);
  assert.equal(deleted.status, 404);
  assert.equal((await deleted.json()).error, "批次不存在或已删除");
});
