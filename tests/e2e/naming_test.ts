/**
 * Names people read (#16 item 9): the login-feature editor shows icons (with Chinese labels), never
 * component names; the role key admin is shown as 管理员 with the key kept; one product name.
 */
import assert from "node:assert/strict";
import { launchBrowser } from "../helpers/browser.ts";
import { seedUser, startServer } from "../helpers/server_process.ts";
import {
  ADMIN_LOGIN,
  assertNoPageErrors,
  openDialog,
  openSignedIn,
  signedInPage,
  waitForPageReady,
  waitForToast,
} from "./steps.ts";

Deno.test("login features show icons with Chinese labels; roles show 管理员 for admin; one product name", async () => {
  await using server = await startServer({
    seed: (kv) => seedUser(kv, { username: "boss", password: "boss-pass-1", role: "admin" }),
  });
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, { url: server.url, ...ADMIN_LOGIN });

  // the side menu, the title bar and the login page say the same name
  const menuName = (await page.locator("aside").first().innerText()).split("\n")[0].trim();
  assert.equal(menuName, "法务文书批量处理系统");
  assert.match(await page.title(), /法务文书批量处理系统$/);

  await openSignedIn(page, "/login-features");
  await waitForPageReady(page, "登录页功能管理");
  const dialog = await openDialog(page, "新增功能项", "新增功能项");
  const wordIcon = dialog.locator("label.ant-radio-button-wrapper[title='Word文档']");
  await wordIcon.waitFor();
  assert.equal(await dialog.getByText(/Outlined/).count(), 0, "no component names in the editor");
  await wordIcon.click();
  await dialog.getByPlaceholder("例如 批量生成调解书").fill("批量生成Word文书");
  await dialog.getByRole("button", { name: /保\s*存/ }).click();
  await waitForToast(page, "保存成功");
  const row = page.locator("tr.ant-table-row").filter({ hasText: "批量生成Word文书" });
  await row.getByText("Word文档").waitFor();
  assert.equal(await page.locator("main").getByText(/Outlined/).count(), 0, "no component names in the list");

  await openSignedIn(page, "/user-manager");
  const boss = page.locator("tr.ant-table-row").filter({ hasText: "boss" });
  await boss.getByText("管理员", { exact: true }).waitFor();
  await openSignedIn(page, "/role-manager");
  const adminRole = page.locator("tr.ant-table-row").filter({
    has: page.getByText("admin", { exact: true }),
  });
  await adminRole.locator("td").first().getByText("管理员", { exact: true }).waitFor();
  assertNoPageErrors(browser.pageErrors);
});
