import assert from "node:assert/strict";
import {
  createInvitationCode,
  deleteInvitationCode,
  getInvitationCode,
  getInvitationEntryByCode,
  randomInvitationCode,
} from "../../server/kv/invitation_codes.ts";
import { saveSettings } from "../../server/kv/settings.ts";
import { type TestApp, testApp } from "../helpers/test_app.ts";

const CODE_PATTERN = /^[A-HJ-NP-Z2-9]{8}$/;

async function createCode(t: TestApp, json: Record<string, unknown> = { maxUses: 3 }) {
  const res = await t.request("POST", "/api/invitation-codes", { as: "admin", json });
  assert.equal(res.status, 201);
  return (await res.json()).code;
}

async function register(t: TestApp, username: string, invitationCode: string): Promise<Response> {
  const captchaId = (await (await t.request("GET", "/api/captcha/generate")).json()).captchaId;
  const json = {
    username,
    password: "secret-1",
    email: "x@example.com",
    invitationCode,
    captchaId,
    captchaText: "test",
  };
  return await t.request("POST", "/api/auth/register", { json });
}

Deno.test("randomInvitationCode() draws 8 upper-case letters and digits without look-alikes", () => {
  const codes = new Set(Array.from({ length: 500 }, () => randomInvitationCode()));
  for (const code of codes) assert.match(code, CODE_PATTERN);
  assert.equal(codes.size, 500);
});

Deno.test("invitation codes in KV: create, look up by code, delete, index gone", async () => {
  using t = await testApp();
  assert.equal(await getInvitationCode(t.kv, "0123456789abcdef0123"), null);
  const code = await createInvitationCode(t.kv, {
    maxUses: 2,
    expiredAt: null,
    remark: "r",
    createdByName: "admin",
  }, 0);
  assert.deepEqual(await getInvitationCode(t.kv, code.id), code);
  assert.equal((await getInvitationEntryByCode(t.kv, code.code.toLowerCase()))?.value.id, code.id);
  await deleteInvitationCode(t.kv, code.id);
  assert.equal(await getInvitationCode(t.kv, code.id), null);
  assert.equal(await getInvitationEntryByCode(t.kv, code.code), null);
  assert.equal((await t.kv.get(["invitation_codes_by_code", code.code])).value, null);
  await assert.rejects(deleteInvitationCode(t.kv, code.id), /邀请码不存在/);
});

Deno.test("invitation-code routes need a token and the system_settings permission", async () => {
  using t = await testApp();
  const member = await t.userWith(["user_manage", "role_manage"]);
  const manager = await t.userWith(["system_settings"]);
  const id = (await createCode(t)).id;
  const calls: [string, string, unknown?][] = [
    ["GET", "/api/invitation-codes"],
    ["POST", "/api/invitation-codes", { maxUses: 1 }],
    ["GET", `/api/invitation-codes/${id}/users`],
    ["DELETE", `/api/invitation-codes/${id}`],
  ];
  for (const [method, path, json] of calls) {
    const anonymous = await t.request(method, path, { json });
    assert.equal(anonymous.status, 401, `${method} ${path}`);
    assert.deepEqual(await anonymous.json(), { success: false, code: "AUTH_REQUIRED", error: "请先登录" });
    const denied = await t.request(method, path, { as: member, json });
    assert.equal(denied.status, 403, `${method} ${path}`);
    assert.deepEqual(await denied.json(), { success: false, code: "FORBIDDEN", error: "没有访问权限" });
  }
  for (const [method, path, json] of calls) {
    const res = await t.request(method, path, { as: manager, json });
    assert.ok(res.status === 200 || res.status === 201, `${method} ${path}: ${res.status}`);
  }
});

Deno.test("POST /api/invitation-codes creates a code and answers it", async () => {
  using t = await testApp();
  const manager = await t.userWith(["system_settings"], { username: "settings1" });
  const res = await t.request("POST", "/api/invitation-codes", {
    as: manager,
    json: { maxUses: 5, expiredAt: "2026-02-01T23:59:59+08:00", remark: "  律所合作  " },
  });
  assert.equal(res.status, 201);
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  const { success, code } = await res.json();
  assert.equal(success, true);
  assert.match(code.code, CODE_PATTERN);
  assert.deepEqual({ ...code, id: undefined, code: undefined }, {
    id: undefined,
    code: undefined,
    remark: "律所合作",
    max_uses: 5,
    used_count: 0,
    created_by_name: "settings1",
    created_at: new Date(t.clock.now()).toISOString(),
    expired_at: "2026-02-01T15:59:59.000Z",
  });
  assert.deepEqual(await getInvitationCode(t.kv, code.id), code);
});

