import assert from "node:assert/strict";
import { DOMAIN_MESSAGE } from "../../common/schemas/users.ts";
import { listAuditEntries } from "../../server/kv/audit_log.ts";
import { getQuotas } from "../../server/kv/quotas.ts";
import { getRoleByName } from "../../server/kv/roles.ts";
import { createUser, getUser, getUserByUsername } from "../../server/kv/users.ts";
import { verifyPassword } from "../../server/services/auth/password_hash.ts";
import { testApp } from "../helpers/test_app.ts";

const NEW_USER = {
  username: "lawyer01",
  email: "lawyer01@example.com",
  password: "secret-1",
  role: "普通用户",
};

Deno.test("GET /api/users answers 401 without a token", async () => {
  using t = await testApp();
  const res = await t.request("GET", "/api/users");
  assert.equal(res.status, 401);
  assert.deepEqual(await res.json(), { success: false, code: "AUTH_REQUIRED", error: "请先登录" });
});

Deno.test("GET /api/users answers 403 without user_manage", async () => {
  using t = await testApp();
  const member = await t.userWith(["role_manage"]);
  const res = await t.request("GET", "/api/users", { as: member });
  assert.equal(res.status, 403);
  assert.deepEqual(await res.json(), { success: false, code: "FORBIDDEN", error: "没有访问权限" });
});

Deno.test("GET /api/users lists users with role names and ISO times", async () => {
  using t = await testApp();
  const res = await t.request("GET", "/api/users", { as: "admin" });
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  const body = await res.json();
  assert.equal(body.success, true);
  assert.deepEqual(body.users, [{
    id: 1,
    username: "admin",
    email: "admin@example.com",
    role: "超级管理员",
    last_login: null,
    created_at: new Date(t.clock.now()).toISOString(),
    domain: "",
  }]);
});

Deno.test("POST /api/users validates username, password, email and domain", async () => {
  using t = await testApp();
  const cases: [Record<string, unknown>, string, string][] = [
    [{ ...NEW_USER, username: "ab" }, "用户名长度在 3 到 20 个字符", "username"],
    [{ ...NEW_USER, username: "a".repeat(21) }, "用户名长度在 3 到 20 个字符", "username"],
    [{ ...NEW_USER, email: "nope" }, "请输入正确的邮箱格式", "email"],
    [{ ...NEW_USER, password: "12345" }, "密码长度在 6 到 20 个字符", "password"],
    [{ ...NEW_USER, password: "" }, "请输入密码", "password"],
    [{ ...NEW_USER, role: "" }, "请选择角色", "role"],
    [{ ...NEW_USER, domain: "not a domain" }, DOMAIN_MESSAGE, "domain"],
    [{ ...NEW_USER, domain: "ftp://a.example.com" }, DOMAIN_MESSAGE, "domain"],
  ];
  for (const [json, error, field] of cases) {
    const res = await t.request("POST", "/api/users", { as: "admin", json });
    assert.equal(res.status, 400, error);
    assert.deepEqual(await res.json(), { success: false, code: "VALIDATION_FAILED", error, field });
  }
  assert.equal((await t.request("GET", "/api/users", { as: "admin" }).then((r) => r.json())).users.length, 1);
});

Deno.test("POST /api/users creates a user with a stripped domain and the default quotas", async () => {
  using t = await testApp();
  const res = await t.request("POST", "/api/users", {
    as: "admin",
    json: { ...NEW_USER, domain: "https://a.example.com/" },
  });
  assert.equal(res.status, 201);
  const { success, user } = await res.json();
  assert.equal(success, true);
  assert.equal(user.domain, "a.example.com");
  assert.equal(user.role, "普通用户");

  const list = await (await t.request("GET", "/api/users", { as: "admin" })).json();
  assert.deepEqual(list.users.find((u: { id: number }) => u.id === user.id), {
    id: user.id,
    username: "lawyer01",
    email: "lawyer01@example.com",
    role: "普通用户",
    last_login: null,
    created_at: new Date(t.clock.now()).toISOString(),
    domain: "a.example.com",
  });
  const stored = await getUser(t.kv, user.id);
  assert.ok(stored && await verifyPassword("secret-1", stored.passwordHash));
  assert.deepEqual(await getQuotas(t.kv, user.id), {
    mediationLimit: t.deps.config.defaultQuotas.mediation,
    pdfConvertLimit: t.deps.config.defaultQuotas.pdf_convert,
    aiLimit: t.deps.config.defaultQuotas.ai,
  });
});

