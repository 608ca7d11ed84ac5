import assert from "node:assert/strict";
import { buildSimpleTemplate } from "../../scripts/make_fixtures.ts";
import { userItemKey, userItemPrefix } from "../../server/blobs/blob_keys.ts";
import { runCleanup } from "../../server/services/storage/cleanup.ts";
import { dispatchJob, startJobListener } from "../../server/jobs/dispatch.ts";
import { jobHandlers } from "../../server/jobs/handlers.ts";
import { listAuditEntries } from "../../server/kv/audit_log.ts";
import { getBatch as getExcelBatch } from "../../server/kv/excel_batch.ts";
import {
  addBatchToCommit as addMediationBatchToCommit,
  getBatchByNo,
  type MediationBatch,
} from "../../server/kv/mediation_batches.ts";
import { saveSettings } from "../../server/kv/settings.ts";
import { completeTask, startTask } from "../../server/kv/tasks.ts";
import { createExcelBatchTask } from "../helpers/excel_batch.ts";
import { blobKeys, keysNaming, meteringEntries } from "../helpers/kv_records.ts";
import {
  fakeConverter,
  fileForm,
  generateBatch,
  sheetBytes,
  uploadSystemTemplate,
} from "../helpers/mediation.ts";
import { makePdf } from "../helpers/pdf_bytes.ts";
import { type SeededUser, type TestApp, testApp } from "../helpers/test_app.ts";

const DAY = 86_400_000;

function bytes(n: number): Uint8Array {
  return new Uint8Array(n).fill(7);
}

async function put(t: TestApp, key: string, size: number): Promise<void> {
  await t.deps.blobs.put(key, bytes(size));
}

/** Independent of the service: every file's size under a folder, by a plain recursive walk. */
async function folderBytes(path: string): Promise<number> {
  let total = 0;
  for await (const e of Deno.readDir(path)) {
    const p = `${path}/${e.name}`;
    if (e.isDirectory) total += await folderBytes(p);
    else if (e.isFile) total += (await Deno.lstat(p)).size;
  }
  return total;
}

/** Two members with storage_manage and an "admin"-role user; files for both members. */
async function seeded(t: TestApp) {
  const alice = await t.userWith(["storage_manage"], { username: "alice", role: "管理存储" });
  const bob = await t.userWith(["storage_manage"], { username: "bob", role: "管理存储" });
  const boss = await t.userWith(["storage_manage"], { username: "boss", role: "admin" });
  const a = alice.user.id;
  const b = bob.user.id;
  await put(t, userItemKey(a, "templates", "tpl1", "original.docx"), 1000);
  await put(t, userItemKey(a, "templates", "tpl1", "slim.docx"), 500);
  await put(t, userItemKey(a, "generated", "batch1", "001.docx"), 300);
  await put(t, userItemKey(a, "generated", "batch1", "002.docx"), 300);
  await put(t, userItemKey(a, "generated", "batch1", "all.zip"), 400);
  await put(t, userItemKey(a, "pdf_links", "link1", "file.pdf"), 2000);
  await put(t, userItemKey(b, "excel_batch", "b9", "out.zip"), 7000);
  return { alice, bob, boss };
}

async function getJson(t: TestApp, path: string, as: SeededUser | "admin") {
  const res = await t.request("GET", path, { as });
  assert.equal(res.status, 200, path);
  assert.match(res.headers.get("content-type") ?? "", /json/);
  return await res.json();
}

Deno.test("storage routes answer 401 without a token and 403 without storage_manage", async () => {
  using t = await testApp();
  const plain = await t.userWith(["dashboard"]);
  const calls: [string, string, unknown][] = [
    ["GET", "/api/storage/summary", undefined],
    ["GET", "/api/storage/items", undefined],
    ["DELETE", "/api/storage/items", { userId: plain.user.id, area: "templates", itemId: "x" }],
  ];
  for (const [method, path, json] of calls) {
    assert.equal((await t.request(method, path, { json })).status, 401, path);
    const res = await t.request(method, path, { as: plain, json });
    assert.equal(res.status, 403, path);
    assert.deepEqual(await res.json(), { success: false, code: "FORBIDDEN", error: "没有访问权限" });
  }
});

