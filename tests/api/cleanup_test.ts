/**
 * The nightly clean-up against real items of each feature (server/services/storage/cleanup_hooks.ts): an item
 * made through the feature's API and aged past cleanup_days disappears from the feature's list with
 * its files and every record that names it; a recent one stays; usage and quota records stay.
 */
import assert from "node:assert/strict";
import { runCleanup } from "../../server/services/storage/cleanup.ts";
import { dispatchJob, startJobListener } from "../../server/jobs/dispatch.ts";
import { jobHandlers } from "../../server/jobs/handlers.ts";
import { saveSettings } from "../../server/kv/settings.ts";
import { getTask } from "../../server/kv/tasks.ts";
import { createExcelBatchTask } from "../helpers/excel_batch.ts";
import {
  fakeConverter,
  fileForm,
  generateBatch,
  sheetBytes,
  uploadSystemTemplate,
} from "../helpers/mediation.ts";
import { blobKeys, keysNaming, meteringEntries } from "../helpers/kv_records.ts";
import { makePdf } from "../helpers/pdf_bytes.ts";
import { type SeededUser, type TestApp, testApp } from "../helpers/test_app.ts";

const DAY = 86_400_000;

/** The same user with a new session (sessions expire long before cleanup_days). */
async function fresh(t: TestApp, user: SeededUser): Promise<SeededUser> {
  return { ...user, token: await t.issueToken(user.user.id) };
}

async function getJson(t: TestApp, path: string, as: SeededUser) {
  const res = await t.request("GET", path, { as });
  return { status: res.status, body: await res.json() };
}

Deno.test("clean-up: an old generation batch leaves the history with its rows and files; a recent one stays", async () => {
  const t = await testApp();
  using _t = t;
  t.deps.pdf = fakeConverter();
  startJobListener(t.deps, jobHandlers).catch(() => {});
  await saveSettings(t.kv, { auto_cleanup: true, cleanup_days: 30 });
  const templateId = await uploadSystemTemplate(t);
  let member = await t.userWith(["mediation"], { quotas: { mediation: 10 } });
  const generate = (rows: string[][]) => generateBatch(t, { member, templateId, rows });
  const old = await generate([["（2024）京01号", "张三", "王五"], ["（2024）京02号", "李四", "赵六"]]);
  t.clock.advance(31 * DAY);
  member = await fresh(t, member);
  const recent = await generate([["（2024）京03号", "钱七", "孙八"]]);
  assert.ok((await blobKeys(t, old.blobPrefix)).length > 0);
  const oldFiles = (await blobKeys(t, old.blobPrefix)).length;
  const metering = await meteringEntries(t);

  const run = await runCleanup(t.deps, t.clock.now());
  assert.deepEqual(run.itemsRemoved, { generated: 1, excel_batch: 0, case_split: 0, pdf_links: 0 });
  assert.equal(run.tasksRemoved, 1);
  assert.equal(run.blobsRemoved, oldFiles);

  const list = await getJson(t, "/api/mediation/batches", member);
  assert.deepEqual(list.body.data.records.map((r: { batch_no: string }) => r.batch_no), [recent.batchNo]);
  assert.equal(list.body.data.total, 1);
  const history = await getJson(t, `/api/mediation/history?batch_no=${old.batchNo}`, member);
  assert.deepEqual([history.status, history.body.error], [404, "批次不存在或已删除"]);
  assert.deepEqual(await blobKeys(t, old.blobPrefix), []);
  assert.deepEqual(await keysNaming(t, [old.id, old.batchNo]), []);
  assert.equal(await getTask(t.kv, old.taskId), null);
  assert.deepEqual(await meteringEntries(t), metering, "usage and quota records stay");
  assert.ok((await blobKeys(t, recent.blobPrefix)).length > 0);
  const recentHistory = await getJson(t, `/api/mediation/history?batch_no=${recent.batchNo}`, member);
  assert.equal(recentHistory.body.data.records.length, 1);
});

