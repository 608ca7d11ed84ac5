import assert from "node:assert/strict";
import type { AccessSubject, PermissionCode } from "../../common/permissions.ts";
import { PAGE_ACCESS } from "../../common/permissions.ts";
import { ROUTES } from "../router.tsx";
import { buildMenu, type MenuNode, pagesHiddenByGroup } from "./build_menu.ts";

function member(permissions: PermissionCode[], options: { id?: number; role?: string } = {}): AccessSubject {
  return { id: options.id ?? 7, role: options.role ?? "普通用户", permissions };
}

/** Top-level keys, with a group written as "group:key[child,child]". */
function outline(nodes: MenuNode[]): string[] {
  return nodes.map((node) =>
    node.children ? `${node.key}[${node.children.map((child) => child.key).join(",")}]` : node.key
  );
}

Deno.test("the route table covers every page of PAGE_ACCESS exactly once", () => {
  const paths = ROUTES.map((r) => r.path);
  assert.deepEqual([...paths].sort(), Object.keys(PAGE_ACCESS).sort());
  assert.equal(new Set(paths).size, paths.length);
  for (const route of ROUTES) assert.deepEqual(route.access, PAGE_ACCESS[route.path], route.path);
});

Deno.test("buildMenu() gives a user without permissions only 我的系统 (account) and the empty AI工具 group", () => {
  assert.deepEqual(outline(buildMenu(ROUTES, member([]))), [
    "group:my_system[/account]",
    "group:ai_tools[]",
  ]);
});

Deno.test("buildMenu() shows 系统仪表盘 with dashboard and 会员中心 with member_center", () => {
  assert.deepEqual(outline(buildMenu(ROUTES, member(["dashboard", "member_center"]))), [
    "/dashboard",
    "/member-center",
    "group:my_system[/account]",
    "group:ai_tools[]",
  ]);
});

Deno.test("buildMenu() puts storage-manager before account in 我的系统", () => {
  const menu = buildMenu(ROUTES, member(["storage_manage"]));
  assert.deepEqual(outline(menu)[0], "group:my_system[/storage-manager,/account]");
  assert.equal(menu[0].label, "我的系统");
});

Deno.test("buildMenu() hides 批量文书处理 without excel_batch_generate or excel_template_manage", () => {
  const menu = buildMenu(ROUTES, member(["pdf_converter", "mediation", "my_template"]));
  assert.equal(menu.some((node) => node.key === "group:batch"), false);
});

Deno.test("buildMenu() shows 批量文书处理 items each by its own permission", () => {
  const menu = buildMenu(ROUTES, member(["excel_template_manage", "pdf_converter"]));
  assert.ok(outline(menu).includes("group:batch[/pdf-converter,/excel-templates]"));
  const full = buildMenu(
    ROUTES,
    member(["excel_batch_generate", "pdf_converter", "mediation", "my_template"]),
  );
  assert.ok(outline(full).includes("group:batch[/pdf-converter,/mediation-form,/my-templates,/excel-batch]"));
});

Deno.test("buildMenu() shows AI文档处理 when any of its five codes is held, with only the held items", () => {
  assert.ok(outline(buildMenu(ROUTES, member(["ai_cljl_access"]))).includes("group:ai_document[/ai-cljl]"));
  const all = member([
    "ocr_access",
    "custom_ocr_access",
    "ai_folder_access",
    "ai_cljl_access",
    "ai_muban_access",
  ]);
  assert.ok(
    outline(buildMenu(ROUTES, all)).includes(
      "group:ai_document[/ocr,/custom-ocr,/ai-folder,/ai-cljl,/ai-muban]",
    ),
  );
  assert.equal(buildMenu(ROUTES, member(["ocr_extract"])).some((n) => n.key === "group:ai_document"), false);
});

Deno.test("buildMenu() shows 散诉案件 only with excel_case_split", () => {
  assert.ok(
    outline(buildMenu(ROUTES, member(["excel_case_split"]))).includes("group:litigation[/excel-case-split]"),
  );
  assert.equal(buildMenu(ROUTES, member(["dashboard"])).some((n) => n.key === "group:litigation"), false);
});