Deno.test("GET /api/storage/summary: a member sees only their own files, per area and in total", async () => {
  using t = await testApp();
  const { alice } = await seeded(t);
  const body = await getJson(t, "/api/storage/summary", alice);
  assert.equal(body.success, true);
  assert.deepEqual(body.mine, {
    userId: alice.user.id,
    username: "alice",
    bytes: 4500,
    files: 6,
    areas: {
      templates: { bytes: 1500, files: 2 },
      generated: { bytes: 1000, files: 3 },
      pdf_links: { bytes: 2000, files: 1 },
    },
  });
  assert.equal(body.users, null);
  assert.equal(body.dataDir, null);
  assert.deepEqual(body.areas.find((a: { area: string }) => a.area === "templates"), {
    area: "templates",
    label: "我的模板",
  });
  assert.deepEqual(body.areas.at(-1), { area: "tasks", label: "历史任务文件" });
});

Deno.test("GET /api/storage/summary: an administrator sees every user's totals and the data folder's", async () => {
  using t = await testApp();
  const { alice, bob, boss } = await seeded(t);
  await put(t, "system/templates/s1/t.docx", 900);
  await put(t, "settings/logo.png", 123);
  await Deno.mkdir(`${t.dataDir}/outbox`, { recursive: true });
  await Deno.writeFile(`${t.dataDir}/outbox/m.eml`, bytes(77));

  const body = await getJson(t, "/api/storage/summary", boss);
  assert.deepEqual(
    body.users.map((u: { username: string; bytes: number; files: number }) => [u.username, u.bytes, u.files]),
    [["bob", 7000, 1], ["alice", 4500, 6]],
  );
  assert.equal(body.users[0].userId, bob.user.id);
  assert.deepEqual(body.users[1].areas.generated, { bytes: 1000, files: 3 });
  assert.deepEqual(body.mine, { userId: boss.user.id, username: "boss", bytes: 0, files: 0, areas: {} });
  const onDisk = await folderBytes(t.dataDir);
  assert.equal(onDisk, 4500 + 7000 + 900 + 123 + 77);
  assert.deepEqual(body.dataDir, { bytes: onDisk, files: 10, userBytes: 11_500, otherBytes: 1100 });

  // user id 1 is an administrator too
  const root = await getJson(t, "/api/storage/summary", "admin");
  assert.equal(root.users.length, 2);
  assert.equal(root.mine.username, "admin");
  assert.equal(alice.user.id !== bob.user.id, true);
});

Deno.test("GET /api/storage/items lists a member's own items with size, file count and last change", async () => {
  using t = await testApp();
  const { alice, bob } = await seeded(t);
  const key = userItemKey(alice.user.id, "generated", "batch1", "001.docx");
  const when = new Date(Date.UTC(2030, 0, 1));
  await Deno.utime(`${t.dataDir}/blobs/${key}`, when, when);

  const body = await getJson(t, "/api/storage/items", alice);
  assert.equal(body.total, 3);
  assert.deepEqual(body.items[0], {
    userId: alice.user.id,
    username: "alice",
    area: "generated",
    areaLabel: "模板文书生成",
    itemId: "batch1",
    // a folder without its feature's record (seeded as bare files) says nothing more
    description: null,
    bytes: 1000,
    files: 3,
    modifiedAt: when.getTime(),
  });
  assert.deepEqual(body.items.map((i: { itemId: string }) => i.itemId).sort(), ["batch1", "link1", "tpl1"]);

  const templates = await getJson(t, "/api/storage/items?area=templates", alice);
  assert.deepEqual(templates.items.map((i: { itemId: string; bytes: number }) => [i.itemId, i.bytes]), [
    ["tpl1", 1500],
  ]);
  const paged = await getJson(t, "/api/storage/items?page=2&pageSize=2", alice);
  assert.equal(paged.total, 3);
  assert.equal(paged.items.length, 1);

  const res = await t.request("GET", `/api/storage/items?userId=${bob.user.id}`, { as: alice });
  assert.equal(res.status, 403);
  assert.deepEqual(await res.json(), {
    success: false,
    code: "STORAGE_OTHERS_FORBIDDEN",
    error: "只有管理员可以查看或删除其他用户的文件",
  });
  const bad = await t.request("GET", "/api/storage/items?pageSize=500", { as: alice });
  assert.equal(bad.status, 400);
  assert.equal((await bad.json()).error, "每页最多100条");
});

