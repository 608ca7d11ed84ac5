import assert from "node:assert/strict";
import { listAuditEntries } from "../../server/kv/audit_log.ts";
import { getQuotas } from "../../server/kv/quotas.ts";
import { recordUsage } from "../../server/kv/usage.ts";
import { type TestApp, testApp } from "../helpers/test_app.ts";

const DAY_MS = 86_400_000;

async function seedUsage(t: TestApp, userId: number, username: string, at: number, description = "生成文书") {
  await recordUsage(t.kv, { userId, username, type: "mediation", description, status: "success", at });
}

Deno.test("GET /api/member/usage-records answers 401 without a token", async () => {
  using t = await testApp();
  const res = await t.request("GET", "/api/member/usage-records");
  assert.equal(res.status, 401);
  assert.equal((await res.json()).code, "AUTH_REQUIRED");
});

Deno.test("GET /api/member/usage-records shows a member only their own records, whatever userId says", async () => {
  using t = await testApp();
  const alice = await t.userWith(["member_center"], { username: "alice" });
  const bob = await t.userWith(["member_center"], { username: "bob" });
  await seedUsage(t, alice.user.id, "alice", t.clock.now(), "甲的文书");
  await seedUsage(t, bob.user.id, "bob", t.clock.now() + 1, "乙的文书");
  const res = await t.request("GET", `/api/member/usage-records?userId=${bob.user.id}`, { as: alice });
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(body.total, 1);
  assert.equal(body.records.length, 1);
  const rec = body.records[0];
  assert.equal(rec.username, "alice");
  assert.equal(rec.type, "mediation");
  assert.equal(rec.type_label, "文书生成");
  assert.equal(rec.description, "甲的文书");
  assert.equal(rec.status, "success");
  assert.equal(rec.created_at, new Date(t.clock.now()).toISOString());
});

Deno.test("GET /api/member/usage-records shows an administrator their own records, or one user's on request", async () => {
  using t = await testApp();
  const alice = await t.userWith(["member_center"], { username: "alice" });
  const bob = await t.userWith(["member_center"], { username: "bob" });
  await seedUsage(t, alice.user.id, "alice", t.clock.now());
  await seedUsage(t, bob.user.id, "bob", t.clock.now() + 1);
  await seedUsage(t, 1, "admin", t.clock.now() + 2);
  const own = await (await t.request("GET", "/api/member/usage-records", { as: "admin" })).json();
  assert.equal(own.total, 1, "everyone loads their own records (part 3 §6)");
  assert.deepEqual(own.records.map((r: { username: string }) => r.username), ["admin"]);
  const one =
    await (await t.request("GET", `/api/member/usage-records?userId=${alice.user.id}`, { as: "admin" }))
      .json();
  assert.deepEqual(one.records.map((r: { username: string }) => r.username), ["alice"]);
});

Deno.test("GET /api/member/usage-records filters by China day, month, last month and custom range", async () => {
  using t = await testApp();
  const m = await t.userWith(["member_center"], { username: "alice" });
  // Clock: 2026-01-05 10:00 China time.
  const now = t.clock.now();
  await seedUsage(t, m.user.id, "alice", now, "today");
  await seedUsage(t, m.user.id, "alice", now - 3 * DAY_MS, "this month");
  await seedUsage(t, m.user.id, "alice", now - 10 * DAY_MS, "last month");
  await seedUsage(t, m.user.id, "alice", now - 60 * DAY_MS, "long ago");
  const read = async (qs: string) => {
    const res = await t.request("GET", `/api/member/usage-records?${qs}`, { as: m });
    assert.equal(res.status, 200);
    const body = await res.json();
    return { total: body.total, d: body.records.map((r: { description: string }) => r.description) };
  };
  assert.deepEqual(await read("timeType=day"), { total: 1, d: ["today"] });
  assert.deepEqual(await read("timeType=month"), { total: 2, d: ["today", "this month"] });
  assert.deepEqual(await read("timeType=lastMonth"), { total: 1, d: ["last month"] });
  assert.deepEqual(await read("timeType=custom&timeRange=2025-12-20,2026-01-04"), {
    total: 2,
    d: ["this month", "last month"],
  });
  assert.deepEqual(await read(""), { total: 4, d: ["today", "this month", "last month", "long ago"] });
  assert.deepEqual(await read("page=2&pageSize=3"), { total: 4, d: ["long ago"] });
});

