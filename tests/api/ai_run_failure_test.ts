import assert from "node:assert/strict";
import { errorMessage } from "../../common/errors.ts";
import type { OcrBatchEvent } from "../../common/schemas/ocr.ts";
import type { AppDeps } from "../../server/deps.ts";
import { dispatchJob, type JobHandlers } from "../../server/jobs/dispatch.ts";
import { jobHandlers } from "../../server/jobs/handlers.ts";
import type { JobMessage } from "../../server/kv/job_messages.ts";
import { makeCustomOcrFolderHandler } from "../../server/jobs/custom_ocr_folder_job.ts";
import { makeOcrExtractHandler } from "../../server/jobs/ocr_extract_job.ts";
import { makeOcrRunHandler } from "../../server/jobs/ocr_run_job.ts";
import { getOcrBatch } from "../../server/kv/ocr_batches.ts";
import { getOcrRun } from "../../server/kv/ocr_runs.ts";
import { getQuotas } from "../../server/kv/quotas.ts";
import { listUsageRecords } from "../../server/kv/usage.ts";
import type { DocumentText } from "../../server/services/doc_text/types.ts";
import { faultyKv, settlingFile } from "../helpers/faulty_kv.ts";
import { testAiTools } from "../helpers/ai_tools.ts";
import { type SeededUser, type TestApp, testApp } from "../helpers/test_app.ts";

/**
 * Each AI job whose handler stops outside its per-file handling: KV fails while the second of three
 * files is being settled (both its success and its failure commit throw), after the first file was
 * settled. The run must end failed with the Chinese reason, the two unsettled files refunded exactly
 * once, failed usage records written, and a second delivery must change nothing.
 */

/** Text files read as Word lines: the reader is a test double; the run, not OCR, is under test. */
function readText(_deps: AppDeps, { bytes, fileName }: { bytes: Uint8Array; fileName: string }) {
  const lines = new TextDecoder().decode(bytes).split("\n").filter((l) => l.trim()).map((l) => ({
    text: l.trim(),
    confidence: 1,
    method: "docx" as const,
  }));
  const doc: DocumentText = {
    fileName,
    kind: "docx",
    pages: [{ page: 1, lines, method: "docx" }],
    warnings: [],
  };
  return Promise.resolve(doc);
}

const FAILED = errorMessage("AI_RUN_FAILED");

function form(files: [string, string][], fields: Record<string, string> = {}): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  for (const [name, body] of files) f.append("files", new File([body], name));
  return f;
}

async function aiLeft(t: TestApp, u: SeededUser): Promise<number> {
  return (await getQuotas(t.kv, u.user.id)).aiLimit;
}

async function usage(t: TestApp, u: SeededUser): Promise<string[]> {
  const { records } = await listUsageRecords(t.kv, { userId: u.user.id, pageSize: 20 });
  return records.map((r) => `${r.type}:${r.status}`).sort();
}

/** `promise`, or a failure after `ms` (a stream that never ends fails the test instead of hanging it). */
async function within<T>(ms: number, promise: Promise<T>, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => timer = setTimeout(() => reject(new Error(message)), ms));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Delivers `msg` through dispatchJob with KV failing as `prefix`'s file 1 is settled (twice). */
async function deliverWithFault(t: TestApp, handlers: JobHandlers, msg: JobMessage, prefix: string) {
  const fault = { when: settlingFile(prefix, 1), times: 2 };
  await dispatchJob({ ...t.deps, kv: faultyKv(t.kv, fault) }, handlers, msg);
  assert.equal(fault.times, 0, "the fault was hit: file 1's success and failure commits both threw");
}