Deno.test("GET /api/storage/items: an administrator lists everyone's items or one user's", async () => {
  using t = await testApp();
  const { bob, boss } = await seeded(t);
  const all = await getJson(t, "/api/storage/items?pageSize=100", boss);
  assert.equal(all.total, 4);
  const bobs = await getJson(t, `/api/storage/items?userId=${bob.user.id}`, boss);
  assert.deepEqual(
    bobs.items.map((i: { username: string; itemId: string; area: string }) => [i.username, i.area, i.itemId]),
    [
      ["bob", "excel_batch", "b9"],
    ],
  );
});

Deno.test("task folders from before the key convention count for the task's user; orphans for nobody", async () => {
  using t = await testApp();
  const { alice } = await seeded(t);
  const { task } = await startTask(t.kv, {
    type: "maintenance.cleanup",
    userId: alice.user.id,
    total: 1,
    now: t.clock.now(),
    message: (taskId) => ({ type: "maintenance.cleanup", taskId }),
  });
  await put(t, `tasks/${task.id}/out/a.docx`, 250);
  await put(t, `tasks/${task.id}/b.pdf`, 50);
  await put(t, "tasks/00000000000000000000/gone.pdf", 999);

  const summary = await getJson(t, "/api/storage/summary", alice);
  assert.deepEqual(summary.mine.areas.tasks, { bytes: 300, files: 2 });
  assert.equal(summary.mine.bytes, 4800);
  const items = await getJson(t, "/api/storage/items?area=tasks", alice);
  assert.deepEqual(
    items.items.map((
      i: { itemId: string; bytes: number; areaLabel: string },
    ) => [i.itemId, i.bytes, i.areaLabel]),
    [
      [task.id, 300, "历史任务文件"],
    ],
  );

  const del = await t.request("DELETE", "/api/storage/items", {
    as: alice,
    json: { userId: alice.user.id, area: "tasks", itemId: task.id },
  });
  assert.equal(del.status, 200);
  assert.deepEqual(await del.json(), { success: true, bytes: 300, files: 2 });
  assert.equal(await t.deps.blobs.size(`tasks/${task.id}/b.pdf`), null);
  // the orphan folder belongs to no user, so nobody can name it as theirs
  const orphan = await t.request("DELETE", "/api/storage/items", {
    as: "admin",
    json: { userId: alice.user.id, area: "tasks", itemId: "00000000000000000000" },
  });
  assert.equal(orphan.status, 404);
});

