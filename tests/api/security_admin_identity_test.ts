/** Issue #17 finding 2: administrator status follows the built-in role's identity, not a typed name. */
import assert from "node:assert/strict";
import { clientRoleName, isAdmin, isReservedRoleName } from "../../common/permissions.ts";
import { ensureInitialData } from "../../server/bootstrap.ts";
import { getBuiltinRole, getRole, listRoles, type Role } from "../../server/kv/roles.ts";
import { createUser } from "../../server/kv/users.ts";
import { hashPassword } from "../../server/services/auth/password_hash.ts";
import { type TestApp, testApp } from "../helpers/test_app.ts";

async function seedAdmin(t: TestApp, username: string) {
  const role = (await getBuiltinRole(t.kv, "admin"))!;
  const user = await createUser(t.kv, {
    username,
    email: `${username}@example.com`,
    passwordHash: await hashPassword("admin-user-1"),
    roleId: role.id,
  }, { now: t.clock.now() });
  return { user, token: await t.issueToken(user.id), password: "admin-user-1" };
}

function roleBody(role: Role, name: string) {
  return { name, description: role.description, permissions: role.permissions };
}

Deno.test("the whole renaming sequence: the admin role renamed, a role manager cannot become admin", async () => {
  using t = await testApp();
  const builtin = (await getBuiltinRole(t.kv, "admin"))!;
  assert.equal(builtin.name, "admin");
  const realAdmin = await seedAdmin(t, "realadmin");

  // 1. The super administrator renames the built-in admin role to 管理员.
  const renamed = await t.request("PUT", `/api/roles/${builtin.id}`, {
    as: "admin",
    json: roleBody(builtin, "管理员"),
  });
  assert.equal(renamed.status, 200);
  assert.equal((await getRole(t.kv, builtin.id))!.name, "管理员");

  // 2. A holder of 角色管理 alone tries to rename their own role to admin, in every spelling.
  const attacker = await t.userWith(["role_manage"], { role: "角色管理员" });
  const own = (await getRole(t.kv, attacker.user.roleId))!;
  for (const name of ["admin", "Admin", " ADMIN ", "超级管理员"]) {
    const res = await t.request("PUT", `/api/roles/${own.id}`, { as: attacker, json: roleBody(own, name) });
    assert.equal(res.status, 409, name);
    const body = await res.json();
    assert.equal(body.code, "ROLE_NAME_RESERVED");
    assert.equal(body.field, "name");
    assert.equal(body.error, `“${name.trim()}”是系统内置角色的保留名称，请换一个名称`);
    const created = await t.request("POST", "/api/roles", {
      as: "admin",
      json: { name, description: "", permissions: ["dashboard"] },
    });
    assert.equal(created.status, 409, `create ${name}`);
  }
  assert.equal((await getRole(t.kv, attacker.user.roleId))!.name, "角色管理员");

  // 3. The attacker has none of the administrator's powers.
  const profile = await (await t.request("GET", "/api/user/profile", { as: attacker })).json();
  assert.equal(profile.user.is_admin, false);
  assert.equal((await t.request("GET", "/api/audit-log", { as: attacker })).status, 403);
  assert.equal((await t.request("GET", "/api/member/users-limits", { as: attacker })).status, 403);
  const gift = await t.request("POST", "/api/member/quick-add-limit", {
    as: attacker,
    json: { userId: attacker.user.id, type: "mediation", amount: 1000 },
  });
  assert.equal(gift.status, 403);

  // 4. The real administrator keeps the status, and the browser still sees role admin (part 1 §6).
  const adminProfile = await (await t.request("GET", "/api/user/profile", { as: realAdmin })).json();
  assert.equal(adminProfile.user.is_admin, true);
  assert.equal(adminProfile.user.role, "admin");
  assert.equal((await t.request("GET", "/api/audit-log", { as: realAdmin })).status, 200);
  assert.equal((await t.request("GET", "/api/member/users-limits", { as: realAdmin })).status, 200);
  const { captchaId } = await (await t.request("GET", "/api/captcha/generate")).json();
  const login = await t.request("POST", "/api/auth/login", {
    json: { username: "realadmin", password: realAdmin.password, captchaId, captchaText: "test" },
  });
  assert.equal(login.status, 200);
  assert.equal((await login.json()).user.role, "admin");

  // 5. The built-in role may take its own name back; a restart does not make a second admin role.
  await ensureInitialData(t.deps);
  assert.equal((await listRoles(t.kv)).filter((r) => r.builtin === "admin").length, 1);
  assert.equal((await listRoles(t.kv)).some((r) => r.name === "admin"), false);
  const back = await t.request("PUT", `/api/roles/${builtin.id}`, {
    as: "admin",
    json: roleBody(builtin, "admin"),
  });
  assert.equal(back.status, 200);
});

Deno.test("a role called admin without the built-in key (written straight into KV) gives no admin status", async () => {
  using t = await testApp();
  const intruder = await t.userWith(["role_manage"], { role: "冒名角色" });
  const role = (await getRole(t.kv, intruder.user.roleId))!;
  await t.kv.set(["roles", role.id], { ...role, name: "admin" });
  assert.equal((await t.request("GET", "/api/audit-log", { as: intruder })).status, 403);
  const profile = await (await t.request("GET", "/api/user/profile", { as: intruder })).json();
  assert.equal(profile.user.is_admin, false);
});

Deno.test("a database from before the key: the system admin role gets it on the next start", async () => {
  using t = await testApp();
  const builtin = (await getBuiltinRole(t.kv, "admin"))!;
  const { builtin: _key, ...legacy } = builtin;
  await t.kv.set(["roles", builtin.id], legacy);
  assert.equal(await getBuiltinRole(t.kv, "admin"), null);
  await ensureInitialData(t.deps);
  assert.equal((await getBuiltinRole(t.kv, "admin"))?.id, builtin.id);
});

Deno.test("isAdmin, isReservedRoleName, clientRoleName", () => {
  assert.equal(isAdmin({ id: 1, role: "x", builtinRole: null }), true);
  assert.equal(isAdmin({ id: 5, role: "admin", builtinRole: null }), false);
  assert.equal(isAdmin({ id: 5, role: "管理员", builtinRole: "admin" }), true);
  assert.equal(isAdmin({ id: 5, role: "超级管理员", builtinRole: "super_admin" }), false);
  // the browser has only the name the server gives it
  assert.equal(isAdmin({ id: 5, role: "admin" }), true);
  assert.equal(isAdmin({ id: 5, role: "管理员" }), false);
  assert.equal(isReservedRoleName(" Admin "), true);
  assert.equal(isReservedRoleName("超级管理员"), true);
  assert.equal(isReservedRoleName("管理员"), false);
  assert.equal(clientRoleName({ name: "管理员", builtin: "admin" }), "admin");
  assert.equal(clientRoleName({ name: "律师" }), "律师");
  assert.equal(clientRoleName(null), "");
});
