import assert from "node:assert/strict";
import { recordAudit } from "../../server/kv/audit_log.ts";
import { recordLoginAttempt } from "../../server/kv/login_audit.ts";
import { type TestApp, testApp } from "../helpers/test_app.ts";

const DAY_MS = 86_400_000;

async function seed(t: TestApp) {
  const now = t.clock.now();
  await recordAudit(t.kv, {
    at: now - 2 * DAY_MS,
    actorId: 1,
    actorName: "admin",
    action: "update",
    entity: "role",
    entityId: "3",
    before: { name: "a" },
    after: { name: "b" },
  });
  await recordLoginAttempt(t.kv, {
    username: "alice",
    address: "10.0.0.1",
    success: false,
    kind: "login",
    code: "INVALID_CREDENTIALS",
    at: now - DAY_MS,
  });
  await recordLoginAttempt(t.kv, {
    username: "admin",
    address: "10.0.0.2",
    success: true,
    kind: "login",
    code: null,
    at: now,
  });
}

Deno.test("GET /api/audit-log answers 401 without a token and 403 ADMIN_ONLY to members", async () => {
  using t = await testApp();
  const m = await t.userWith(["user_manage", "system_settings"]);
  assert.equal((await t.request("GET", "/api/audit-log")).status, 401);
  const res = await t.request("GET", "/api/audit-log", { as: m });
  assert.equal(res.status, 403);
  assert.equal((await res.json()).code, "ADMIN_ONLY");
});

Deno.test("GET /api/audit-log merges admin changes and sign-ins, newest first", async () => {
  using t = await testApp();
  await seed(t);
  const res = await t.request("GET", "/api/audit-log", { as: "admin" });
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(body.total, 3);
  assert.deepEqual(body.entries.map((e: { kind: string; actor: string }) => `${e.kind}:${e.actor}`), [
    "login:admin",
    "login:alice",
    "admin:admin",
  ]);
  assert.deepEqual(body.entries[2].after, { name: "b" });
  assert.equal(body.entries[1].code, "INVALID_CREDENTIALS");
  assert.equal(body.entries[1].success, false);
});

Deno.test("GET /api/audit-log filters by kind, actor and China-day range, and pages", async () => {
  using t = await testApp();
  await seed(t);
  const read = async (qs: string) => {
    const res = await t.request("GET", `/api/audit-log?${qs}`, { as: "admin" });
    assert.equal(res.status, 200, qs);
    const body = await res.json();
    return {
      total: body.total,
      e: body.entries.map((e: { kind: string; actor: string }) => `${e.kind}:${e.actor}`),
    };
  };
  assert.deepEqual(await read("kind=admin"), { total: 1, e: ["admin:admin"] });
  assert.deepEqual(await read("kind=login&actor=ALI"), { total: 1, e: ["login:alice"] });
  assert.deepEqual(await read("from=2026-01-04&to=2026-01-04"), { total: 1, e: ["login:alice"] });
  assert.deepEqual(await read("from=2026-01-04"), { total: 2, e: ["login:admin", "login:alice"] });
  assert.deepEqual(await read("to=2026-01-03"), { total: 1, e: ["admin:admin"] });
  assert.deepEqual(await read("page=2&pageSize=10"), { total: 3, e: [] });
});

Deno.test("GET /api/audit-log validates its filters", async () => {
  using t = await testApp();
  const cases: [string, string, string][] = [
    ["kind=other", "未知的日志类型", "kind"],
    ["from=2026/01/01", "日期格式应为YYYY-MM-DD", "from"],
    ["from=2026-02-30", "日期格式应为YYYY-MM-DD", "from"],
    ["from=2026-01-05&to=2026-01-01", "开始日期不能晚于结束日期", "to"],
    ["pageSize=7", "每页条数只能是10、20、50、100", "pageSize"],
  ];
  for (const [qs, error, field] of cases) {
    const res = await t.request("GET", `/api/audit-log?${qs}`, { as: "admin" });
    assert.equal(res.status, 400, qs);
    assert.deepEqual(await res.json(), { success: false, code: "VALIDATION_FAILED", error, field }, qs);
  }
});

Deno.test("GET /api/audit-log names a quota change by its owner's username", async () => {
  using t = await testApp();
  const m = await t.userWith(["member_center"], { username: "bella" });
  await t.request("POST", "/api/member/quick-add-limit", {
    as: "admin",
    json: { userId: m.user.id, type: "pdf_convert", amount: 10 },
  });
  const body = await (await t.request("GET", "/api/audit-log?entity=quota", { as: "admin" })).json();
  assert.deepEqual(body.entries.map((e: { target: string }) => e.target), ["bella · PDF转换"]);
});