Deno.test("DELETE /api/storage/items: a member deletes their own item, never another's", async () => {
  using t = await testApp();
  const { alice, bob } = await seeded(t);
  const res = await t.request("DELETE", "/api/storage/items", {
    as: alice,
    json: { userId: alice.user.id, area: "generated", itemId: "batch1" },
  });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { success: true, bytes: 1000, files: 3 });
  assert.equal(await t.deps.blobs.size(userItemKey(alice.user.id, "generated", "batch1", "all.zip")), null);
  const after = await getJson(t, "/api/storage/summary", alice);
  assert.equal(after.mine.bytes, 3500);
  assert.equal(after.mine.areas.generated, undefined);

  const other = await t.request("DELETE", "/api/storage/items", {
    as: alice,
    json: { userId: bob.user.id, area: "excel_batch", itemId: "b9" },
  });
  assert.equal(other.status, 403);
  assert.deepEqual(await other.json(), {
    success: false,
    code: "STORAGE_OTHERS_FORBIDDEN",
    error: "只有管理员可以查看或删除其他用户的文件",
  });
  assert.equal(await t.deps.blobs.size(userItemKey(bob.user.id, "excel_batch", "b9", "out.zip")), 7000);

  const again = await t.request("DELETE", "/api/storage/items", {
    as: alice,
    json: { userId: alice.user.id, area: "generated", itemId: "batch1" },
  });
  assert.equal(again.status, 404);
  assert.deepEqual(await again.json(), {
    success: false,
    code: "STORAGE_ITEM_NOT_FOUND",
    error: "文件不存在或已被删除",
  });
  assert.deepEqual((await listAuditEntries(t.kv)).entries.filter((e) => e.entity === "storage_item"), []);
});

Deno.test("DELETE /api/storage/items: an administrator deletes another user's item, and it is audited", async () => {
  using t = await testApp();
  const { bob, boss } = await seeded(t);
  const res = await t.request("DELETE", "/api/storage/items", {
    as: boss,
    json: { userId: bob.user.id, area: "excel_batch", itemId: "b9" },
  });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { success: true, bytes: 7000, files: 1 });
  const bobs = await getJson(t, "/api/storage/summary", bob);
  assert.equal(bobs.mine.bytes, 0);
  const audit = (await listAuditEntries(t.kv)).entries.filter((e) => e.entity === "storage_item");
  assert.equal(audit.length, 1);
  assert.equal(audit[0].actorName, "boss");
  assert.equal(audit[0].action, "delete");
  assert.equal(audit[0].entityId, `users/${bob.user.id}/excel_batch/b9`);
  assert.deepEqual(audit[0].before, {
    userId: bob.user.id,
    area: "excel_batch",
    itemId: "b9",
    bytes: 7000,
    files: 1,
    prefix: `users/${bob.user.id}/excel_batch/b9`,
  });
});

Deno.test("DELETE /api/storage/items refuses keys that leave the item's folder, with a Chinese message", async () => {
  using t = await testApp();
  const { alice } = await seeded(t);
  for (
    const [json, error] of [
      [{ userId: alice.user.id, area: "templates", itemId: ".." }, "文件夹ID无效"],
      [{ userId: alice.user.id, area: "templates", itemId: "a/b" }, "文件夹ID无效"],
      [{ userId: alice.user.id, area: "..", itemId: "tpl1" }, "存储分类无效"],
      [{ userId: 0, area: "templates", itemId: "tpl1" }, "用户ID无效"],
      [{ userId: alice.user.id, area: "templates" }, "文件夹ID无效"],
    ] as const
  ) {
    const res = await t.request("DELETE", "/api/storage/items", { as: alice, json });
    assert.equal(res.status, 400, JSON.stringify(json));
    const body = await res.json();
    assert.equal(body.code, "VALIDATION_FAILED");
    assert.equal(body.error, error);
  }
  assert.equal(await t.deps.blobs.size(userItemKey(alice.user.id, "templates", "tpl1", "slim.docx")), 500);
});

