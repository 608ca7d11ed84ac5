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
    ["from=2026-01-05&to=2026-01-01", "开始日期不能晚于结束日期", "to"],
    ["pageSize=7", "每页条数只能是10、20、50、100", "pageSize"],
  ];
  for (const [qs, error, field] of cases) {
    const res = await t.request("GET", `/api/audit-log?${qs}`, { as: "admin" });
    assert.equal(res.status, 400, qs);
    assert.deepEqual(await res.json(), { success: false, code: "VALIDATION_FAILED", error, field }, qs);
  }
});
