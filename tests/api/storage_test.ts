import assert from "node:assert/strict";
import { userItemKey } from "../../server/blobs/blob_keys.ts";
import { runCleanup } from "../../server/jobs/cleanup_job.ts";
import { listAuditEntries } from "../../server/kv/audit_log.ts";
import { saveSettings } from "../../server/kv/settings.ts";
import { completeTask, startTask } from "../../server/kv/tasks.ts";
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