Deno.test("GET /api/storage/summary shows the clean-up settings and what its last run removed", async () => {
  using t = await testApp();
  const { alice } = await seeded(t);
  const before = await getJson(t, "/api/storage/summary", alice);
  assert.deepEqual(before.cleanup, { lastRun: null, auto_cleanup: false, cleanup_days: 30 });

  await saveSettings(t.kv, { auto_cleanup: true, cleanup_days: 7 });
  const prefix = `users/${alice.user.id}/generated/old-batch`;
  const { task } = await startTask(t.kv, {
    type: "maintenance.cleanup",
    userId: alice.user.id,
    total: 1,
    now: t.clock.now(),
    blobPrefix: prefix,
    message: (taskId) => ({ type: "maintenance.cleanup", taskId }),
  });
  await put(t, `${prefix}/a.docx`, 640);
  await completeTask(t.kv, task.id, { now: t.clock.now() });
  t.clock.advance(8 * DAY);
  await runCleanup(t.deps, t.clock.now());

  // eight days on, the first session has expired: sign in again
  const fresh = { ...alice, token: await t.issueToken(alice.user.id) };
  const after = await getJson(t, "/api/storage/summary", fresh);
  assert.deepEqual(after.cleanup, {
    lastRun: {
      at: t.clock.now(),
      skipped: false,
      tasksRemoved: 1,
      itemsRemoved: { generated: 0, excel_batch: 0, case_split: 0, pdf_links: 0, temp_templates: 0 },
      blobsRemoved: 1,
      bytesFreed: 640,
    },
    auto_cleanup: true,
    cleanup_days: 7,
  });
  assert.equal(after.mine.bytes, 4500);
});

// ---- deleting a feature's item: through the feature's own delete (server/services/storage/cleanup_hooks.ts) ----

/** The storage manager's row for an item, as listed to its owner (null when not listed). */
async function listedItem(t: TestApp, as: SeededUser, area: string, itemId: string) {
  const body = await getJson(t, `/api/storage/items?area=${area}&pageSize=100`, as);
  return body.items.find((i: { itemId: string }) => i.itemId === itemId) ?? null;
}

/** DELETE /api/storage/items for one of `as`'s (or `owner`'s) items; checks it answers what was listed. */
async function deleteListed(
  t: TestApp,
  as: SeededUser,
  item: { userId: number; area: string; itemId: string },
) {
  const listed = await listedItem(t, as, item.area, item.itemId);
  assert.ok(listed, `${item.area}/${item.itemId} is listed`);
  const res = await t.request("DELETE", "/api/storage/items", { as, json: item });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  assert.deepEqual(body, { success: true, bytes: listed.bytes, files: listed.files });
  assert.equal(await listedItem(t, as, item.area, item.itemId), null);
  const again = await t.request("DELETE", "/api/storage/items", { as, json: item });
  assert.deepEqual([again.status, (await again.json()).error], [404, "文件不存在或已被删除"]);
}

Deno.test("DELETE /api/storage/items: a generation batch leaves the history with its rows; usage records stay", async () => {
  const t = await testApp();
  using _t = t;
  t.deps.pdf = fakeConverter();
  startJobListener(t.deps, jobHandlers).catch(() => {});
  const templateId = await uploadSystemTemplate(t);
  const member = await t.userWith(["mediation", "storage_manage"], { quotas: { mediation: 10 } });
  const generate = (rows: string[][]) => generateBatch(t, { member, templateId, rows });
  const gone = await generate([["（2024）京01号", "张三", "王五"], ["（2024）京02号", "李四", "赵六"]]);
  const kept = await generate([["（2024）京03号", "钱七", "孙八"]]);
  const metering = await meteringEntries(t);
  assert.ok(metering.length > 0);

  await deleteListed(t, member, { userId: member.user.id, area: "generated", itemId: gone.id });
  const list = await getJson(t, "/api/mediation/batches", member);
  assert.deepEqual(list.data.records.map((r: { batch_no: string }) => r.batch_no), [kept.batchNo]);
  assert.equal(list.data.total, 1);
  const history = await t.request("GET", `/api/mediation/history?batch_no=${gone.batchNo}`, { as: member });
  assert.deepEqual([history.status, (await history.json()).error], [404, "批次不存在或已删除"]);
  assert.deepEqual(await keysNaming(t, [gone.id, gone.batchNo]), []);
  assert.deepEqual(await blobKeys(t, gone.blobPrefix), []);
  assert.deepEqual(await meteringEntries(t), metering, "usage and quota records stay");
  assert.ok((await blobKeys(t, kept.blobPrefix)).length > 0);
});