Deno.test("GET /api/member/usage-records refuses a custom range over 30 days and bad page sizes", async () => {
  using t = await testApp();
  const m = await t.userWith(["member_center"]);
  const cases: [string, string, string][] = [
    ["timeType=custom&timeRange=2025-12-01,2026-01-01", "时间范围不能超过30天", "timeRange"],
    ["timeType=custom&timeRange=2026-01-05", "请选择正确的时间范围", "timeRange"],
    ["timeType=custom&timeRange=2026-02-27,2026-02-30", "请选择正确的时间范围", "timeRange"],
    ["timeType=custom&timeRange=2026-01-05,2026-01-01", "请选择正确的时间范围", "timeRange"],
    ["pageSize=10001", "每页最多10000条", "pageSize"],
    ["timeType=year", "未知的时间类型", "timeType"],
  ];
  for (const [qs, error, field] of cases) {
    const res = await t.request("GET", `/api/member/usage-records?${qs}`, { as: m });
    assert.equal(res.status, 400, qs);
    assert.deepEqual(await res.json(), { success: false, code: "VALIDATION_FAILED", error, field }, qs);
  }
  const ok = await t.request(
    "GET",
    "/api/member/usage-records?timeType=custom&timeRange=2025-12-06,2026-01-05",
    {
      as: m,
    },
  );
  assert.equal(ok.status, 200, "exactly 30 days is allowed");
  const exportPage = await t.request("GET", "/api/member/usage-records?page=1&pageSize=10000", { as: m });
  assert.equal(exportPage.status, 200);
});

Deno.test("admin member routes answer 401 without a token and 403 ADMIN_ONLY to members", async () => {
  using t = await testApp();
  const member = await t.userWith(["member_center", "user_manage"]);
  const calls: [string, string, unknown][] = [
    ["GET", "/api/member/users-limits", undefined],
    ["POST", "/api/member/update-limit", { userId: member.user.id, type: "ai", limit: 5 }],
    ["POST", "/api/member/quick-add-limit", { userId: member.user.id, type: "ai", amount: 10 }],
  ];
  for (const [method, path, json] of calls) {
    const anon = await t.request(method, path, { json });
    assert.equal(anon.status, 401, path);
    const res = await t.request(method, path, { as: member, json });
    assert.equal(res.status, 403, path);
    assert.deepEqual(await res.json(), {
      success: false,
      code: "ADMIN_ONLY",
      error: "只有管理员可以执行此操作",
    });
  }
  assert.deepEqual(await getQuotas(t.kv, member.user.id), {
    mediationLimit: 0,
    pdfConvertLimit: 0,
    aiLimit: 0,
  });
});

Deno.test("GET /api/member/users-limits lists users with role names and quotas, searchable", async () => {
  using t = await testApp();
  const m = await t.userWith(["member_center"], { username: "lawyer7", role: "律师", quotas: { ai: 3 } });
  const res = await t.request("GET", "/api/member/users-limits?username=LAW", { as: "admin" });
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.deepEqual(body.users, [{
    id: m.user.id,
    username: "lawyer7",
    role_name: "律师",
    pdfConvertLimit: 0,
    mediationLimit: 0,
    aiLimit: 3,
    created_at: new Date(t.clock.now()).toISOString(),
    lastUpdated: new Date(t.clock.now()).toISOString(),
  }]);
  const all = await (await t.request("GET", "/api/member/users-limits", { as: "admin" })).json();
  assert.equal(all.users.length, 2);
  assert.equal(all.users[0].role_name, "超级管理员");
});

Deno.test("an 'admin'-role user may manage quotas", async () => {
  using t = await testApp();
  const admin = await t.userWith(["member_center"], { role: "admin" });
  const res = await t.request("GET", "/api/member/users-limits", { as: admin });
  assert.equal(res.status, 200);
});

