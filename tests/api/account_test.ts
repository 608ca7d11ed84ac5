import assert from "node:assert/strict";
import { getUser } from "../../server/kv/users.ts";
import { verifyPassword } from "../../server/services/auth/password_hash.ts";
import { testApp } from "../helpers/test_app.ts";

Deno.test("account routes answer 401 without a token", async () => {
  using t = await testApp();
  assert.equal((await t.request("PUT", "/api/account/password", { json: {} })).status, 401);
  assert.equal((await t.request("PUT", "/api/account/email", { json: {} })).status, 401);
});

Deno.test("PUT /api/account/password validates both fields", async () => {
  using t = await testApp();
  const m = await t.userWith(["dashboard"]);
  const cases: [Record<string, unknown>, string, string][] = [
    [{ newPassword: "secret-2" }, "请输入原密码", "oldPassword"],
    [{ oldPassword: m.password, newPassword: "12345" }, "密码长度在 6 到 20 个字符", "newPassword"],
    [{ oldPassword: m.password, newPassword: "a".repeat(21) }, "密码长度在 6 到 20 个字符", "newPassword"],
  ];
  for (const [json, error, field] of cases) {
    const res = await t.request("PUT", "/api/account/password", { as: m, json });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { success: false, code: "VALIDATION_FAILED", error, field });
  }
});

Deno.test("PUT /api/account/password refuses a wrong old password and changes nothing", async () => {
  using t = await testApp();
  const m = await t.userWith(["dashboard"]);
  const res = await t.request("PUT", "/api/account/password", {
    as: m,
    json: { oldPassword: "wrong-pass", newPassword: "secret-22" },
  });
  assert.equal(res.status, 400);
  assert.deepEqual(await res.json(), {
    success: false,
    code: "OLD_PASSWORD_WRONG",
    error: "原密码错误",
    field: "oldPassword",
  });
  assert.ok(await verifyPassword(m.password, (await getUser(t.kv, m.user.id))!.passwordHash));
});

Deno.test("PUT /api/account/password ends other sessions and keeps this one through the new token", async () => {
  using t = await testApp();
  const m = await t.userWith(["dashboard"]);
  const other = await t.issueToken(m.user.id);
  t.clock.advance(1000);
  const res = await t.request("PUT", "/api/account/password", {
    as: m,
    json: { oldPassword: m.password, newPassword: "secret-22" },
  });
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(body.success, true);
  assert.equal(typeof body.token, "string");
  assert.equal(res.headers.get("new-token"), body.token);
  assert.ok(await verifyPassword("secret-22", (await getUser(t.kv, m.user.id))!.passwordHash));
  assert.equal(
    (await t.request("GET", "/api/user/profile", { as: other })).status,
    401,
    "other device signed out",
  );
  assert.equal(
    (await t.request("GET", "/api/user/profile", { as: body.token })).status,
    200,
    "this one continues",
  );
});

Deno.test("PUT /api/account/email changes the email and validates it", async () => {
  using t = await testApp();
  const m = await t.userWith(["dashboard"]);
  const bad = await t.request("PUT", "/api/account/email", { as: m, json: { email: "nope" } });
  assert.equal(bad.status, 400);
  assert.deepEqual(await bad.json(), {
    success: false,
    code: "VALIDATION_FAILED",
    error: "请输入正确的邮箱格式",
    field: "email",
  });
  const ok = await t.request("PUT", "/api/account/email", { as: m, json: { email: "new@example.com" } });
  assert.equal(ok.status, 200);
  assert.deepEqual(await ok.json(), { success: true, email: "new@example.com" });
  const profile = await (await t.request("GET", "/api/user/profile", { as: m })).json();
  assert.equal(profile.user.email, "new@example.com");
});
