import assert from "node:assert/strict";
import { PERMISSION_CODES } from "../../common/permissions.ts";
import { listAuditEntries } from "../../server/kv/audit_log.ts";
import { getDefaultRoleId, getRole, getRoleByName } from "../../server/kv/roles.ts";
import { testApp } from "../helpers/test_app.ts";

const LAWYER = { name: "律师", description: "办案律师", permissions: ["mediation", "pdf_converter"] };

Deno.test("GET /api/roles answers 401 and 403", async () => {
  using t = await testApp();
  assert.equal((await t.request("GET", "/api/roles")).status, 401);
  const member = await t.userWith(["dashboard"]);
  const res = await t.request("GET", "/api/roles", { as: member });
  assert.equal(res.status, 403);
  assert.deepEqual(await res.json(), { success: false, code: "FORBIDDEN", error: "没有访问权限" });
});

Deno.test("GET /api/roles lists roles with named permissions and user counts (role_manage or user_manage)", async () => {
  using t = await testApp();
  const manager = await t.userWith(["user_manage"]);
  const res = await t.request("GET", "/api/roles", { as: manager });
  assert.equal(res.status, 200);
  const { success, roles } = await res.json();
  assert.equal(success, true);
  const superRole = roles.find((r: { name: string }) => r.name === "超级管理员");
  assert.equal(superRole.is_system, true);
  assert.equal(superRole.user_count, 1);
  assert.equal(superRole.permissions.length, PERMISSION_CODES.length);
  assert.deepEqual(superRole.permissions.find((p: { code: string }) => p.code === "user_manage"), {
    code: "user_manage",
    name: "用户管理",
    description: "新增、编辑和删除用户账号",
  });
  assert.deepEqual(Object.keys(superRole).sort(), [
    "description",
    "id",
    "is_system",
    "name",
    "permissions",
    "user_count",
  ]);
});

Deno.test("POST /api/roles validates name and permissions", async () => {
  using t = await testApp();
  const cases: [Record<string, unknown>, string, string][] = [
    [{ ...LAWYER, name: "a" }, "角色名称长度为2-50个字符", "name"],
    [{ ...LAWYER, name: "a".repeat(51) }, "角色名称长度为2-50个字符", "name"],
    [{ ...LAWYER, name: "" }, "请输入角色名称", "name"],
    [{ ...LAWYER, permissions: [] }, "请至少选择一个权限", "permissions"],
    [{ name: "律师" }, "请至少选择一个权限", "permissions"],
    [{ ...LAWYER, permissions: ["root"] }, "未知的权限代码", "permissions.0"],
  ];
  for (const [json, error, field] of cases) {
    const res = await t.request("POST", "/api/roles", { as: "admin", json });
    assert.equal(res.status, 400, error);
    assert.deepEqual(await res.json(), { success: false, code: "VALIDATION_FAILED", error, field });
  }
  assert.equal(await getRoleByName(t.kv, "律师"), null);
});

Deno.test("POST /api/roles creates a role that reads back; a taken name is refused", async () => {
  using t = await testApp();
  const res = await t.request("POST", "/api/roles", { as: "admin", json: LAWYER });
  assert.equal(res.status, 201);
  const { role } = await res.json();
  assert.equal(role.name, "律师");
  const list = await (await t.request("GET", "/api/roles", { as: "admin" })).json();
  assert.deepEqual(list.roles.find((r: { id: number }) => r.id === role.id), {
    id: role.id,
    name: "律师",
    description: "办案律师",
    is_system: false,
    permissions: [
      { code: "mediation", name: "文书批量生成", description: "用Word模板和Excel表格批量生成文书" },
      { code: "pdf_converter", name: "PDF转链接", description: "上传PDF并生成访问链接" },
    ],
    user_count: 0,
  });
  const dup = await t.request("POST", "/api/roles", { as: "admin", json: { ...LAWYER, name: " 律师 " } });
  assert.equal(dup.status, 409);
  assert.deepEqual(await dup.json(), {
    success: false,
    code: "ROLE_NAME_TAKEN",
    error: "角色名称已存在",
    field: "name",
  });
  const member = await t.userWith(["user_manage"]);
  assert.equal((await t.request("POST", "/api/roles", { as: member, json: LAWYER })).status, 403);
  assert.equal((await t.request("POST", "/api/roles", { json: LAWYER })).status, 401);
});

Deno.test("PUT /api/roles/{id} replaces name, description and permissions", async () => {
  using t = await testApp();
  const { role } = await (await t.request("POST", "/api/roles", { as: "admin", json: LAWYER })).json();
  const res = await t.request("PUT", `/api/roles/${role.id}`, {
    as: "admin",
    json: { name: "资深律师", description: "", permissions: ["ocr_access"] },
  });
  assert.equal(res.status, 200);
  const stored = await getRole(t.kv, role.id);
  assert.deepEqual([stored?.name, stored?.description, stored?.permissions], ["资深律师", "", [
    "ocr_access",
  ]]);
  assert.equal(await getRoleByName(t.kv, "律师"), null);
  const bad = await t.request("PUT", `/api/roles/${role.id}`, {
    as: "admin",
    json: { name: "资深律师", permissions: [] },
  });
  assert.equal(bad.status, 400);
  assert.equal((await bad.json()).error, "请至少选择一个权限");
  const unknown = await t.request("PUT", "/api/roles/999", { as: "admin", json: LAWYER });
  assert.equal(unknown.status, 404);
  assert.equal((await unknown.json()).code, "ROLE_NOT_FOUND");
  const taken = await t.request("PUT", `/api/roles/${role.id}`, {
    as: "admin",
    json: { ...LAWYER, name: "admin" },
  });
  assert.equal(taken.status, 409);
});