Deno.test("POST /api/users stores a blank domain as the default domain", async () => {
  using t = await testApp();
  const res = await t.request("POST", "/api/users", { as: "admin", json: { ...NEW_USER, domain: "  " } });
  assert.equal(res.status, 201);
  assert.equal((await getUserByUsername(t.kv, "lawyer01"))?.domain, "");
});

Deno.test("POST /api/users refuses a taken username (any case) and an unknown role", async () => {
  using t = await testApp();
  assert.equal((await t.request("POST", "/api/users", { as: "admin", json: NEW_USER })).status, 201);
  const dup = await t.request("POST", "/api/users", {
    as: "admin",
    json: { ...NEW_USER, username: "LAWYER01" },
  });
  assert.equal(dup.status, 409);
  assert.deepEqual(await dup.json(), {
    success: false,
    code: "USERNAME_TAKEN",
    error: "用户名已存在",
    field: "username",
  });
  const role = await t.request("POST", "/api/users", {
    as: "admin",
    json: { ...NEW_USER, username: "x-lawyer", role: "无此角色" },
  });
  assert.equal(role.status, 404);
  assert.deepEqual(await role.json(), {
    success: false,
    code: "ROLE_NOT_FOUND",
    error: "角色不存在",
    field: "role",
  });
});

Deno.test("POST /api/users answers 401 and 403", async () => {
  using t = await testApp();
  assert.equal((await t.request("POST", "/api/users", { json: NEW_USER })).status, 401);
  const member = await t.userWith(["dashboard"]);
  const res = await t.request("POST", "/api/users", { as: member, json: NEW_USER });
  assert.equal(res.status, 403);
  assert.equal((await res.json()).error, "没有访问权限");
});

async function createViaApi(t: Awaited<ReturnType<typeof testApp>>, overrides: Record<string, unknown> = {}) {
  const res = await t.request("POST", "/api/users", { as: "admin", json: { ...NEW_USER, ...overrides } });
  assert.equal(res.status, 201);
  return (await res.json()).user as { id: number };
}

Deno.test("PUT /api/users/{id} keeps the username and the password when it is blank", async () => {
  using t = await testApp();
  const { id } = await createViaApi(t);
  const before = await getUser(t.kv, id);
  const res = await t.request("PUT", `/api/users/${id}`, {
    as: "admin",
    json: {
      username: "renamed",
      email: "new@example.com",
      password: "",
      role: "admin",
      domain: "http://b.example.com",
    },
  });
  assert.equal(res.status, 200);
  const { user } = await res.json();
  assert.deepEqual(
    { username: user.username, email: user.email, role: user.role, domain: user.domain },
    { username: "lawyer01", email: "new@example.com", role: "admin", domain: "b.example.com" },
  );
  const after = await getUser(t.kv, id);
  assert.equal(after?.passwordHash, before?.passwordHash);
  assert.equal(after?.passwordChangedAt, before?.passwordChangedAt);
  // omitted password: also unchanged
  const again = await t.request("PUT", `/api/users/${id}`, {
    as: "admin",
    json: { email: "x@example.com", role: "admin" },
  });
  assert.equal(again.status, 200);
  assert.equal((await getUser(t.kv, id))?.passwordHash, before?.passwordHash);
  assert.equal((await getUser(t.kv, id))?.domain, "");
});

Deno.test("PUT /api/users/{id} validates the password and the domain", async () => {
  using t = await testApp();
  const { id } = await createViaApi(t);
  const short = await t.request("PUT", `/api/users/${id}`, {
    as: "admin",
    json: { email: "a@example.com", role: "admin", password: "123" },
  });
  assert.equal(short.status, 400);
  assert.deepEqual(await short.json(), {
    success: false,
    code: "VALIDATION_FAILED",
    error: "密码长度在 6 到 20 个字符",
    field: "password",
  });
  const domain = await t.request("PUT", `/api/users/${id}`, {
    as: "admin",
    json: { email: "a@example.com", role: "admin", domain: "a..b" },
  });
  assert.equal(domain.status, 400);
  assert.equal((await domain.json()).error, DOMAIN_MESSAGE);
});

Deno.test("PUT /api/users/{id} with a new password ends the user's sessions", async () => {
  using t = await testApp();
  const member = await t.userWith(["dashboard"]);
  assert.equal((await t.request("GET", "/api/user/profile", { as: member })).status, 200);
  t.clock.advance(1_000);
  const res = await t.request("PUT", `/api/users/${member.user.id}`, {
    as: "admin",
    json: {
      email: "member@example.com",
      role: await roleNameOf(t, member.user.roleId),
      password: "brand-new-1",
    },
  });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("new-token"), null);
  const stale = await t.request("GET", "/api/user/profile", { as: member });
  assert.equal(stale.status, 401);
  assert.equal((await stale.json()).code, "TOKEN_INVALID");
  assert.ok(await verifyPassword("brand-new-1", (await getUser(t.kv, member.user.id))!.passwordHash));
});