Deno.test("GET /api/storage/items says what each folder holds: the batch, the task, the file", async () => {
  const t = await testApp();
  using _t = t;
  t.deps.pdf = fakeConverter();
  startJobListener(t.deps, jobHandlers).catch(() => {});
  const templateId = await uploadSystemTemplate(t);
  const member = await t.userWith(
    ["mediation", "excel_batch_generate", "excel_case_split", "storage_manage"],
    {
      quotas: { mediation: 10 },
    },
  );
  const batch = await generateBatch(t, { member, templateId, rows: [["（2024）京01号", "张三", "王五"]] });
  const taskId = await createExcelBatchTask(t, member);
  const folder = (await getExcelBatch(t.kv, taskId))!.blobPrefix.split("/").pop()!;
  const split = await (await t.request("POST", "/api/excel-case-split/upload", {
    as: member,
    form: fileForm(sheetBytes([["住所地"], ["杭州市西湖区"]]), "三月案件.xlsx"),
  })).json();
  await put(t, userItemKey(member.user.id, "uploads", "loose1", "a.bin"), 10);

  const described = async (area: string, itemId: string) =>
    (await listedItem(t, member, area, itemId))?.description;
  const no = batch.batchNo;
  const shown = `${no.slice(0, 4)}-${no.slice(4, 6)}-${no.slice(6, 8)} ${no.slice(9, 11)}:${
    no.slice(11, 13)
  }:${no.slice(13, 15)}`;
  assert.equal(
    await described("generated", batch.id),
    `批次 ${shown}${no.slice(15)}（${batch.templateName}，1 份）`,
  );
  assert.equal(await described("excel_batch", folder), "任务：催告通知（案件.xlsx）");
  assert.equal(await described("case_split", split.taskId), "文件：三月案件.xlsx");
  assert.equal(await described("uploads", "loose1"), null);
});

Deno.test("DELETE /api/storage/items: a generation batch still running is refused with the feature's message", async () => {
  using t = await testApp();
  const member = await t.userWith(["mediation", "storage_manage"]);
  const now = t.clock.now();
  const id = "0000000000010000aaaa";
  const blobPrefix = userItemPrefix(member.user.id, "generated", id);
  const batch: MediationBatch = {
    id,
    userId: member.user.id,
    batchNo: "20260101_000000",
    templateName: "调解书.docx",
    templateKey: `${blobPrefix}/template.docx`,
    rowsKey: `${blobPrefix}/rows.json`,
    blobPrefix,
    total: 1,
    namePattern: "{案号}",
    status: "running",
    attempt: 1,
    taskId: id,
    successCount: 0,
    failedCount: 0,
    pdfAvailable: false,
    createdAt: now,
    updatedAt: now,
  };
  assert.ok((await addMediationBatchToCommit(t.kv.atomic(), batch).commit()).ok);
  await put(t, `${blobPrefix}/template.docx`, 100);
  const res = await t.request("DELETE", "/api/storage/items", {
    as: member,
    json: { userId: member.user.id, area: "generated", itemId: id },
  });
  assert.equal(res.status, 409);
  assert.deepEqual(await res.json(), {
    success: false,
    code: "BATCH_RUNNING",
    error: "批次正在处理中，请稍后再试",
  });
  assert.equal(await t.deps.blobs.size(`${blobPrefix}/template.docx`), 100);
  assert.ok(await getBatchByNo(t.kv, member.user.id, "20260101_000000"));
});