Deno.test("POST /api/member/update-limit sets a quota, audits it and records it on the user's history", async () => {
  using t = await testApp();
  const m = await t.userWith(["member_center"], { username: "alice", quotas: { mediation: 10 } });
  t.clock.advance(5000);
  const res = await t.request("POST", "/api/member/update-limit", {
    as: "admin",
    json: { userId: m.user.id, type: "mediation", limit: 60 },
  });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), {
    success: true,
    limits: { mediationLimit: 60, pdfConvertLimit: 0, aiLimit: 0 },
  });
  assert.equal((await getQuotas(t.kv, m.user.id)).mediationLimit, 60);
  const { entries } = await listAuditEntries(t.kv);
  assert.equal(entries[0].entity, "quota");
  assert.equal(entries.length, 1);
  assert.equal(entries[0].actorName, "admin");
  assert.equal(entries[0].entityId, `${m.user.id}:mediation`);
  assert.deepEqual(entries[0].before, { userId: m.user.id, username: "alice", type: "mediation", limit: 10 });
  assert.deepEqual(entries[0].after, { userId: m.user.id, username: "alice", type: "mediation", limit: 60 });
  const records = await (await t.request("GET", "/api/member/usage-records", { as: m })).json();
  assert.equal(records.records[0].description, "管理员调整文书生成额度：10 → 60");
  const rows = await (await t.request("GET", "/api/member/users-limits?username=alice", { as: "admin" }))
    .json();
  assert.equal(rows.users[0].lastUpdated, new Date(t.clock.now()).toISOString());
  // The adjustment is not a use: the dashboard's figures stay at zero.
  const stats = await (await t.request("GET", "/api/dashboard/stats", { as: "admin" })).json();
  assert.deepEqual(stats.mediationStats, { total: 0, today: 0 });
});

Deno.test("POST /api/member/update-limit validates the range, type and user", async () => {
  using t = await testApp();
  const m = await t.userWith(["member_center"]);
  const cases: [Record<string, unknown>, string, string][] = [
    [{ userId: m.user.id, type: "ai", limit: 100000 }, "额度必须是0到99999之间的整数", "limit"],
    [{ userId: m.user.id, type: "ai", limit: -1 }, "额度必须是0到99999之间的整数", "limit"],
    [{ userId: m.user.id, type: "ai", limit: 1.5 }, "额度必须是0到99999之间的整数", "limit"],
    [{ userId: m.user.id, type: "gold", limit: 1 }, "未知的额度类型", "type"],
    [{ type: "ai", limit: 1 }, "请选择用户", "userId"],
  ];
  for (const [json, error, field] of cases) {
    const res = await t.request("POST", "/api/member/update-limit", { as: "admin", json });
    assert.equal(res.status, 400, JSON.stringify(json));
    assert.deepEqual(await res.json(), { success: false, code: "VALIDATION_FAILED", error, field });
  }
  const missing = await t.request("POST", "/api/member/update-limit", {
    as: "admin",
    json: { userId: 9999, type: "ai", limit: 1 },
  });
  assert.equal(missing.status, 404);
  assert.equal((await missing.json()).code, "USER_NOT_FOUND");
  const edge = await t.request("POST", "/api/member/update-limit", {
    as: "admin",
    json: { userId: m.user.id, type: "ai", limit: 99999 },
  });
  assert.equal(edge.status, 200);
});