Deno.test("POST /api/invitation-codes: no expiry means permanent; a time without offset is China time", async () => {
  using t = await testApp();
  assert.equal((await createCode(t, { maxUses: 1 })).expired_at, null);
  assert.equal((await createCode(t, { maxUses: 1, expiredAt: null })).expired_at, null);
  assert.equal((await createCode(t, { maxUses: 1, expiredAt: "" })).expired_at, null);
  assert.equal(
    (await createCode(t, { maxUses: 1, expiredAt: "2026-03-01T08:00:00" })).expired_at,
    "2026-03-01T00:00:00.000Z",
  );
  assert.equal(
    (await createCode(t, { maxUses: 1, expiredAt: "2026-03-01 08:00:00" })).expired_at,
    "2026-03-01T00:00:00.000Z",
  );
  assert.equal(
    (await createCode(t, { maxUses: 1, expiredAt: "2026-03-01 23:59" })).expired_at,
    "2026-03-01T15:59:00.000Z",
  );
  assert.equal((await createCode(t, { maxUses: "2" })).max_uses, 2);
  assert.equal((await createCode(t, { maxUses: 100 })).remark, "");
});

Deno.test("POST /api/invitation-codes validates in Chinese", async () => {
  using t = await testApp();
  const cases: [Record<string, unknown>, string, string][] = [
    [{ maxUses: 0 }, "最大使用次数为1-100", "maxUses"],
    [{ maxUses: 101 }, "最大使用次数为1-100", "maxUses"],
    [{ maxUses: 1.5 }, "最大使用次数必须是整数", "maxUses"],
    [{ maxUses: "abc" }, "请输入最大使用次数", "maxUses"],
    [{}, "请输入最大使用次数", "maxUses"],
    [{ maxUses: 1, expiredAt: "tomorrow" }, "过期时间格式错误", "expiredAt"],
    [{ maxUses: 1, expiredAt: "2026-13-01 08:00:00" }, "过期时间格式错误", "expiredAt"],
    [{ maxUses: 1, expiredAt: "2026-03-01  08:00:00" }, "过期时间格式错误", "expiredAt"],
    [{ maxUses: 1, expiredAt: "2025-12-31 23:59:59" }, "过期时间不能早于当前时间", "expiredAt"],
    [{ maxUses: 1, expiredAt: "2025-12-31T23:59:59+08:00" }, "过期时间不能早于当前时间", "expiredAt"],
    [{ maxUses: 1, remark: "备".repeat(201) }, "备注不能超过200个字符", "remark"],
  ];
  for (const [json, error, field] of cases) {
    const res = await t.request("POST", "/api/invitation-codes", { as: "admin", json });
    assert.equal(res.status, 400, JSON.stringify(json));
    assert.deepEqual(await res.json(), { success: false, code: "VALIDATION_FAILED", error, field });
  }
  assert.equal((await (await t.request("GET", "/api/invitation-codes", { as: "admin" })).json()).total, 0);
});

Deno.test("GET /api/invitation-codes lists newest first, by page", async () => {
  using t = await testApp();
  const made = [];
  for (let i = 0; i < 12; i++) {
    made.push(await createCode(t, { maxUses: 1, remark: `#${i}` }));
    t.clock.advance(1000);
  }
  const first = await t.request("GET", "/api/invitation-codes", { as: "admin" });
  assert.equal(first.status, 200);
  const page1 = await first.json();
  assert.equal(page1.success, true);
  assert.equal(page1.total, 12);
  assert.deepEqual(
    page1.codes.map((c: { remark: string }) => c.remark),
    Array.from({ length: 10 }, (_, i) => `#${11 - i}`),
  );
  const page2 = await (await t.request("GET", "/api/invitation-codes?page=2&pageSize=10", { as: "admin" }))
    .json();
  assert.deepEqual(page2.codes.map((c: { id: string }) => c.id), [made[1].id, made[0].id]);
  assert.equal(page2.total, 12);
  const small = await (await t.request("GET", "/api/invitation-codes?page=3&pageSize=5", { as: "admin" }))
    .json();
  assert.deepEqual(small.codes.map((c: { remark: string }) => c.remark), ["#1", "#0"]);

  const bad = await t.request("GET", "/api/invitation-codes?pageSize=500", { as: "admin" });
  assert.equal(bad.status, 400);
  assert.deepEqual(await bad.json(), {
    success: false,
    code: "VALIDATION_FAILED",
    error: "每页最多100条",
    field: "pageSize",
  });
  assert.equal((await t.request("GET", "/api/invitation-codes?page=abc", { as: "admin" })).status, 400);
});