Deno.test("DELETE /api/storage/items: an Excel batch task (folder named apart from the task) loses its outputs and records", async () => {
  const t = await testApp();
  using _t = t;
  startJobListener(t.deps, jobHandlers).catch(() => {});
  const member = await t.userWith(["excel_batch_generate", "storage_manage"], { quotas: { mediation: 20 } });
  const gone = await createExcelBatchTask(t, member);
  const kept = await createExcelBatchTask(t, member);
  const goneBatch = (await getExcelBatch(t.kv, gone))!;
  const folderId = goneBatch.blobPrefix.split("/").at(-1)!;
  assert.notEqual(folderId, gone, "the folder id is not the task id");
  const fileId = (await getJson(t, `/api/excel-batch/task/${gone}/progress`, member)).generatedFiles[0].id;
  const metering = await meteringEntries(t);

  await deleteListed(t, member, { userId: member.user.id, area: "excel_batch", itemId: folderId });
  for (
    const path of [`/api/excel-batch/task/${gone}/progress`, `/api/excel-batch/task/${gone}/download-zip`]
  ) {
    const res = await t.request("GET", path, { as: member });
    assert.deepEqual([res.status, (await res.json()).error], [404, "任务不存在或已删除"], path);
  }
  assert.equal((await t.request("GET", `/api/excel-batch/download/${fileId}`, { as: member })).status, 404);
  assert.equal(await getExcelBatch(t.kv, gone), null);
  assert.deepEqual(await keysNaming(t, [folderId]), []);
  assert.deepEqual(await meteringEntries(t), metering, "usage and quota records stay");
  const keptProgress = await getJson(t, `/api/excel-batch/task/${kept}/progress`, member);
  assert.equal(keptProgress.generatedFiles.length, 2);
});

Deno.test("DELETE /api/storage/items: an administrator deletes a member's PDF batch: links dead, list empty, audited", async () => {
  using t = await testApp();
  const member = await t.userWith(["pdf_converter", "storage_manage"], { quotas: { pdf_convert: 10 } });
  const boss = await t.userWith(["storage_manage"], { username: "boss", role: "admin" });
  const form = new FormData();
  form.append("file", new File([makePdf("合同")], "合同.pdf", { type: "application/pdf" }));
  const upload = await t.request("POST", "/api/upload-pdfs", {
    as: member,
    form,
    headers: { "Batch-No": "20260105_100000" },
  });
  assert.equal(upload.status, 200, await upload.clone().text());
  const link = new URL((await upload.json()).url).pathname;
  assert.equal((await t.request("GET", link)).status, 200);
  const metering = await meteringEntries(t);
  const item = { userId: member.user.id, area: "pdf_links", itemId: "20260105_100000" };
  const listed = await listedItem(t, member, "pdf_links", "20260105_100000");

  const res = await t.request("DELETE", "/api/storage/items", { as: boss, json: item });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { success: true, bytes: listed.bytes, files: 1 });
  const list = await getJson(t, "/api/pdf-convert/batches", member);
  assert.deepEqual([list.data.records, list.data.total], [[], 0]);
  const open = await t.request("GET", link);
  assert.deepEqual([open.status, (await open.json()).error], [404, "链接不存在或已失效"]);
  assert.deepEqual(await keysNaming(t, ["20260105_100000"]), []);
  assert.deepEqual(await blobKeys(t, `users/${member.user.id}/pdf_links`), []);
  assert.deepEqual(await meteringEntries(t), metering, "usage and quota records stay");
  const audit = (await listAuditEntries(t.kv)).entries.filter((e) => e.entity === "storage_item");
  const prefix = `users/${member.user.id}/pdf_links/20260105_100000`;
  assert.deepEqual(audit.map((e) => [e.actorName, e.action, e.entityId, e.before]), [
    ["boss", "delete", prefix, { ...item, bytes: listed.bytes, files: 1, prefix }],
  ]);
});