Deno.test("POST /api/member/quick-add-limit adds, and refuses a result beyond 99999", async () => {
  using t = await testApp();
  const m = await t.userWith(["member_center"], { quotas: { pdf_convert: 99_950 } });
  const ok = await t.request("POST", "/api/member/quick-add-limit", {
    as: "admin",
    json: { userId: m.user.id, type: "pdf_convert", amount: 49 },
  });
  assert.equal(ok.status, 200);
  assert.equal((await ok.json()).limits.pdfConvertLimit, 99_999);
  const over = await t.request("POST", "/api/member/quick-add-limit", {
    as: "admin",
    json: { userId: m.user.id, type: "pdf_convert", amount: 10 },
  });
  assert.equal(over.status, 400);
  assert.deepEqual(await over.json(), {
    success: false,
    code: "QUOTA_OUT_OF_RANGE",
    error: "额度必须是0到99999之间的整数",
    field: "amount",
  });
  assert.equal((await getQuotas(t.kv, m.user.id)).pdfConvertLimit, 99_999);
  const bad = await t.request("POST", "/api/member/quick-add-limit", {
    as: "admin",
    json: { userId: m.user.id, type: "ai", amount: 0 },
  });
  assert.equal(bad.status, 400);
  assert.equal((await bad.json()).error, "增加数量必须是正整数");
  const records = await (await t.request("GET", "/api/member/usage-records", { as: m })).json();
  assert.equal(records.total, 1, "only the successful change is recorded");
  assert.equal(records.records[0].description, "管理员调整PDF转换额度：99950 → 99999");
});

Deno.test("concurrent quota changes are each recorded with the value they really replaced", async () => {
  using t = await testApp();
  const m = await t.userWith(["member_center"], { username: "alice", quotas: { ai: 5 } });
  const admin2 = await t.userWith(["member_center"], { username: "boss", role: "admin" });
  const calls = Array.from({ length: 8 }, (_, i) =>
    t.request("POST", "/api/member/quick-add-limit", {
      as: i % 2 ? admin2 : "admin",
      json: { userId: m.user.id, type: "ai", amount: 10 },
    }));
  for (const res of await Promise.all(calls)) assert.equal(res.status, 200);
  assert.equal((await getQuotas(t.kv, m.user.id)).aiLimit, 85);
  const { entries } = await listAuditEntries(t.kv);
  const steps = entries.filter((e) => e.entity === "quota")
    .map((e) => [(e.before as { limit: number }).limit, (e.after as { limit: number }).limit])
    .sort((a, b) => a[0] - b[0]);
  assert.deepEqual(steps, [5, 15, 25, 35, 45, 55, 65, 75].map((n) => [n, n + 10]));
  assert.deepEqual(new Set(entries.map((e) => e.actorName)), new Set(["admin", "boss"]));
  const records = await (await t.request("GET", "/api/member/usage-records", { as: m })).json();
  assert.equal(records.total, 8, "one usage record per change");
});

Deno.test("a refused quota change writes nothing: no audit entry, no record, no lastUpdated", async () => {
  using t = await testApp();
  const m = await t.userWith(["member_center"], { username: "alice", quotas: { ai: 99_995 } });
  const res = await t.request("POST", "/api/member/quick-add-limit", {
    as: "admin",
    json: { userId: m.user.id, type: "ai", amount: 10 },
  });
  assert.equal(res.status, 400);
  assert.equal((await listAuditEntries(t.kv)).entries.filter((e) => e.entity === "quota").length, 0);
  const records = await (await t.request("GET", "/api/member/usage-records", { as: m })).json();
  assert.equal(records.total, 0);
  assert.equal((await t.kv.get(["quota_updated_at", m.user.id])).versionstamp, null);
});

Deno.test("a member cannot change even their own quota, nor read the quota list", async () => {
  using t = await testApp();
  const m = await t.userWith(["member_center", "dashboard", "user_manage", "role_manage"], {
    quotas: { ai: 1 },
  });
  for (
    const [path, json] of [
      ["/api/member/update-limit", { userId: m.user.id, type: "ai", limit: 500 }],
      ["/api/member/quick-add-limit", { userId: m.user.id, type: "ai", amount: 100 }],
    ] as const
  ) {
    const res = await t.request("POST", path, { as: m, json });
    assert.equal(res.status, 403, path);
    assert.equal((await res.json()).error, "只有管理员可以执行此操作");
  }
  assert.equal((await getQuotas(t.kv, m.user.id)).aiLimit, 1);
  assert.equal((await listAuditEntries(t.kv)).entries.filter((e) => e.entity === "quota").length, 0);
});