Deno.test("PUT /api/users/{id} on oneself with a new password keeps the caller signed in", async () => {
  using t = await testApp();
  const manager = await t.userWith(["user_manage"], { role: "用户管理员" });
  const otherSession = await t.issueToken(manager.user.id);
  t.clock.advance(1_000);
  const res = await t.request("PUT", `/api/users/${manager.user.id}`, {
    as: manager,
    json: { email: "m@example.com", role: "用户管理员", password: "brand-new-1" },
  });
  assert.equal(res.status, 200);
  const fresh = res.headers.get("new-token");
  assert.ok(fresh);
  assert.equal((await t.request("GET", "/api/users", { as: manager })).status, 401);
  assert.equal((await t.request("GET", "/api/users", { as: otherSession })).status, 401);
  assert.equal((await t.request("GET", "/api/users", { as: fresh })).status, 200);
});

async function roleNameOf(t: Awaited<ReturnType<typeof testApp>>, roleId: number): Promise<string> {
  const roles = await (await t.request("GET", "/api/roles", { as: "admin" })).json();
  return roles.roles.find((r: { id: number }) => r.id === roleId).name;
}

Deno.test("PUT /api/users/1 cannot move the super administrator off 超级管理员", async () => {
  using t = await testApp();
  const res = await t.request("PUT", "/api/users/1", {
    as: "admin",
    json: { email: "root@example.com", role: "admin" },
  });
  assert.equal(res.status, 403);
  assert.deepEqual(await res.json(), {
    success: false,
    code: "SUPER_ADMIN_ROLE_FIXED",
    error: "超级管理员的角色不能修改",
    field: "role",
  });
  const ok = await t.request("PUT", "/api/users/1", {
    as: "admin",
    json: { email: "root@example.com", role: "超级管理员" },
  });
  assert.equal(ok.status, 200);
  assert.equal((await getUser(t.kv, 1))?.email, "root@example.com");
});

Deno.test("the seeded super administrator's record saves unchanged in the user manager", async () => {
  using t = await testApp();
  const list = await (await t.request("GET", "/api/users", { as: "admin" })).json();
  const me = list.users.find((u: { id: number }) => u.id === 1);
  const res = await t.request("PUT", "/api/users/1", {
    as: "admin",
    json: { username: me.username, email: me.email, password: "", role: me.role, domain: me.domain },
  });
  assert.equal(res.status, 200, JSON.stringify(await res.clone().json()));
});

Deno.test("PUT /api/users/1 by another user manager is refused", async () => {
  using t = await testApp();
  const manager = await t.userWith(["user_manage"]);
  const res = await t.request("PUT", "/api/users/1", {
    as: manager,
    json: { email: "evil@example.com", role: "超级管理员", password: "taken-over" },
  });
  assert.equal(res.status, 403);
  assert.equal((await res.json()).code, "SUPER_ADMIN_EDIT_FORBIDDEN");
  assert.equal((await getUser(t.kv, 1))?.email, "admin@example.com");
});

Deno.test("PUT /api/users/{id} answers USER_NOT_FOUND for an unknown or malformed id", async () => {
  using t = await testApp();
  for (const id of ["999", "abc", "0", "-1"]) {
    const res = await t.request("PUT", `/api/users/${id}`, {
      as: "admin",
      json: { email: "a@example.com", role: "admin" },
    });
    assert.equal(res.status, 404, id);
    assert.deepEqual(await res.json(), { success: false, code: "USER_NOT_FOUND", error: "用户不存在" });
  }
});

Deno.test("DELETE /api/users/{id} refuses user 1, oneself and unknown users", async () => {
  using t = await testApp();
  const manager = await t.userWith(["user_manage"]);
  const one = await t.request("DELETE", "/api/users/1", { as: "admin" });
  assert.equal(one.status, 403);
  assert.deepEqual(await one.json(), {
    success: false,
    code: "SUPER_ADMIN_UNDELETABLE",
    error: "超级管理员不能删除",
  });
  const self = await t.request("DELETE", `/api/users/${manager.user.id}`, { as: manager });
  assert.equal(self.status, 400);
  assert.deepEqual(await self.json(), {
    success: false,
    code: "CANNOT_DELETE_SELF",
    error: "不能删除当前登录的账号",
  });
  const unknown = await t.request("DELETE", "/api/users/999", { as: "admin" });
  assert.equal(unknown.status, 404);
  assert.equal((await unknown.json()).code, "USER_NOT_FOUND");
  assert.equal((await t.request("DELETE", "/api/users/2")).status, 401);
  const member = await t.userWith(["dashboard"]);
  assert.equal((await t.request("DELETE", `/api/users/${manager.user.id}`, { as: member })).status, 403);
});