Deno.test("ocr.run stopped by a KV failure: run failed in Chinese, the unsettled files refunded once, redelivery changes nothing", async () => {
  using t = await testApp();
  const m = await t.userWith(["ocr_access"], { quotas: { ai: 5 } });
  const files: [string, string][] = [["a.docx", "第一份"], ["b.docx", "第二份"], ["c.docx", "第三份"]];
  const body = await (await t.request("POST", "/api/ocr/runs", { as: m, form: form(files) })).json();
  assert.equal(await aiLeft(t, m), 2);
  const handlers = {
    ...jobHandlers,
    "ocr.run": makeOcrRunHandler(testAiTools({ readDocumentText: readText })),
  };
  const msg = { type: "ocr.run" as const, runId: body.run.id, userId: m.user.id };
  await deliverWithFault(t, handlers, msg, "ocr_runs");

  const run = (await (await t.request("GET", `/api/ocr/runs/${body.run.id}`, { as: m })).json()).run;
  assert.equal(run.status, "failed");
  assert.equal(run.error, "处理中断：服务器内部错误。未处理文件的AI使用次数已退还");
  assert.equal(run.error, FAILED);
  assert.deepEqual(run.files.map((f: { status: string; error?: string }) => [f.status, f.error ?? null]), [
    ["completed", null],
    ["failed", FAILED],
    ["failed", FAILED],
  ]);
  assert.deepEqual([run.done, run.failed], [3, 2]);
  assert.equal(await aiLeft(t, m), 4, "the two unsettled files came back, the read one stays spent");
  assert.deepEqual(await usage(t, m), ["aiocr:failed", "aiocr:failed", "aiocr:success"]);

  const before = await getOcrRun(t.kv, body.run.id);
  await dispatchJob(t.deps, handlers, msg);
  assert.deepEqual(await getOcrRun(t.kv, body.run.id), before);
  assert.equal(await aiLeft(t, m), 4);
  assert.equal((await usage(t, m)).length, 3);
});

Deno.test("ocr_extract.run stopped by a KV failure: batch failed, its stream ends with the reason, refunded once, redelivery changes nothing", async () => {
  using t = await testApp();
  const m = await t.userWith(["ocr_extract"], { quotas: { ai: 5 } });
  const template = (await (await t.request("POST", "/api/ocr/templates", {
    as: m,
    json: { name: "民间借贷要素", fields: [{ label: "借款人", key: "borrower" }] },
  })).json()).template;
  const files: [string, string][] = [["借条.docx", "借款人：张三"], ["起诉状.docx", "被告：张三"], [
    "流水.docx",
    "转账",
  ]];
  const res = await t.request("POST", "/api/ocr/process-batch", {
    as: m,
    form: form(files, { templateId: template.id }),
  });
  assert.equal(res.status, 200);
  const batchId = res.headers.get("x-batch-id")!;
  const events = res.text().then((text) =>
    text.split("\n\n").filter((b) => b.startsWith("data: ")).map((b) =>
      JSON.parse(b.slice(6)) as OcrBatchEvent
    )
  );
  assert.equal(await aiLeft(t, m), 2);
  const handlers = {
    ...jobHandlers,
    "ocr_extract.run": makeOcrExtractHandler(testAiTools({ readDocumentText: readText })),
  };
  const msg = { type: "ocr_extract.run" as const, batchId, userId: m.user.id };
  await deliverWithFault(t, handlers, msg, "ocr_batches");

  // The stream ends (no complete event): the files not read, then the batch's reason.
  const sent = await within(5_000, events, "the event stream of the failed batch did not end");
  assert.deepEqual(sent.filter((e) => e.type !== "progress"), [
    { type: "error", fileName: "起诉状.docx", error: FAILED },
    { type: "error", fileName: "流水.docx", error: FAILED },
    { type: "error", fileName: "", error: FAILED },
  ]);
  const status = await (await t.request("GET", `/api/ocr/batch/${batchId}`, { as: m })).json();
  assert.deepEqual(status, { success: true, status: "failed", error: FAILED, result: null });
  const list = (await (await t.request("GET", "/api/ocr/batches", { as: m })).json()).batches;
  assert.deepEqual([list[0].status, list[0].failedFiles], ["failed", 2]);
  assert.equal(await aiLeft(t, m), 4);
  assert.deepEqual(await usage(t, m), ["ocrextract:failed", "ocrextract:failed", "ocrextract:success"]);

  const before = await getOcrBatch(t.kv, batchId);
  await dispatchJob(t.deps, handlers, msg);
  assert.deepEqual(await getOcrBatch(t.kv, batchId), before, "no merged result is made for a failed batch");
  assert.equal(await aiLeft(t, m), 4);
  assert.equal((await usage(t, m)).length, 3);
});