Deno.test("buildMenu() gates the AI工具 items by ocr_extract, ai_document and ai_law_search", () => {
  const menu = buildMenu(ROUTES, member(["ai_law_search", "ocr_extract"]));
  assert.ok(outline(menu).includes("group:ai_tools[/ocr-extract,/ai-law-search]"));
  const tools = menu.find((node) => node.key === "group:ai_tools");
  assert.equal(tools?.label, "AI工具");
});

Deno.test("buildMenu() shows the admin pages as top-level items by their permissions", () => {
  const menu = buildMenu(
    ROUTES,
    member(["template_manage", "user_manage", "role_manage", "system_settings"]),
  );
  assert.deepEqual(outline(menu).slice(0, 5), [
    "group:my_system[/account]",
    "/template-manager",
    "/user-manager",
    "/role-manager",
    "/system-settings",
  ]);
  assert.ok(outline(buildMenu(ROUTES, member(["register_gift_manage"]))).includes("/register-gift"));
});

Deno.test("buildMenu() shows 登录页功能管理 to role admin but not AI设置", () => {
  const keys = outline(buildMenu(ROUTES, member([], { role: "admin" })));
  assert.ok(keys.includes("/login-features"));
  assert.equal(keys.includes("/ai-settings"), false);
  assert.equal(outline(buildMenu(ROUTES, member(["user_manage"]))).includes("/login-features"), false);
});

Deno.test("buildMenu() shows user id 1 every item, AI设置 and 登录页功能管理 included", () => {
  const menu = buildMenu(ROUTES, member([], { id: 1, role: "超级管理员" }));
  const keys = menu.flatMap((node) => node.children ? node.children.map((c) => c.key) : [node.key]);
  assert.deepEqual([...keys].sort(), ROUTES.map((r) => r.path).sort());
  assert.deepEqual(menu.map((node) => node.key), [
    "/dashboard",
    "/member-center",
    "group:my_system",
    "/template-manager",
    "/user-manager",
    "/role-manager",
    "/system-settings",
    "/register-gift",
    "/login-features",
    "/ai-settings",
    "group:batch",
    "group:ai_document",
    "group:litigation",
    "group:ai_tools",
  ]);
});

Deno.test("buildMenu() shows 审计日志 in 我的系统 to role admin and user id 1 only", () => {
  assert.deepEqual(
    outline(buildMenu(ROUTES, member([], { role: "admin" })))[0],
    "group:my_system[/account,/audit-log]",
  );
  assert.equal(
    outline(buildMenu(ROUTES, member([], { id: 1, role: "超级管理员" })))[2],
    "group:my_system[/storage-manager,/account,/audit-log]",
  );
  const all = member(["storage_manage", "user_manage", "role_manage", "system_settings"]);
  assert.equal(outline(buildMenu(ROUTES, all))[0], "group:my_system[/storage-manager,/account]");
});

Deno.test("pagesHiddenByGroup() names the pages a role opens but whose 批量文书处理 group stays hidden", () => {
  assert.deepEqual(pagesHiddenByGroup(ROUTES, ["mediation", "pdf_converter", "dashboard"]), [{
    group: "批量文书处理",
    pages: ["PDF转链接", "模板文书生成"],
    needs: ["excel_batch_generate", "excel_template_manage"],
  }]);
  assert.deepEqual(pagesHiddenByGroup(ROUTES, ["my_template"])[0]?.pages, ["我的模板"]);
  // with either excel code the group shows, and nothing is hidden
  assert.deepEqual(pagesHiddenByGroup(ROUTES, ["mediation", "pdf_converter", "excel_batch_generate"]), []);
  assert.deepEqual(pagesHiddenByGroup(ROUTES, ["mediation", "excel_template_manage"]), []);
  // pages outside a gated group, and groups shown by their items, never count
  assert.deepEqual(pagesHiddenByGroup(ROUTES, ["dashboard", "excel_case_split", "ai_law_search"]), []);
  assert.deepEqual(pagesHiddenByGroup(ROUTES, []), []);
});
