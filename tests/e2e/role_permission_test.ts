/**
 * Role manager in the browser (part 3 §2, §4): an administrator takes a permission from a role, and
 * the role's member loses the menu item (after navigating, and after a reload) and the API access
 * (403 没有访问权限) without signing in again. Also the 超级管理员 and system-role warnings.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { launchBrowser } from "../helpers/browser.ts";
import { seedUser, startServer } from "../helpers/server_process.ts";
import {
  ADMIN_LOGIN,
  apiGet,
  assertNoPageErrors,
  openSignedIn,
  pathOf,
  readSideMenu,
  signedInPage,
  storedToken,
  waitForPath,
  waitForToast,
} from "./steps.ts";

const PASSWORD = "member-pass-1";
const ROLE = "律师助理";

async function menuLabels(page: Page): Promise<string[]> {
  return (await readSideMenu(page)).flatMap((entry) => [entry.label, ...(entry.items ?? [])]);
}

/** The role table's row holding `name` in its first cell. */
function roleRow(page: Page, name: string) {
  return page.locator("tr.ant-table-row").filter({
    has: page.locator("td").first().getByText(name, { exact: true }),
  });
}

Deno.test("a role that loses a permission in the role manager takes the menu item and the API access from its member", async () => {
  await using server = await startServer({
    seed: (kv) =>
      seedUser(kv, {
        username: "member1",
        password: PASSWORD,
        role: ROLE,
        permissions: ["dashboard", "user_manage", "member_center"],
      }),
  });
  await using browser = await launchBrowser();

  // The member signs in, sees 用户管理 and opens it.
  const member = await signedInPage(browser, { url: server.url, username: "member1", password: PASSWORD });
  assert.ok((await menuLabels(member)).includes("用户管理"));
  await member.locator("aside").getByText("用户管理", { exact: true }).click();
  await waitForPath(member, "/user-manager");
  await member.getByRole("cell", { name: "member1", exact: true }).waitFor();
  const memberToken = await storedToken(member);
  assert.ok(memberToken);
  assert.equal((await apiGet(server.url, "/api/users", memberToken)).status, 200);

  // The administrator removes user_manage from the role in the role manager.
  const admin = await signedInPage(browser, { url: server.url, ...ADMIN_LOGIN });
  await admin.locator("aside").getByText("角色管理", { exact: true }).click();
  await waitForPath(admin, "/role-manager");
  const row = roleRow(admin, ROLE);
  await row.getByText("用户管理", { exact: true }).waitFor();
  await row.getByRole("button", { name: /编\s*辑/ }).click();
  const dialog = admin.getByRole("dialog", { name: "编辑角色" });
  await dialog.waitFor();
  assert.equal(await dialog.getByLabel("角色名称").inputValue(), ROLE);
  // grouped by code prefix: 用户管理 sits in 系统管理
  const systemGroup = dialog.getByRole("group", { name: "系统管理" });
  const userManage = systemGroup.getByRole("checkbox", { name: "用户管理" });
  assert.equal(await userManage.isChecked(), true);
  await userManage.uncheck();
  await dialog.getByRole("button", { name: /保\s*存/ }).click();
  await waitForToast(admin, "保存成功");
  await dialog.waitFor({ state: "hidden" });
  await row.getByText("系统仪表盘", { exact: true }).waitFor();
  assert.equal(await row.getByText("用户管理", { exact: true }).count(), 0);

  // The member's next request with the same token is refused in Chinese.
  assert.deepEqual(await apiGet(server.url, "/api/users", memberToken), {
    status: 403,
    body: { success: false, code: "FORBIDDEN", error: "没有访问权限" },
  });

  // Navigating inside the app reads the profile again: the menu item goes.
  await member.locator("aside").getByText("会员中心", { exact: true }).click();
  await waitForPath(member, "/member-center");
  await member.waitForFunction(() => !(localStorage.getItem("user") ?? "").includes("user_manage"));
  const afterNavigation = await menuLabels(member);
  assert.ok(!afterNavigation.includes("用户管理"), afterNavigation.join(", "));
  assert.ok(afterNavigation.includes("会员中心"));

  // A reload of the page it lost: 没有访问权限, the member stays there, the page is not shown.
  await openSignedIn(member, "/user-manager");
  await waitForToast(member, "没有访问权限");
  // the content area shows the 403 result (the guard has decided), and the address stays
  await member.locator("main .ant-result-403").waitFor();
  assert.equal(pathOf(member), "/user-manager");
  assert.equal(await member.getByText("用户列表").count(), 0);
  assert.ok(!(await menuLabels(member)).includes("用户管理"));
  assert.ok(await storedToken(member), "still signed in");
  assertNoPageErrors(browser.pageErrors);
});

Deno.test("the role manager protects 超级管理员 and warns more strongly before deleting a system role", async () => {
  await using server = await startServer();
  await using browser = await launchBrowser();
  const admin = await signedInPage(browser, { url: server.url, ...ADMIN_LOGIN });
  await openSignedIn(admin, "/role-manager");

  const superRow = roleRow(admin, "超级管理员");
  await superRow.getByText("系统角色", { exact: true }).waitFor();
  await superRow.getByRole("button", { name: /编\s*辑/ }).click();
  await waitForToast(admin, "超级管理员角色不能编辑");
  assert.equal(await admin.getByRole("dialog").count(), 0);
  await superRow.getByRole("button", { name: /删\s*除/ }).click();
  await waitForToast(admin, "超级管理员角色不能删除");

  // a system role: the stronger warning; cancelling is silent and keeps the role
  await roleRow(admin, "admin").getByRole("button", { name: /删\s*除/ }).click();
  const confirm = admin.getByRole("dialog").filter({ hasText: "删除系统角色" });
  await confirm.getByText("「admin」是系统角色", { exact: false }).waitFor();
  await confirm.getByRole("button", { name: /取\s*消/ }).click();
  await confirm.waitFor({ state: "hidden" });
  await roleRow(admin, "admin").waitFor();

  // a new role: at least one permission, then it is listed with its permission tags
  await admin.getByRole("button", { name: /新增角色/ }).click();
  const dialog = admin.getByRole("dialog", { name: "新增角色" });
  await dialog.getByLabel("角色名称").fill("实习律师");
  await dialog.getByRole("button", { name: /保\s*存/ }).click();
  await dialog.getByText("请至少选择一个权限").waitFor();
  await dialog.getByRole("group", { name: "其他" }).getByRole("checkbox", { name: "文书批量生成" }).check();
  // without an Excel code the 批量文书处理 group stays hidden (part 1 §2): the dialog says which pages
  const warning = dialog.locator(".ant-alert-warning");
  await warning.getByText("该角色的用户在菜单中看不到：模板文书生成", { exact: false }).waitFor();
  await warning.getByText("“Excel批量生成”或“Excel模板管理”", { exact: false }).waitFor();
  const excel = dialog.getByRole("checkbox", { name: "Excel批量生成" });
  await excel.check();
  await warning.waitFor({ state: "detached" });
  await excel.uncheck();
  await warning.waitFor();
  await dialog.getByRole("button", { name: /保\s*存/ }).click();
  await waitForToast(admin, "保存成功");
  const created = roleRow(admin, "实习律师");
  await created.getByText("文书批量生成", { exact: true }).hover();
  await admin.getByRole("tooltip").getByText("用Word模板和Excel表格批量生成文书").waitFor();
  assertNoPageErrors(browser.pageErrors);
});