Deno.test("GET /api/audit-log narrows by entity (changes only) and by result (sign-ins only)", async () => {
  using t = await testApp();
  await seed(t);
  const read = async (qs: string) => {
    const res = await t.request("GET", `/api/audit-log?${qs}`, { as: "admin" });
    assert.equal(res.status, 200, qs);
    const body = await res.json();
    return body.entries.map((e: { kind: string; actor: string }) => `${e.kind}:${e.actor}`);
  };
  assert.deepEqual(await read("entity=role"), ["admin:admin"]);
  assert.deepEqual(await read("entity=user"), []);
  assert.deepEqual(await read("result=failure"), ["login:alice"]);
  assert.deepEqual(await read("result=success"), ["login:admin"]);
  const res = await t.request("GET", "/api/audit-log?entity=planet", { as: "admin" });
  assert.equal(res.status, 400);
  assert.deepEqual(await res.json(), {
    success: false,
    code: "VALIDATION_FAILED",
    error: "未知的操作对象",
    field: "entity",
  });
});

interface AdminEntryView {
  kind: string;
  target: string;
  actor: string;
  actorId: number;
  action: string;
  entity: string;
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

Deno.test("every change to users, roles, quotas, settings and invitation codes shows in the audit log with before and after", async () => {
  using t = await testApp();
  const step = async (method: string, path: string, json?: unknown) => {
    t.clock.advance(1000);
    const res = await t.request(method, path, { as: "admin", json });
    assert.ok(res.ok, `${method} ${path}: ${res.status} ${await res.clone().text()}`);
    return await res.json();
  };
  const role = (await step("POST", "/api/roles", { name: "律师", permissions: ["dashboard"] })).role;
  await step("PUT", `/api/roles/${role.id}`, { name: "律师", permissions: ["dashboard", "mediation"] });
  const user = (await step("POST", "/api/users", {
    username: "lawyer1",
    email: "l1@example.com",
    password: "secret-1",
    role: "律师",
  })).user;
  await step("PUT", `/api/users/${user.id}`, {
    email: "new@example.com",
    role: "律师",
    password: "secret-2",
  });
  await step("POST", "/api/member/update-limit", { userId: user.id, type: "ai", limit: 7 });
  await step("POST", "/api/member/quick-add-limit", { userId: user.id, type: "ai", amount: 10 });
  await step("POST", "/api/system/settings", {
    system_name: "律所文书平台",
    site_title: "律所文书批量处理",
    login_title: "欢迎登录",
    login_subtitle: "批量生成调解书",
  });
  const code = (await step("POST", "/api/invitation-codes", { maxUses: 2, remark: "新同事" })).code;
  await step("DELETE", `/api/invitation-codes/${code.id}`);
  await step("DELETE", `/api/users/${user.id}`);

  const res = await t.request("GET", "/api/audit-log?kind=admin&pageSize=50", { as: "admin" });
  assert.equal(res.status, 200);
  const entries: AdminEntryView[] = (await res.json()).entries;
  assert.deepEqual(entries.map((e) => `${e.action} ${e.entity}`).reverse(), [
    "create role",
    "update role",
    "create user",
    "update user",
    "update quota",
    "update quota",
    "update settings",
    "create invitation_code",
    "delete invitation_code",
    "delete user",
  ]);
  for (const e of entries) assert.deepEqual([e.actor, e.actorId], ["admin", 1]);
  const [delUser, delCode, , , quick, setLimit, updUser, , updRole] = entries;

  assert.deepEqual(updRole.before?.permissions, ["dashboard"]);
  assert.deepEqual(updRole.after?.permissions, ["dashboard", "mediation"]);
  assert.equal(updUser.entityId, String(user.id));
  assert.equal(updUser.before?.email, "l1@example.com");
  assert.equal(updUser.after?.email, "new@example.com");
  assert.equal(updUser.after?.passwordChanged, true);
  const quota = (e: AdminEntryView, side: "before" | "after") => {
    const { userId, type, limit } = e[side] ?? {};
    return { userId, type, limit };
  };
  assert.deepEqual(quota(setLimit, "after"), { userId: user.id, type: "ai", limit: 7 });
  assert.deepEqual(quota(quick, "before"), { userId: user.id, type: "ai", limit: 7 });
  assert.deepEqual(quota(quick, "after"), { userId: user.id, type: "ai", limit: 17 });
  assert.equal(delCode.entityId, code.id);
  assert.equal(delCode.before?.remark, "新同事");
  assert.equal(delCode.after, null);
  assert.equal(delUser.before?.username, "lawyer1");
  // readable targets (the quota's owner is deleted by now: its name comes from the entry, or the id)
  assert.deepEqual([updRole.target, updUser.target, delCode.target], ["律师", "lawyer1", code.code]);
  assert.ok(["lawyer1 · AI功能", `#${user.id} · AI功能`].includes(quick.target), quick.target);
  // no password or hash anywhere in the log
  const text = JSON.stringify(entries);
  assert.ok(!/secret-|passwordHash|"password"/.test(text), text);
});