Deno.test("DELETE /api/storage/items: a case-split task leaves the splitter's list with its outputs", async () => {
  using t = await testApp();
  const user = await t.userWith(["excel_case_split", "storage_manage"]);
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
  const gone = await uploadSheet();
  const split = await t.request("POST", "/api/excel-case-split/split", {
    as: user,
    json: { taskId: gone, addressColumn: "住所地", splitLevel: "city" },
  });
  assert.equal(split.status, 202, await split.clone().text());
  const { jobTaskId } = await split.json();
  await dispatchJob(t.deps, jobHandlers, { type: "case_split.run", taskId: jobTaskId, splitId: gone });
  assert.equal(
    (await t.request("GET", `/api/excel-case-split/tasks/${gone}/files/0`, { as: user })).status,
    200,
  );
  const kept = await uploadSheet();
  const metering = await meteringEntries(t);
  assert.ok(metering.length > 0, "the split recorded its usage");

  await deleteListed(t, user, { userId: user.user.id, area: "case_split", itemId: gone });
  const list = await getJson(t, "/api/excel-case-split/tasks", user);
  assert.deepEqual([list.total, list.tasks.map((x: { id: string }) => x.id)], [1, [kept]]);
  const file = await t.request("GET", `/api/excel-case-split/tasks/${gone}/files/0`, { as: user });
  assert.deepEqual([file.status, (await file.json()).error], [404, "任务不存在或已删除"]);
  assert.deepEqual(await keysNaming(t, [gone]), []);
  assert.deepEqual(await blobKeys(t, `users/${user.user.id}/case_split/${gone}`), []);
  assert.deepEqual(await meteringEntries(t), metering, "usage and quota records stay");
});

Deno.test("DELETE /api/storage/items: a personal template and a custom (Excel) template leave their managers' lists", async () => {
  using t = await testApp();
  const user = await t.userWith(["my_template", "excel_template_manage", "storage_manage"]);
  const docx = () => new File([buildSimpleTemplate() as BlobPart], "调解书.docx");

  const personalForm = new FormData();
  personalForm.append("template", docx());
  const personal = await t.request("POST", "/api/my-templates/upload", { as: user, form: personalForm });
  assert.equal(personal.status, 200, await personal.clone().text());
  const keptForm = new FormData();
  keptForm.append("template", docx());
  await t.request("POST", "/api/my-templates/upload", { as: user, form: keptForm });
  const mine = await getJson(t, "/api/my-templates/list", user);
  assert.equal(mine.templates.length, 2);
  const [keptId, goneId] = mine.templates.map((x: { id: string }) => x.id);

  const uploadForm = new FormData();
  uploadForm.append("file", docx());
  const pending =
    await (await t.request("POST", "/api/excel-templates/upload", { as: user, form: uploadForm }))
      .json();
  const saved = await t.request("POST", "/api/excel-templates", {
    as: user,
    json: { templateName: "调解书", description: "", filePath: pending.filePath },
  });
  assert.equal(saved.status, 201, await saved.clone().text());
  const excelId = (await saved.json()).template.id;
  const metering = await meteringEntries(t);

  await deleteListed(t, user, { userId: user.user.id, area: "templates", itemId: goneId });
  const after = await getJson(t, "/api/my-templates/list", user);
  assert.deepEqual(after.templates.map((x: { id: string }) => x.id), [keptId]);
  const download = await t.request("GET", `/api/my-templates/download/${goneId}`, { as: user });
  assert.equal(download.status, 404);

  await deleteListed(t, user, { userId: user.user.id, area: "excel_templates", itemId: excelId });
  assert.deepEqual((await getJson(t, "/api/excel-templates", user)).templates, []);
  assert.deepEqual(await keysNaming(t, [goneId, excelId]), []);
  assert.deepEqual(await meteringEntries(t), metering, "usage and quota records stay");
});

Deno.test("DELETE /api/storage/items: a folder no feature keeps records of (uploads, or records gone) is deleted as before", async () => {
  using t = await testApp();
  const { alice } = await seeded(t);
  await put(t, userItemKey(alice.user.id, "uploads", "u1", "a.bin"), 321);
  const res = await t.request("DELETE", "/api/storage/items", {
    as: alice,
    json: { userId: alice.user.id, area: "uploads", itemId: "u1" },
  });
  assert.deepEqual([res.status, await res.json()], [200, { success: true, bytes: 321, files: 1 }]);
  // a personal template folder whose record is gone (an orphan) still goes
  const orphan = await t.request("DELETE", "/api/storage/items", {
    as: alice,
    json: { userId: alice.user.id, area: "templates", itemId: "tpl1" },
  });
  assert.deepEqual([orphan.status, await orphan.json()], [200, { success: true, bytes: 1500, files: 2 }]);
});
