/**
 * No one hands out more than they hold: a member with user_manage or role_manage cannot make
 * themselves or anyone else an administrator, grant codes they lack, or take over a stronger account.
 */
import assert from "node:assert/strict";
import { getRoleByName } from "../../server/kv/roles.ts";
import { getUser } from "../../server/kv/users.ts";
import { testApp } from "../helpers/test_app.ts";

const ASSIGN = {
  success: false,
  code: "ROLE_ASSIGN_FORBIDDEN",
  error: "不能分配或修改权限超出自己权限的角色",
  field: "role",
};

Deno.test("a user manager cannot give 超级管理员, admin or a role with codes they lack", async () => {
  using t = await testApp();
  const manager = await t.userWith(["user_manage", "dashboard"], { username: "manager" });
  await t.userWith(["dashboard"], { role: "看板", username: "viewer" });
  for (const role of ["超级管理员", "admin", "普通用户"]) {
    const json = { username: `new${role.length}x`, email: "n@example.com", password: "secret-1", role };
    const res = await t.request("POST", "/api/users", { as: manager, json });
    assert.equal(res.status, 403, role);
    assert.deepEqual(await res.json(), ASSIGN);
  }
  const self = await t.request("PUT", `/api/users/${manager.user.id}`, {
    as: manager,
    json: { email: "m@example.com", role: "admin", password: "", domain: "" },
  });
  assert.equal(self.status, 403);
  assert.deepEqual(await self.json(), ASSIGN);
  const ok = await t.request("POST", "/api/users", {
    as: manager,
    json: { username: "viewer2", email: "v@example.com", password: "secret-1", role: "看板" },
  });
  assert.equal(ok.status, 201, "a role within the manager's own permissions is fine");
});

Deno.test("a user manager cannot reset an administrator's password, change or delete them", async () => {
  using t = await testApp();
  const manager = await t.userWith(["user_manage"], { username: "manager" });
  const admin = await t.userWith(["dashboard"], { role: "admin", username: "office-admin" });
  const before = await getUser(t.kv, admin.user.id);
  const edit = await t.request("PUT", `/api/users/${admin.user.id}`, {
    as: manager,
    json: { email: "x@example.com", role: "admin", password: "taken-over", domain: "" },
  });
  assert.equal(edit.status, 403);
  assert.deepEqual(await edit.json(), {
    success: false,
    code: "USER_ABOVE_ACTOR",
    error: "不能修改或删除权限超出自己权限的账号",
  });
  assert.equal((await getUser(t.kv, admin.user.id))?.passwordHash, before?.passwordHash);
  const del = await t.request("DELETE", `/api/users/${admin.user.id}`, { as: manager });
  assert.equal(del.status, 403);
  assert.ok(await getUser(t.kv, admin.user.id));
  // An administrator may.
  const byAdmin = await t.request("PUT", `/api/users/${admin.user.id}`, {
    as: "admin",
    json: { email: "x@example.com", role: "admin", password: "", domain: "" },
  });
  assert.equal(byAdmin.status, 200);
});

Deno.test("a role manager cannot grant codes they lack, nor edit or delete a stronger role", async () => {
  using t = await testApp();
  const roles = await t.userWith(["role_manage", "mediation"], { username: "roles" });
  const grant = await t.request("POST", "/api/roles", {
    as: roles,
    json: { name: "越权", description: "", permissions: ["mediation", "user_manage"] },
  });
  assert.equal(grant.status, 403);
  assert.deepEqual(await grant.json(), {
    success: false,
    code: "PERMISSION_GRANT_FORBIDDEN",
    error: "不能授予自己没有的权限",
    field: "permissions",
  });
  assert.equal(await getRoleByName(t.kv, "越权"), null);
  const own = await getRoleByName(
    t.kv,
    (await t.request("GET", "/api/user/profile", { as: roles }).then((r) => r.json())).user.role,
  );
  const widen = await t.request("PUT", `/api/roles/${own!.id}`, {
    as: roles,
    json: { name: own!.name, description: "", permissions: ["role_manage", "mediation", "system_settings"] },
  });
  assert.equal(widen.status, 403, "not even their own role");
  const admin = await getRoleByName(t.kv, "admin");
  const weaken = await t.request("PUT", `/api/roles/${admin!.id}`, {
    as: roles,
    json: { name: "admin", description: "", permissions: ["mediation"] },
  });
  assert.equal(weaken.status, 403);
  assert.equal((await weaken.json()).code, "ROLE_ASSIGN_FORBIDDEN");
  const ok = await t.request("POST", "/api/roles", {
    as: roles,
    json: { name: "调解员", description: "", permissions: ["mediation"] },
  });
  assert.equal(ok.status, 201);
  const superRole = await t.request("PUT", `/api/roles/${(await getRoleByName(t.kv, "超级管理员"))!.id}`, {
    as: "admin",
    json: { name: "超级管理员", description: "", permissions: ["mediation"] },
  });
  assert.equal(
    (await superRole.json()).code,
    "ROLE_PROTECTED_EDIT",
    "the protected role keeps its own message",
  );
});