Deno.test("GET /api/invitation-codes/{id}/users lists who registered with the code", async () => {
  using t = await testApp();
  await saveSettings(t.kv, { invitation_enabled: true });
  const code = await createCode(t, { maxUses: 3 });
  const other = await createCode(t, { maxUses: 3 });
  assert.equal((await register(t, "alpha", code.code)).status, 200);
  t.clock.advance(60_000);
  assert.equal((await register(t, "beta", code.code)).status, 200);
  assert.equal((await register(t, "gamma", other.code)).status, 200);

  const res = await t.request("GET", `/api/invitation-codes/${code.id}/users`, { as: "admin" });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), {
    success: true,
    users: [
      { username: "beta", used_at: new Date(t.clock.now()).toISOString() },
      { username: "alpha", used_at: new Date(t.clock.now() - 60_000).toISOString() },
    ],
    total: 2,
  });
  const paged = await (await t.request("GET", `/api/invitation-codes/${code.id}/users?page=2&pageSize=1`, {
    as: "admin",
  }))
    .json();
  assert.deepEqual(paged.users.map((u: { username: string }) => u.username), ["alpha"]);
  assert.equal(paged.total, 2);
  const listed = await (await t.request("GET", "/api/invitation-codes", { as: "admin" })).json();
  assert.deepEqual(listed.codes.map((c: { used_count: number }) => c.used_count), [1, 2]);
});

Deno.test("GET /api/invitation-codes/{id}/users for an unknown code answers INVITATION_NOT_FOUND", async () => {
  using t = await testApp();
  for (const id of ["0123456789abcdef0123", "not-an-id", "f".repeat(3000)]) {
    const res = await t.request("GET", `/api/invitation-codes/${id}/users`, { as: "admin" });
    assert.equal(res.status, 404);
    assert.deepEqual(await res.json(), {
      success: false,
      code: "INVITATION_NOT_FOUND",
      error: "邀请码不存在",
    });
  }
});

Deno.test("DELETE /api/invitation-codes/{id} removes the code: gone from the list, no longer accepted", async () => {
  using t = await testApp();
  await saveSettings(t.kv, { invitation_enabled: true });
  const code = await createCode(t, { maxUses: 3 });
  const kept = await createCode(t, { maxUses: 3 });
  assert.equal((await register(t, "alpha", code.code)).status, 200);
  const res = await t.request("DELETE", `/api/invitation-codes/${code.id}`, { as: "admin" });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { success: true });

  const listed = await (await t.request("GET", "/api/invitation-codes", { as: "admin" })).json();
  assert.deepEqual(listed.codes.map((c: { id: string }) => c.id), [kept.id]);
  assert.equal(listed.total, 1);
  assert.equal((await (await register(t, "beta", code.code)).json()).code, "INVITATION_INVALID");
  assert.equal((await Array.fromAsync(t.kv.list({ prefix: ["invitation_uses", code.id] }))).length, 0);
  const login = await t.request("POST", "/api/auth/login", {
    json: {
      username: "alpha",
      password: "secret-1",
      captchaId: (await (await t.request("GET", "/api/captcha/generate")).json()).captchaId,
      captchaText: "test",
    },
  });
  assert.equal(login.status, 200, "accounts made with the code stay");

  const again = await t.request("DELETE", `/api/invitation-codes/${code.id}`, { as: "admin" });
  assert.equal(again.status, 404);
  assert.deepEqual(await again.json(), {
    success: false,
    code: "INVITATION_NOT_FOUND",
    error: "邀请码不存在",
  });
});