Deno.test("clean-up: an old Excel batch wizard task loses its progress, files and records; a recent one stays", async () => {
  const t = await testApp();
  using _t = t;
  startJobListener(t.deps, jobHandlers).catch(() => {});
  await saveSettings(t.kv, { auto_cleanup: true, cleanup_days: 7 });
  let member = await t.userWith(["excel_batch_generate"], { quotas: { mediation: 20 } });
  const old = await createExcelBatchTask(t, member);
  const oldProgress = await getJson(t, `/api/excel-batch/task/${old}/progress`, member);
  assert.equal(oldProgress.body.generatedFiles.length, 2);
  const fileId = oldProgress.body.generatedFiles[0].id;
  t.clock.advance(8 * DAY);
  member = await fresh(t, member);
  const recent = await createExcelBatchTask(t, member);
  const userFolder = `users/${member.user.id}/excel_batch`;
  const before = await blobKeys(t, userFolder);
  const metering = await meteringEntries(t);

  const run = await runCleanup(t.deps, t.clock.now());
  assert.deepEqual(run.itemsRemoved, { generated: 0, excel_batch: 1, case_split: 0, pdf_links: 0 });
  assert.equal(run.tasksRemoved, 1);

  for (const path of [`/api/excel-batch/task/${old}/progress`, `/api/excel-batch/task/${old}/download-zip`]) {
    const res = await getJson(t, path, member);
    assert.deepEqual([res.status, res.body.error], [404, "任务不存在或已删除"], path);
  }
  assert.equal((await t.request("GET", `/api/excel-batch/download/${fileId}`, { as: member })).status, 404);
  assert.deepEqual(await keysNaming(t, [old]), []);
  assert.deepEqual(await meteringEntries(t), metering, "usage and quota records stay");
  const after = await blobKeys(t, userFolder);
  assert.equal(after.length, before.length - run.blobsRemoved);
  assert.ok(after.length > 0);
  const recentProgress = await getJson(t, `/api/excel-batch/task/${recent}/progress`, member);
  assert.deepEqual([recentProgress.body.task.status, recentProgress.body.generatedFiles.length], [
    "completed",
    2,
  ]);
});

Deno.test("clean-up: old case splits (completed, and uploaded but never split) leave the list with their files", async () => {
  using t = await testApp();
  await saveSettings(t.kv, { auto_cleanup: true, cleanup_days: 30 });
  let user = await t.userWith(["excel_case_split"]);
  const sheet = sheetBytes([["案号", "住所地"], ["(2024)001", "浙江省杭州市西湖区文三路1号"], [
    "(2024)002",
    "广州市天河区",
  ]]);
  async function uploadSheet(): Promise<string> {
    const res = await t.request("POST", "/api/excel-case-split/upload", {
      as: user,
      form: fileForm(sheet, "案件.xlsx"),
    });
    assert.equal(res.status, 200, await res.clone().text());
    return (await res.json()).taskId;
  }
  async function split(taskId: string) {
    const res = await t.request("POST", "/api/excel-case-split/split", {
      as: user,
      json: { taskId, addressColumn: "住所地", splitLevel: "city" },
    });
    assert.equal(res.status, 202, await res.clone().text());
    const { jobTaskId } = await res.json();
    await dispatchJob(t.deps, jobHandlers, { type: "case_split.run", taskId: jobTaskId, splitId: taskId });
  }
  const oldSplit = await uploadSheet();
  await split(oldSplit);
  const oldUpload = await uploadSheet();
  assert.equal(
    (await t.request("GET", `/api/excel-case-split/tasks/${oldSplit}/files/0`, { as: user })).status,
    200,
  );
  t.clock.advance(31 * DAY);
  user = await fresh(t, user);
  const recent = await uploadSheet();
  await split(recent);
  const metering = await meteringEntries(t);

  const run = await runCleanup(t.deps, t.clock.now());
  assert.deepEqual(run.itemsRemoved, { generated: 0, excel_batch: 0, case_split: 2, pdf_links: 0 });
  assert.equal(run.tasksRemoved, 1);

  const list = await getJson(t, "/api/excel-case-split/tasks", user);
  assert.deepEqual([list.body.total, list.body.tasks.map((x: { id: string }) => x.id)], [1, [recent]]);
  for (
    const path of [
      `/api/excel-case-split/tasks/${oldSplit}/files/0`,
      `/api/excel-case-split/tasks/${oldSplit}/download-all`,
    ]
  ) {
    const res = await getJson(t, path, user);
    assert.deepEqual([res.status, res.body.error], [404, "任务不存在或已删除"], path);
  }
  for (const id of [oldSplit, oldUpload]) {
    assert.deepEqual(await blobKeys(t, `users/${user.user.id}/case_split/${id}`), []);
  }
  assert.deepEqual(await keysNaming(t, [oldSplit, oldUpload]), []);
  assert.deepEqual(await meteringEntries(t), metering, "usage and quota records stay");
  assert.ok((await blobKeys(t, `users/${user.user.id}/case_split/${recent}`)).length > 1);
});

