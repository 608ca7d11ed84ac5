import assert from "node:assert/strict";
import type { OcrBatchEvent, OcrBatchResult } from "../../common/schemas/ocr.ts";
import { chinaDay } from "../../server/clock.ts";
import { makeOcrExtractHandler } from "../../server/jobs/ocr_extract_job.ts";
import { getOcrBatch } from "../../server/kv/ocr_batches.ts";
import { getQuotas } from "../../server/kv/quotas.ts";
import { getUsageStats, listUsageRecords } from "../../server/kv/usage.ts";
import { type SeededUser, type TestApp, testApp } from "../helpers/test_app.ts";
import { testAiTools } from "../helpers/ai_tools.ts";
import { readTextAsWordLines } from "../helpers/text_reader_double.ts";

/**
 * Templates, the event stream, metering and the saved result of /ocr-extract. The file reader is a test
 * double (text files as Word lines, "BROKEN" refused like a damaged file); fields are merged by the real
 * extraction core with rules only.
 */
const runExtract = makeOcrExtractHandler(testAiTools({ readDocumentText: readTextAsWordLines }));

const FIELDS = [
  { label: "借款人", key: "borrower" },
  { label: "借款金额", key: "loan_amount" },
  { label: "身份证号", key: "id_no" },
];
const IOU =
  "借条\n借款人：张三\n身份证号：110101199003074514\n借款金额：人民币壹万元整（¥10,000.00）\n出借人：李四";
const COMPLAINT = "民事起诉状\n原告：李四\n被告：张三\n借款金额：12000元";

async function member(t: TestApp, ai: number): Promise<SeededUser> {
  return await t.userWith(["ocr_extract"], { quotas: { ai } });
}

async function createTemplate(
  t: TestApp,
  as: SeededUser,
  body: unknown = { name: "民间借贷要素", fields: FIELDS },
) {
  return await t.request("POST", "/api/ocr/templates", { as, json: body });
}

function batchForm(templateId: string, files: [string, string | Uint8Array][]): FormData {
  const f = new FormData();
  f.append("templateId", templateId);
  for (const [name, body] of files) f.append("files", new File([body as BlobPart], name));
  return f;
}

/** Reads `data:` event lines until the stream ends. */
async function readEvents(res: Response): Promise<OcrBatchEvent[]> {
  const text = await res.text();
  return text.split("\n\n").filter((b) => b.startsWith("data: ")).map((b) => JSON.parse(b.slice(6)));
}

async function aiLeft(t: TestApp, u: SeededUser): Promise<number> {
  return (await getQuotas(t.kv, u.user.id)).aiLimit;
}

/** Starts a batch, runs its job and returns the events the stream sent. */
async function processBatch(t: TestApp, as: SeededUser, templateId: string, files: [string, string][]) {
  const res = await t.request("POST", "/api/ocr/process-batch", { as, form: batchForm(templateId, files) });
  if (res.status !== 200) assert.fail(await res.text());
  assert.equal(res.headers.get("content-type"), "text/event-stream; charset=utf-8");
  const batchId = res.headers.get("x-batch-id")!;
  const events = readEvents(res);
  await runExtract(t.deps, { type: "ocr_extract.run", batchId, userId: as.user.id });
  return { batchId, events: await events };
}