Deno.test("the 超级管理员 role can be neither edited nor deleted", async () => {
  using t = await testApp();
  const id = (await getRoleByName(t.kv, "超级管理员"))!.id;
  const edit = await t.request("PUT", `/api/roles/${id}`, {
    as: "admin",
    json: { name: "超级管理员", permissions: ["dashboard"] },
  });
  assert.equal(edit.status, 403);
  assert.deepEqual(await edit.json(), {
    success: false,
    code: "ROLE_PROTECTED_EDIT",
    error: "超级管理员角色不能编辑",
  });
  const del = await t.request("DELETE", `/api/roles/${id}`, { as: "admin" });
  assert.equal(del.status, 403);
  assert.deepEqual(await del.json(), {
    success: false,
    code: "ROLE_PROTECTED_DELETE",
    error: "超级管理员角色不能删除",
  });
  assert.equal((await getRole(t.kv, id))?.permissions.length, PERMISSION_CODES.length);
});

Deno.test("DELETE /api/roles/{id} refuses a role in use (with the count) and the default role", async () => {
  using t = await testApp();
  await t.userWith(["dashboard"], { role: "律师" });
  await t.userWith(["dashboard"], { role: "律师" });
  const id = (await getRoleByName(t.kv, "律师"))!.id;
  const inUse = await t.request("DELETE", `/api/roles/${id}`, { as: "admin" });
  assert.equal(inUse.status, 409);
  assert.deepEqual(await inUse.json(), {
    success: false,
    code: "ROLE_IN_USE",
    error: "还有 2 个用户使用该角色，不能删除",
  });
  const defaultId = (await getDefaultRoleId(t.kv))!;
  const def = await t.request("DELETE", `/api/roles/${defaultId}`, { as: "admin" });
  assert.equal(def.status, 409);
  assert.deepEqual(await def.json(), {
    success: false,
    code: "ROLE_DEFAULT_UNDELETABLE",
    error: "默认角色不能删除",
  });
  assert.equal((await t.request("DELETE", "/api/roles/999", { as: "admin" })).status, 404);
  assert.equal((await t.request("DELETE", "/api/roles/abc", { as: "admin" })).status, 404);
});

Deno.test("DELETE /api/roles/{id} deletes an unused role and records it", async () => {
  using t = await testApp();
  const { role } = await (await t.request("POST", "/api/roles", { as: "admin", json: LAWYER })).json();
  assert.equal((await t.request("DELETE", `/api/roles/${role.id}`)).status, 401);
  const member = await t.userWith(["user_manage"]);
  assert.equal((await t.request("DELETE", `/api/roles/${role.id}`, { as: member })).status, 403);
  const res = await t.request("DELETE", `/api/roles/${role.id}`, { as: "admin" });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { success: true });
  assert.equal(await getRole(t.kv, role.id), null);
  assert.equal(await getRoleByName(t.kv, "律师"), null);
  const { entries } = await listAuditEntries(t.kv);
  assert.deepEqual(entries.map((e) => [e.action, e.entity, e.entityId]), [
    ["delete", "role", String(role.id)],
    ["create", "role", String(role.id)],
  ]);
  assert.equal((entries[0].before as { name: string }).name, "律师");
  assert.equal(entries[0].after, null);
});

Deno.test("a role's new permission applies to its member's next request with the same token", async () => {
  using t = await testApp();
  const member = await t.userWith(["dashboard"], { role: "律师" });
  const roleId = member.user.roleId;
  const denied = await t.request("GET", "/api/users", { as: member });
  assert.equal(denied.status, 403);
  const put = await t.request("PUT", `/api/roles/${roleId}`, {
    as: "admin",
    json: { name: "律师", permissions: ["dashboard", "user_manage"] },
  });
  assert.equal(put.status, 200);
  assert.equal((await t.request("GET", "/api/users", { as: member })).status, 200);
  await t.request("PUT", `/api/roles/${roleId}`, {
    as: "admin",
    json: { name: "律师", permissions: ["dashboard"] },
  });
  assert.equal((await t.request("GET", "/api/users", { as: member })).status, 403);
});

Deno.test("GET /api/permissions lists every code with its group; role_manage only", async () => {
  using t = await testApp();
  const res = await t.request("GET", "/api/permissions", { as: "admin" });
  assert.equal(res.status, 200);
  const { success, permissions } = await res.json();
  assert.equal(success, true);
  assert.deepEqual(permissions.map((p: { code: string }) => p.code), [...PERMISSION_CODES]);
  const groupOf = (code: string) => permissions.find((p: { code: string }) => p.code === code).group;
  assert.deepEqual(
    ["ocr_access", "excel_batch_generate", "ocr_extract", "ai_law_search", "role_manage", "dashboard"].map(
      groupOf,
    ),
    ["AI文档处理", "Excel批量处理", "AI工具", "AI工具", "系统管理", "其他"],
  );
  assert.deepEqual(permissions[0], {
    code: "dashboard",
    name: "系统仪表盘",
    description: "查看系统仪表盘与使用统计",
    group: "其他",
  });
  assert.equal((await t.request("GET", "/api/permissions")).status, 401);
  const member = await t.userWith(["user_manage"]);
  assert.equal((await t.request("GET", "/api/permissions", { as: member })).status, 403);
});
