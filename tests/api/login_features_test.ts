import assert from "node:assert/strict";
import { LOGIN_FEATURE_ICONS } from "../../common/schemas/login_features.ts";
import { ensureInitialData } from "../../server/bootstrap.ts";
import { listAuditEntries } from "../../server/kv/audit_log.ts";
import {
  DEFAULT_LOGIN_FEATURES,
  getLoginFeature,
  listLoginFeatures,
} from "../../server/kv/login_features.ts";
import { testApp } from "../helpers/test_app.ts";

type Feature = { id: string; icon: string; title: string };

async function listFeatures(t: Awaited<ReturnType<typeof testApp>>): Promise<Feature[]> {
  const res = await t.request("GET", "/api/login-features/list");
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(body.success, true);
  return body.features;
}

Deno.test("GET /api/login-features/list is public and starts with the seeded defaults", async () => {
  using t = await testApp();
  const features = await listFeatures(t);
  assert.deepEqual(features.map(({ icon, title }) => ({ icon, title })), DEFAULT_LOGIN_FEATURES);
  assert.deepEqual(features.map((f) => f.title), [
    "批量生成调解书",
    "PDF一键转链接",
    "县市案件智能分类",
    "AI辅助信息提取",
  ]);
  assert.deepEqual(Object.keys(features[0]).sort(), ["icon", "id", "title"]);
});

Deno.test("the defaults are seeded once: deleting them all survives a restart", async () => {
  using t = await testApp();
  for (const f of await listFeatures(t)) {
    assert.equal((await t.request("DELETE", `/api/login-features/${f.id}`, { as: "admin" })).status, 200);
  }
  await ensureInitialData(t.deps);
  assert.deepEqual(await listFeatures(t), []);
});

Deno.test("POST /api/login-features validates icon and title", async () => {
  using t = await testApp();
  const cases: [Record<string, unknown>, string, string][] = [
    [{ icon: "FileOutlined", title: "" }, "请输入标题", "title"],
    [{ icon: "FileOutlined" }, "请输入标题", "title"],
    [{ icon: "", title: "批量" }, "请选择图标", "icon"],
    [{ icon: "FileOutlined", title: "长".repeat(51) }, "标题不能超过50个字符", "title"],
  ];
  for (const [json, error, field] of cases) {
    const res = await t.request("POST", "/api/login-features", { as: "admin", json });
    assert.equal(res.status, 400, error);
    assert.deepEqual(await res.json(), { success: false, code: "VALIDATION_FAILED", error, field });
  }
  assert.equal((await listFeatures(t)).length, 4);
});

Deno.test("login-feature writes need an admin (role admin or user 1)", async () => {
  using t = await testApp();
  const json = { icon: "FileOutlined", title: "批量" };
  assert.equal((await t.request("POST", "/api/login-features", { json })).status, 401);
  const manager = await t.userWith(["system_settings", "user_manage", "role_manage"]);
  const denied = await t.request("POST", "/api/login-features", { as: manager, json });
  assert.equal(denied.status, 403);
  assert.deepEqual(await denied.json(), {
    success: false,
    code: "ADMIN_ONLY",
    error: "只有管理员可以执行此操作",
  });
  const [first] = await listFeatures(t);
  assert.equal(
    (await t.request("PUT", `/api/login-features/${first.id}`, { as: manager, json })).status,
    403,
  );
  assert.equal((await t.request("DELETE", `/api/login-features/${first.id}`, { as: manager })).status, 403);
  assert.equal((await t.request("DELETE", `/api/login-features/${first.id}`)).status, 401);
  const roleAdmin = await t.userWith([], { role: "admin" });
  assert.equal((await t.request("POST", "/api/login-features", { as: roleAdmin, json })).status, 201);
});

Deno.test("POST /api/login-features appends by default and orders by order, then creation", async () => {
  using t = await testApp();
  const res = await t.request("POST", "/api/login-features", {
    as: "admin",
    json: { icon: "StarOutlined", title: "最后" },
  });
  assert.equal(res.status, 201);
  const { success, feature } = await res.json();
  assert.equal(success, true);
  assert.deepEqual(Object.keys(feature).sort(), ["icon", "id", "title"]);
  t.clock.advance(10);
  await t.request("POST", "/api/login-features", {
    as: "admin",
    json: { icon: "BookOutlined", title: "第二", order: 0 },
  });
  t.clock.advance(10);
  await t.request("POST", "/api/login-features", {
    as: "admin",
    json: { icon: "BookOutlined", title: "第二之后", order: 0 },
  });
  const titles = (await listFeatures(t)).map((f) => f.title);
  assert.deepEqual(titles, [
    "批量生成调解书",
    "第二",
    "第二之后",
    "PDF一键转链接",
    "县市案件智能分类",
    "AI辅助信息提取",
    "最后",
  ]);
  const [created] = (await listAuditEntries(t.kv)).entries.slice(-1);
  assert.deepEqual([created.action, created.entity, created.entityId], [
    "create",
    "login_feature",
    feature.id,
  ]);
});