Deno.test("/api/ocr/templates: the part 4 §5 rules in Chinese, CRUD read back, each user's own", async () => {
  using t = await testApp();
  const m = await member(t, 0);
  const bad: [unknown, string][] = [
    [{ name: "a", fields: FIELDS }, "模板名称长度为2-50个字符"],
    [{ name: "模板", description: "x".repeat(201), fields: FIELDS }, "描述不能超过200个字符"],
    [{ name: "模板", fields: [] }, "请至少添加一个提取字段"],
    [
      { name: "模板", fields: Array.from({ length: 51 }, (_, i) => ({ label: `字段${i}`, key: `k${i}` })) },
      "提取字段不能超过50个",
    ],
    [{ name: "模板", fields: [{ label: "姓名", key: "" }] }, "请完整填写所有字段信息"],
    [{ name: "模板", fields: [{ label: "", key: "name" }] }, "请完整填写所有字段信息"],
    [{ name: "模板", fields: [{ label: "a", key: "x" }, { label: "b", key: "x" }] }, "字段键名“x”重复"],
    [
      { name: "模板", fields: [{ label: "a", key: "1x" }] },
      "字段键名“1x”只能包含字母、数字、下划线和汉字，且不能以数字开头",
    ],
  ];
  for (const [body, error] of bad) {
    const res = await createTemplate(t, m, body);
    assert.equal(res.status, 400, error);
    assert.equal((await res.json()).error, error);
  }
  // fields may arrive as a JSON string (part 4 §3)
  const res = await createTemplate(t, m, {
    name: "民间借贷要素",
    description: "借贷",
    fields: JSON.stringify(FIELDS),
  });
  assert.equal(res.status, 201);
  const { template } = await res.json();
  assert.deepEqual(template.fields, FIELDS);
  const put = await t.request("PUT", `/api/ocr/templates/${template.id}`, {
    as: m,
    json: { name: "借贷要素", fields: [{ label: "出借人", key: "lender", prompt: "出借一方" }] },
  });
  assert.equal(put.status, 200);
  const list = (await (await t.request("GET", "/api/ocr/templates", { as: m })).json()).templates;
  assert.deepEqual(list.map((x: { name: string; fields: unknown }) => [x.name, x.fields]), [
    ["借贷要素", [{ label: "出借人", key: "lender", prompt: "出借一方" }]],
  ]);

  const other = await member(t, 0);
  assert.deepEqual(
    (await (await t.request("GET", "/api/ocr/templates", { as: other })).json()).templates,
    [],
  );
  const stolen = await t.request("PUT", `/api/ocr/templates/${template.id}`, {
    as: other,
    json: { name: "偷改", fields: FIELDS },
  });
  assert.equal(stolen.status, 404);
  assert.equal((await stolen.json()).error, "模板不存在或已删除");
  assert.equal((await t.request("DELETE", `/api/ocr/templates/${template.id}`, { as: other })).status, 404);
  const denied = await t.request("GET", "/api/ocr/templates", { as: await t.userWith(["ocr_access"]) });
  assert.equal(denied.status, 403);

  const presets = (await (await t.request("GET", "/api/ocr/template-presets", { as: m })).json()).presets;
  assert.deepEqual(presets.map((p: { name: string }) => p.name), [
    "民间借贷要素",
    "买卖合同要素",
    "劳动争议要素",
    "机动车交通事故要素",
  ]);
  for (const p of presets) {
    assert.equal((await createTemplate(t, m, p)).status, 201, `${p.name} passes the rules`);
  }

  assert.equal((await t.request("DELETE", `/api/ocr/templates/${template.id}`, { as: m })).status, 200);
  assert.equal((await t.request("DELETE", `/api/ocr/templates/${template.id}`, { as: m })).status, 404);
});

Deno.test("POST /api/ocr/process-batch streams progress, error and complete; one use per file, the failed one refunded", async () => {
  using t = await testApp();
  const m = await member(t, 5);
  const { template } = await (await createTemplate(t, m)).json();
  const { batchId, events } = await processBatch(t, m, template.id, [
    ["借条.docx", IOU],
    ["坏文件.pdf", "BROKEN"],
    ["起诉状.docx", COMPLAINT],
  ]);
  assert.deepEqual(events.filter((e) => e.type !== "complete"), [
    { type: "progress", current: 0, total: 3 },
    { type: "progress", current: 1, total: 3, fileName: "借条.docx" },
    { type: "error", fileName: "坏文件.pdf", error: "文件解析失败：文件已损坏" },
    { type: "progress", current: 2, total: 3, fileName: "坏文件.pdf" },
    { type: "progress", current: 3, total: 3, fileName: "起诉状.docx" },
  ]);
  const complete = events.at(-1)!;
  assert.equal(complete.type, "complete");
  const result = (complete as { result: OcrBatchResult }).result;
  assert.equal(result.batchId, batchId);
  assert.deepEqual(result.fieldOrder, ["borrower", "loan_amount", "id_no"]);
  const id = result.mergedResult.id_no;
  assert.deepEqual([id.value, id.found, id.sourceFile], ["110101199003074514", true, "借条.docx"]);
  assert.equal(result.mergedResult.borrower.found, true);
  assert.ok(result.fieldValues.borrower.length >= 1);
  assert.ok(
    result.fieldValues.borrower.every((c) => c.source.snippet.includes(c.value)),
    "each value cites its line",
  );
  assert.deepEqual(result.fileResults.map((f) => [f.fileName, f.status]), [
    ["借条.docx", "completed"],
    ["坏文件.pdf", "failed"],
    ["起诉状.docx", "completed"],
  ]);
  assert.equal(result.fileResults[0].data.id_no, "110101199003074514");
  assert.equal(result.fileResults[1].error, "文件解析失败：文件已损坏");

  assert.equal(await aiLeft(t, m), 3, "three charged, the failed file's use given back");
  const stats = await getUsageStats(t.kv, { userId: m.user.id, today: chinaDay(t.clock.now()) });
  assert.deepEqual(stats.ocrextract, { total: 2, today: 2 });
  // A second delivery changes nothing.
  await runExtract(t.deps, { type: "ocr_extract.run", batchId, userId: m.user.id });
  assert.equal(await aiLeft(t, m), 3);
  assert.equal((await listUsageRecords(t.kv, { userId: m.user.id, pageSize: 20 })).records.length, 3);
  // The stored result is read back.
  const back = await (await t.request("GET", `/api/ocr/batch/${batchId}`, { as: m })).json();
  assert.equal(back.status, "completed");
  assert.deepEqual(back.result.mergedResult, result.mergedResult);
});

