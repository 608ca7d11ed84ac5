/**
 * User manager and audit log in the browser (part 3 §2, §5): an administrator creates an account in
 * the add dialog (domain checked and stripped), finds it with the filters, and the new user signs in;
 * the audit log shows the creation with its after-state and the sign-in attempts.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { DOMAIN_MESSAGE } from "../../common/schemas/users.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { E2E_ADMIN_USERNAME, seedUser, startServer } from "../helpers/server_process.ts";
import {
  ADMIN_LOGIN,
  assertNoPageErrors,
  openSignedIn,
  signedInPage,
  signInThroughPage,
  waitForPath,
  waitForToast,
} from "./steps.ts";

const ROLE = "律师";

function userRow(page: Page, username: string) {
  return page.locator("tr.ant-table-row").filter({
    has: page.getByRole("cell", { name: username, exact: true }),
  });
}

Deno.test("an administrator creates a user in the user manager dialog, and the new user signs in", async () => {
  await using server = await startServer({
    seed: (kv) =>
      seedUser(kv, {
        username: "someone",
        password: "member-pass-1",
        role: ROLE,
        permissions: ["dashboard"],
      }),
  });
  await using browser = await launchBrowser();
  const admin = await signedInPage(browser, { url: server.url, ...ADMIN_LOGIN });
  await admin.locator("aside").getByText("用户管理", { exact: true }).click();
  await waitForPath(admin, "/user-manager");
  await userRow(admin, "someone").waitFor();
  // the super administrator's row: role tag, no custom domain
  const first = userRow(admin, E2E_ADMIN_USERNAME);
  await first.getByText("默认域名", { exact: true }).waitFor();

  await admin.getByRole("button", { name: /新增用户/ }).click();
  const dialog = admin.getByRole("dialog", { name: "新增用户" });
  await dialog.getByLabel("用户名").fill("newbie");
  await dialog.getByLabel("邮箱").fill("newbie@example.com");
  await dialog.getByLabel("密码").fill("12345");
  await dialog.getByLabel("自定义域名").fill("not a domain");
  await dialog.getByRole("button", { name: /保\s*存/ }).click();
  const fieldError = (text: string) => dialog.locator(".ant-form-item-explain-error").getByText(text);
  await fieldError("密码长度在 6 到 20 个字符").waitFor();
  await fieldError(DOMAIN_MESSAGE).waitFor();
  await fieldError("请选择角色").waitFor();
  await dialog.getByLabel("密码").fill("newbie-pass-1");
  await dialog.getByLabel("自定义域名").fill("https://new.example.com/");
  await dialog.getByLabel("角色").click();
  await admin.locator(".ant-select-item-option").filter({ hasText: ROLE }).click();
  await dialog.getByRole("button", { name: /保\s*存/ }).click();
  await waitForToast(admin, "保存成功");
  await dialog.waitFor({ state: "hidden" });

  const row = userRow(admin, "newbie");
  await row.getByText("new.example.com", { exact: true }).waitFor();
  await row.getByText(ROLE, { exact: true }).waitFor();
  await row.getByText("从未登录", { exact: true }).waitFor();

  // filters: a part of the username, then reset
  await admin.getByPlaceholder("请输入用户名").fill("NEWB");
  await admin.getByRole("button", { name: /搜\s*索/ }).click();
  await admin.getByText("共 1 条").waitFor();
  assert.equal(await admin.locator("tr.ant-table-row").count(), 1);
  await admin.getByRole("button", { name: /重\s*置/ }).click();
  await admin.getByText("共 3 条").waitFor();

  // editing locks the username; cancelling changes nothing
  await row.getByRole("button", { name: /编\s*辑/ }).click();
  const edit = admin.getByRole("dialog", { name: "编辑用户" });
  assert.equal(await edit.getByLabel("用户名").isDisabled(), true);
  assert.equal(await edit.getByLabel("用户名").inputValue(), "newbie");
  assert.equal(await edit.getByLabel("密码").inputValue(), "");
  await edit.getByRole("button", { name: /取\s*消/ }).click();

  // the new user: one failed attempt, then signs in with the password the administrator set
  const user = await browser.newPage(server.url);
  await signInThroughPage(user, "newbie", "wrong-pass-1");
  await waitForToast(user, "用户名或密码错误");
  await signInThroughPage(user, "newbie", "newbie-pass-1");
  await waitForPath(user, "/dashboard");
  await user.locator("header").getByText("newbie", { exact: true }).waitFor();

  // the audit log shows the creation (with its after-state) and both sign-in attempts
  await openSignedIn(admin, "/audit-log");
  const created = admin.locator("tr.ant-table-row").filter({ hasText: "新增用户「newbie」" });
  await created.waitFor();
  await created.getByRole("button", { name: "查看变更" }).click();
  const detail = admin.getByRole("dialog").filter({ hasText: "变更详情" });
  await detail.getByRole("cell", { name: "new.example.com", exact: true }).waitFor();
  await detail.getByRole("cell", { name: "newbie@example.com", exact: true }).waitFor();
  await detail.getByRole("button", { name: "关 闭", exact: true }).click();

  await admin.getByPlaceholder("用户名").fill("newbie");
  await admin.getByRole("button", { name: /查\s*询/ }).click();
  await admin.getByText("共 2 条").waitFor();
  const rows = admin.locator("tr.ant-table-row");
  assert.deepEqual(
    await rows.locator("td:nth-child(4)").allTextContents(),
    ["登录成功", "登录失败：用户名或密码错误"],
  );
  assertNoPageErrors(browser.pageErrors);
});