Deno.test("PUT /api/login-features/:id updates icon and title, keeping the order", async () => {
  using t = await testApp();
  const [first] = await listFeatures(t);
  const res = await t.request("PUT", `/api/login-features/${first.id}`, {
    as: "admin",
    json: { icon: "FilePdfOutlined", title: "调解书一键生成" },
  });
  assert.equal(res.status, 200);
  assert.deepEqual((await res.json()).feature, {
    id: first.id,
    icon: "FilePdfOutlined",
    title: "调解书一键生成",
  });
  assert.deepEqual((await listFeatures(t))[0], {
    id: first.id,
    icon: "FilePdfOutlined",
    title: "调解书一键生成",
  });
  assert.equal((await getLoginFeature(t.kv, first.id))?.order, 0);
  const moved = await t.request("PUT", `/api/login-features/${first.id}`, {
    as: "admin",
    json: { icon: "FilePdfOutlined", title: "调解书一键生成", order: 100 },
  });
  assert.equal(moved.status, 200);
  assert.equal((await listFeatures(t)).at(-1)?.id, first.id);
  const bad = await t.request("PUT", `/api/login-features/${first.id}`, {
    as: "admin",
    json: { icon: "FileTextOutlined", title: "" },
  });
  assert.equal(bad.status, 400);
  assert.equal((await bad.json()).error, "请输入标题");
  const unknown = await t.request("PUT", "/api/login-features/nope", {
    as: "admin",
    json: { icon: "FileTextOutlined", title: "Y" },
  });
  assert.equal(unknown.status, 404);
  assert.deepEqual(await unknown.json(), {
    success: false,
    code: "LOGIN_FEATURE_NOT_FOUND",
    error: "登录页功能项不存在",
  });
  const { entries } = await listAuditEntries(t.kv);
  assert.equal((entries[1].before as Feature).title, "批量生成调解书");
  assert.equal((entries[1].after as Feature).title, "调解书一键生成");
});

Deno.test("DELETE /api/login-features/:id removes one feature", async () => {
  using t = await testApp();
  const [first, second] = await listFeatures(t);
  const res = await t.request("DELETE", `/api/login-features/${first.id}`, { as: "admin" });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { success: true });
  assert.equal((await listFeatures(t))[0].id, second.id);
  assert.equal((await listLoginFeatures(t.kv)).length, 3);
  const again = await t.request("DELETE", `/api/login-features/${first.id}`, { as: "admin" });
  assert.equal(again.status, 404);
  assert.equal((await again.json()).code, "LOGIN_FEATURE_NOT_FOUND");
});

Deno.test("POST /api/login-features accepts only icons the login page can show", async () => {
  using t = await testApp();
  const res = await t.request("POST", "/api/login-features", {
    as: "admin",
    json: { icon: "javascript:alert(1)", title: "批量" },
  });
  assert.equal(res.status, 400);
  assert.deepEqual(await res.json(), {
    success: false,
    code: "VALIDATION_FAILED",
    error: "请从列表中选择图标",
    field: "icon",
  });
  for (const icon of LOGIN_FEATURE_ICONS) {
    const ok = await t.request("POST", "/api/login-features", { as: "admin", json: { icon, title: icon } });
    assert.equal(ok.status, 201, icon);
  }
});

Deno.test("POST /api/login-features/reorder sets the whole order at once", async () => {
  using t = await testApp();
  const before = await listFeatures(t);
  const reversed = before.map((f) => f.id).reverse();
  const res = await t.request("POST", "/api/login-features/reorder", {
    as: "admin",
    json: { ids: reversed },
  });
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(body.success, true);
  assert.deepEqual(body.features.map((f: Feature) => f.id), reversed);
  assert.deepEqual((await listFeatures(t)).map((f) => f.id), reversed);
  assert.deepEqual((await listLoginFeatures(t.kv)).map((f) => f.order), [0, 1, 2, 3]);

  // a feature added after the list was read: the stale order is refused, nothing changes
  await t.request("POST", "/api/login-features", {
    as: "admin",
    json: { icon: "BookOutlined", title: "新" },
  });
  const stale = await t.request("POST", "/api/login-features/reorder", {
    as: "admin",
    json: { ids: before.map((f) => f.id) },
  });
  assert.equal(stale.status, 409);
  assert.deepEqual(await stale.json(), {
    success: false,
    code: "LOGIN_FEATURE_ORDER_STALE",
    error: "功能列表已被修改，请刷新后重试",
  });
  assert.deepEqual((await listFeatures(t)).slice(0, 4).map((f) => f.id), reversed);

  const duplicate = await t.request("POST", "/api/login-features/reorder", {
    as: "admin",
    json: { ids: [reversed[0], reversed[0]] },
  });
  assert.equal(duplicate.status, 400);
  assert.equal((await duplicate.json()).error, "功能项不能重复");
  const empty = await t.request("POST", "/api/login-features/reorder", { as: "admin", json: { ids: [] } });
  assert.equal((await empty.json()).error, "请提供功能项顺序");

  const { entries } = await listAuditEntries(t.kv);
  const audit = entries.find((e) => e.entityId === "order");
  assert.ok(audit);
  assert.deepEqual(audit.before, before.map((f) => f.title));
  assert.deepEqual(audit.after, [...before].reverse().map((f) => f.title));
});

Deno.test("POST /api/login-features/reorder needs an admin", async () => {
  using t = await testApp();
  const ids = (await listFeatures(t)).map((f) => f.id).reverse();
  assert.equal((await t.request("POST", "/api/login-features/reorder", { json: { ids } })).status, 401);
  const manager = await t.userWith(["system_settings"]);
  const denied = await t.request("POST", "/api/login-features/reorder", { as: manager, json: { ids } });
  assert.equal(denied.status, 403);
  assert.equal((await denied.json()).code, "ADMIN_ONLY");
  assert.notDeepEqual((await listFeatures(t)).map((f) => f.id), ids);
});
