import assert from "node:assert/strict";
import { PERMISSION_CODES } from "../../common/permissions.ts";
import { testApp } from "../helpers/test_app.ts";

Deno.test("GET /api/user/profile answers 401 without a token or with a bad one", async () => {
  using t = await testApp();
  const res = await t.request("GET", "/api/user/profile");
  assert.equal(res.status, 401);
  assert.deepEqual(await res.json(), { success: false, code: "AUTH_REQUIRED", error: "请先登录" });
  const bad = await t.request("GET", "/api/user/profile", { as: "garbage" });
  assert.equal(bad.status, 401);
  assert.equal((await bad.json()).code, "TOKEN_INVALID");
});

Deno.test("GET /api/user/profile describes the super administrator", async () => {
  using t = await testApp();
  const res = await t.request("GET", "/api/user/profile", { as: "admin" });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), {
    success: true,
    user: {
      id: 1,
      username: "admin",
      email: "admin@example.com",
      role: "超级管理员",
      permissions: [...PERMISSION_CODES],
      domain: "",
      is_admin: true,
      is_super_admin: true,
    },
  });
});

Deno.test("GET /api/user/profile is read fresh: role and domain changes show at once", async () => {
  using t = await testApp();
  const member = await t.userWith(["dashboard", "mediation"], { role: "律师", username: "lawyer1" });
  const before = await (await t.request("GET", "/api/user/profile", { as: member })).json();
  assert.deepEqual(before.user, {
    id: member.user.id,
    username: "lawyer1",
    email: "member@example.com",
    role: "律师",
    permissions: ["dashboard", "mediation"],
    domain: "",
    is_admin: false,
    is_super_admin: false,
  });
  const put = await t.request("PUT", `/api/users/${member.user.id}`, {
    as: "admin",
    json: { email: "new@example.com", role: "admin", domain: "https://law.example.com/" },
  });
  assert.equal(put.status, 200);
  const after = await (await t.request("GET", "/api/user/profile", { as: member })).json();
  assert.equal(after.user.role, "admin");
  assert.equal(after.user.email, "new@example.com");
  assert.equal(after.user.domain, "law.example.com");
  assert.equal(after.user.is_admin, true);
  assert.equal(after.user.is_super_admin, false);
  assert.deepEqual(after.user.permissions, [...PERMISSION_CODES]);
});