Deno.test("POST /api/ocr/process-batch refuses before anything runs: no uses, unknown template, bad files", async () => {
  using t = await testApp();
  const zero = await member(t, 0);
  const { template: z } = await (await createTemplate(t, zero)).json();
  const r0 = await t.request("POST", "/api/ocr/process-batch", {
    as: zero,
    form: batchForm(z.id, [["a.docx", IOU]]),
  });
  assert.equal(r0.status, 402);
  assert.equal((await r0.json()).error, "AI使用次数不足。需要 1 次，当前剩余 0 次");

  const m = await member(t, 2);
  const { template } = await (await createTemplate(t, m)).json();
  const cases: [FormData, number, string][] = [
    [
      batchForm(template.id, [["a.docx", "x"], ["b.docx", "y"], ["c.docx", "z"]]),
      402,
      "AI使用次数不足。需要 3 次，当前剩余 2 次",
    ],
    [batchForm(z.id, [["a.docx", "x"]]), 404, "模板不存在或已删除"],
    [batchForm(template.id, []), 400, "请先选择要处理的文件"],
    [batchForm(template.id, [["a.txt", "x"]]), 400, "a.txt：只支持PDF、Word、Excel和图片(PNG/JPG)文件"],
    [
      batchForm(template.id, [["a.pdf", new Uint8Array(10 * 1024 * 1024 + 1) as unknown as string]]),
      413,
      "a.pdf：文件大小不能超过 10MB",
    ],
    [
      batchForm(template.id, Array.from({ length: 51 }, (_, i) => [`f${i}.png`, "x"] as [string, string])),
      400,
      "最多只能上传50个文件",
    ],
  ];
  for (const [form, status, error] of cases) {
    const res = await t.request("POST", "/api/ocr/process-batch", { as: m, form });
    assert.equal(res.status, status, error);
    assert.equal((await res.json()).error, error);
  }
  assert.equal(await aiLeft(t, m), 2);
  assert.deepEqual((await (await t.request("GET", "/api/ocr/batches", { as: m })).json()).batches, []);
  const stored = [];
  for await (const b of t.deps.blobs.list(`users/${m.user.id}`)) stored.push(b.key);
  assert.deepEqual(stored, []);
});

Deno.test("POST /api/ocr/process-batch: a client that goes away leaves a fully settled batch", async () => {
  using t = await testApp();
  const m = await member(t, 4);
  const { template } = await (await createTemplate(t, m)).json();
  const res = await t.request("POST", "/api/ocr/process-batch", {
    as: m,
    form: batchForm(template.id, [["a.docx", IOU], ["b.docx", "BROKEN"]]),
  });
  assert.equal(res.status, 200);
  const batchId = res.headers.get("x-batch-id")!;
  await res.body!.cancel();
  await runExtract(t.deps, { type: "ocr_extract.run", batchId, userId: m.user.id });
  const batch = await getOcrBatch(t.kv, batchId);
  assert.equal(batch!.status, "completed");
  assert.ok(batch!.resultKey);
  assert.equal(await aiLeft(t, m), 3);
});