Deno.test("DELETE /api/users/{id} removes the user, its role count and its sessions", async () => {
  using t = await testApp();
  const member = await t.userWith(["dashboard"], { role: "律师" });
  const roleId = (await getRoleByName(t.kv, "律师"))!.id;
  const userCount = async () =>
    (await (await t.request("GET", "/api/roles", { as: "admin" })).json()).roles
      .find((r: { id: number }) => r.id === roleId).user_count;
  assert.equal(await userCount(), 1);
  const res = await t.request("DELETE", `/api/users/${member.user.id}`, { as: "admin" });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { success: true });
  assert.equal(await getUser(t.kv, member.user.id), null);
  assert.equal(await userCount(), 0);
  assert.equal((await t.request("GET", "/api/user/profile", { as: member })).status, 401);
  const sessions = await Array.fromAsync(t.kv.list({ prefix: ["sessions_by_user", member.user.id] }));
  assert.equal(sessions.length, 0);
});

Deno.test("user changes are audited without password hashes", async () => {
  using t = await testApp();
  const { id } = await createViaApi(t);
  await t.request("PUT", `/api/users/${id}`, {
    as: "admin",
    json: { email: "n@example.com", role: "admin", password: "secret-2" },
  });
  await t.request("DELETE", `/api/users/${id}`, { as: "admin" });
  const { entries } = await listAuditEntries(t.kv);
  assert.deepEqual(
    entries.map((e) => [e.action, e.entity, e.entityId, e.actorId, e.actorName]),
    [["delete", "user", String(id), 1, "admin"], ["update", "user", String(id), 1, "admin"], [
      "create",
      "user",
      String(id),
      1,
      "admin",
    ]],
  );
  const update = entries[1];
  assert.equal((update.before as { email: string }).email, "lawyer01@example.com");
  assert.equal((update.after as { role: string; passwordChanged: boolean }).role, "admin");
  assert.equal((update.after as { passwordChanged: boolean }).passwordChanged, true);
  const text = JSON.stringify(entries);
  assert.ok(!text.includes("passwordHash") && !text.includes("scrypt$"));
});

Deno.test("GET /api/users/list filters by username, case-insensitive, at most 50, admins only", async () => {
  using t = await testApp();
  const role = (await getRoleByName(t.kv, "普通用户"))!;
  for (let i = 0; i < 55; i++) {
    await createUser(t.kv, {
      username: `Zhang${i}`,
      email: "z@example.com",
      passwordHash: "x",
      roleId: role.id,
    });
  }
  await createUser(t.kv, { username: "li-si", email: "l@example.com", passwordHash: "x", roleId: role.id });
  const res = await t.request("GET", "/api/users/list?query=ZHANG", { as: "admin" });
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(body.success, true);
  assert.equal(body.users.length, 50);
  assert.ok(body.users.every((u: { username: string }) => u.username.startsWith("Zhang")));
  assert.deepEqual(Object.keys(body.users[0]).sort(), ["id", "role", "username"]);
  assert.equal(body.users[0].role, "普通用户");
  const li = await (await t.request("GET", "/api/users/list?query=I-S", { as: "admin" })).json();
  assert.deepEqual(li.users.map((u: { username: string }) => u.username), ["li-si"]);
  const all = await (await t.request("GET", "/api/users/list", { as: "admin" })).json();
  assert.equal(all.users.length, 50);

  assert.equal((await t.request("GET", "/api/users/list?query=a")).status, 401);
  const manager = await t.userWith(["user_manage", "dashboard"]);
  const denied = await t.request("GET", "/api/users/list?query=a", { as: manager });
  assert.equal(denied.status, 403);
  assert.deepEqual(await denied.json(), {
    success: false,
    code: "ADMIN_ONLY",
    error: "只有管理员可以执行此操作",
  });
  const roleAdmin = await t.userWith([], { role: "admin" });
  assert.equal((await t.request("GET", "/api/users/list?query=a", { as: roleAdmin })).status, 200);
  const tooLong = await t.request("GET", `/api/users/list?query=${"a".repeat(101)}`, { as: "admin" });
  assert.equal(tooLong.status, 400);
  assert.deepEqual(await tooLong.json(), {
    success: false,
    code: "VALIDATION_FAILED",
    error: "搜索内容过长",
    field: "query",
  });
});