Deno.test("clean-up: a case-split sheet uploaded over a day ago and never split goes like the other uploads", async () => {
  using t = await testApp();
  await saveSettings(t.kv, { auto_cleanup: true, cleanup_days: 30 });
  let user = await t.userWith(["excel_case_split"]);
  const sheet = sheetBytes([["案号", "住所地"], ["(2024)001", "广州市天河区"]]);
  async function uploadSheet(): Promise<string> {
    const res = await t.request("POST", "/api/excel-case-split/upload", {
      as: user,
      form: fileForm(sheet, "案件.xlsx"),
    });
    assert.equal(res.status, 200, await res.clone().text());
    return (await res.json()).taskId;
  }
  const stale = await uploadSheet();
  const split = await uploadSheet();
  const res = await t.request("POST", "/api/excel-case-split/split", {
    as: user,
    json: { taskId: split, addressColumn: "住所地", splitLevel: "city" },
  });
  const { jobTaskId } = await res.json();
  await dispatchJob(t.deps, jobHandlers, { type: "case_split.run", taskId: jobTaskId, splitId: split });
  t.clock.advance(2 * DAY);
  user = await fresh(t, user);
  const recent = await uploadSheet();

  const run = await runCleanup(t.deps, t.clock.now());
  assert.equal(run.itemsRemoved.case_split, 1);
  const list = await getJson(t, "/api/excel-case-split/tasks", user);
  assert.deepEqual(list.body.tasks.map((x: { id: string }) => x.id).sort(), [recent, split].sort());
  assert.deepEqual(await blobKeys(t, `users/${user.user.id}/case_split/${stale}`), []);
  assert.deepEqual(await keysNaming(t, [stale]), []);
  // with auto_cleanup off, nothing goes
  await saveSettings(t.kv, { auto_cleanup: false });
  t.clock.advance(2 * DAY);
  assert.equal((await runCleanup(t.deps, t.clock.now())).itemsRemoved.case_split, 0);
});

Deno.test("clean-up: a PDF batch whose last upload is older than cleanup_days goes with its links; a batch added to recently stays", async () => {
  using t = await testApp();
  await saveSettings(t.kv, { auto_cleanup: true, cleanup_days: 30 });
  let user = await t.userWith(["pdf_converter"], { quotas: { pdf_convert: 10 } });
  async function upload(batchNo: string, name: string) {
    const form = new FormData();
    form.append("file", new File([makePdf(name)], `${name}.pdf`, { type: "application/pdf" }));
    const res = await t.request("POST", "/api/upload-pdfs", {
      as: user,
      form,
      headers: { "Batch-No": batchNo },
    });
    assert.equal(res.status, 200, await res.clone().text());
    return new URL((await res.json()).url).pathname;
  }
  const oldLink = await upload("20260105_100000", "old");
  await upload("20260105_110000", "kept-1");
  t.clock.advance(20 * DAY);
  user = await fresh(t, user);
  await upload("20260105_110000", "kept-2");
  t.clock.advance(11 * DAY);
  user = await fresh(t, user);
  const metering = await meteringEntries(t);

  const run = await runCleanup(t.deps, t.clock.now());
  assert.deepEqual(run.itemsRemoved, { generated: 0, excel_batch: 0, case_split: 0, pdf_links: 1 });
  assert.deepEqual([run.blobsRemoved, run.tasksRemoved], [1, 0]);

  const list = await getJson(t, "/api/pdf-convert/batches", user);
  assert.deepEqual(list.body.data.records.map((r: { batch_no: string }) => r.batch_no), ["20260105_110000"]);
  assert.equal(list.body.data.total, 1);
  const open = await t.request("GET", oldLink);
  assert.deepEqual([open.status, (await open.json()).error], [404, "链接不存在或已失效"]);
  assert.deepEqual(await blobKeys(t, `users/${user.user.id}/pdf_links/20260105_100000`), []);
  assert.deepEqual(await keysNaming(t, ["20260105_100000"]), []);
  assert.deepEqual(await meteringEntries(t), metering, "usage and quota records stay");
  assert.equal((await blobKeys(t, `users/${user.user.id}/pdf_links/20260105_110000`)).length, 2);
  // the storage manager shows what the run removed, by area
  const summary = await t.request("GET", "/api/storage/summary", { as: await t.issueToken(1) });
  assert.deepEqual((await summary.json()).cleanup.lastRun.itemsRemoved, {
    ...run.itemsRemoved,
    temp_templates: 0,
  });
});
