import assert from "node:assert/strict";
import { launchBrowser } from "../helpers/browser.ts";
import { E2E_ADMIN_PASSWORD, E2E_ADMIN_USERNAME, startServer } from "../helpers/server_process.ts";
import {
  apiGet,
  assertNoPageErrors,
  type MenuEntry,
  pathOf,
  readSideMenu,
  signInThroughPage,
  storedToken,
  waitForPath,
  waitForToast,
} from "./steps.ts";

/** User id 1 passes every check, so it sees every entry of part 1 §2 "Side menu". */
const FULL_MENU: MenuEntry[] = [
  { label: "系统仪表盘" },
  { label: "会员中心" },
  { label: "我的系统", items: ["存储管理", "个人账号", "审计日志"] },
  { label: "系统模板管理" },
  { label: "用户管理" },
  { label: "角色管理" },
  { label: "系统设置" },
  { label: "注册赠送管理" },
  { label: "登录页功能管理" },
  { label: "AI设置" },
  { label: "批量文书处理", items: ["PDF转链接", "模板文书生成", "我的模板", "Excel批量生成", "自定义模板"] },
  { label: "AI文档处理", items: ["OCR识别", "自定义OCR", "AI文档文件夹", "AI处理记录", "输出文书模板管理"] },
  { label: "散诉案件", items: ["县市案件分类"] },
  { label: "AI工具", items: ["OCR信息提取", "AI文书生成", "AI法律检索"] },
];

Deno.test("the super admin signs in on /login, lands on /dashboard and sees its name and the full menu", async () => {
  await using server = await startServer();
  await using browser = await launchBrowser();
  const page = await browser.newPage(server.url);

  await signInThroughPage(page, E2E_ADMIN_USERNAME, E2E_ADMIN_PASSWORD);
  await waitForPath(page, "/dashboard");
  await page.locator("header").getByText(E2E_ADMIN_USERNAME, { exact: true }).waitFor();
  await page.locator("header").getByText("系统仪表盘", { exact: true }).waitFor(); // the page title

  assert.deepEqual(await readSideMenu(page), FULL_MENU);

  // a menu click navigates
  await page.locator("aside").getByText("用户管理", { exact: true }).click();
  await waitForPath(page, "/user-manager");
  assertNoPageErrors(browser.pageErrors);
});

Deno.test("a wrong password keeps the user on /login with the server's message", async () => {
  await using server = await startServer();
  await using browser = await launchBrowser();
  const page = await browser.newPage(server.url);

  await signInThroughPage(page, E2E_ADMIN_USERNAME, "wrong-password");
  await waitForToast(page, "用户名或密码错误");
  assert.equal(pathOf(page), "/login");
  assert.equal(await storedToken(page), null);
});

Deno.test("logout shows 已退出登录, returns to /login, and the old token no longer works", async () => {
  await using server = await startServer();
  await using browser = await launchBrowser();
  const page = await browser.newPage(server.url);

  await signInThroughPage(page, E2E_ADMIN_USERNAME, E2E_ADMIN_PASSWORD);
  await waitForPath(page, "/dashboard");
  const token = await storedToken(page);
  assert.ok(token, "a token is stored after sign-in");
  assert.equal((await apiGet(server.url, "/api/user/profile", token)).status, 200);

  await page.locator("header").getByRole("button", { name: /退出登录/ }).click();
  await waitForToast(page, "已退出登录");
  await waitForPath(page, "/login");
  assert.equal(await storedToken(page), null);

  const after = await apiGet(server.url, "/api/user/profile", token);
  assert.equal(after.status, 401);
  assert.equal((after.body as { success: boolean }).success, false);

  // signed out, a protected page sends the user back to /login
  await page.goto("/dashboard");
  await waitForPath(page, "/login");
  assertNoPageErrors(browser.pageErrors);
});