Deno.test("PUT /api/ocr/batch/:batchId/result: typed values are manual, picked candidates keep their source", async () => {
  using t = await testApp();
  const m = await member(t, 5);
  const { template } = await (await createTemplate(t, m)).json();
  const { batchId, events } = await processBatch(t, m, template.id, [["借条.docx", IOU], [
    "起诉状.docx",
    COMPLAINT,
  ]]);
  const result = (events.at(-1) as { result: OcrBatchResult }).result;
  const other = result.fieldValues.loan_amount.find((c) => c.value !== result.mergedResult.loan_amount.value);
  assert.ok(other, "the two files disagree on the amount");
  assert.equal(result.mergedResult.loan_amount.conflict, true);

  const res = await t.request("PUT", `/api/ocr/batch/${batchId}/result`, {
    as: m,
    json: {
      mergedResult: {
        loan_amount: { value: other.value },
        borrower: { value: "张三（手工）" },
        id_no: { value: "" },
        unknown_key: { value: "x" },
      },
    },
  });
  assert.equal(res.status, 200);
  const saved = (await (await t.request("GET", `/api/ocr/batch/${batchId}`, { as: m })).json()).result;
  const amount = saved.mergedResult.loan_amount;
  assert.deepEqual([amount.value, amount.sourceFile, amount.manual], [
    other.value,
    other.source.fileName,
    false,
  ]);
  const borrower = saved.mergedResult.borrower;
  assert.deepEqual([borrower.value, borrower.method, borrower.manual, borrower.sourceFile], [
    "张三（手工）",
    "manual",
    true,
    null,
  ]);
  assert.deepEqual([saved.mergedResult.id_no.value, saved.mergedResult.id_no.found], [null, false]);
  assert.equal(saved.mergedResult.unknown_key, undefined);

  const bad = await t.request("PUT", `/api/ocr/batch/${batchId}/result`, {
    as: m,
    json: { mergedResult: "x" },
  });
  assert.equal(bad.status, 400);
  const stranger = await member(t, 1);
  const theirs = await t.request("PUT", `/api/ocr/batch/${batchId}/result`, {
    as: stranger,
    json: { mergedResult: { borrower: { value: "王五" } } },
  });
  assert.equal(theirs.status, 404);
  assert.equal((await theirs.json()).error, "处理记录不存在或已删除");
  assert.equal((await t.request("GET", `/api/ocr/batch/${batchId}`, { as: stranger })).status, 404);
});

Deno.test("GET /api/ocr/batch/:batchId/case-data fills a drafting preset by meaning; /api/ocr/batches names each case by its parties", async () => {
  using t = await testApp();
  const m = await member(t, 5);
  const { template } = await (await createTemplate(t, m, {
    name: "借贷要素",
    fields: [
      { label: "出借人", key: "lender" },
      { label: "借款人", key: "borrower" },
      { label: "借款人身份证号", key: "borrower_id" },
      { label: "借款金额", key: "loan_amount" },
    ],
  })).json();
  const { batchId } = await processBatch(t, m, template.id, [["借条.docx", IOU]]);
  const res = await t.request(
    "GET",
    `/api/ocr/batch/${batchId}/case-data?presetId=civil_loan_complaint`,
    { as: m },
  );
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(body.caseName, "李四诉张三");
  // The amount exactly as the extraction result holds it (not reformatted on the way).
  const extracted = (await (await t.request("GET", `/api/ocr/batch/${batchId}`, { as: m })).json()).result;
  assert.equal(body.caseData.借款本金, extracted.mergedResult.loan_amount.value);
  assert.match(body.caseData.借款本金, /10,?000/);
  delete body.caseData.借款本金;
  assert.deepEqual(body.caseData, {
    原告姓名: "李四",
    被告姓名: "张三",
    被告性别: "男",
    被告出生日期: "1990年3月7日",
    被告身份证号: "110101199003074514",
  });
  const list = (await (await t.request("GET", "/api/ocr/batches", { as: m })).json()).batches;
  assert.deepEqual([list[0].caseName, list[0].totalFiles], ["李四诉张三", 1]);
  assert.equal((await getOcrBatch(t.kv, batchId))?.caseName, "李四诉张三", "named once, when finished");

  const unknown = await t.request("GET", `/api/ocr/batch/${batchId}/case-data?presetId=nope`, { as: m });
  assert.equal(unknown.status, 404);
  await unknown.body?.cancel();
  const other = await member(t, 1);
  const theirs = await t.request("GET", `/api/ocr/batch/${batchId}/case-data?presetId=civil_loan_complaint`, {
    as: other,
  });
  assert.equal(theirs.status, 404);
  await theirs.body?.cancel();
});

Deno.test("GET /api/ocr/batch/:batchId/page-image: the owner's file and page only; Word files have no page image", async () => {
  using t = await testApp();
  const m = await member(t, 5);
  const { template } = await (await createTemplate(t, m)).json();
  const { batchId, events } = await processBatch(t, m, template.id, [["借条.docx", IOU]]);
  const { recordId } = (events.at(-1) as { result: OcrBatchResult }).result.fileResults[0];
  const get = (query: string, as = m) =>
    t.request("GET", `/api/ocr/batch/${batchId}/page-image?${query}`, { as });
  const bad = await get("recordId=nope&page=1");
  assert.equal(bad.status, 400);
  assert.equal((await bad.json()).error, "文件或页码不正确");
  const word = await get(`recordId=${recordId}&page=1`);
  assert.equal(word.status, 400, "a Word file has no page image");
  assert.match((await word.json()).error, /只有PDF和图片有页面图像/);
  const other = await get(`recordId=${recordId}&page=1`, await member(t, 1));
  assert.equal(other.status, 404);
  await other.body?.cancel();
});