Deno.test("custom_ocr.folder stopped by a KV failure: record failed with its reason in the progress, refunded once, redelivery changes nothing", async () => {
  using t = await testApp();
  const u = await t.userWith(["custom_ocr_access"], { quotas: { ai: 5 } });
  const rules = JSON.parse(
    await Deno.readTextFile(new URL("../../../shared/data/extraction/rules.json", import.meta.url)),
  );
  const ruleId =
    (await (await t.request("POST", "/api/custom-ocr/rules", { as: u, json: rules[0] })).json()).rule.id;
  const files: [string, string][] = [
    ["民事起诉状.docx", "民事起诉状\n原告：李四\n被告：张三"],
    ["借条.docx", "借条\n借款人：张三"],
    ["身份证.docx", "姓名 张三"],
  ];
  const res = await t.request("POST", "/api/custom-ocr/process", {
    as: u,
    form: form(files, { ruleId, processType: "upload" }),
  });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  assert.equal(body.totalFiles, 3);
  assert.equal(await aiLeft(t, u), 2);
  const handlers: JobHandlers = {
    ...jobHandlers,
    "custom_ocr.folder": makeCustomOcrFolderHandler(testAiTools({ readDocumentText: readText })),
  };
  const msg = { type: "custom_ocr.folder" as const, recordId: body.batchId, userId: u.user.id };
  await deliverWithFault(t, handlers, msg, "custom_ocr_records");

  const progress = await (await t.request("GET", `/api/custom-ocr/progress/${body.batchId}`, { as: u }))
    .json();
  assert.equal(progress.status, "failed");
  assert.equal(progress.progress_message, FAILED);
  assert.deepEqual(
    progress.files.map((f: { status: string; error?: string }) => [f.status, f.error ?? null]),
    [
      ["completed", null],
      ["failed", FAILED],
      ["failed", FAILED],
    ],
  );
  const record = await (await t.request("GET", `/api/folder-browser/records/${body.batchId}`, { as: u }))
    .json();
  assert.equal(JSON.stringify(record).includes(FAILED), true, JSON.stringify(record));
  assert.equal(await aiLeft(t, u), 4);
  assert.deepEqual(await usage(t, u), ["aiextract:failed", "aiextract:failed", "aiextract:success"]);

  const progressBefore = await (await t.request("GET", `/api/custom-ocr/progress/${body.batchId}`, { as: u }))
    .json();
  await dispatchJob(t.deps, handlers, msg);
  const progressAfter = await (await t.request("GET", `/api/custom-ocr/progress/${body.batchId}`, { as: u }))
    .json();
  assert.deepEqual(progressAfter, progressBefore);
  assert.equal(await aiLeft(t, u), 4);
  assert.equal((await usage(t, u)).length, 3);
});

Deno.test("an AI job whose handler returns with its run unfinished is failed and refunded too", async () => {
  using t = await testApp();
  const m = await t.userWith(["ocr_access"], { quotas: { ai: 2 } });
  const body = await (await t.request("POST", "/api/ocr/runs", { as: m, form: form([["a.docx", "x"]]) }))
    .json();
  const handlers = { ...jobHandlers, "ocr.run": () => Promise.resolve() };
  await dispatchJob(t.deps, handlers, { type: "ocr.run", runId: body.run.id, userId: m.user.id });
  const run = (await (await t.request("GET", `/api/ocr/runs/${body.run.id}`, { as: m })).json()).run;
  assert.deepEqual([run.status, run.error, run.files[0].status], ["failed", FAILED, "failed"]);
  assert.equal(await aiLeft(t, m), 2);
});

Deno.test("when even the failure cannot be written, dispatchJob throws so KV delivers again, and that delivery finishes the run", async () => {
  using t = await testApp();
  const m = await t.userWith(["ocr_access"], { quotas: { ai: 5 } });
  const files: [string, string][] = [["a.docx", "第一份"], ["b.docx", "第二份"]];
  const body = await (await t.request("POST", "/api/ocr/runs", { as: m, form: form(files) })).json();
  const handlers = {
    ...jobHandlers,
    "ocr.run": makeOcrRunHandler(testAiTools({ readDocumentText: readText })),
  };
  const msg = { type: "ocr.run" as const, runId: body.run.id, userId: m.user.id };
  // KV refuses every commit settling file 1, the failure path's included.
  const fault = { when: settlingFile("ocr_runs", 1), times: 1000 };
  await assert.rejects(
    dispatchJob({ ...t.deps, kv: faultyKv(t.kv, fault) }, handlers, msg),
    /injected KV failure/,
  );
  const stuck = (await getOcrRun(t.kv, body.run.id))!;
  assert.deepEqual([stuck.status, stuck.files.map((f) => f.status)], ["processing", [
    "completed",
    "processing",
  ]]);

  await dispatchJob(t.deps, handlers, msg);
  const run = (await (await t.request("GET", `/api/ocr/runs/${body.run.id}`, { as: m })).json()).run;
  assert.deepEqual([run.status, run.error, run.failed], ["completed", undefined, 0]);
  assert.equal(await aiLeft(t, m), 3);
  assert.deepEqual(await usage(t, m), ["aiocr:success", "aiocr:success"]);
});
