import assert from "node:assert/strict";
import { launchBrowser } from "../helpers/browser.ts";
import { seedUser, startServer } from "../helpers/server_process.ts";
import {
  assertNoPageErrors,
  pathOf,
  readSideMenu,
  signedInPage,
  signInThroughPage,
  storedToken,
  waitForPath,
  waitForToast,
} from "./steps.ts";

const PASSWORD = "member-pass-1";

Deno.test("a member sees only the menu entries its permissions allow (part 1 §2 side menu)", async () => {
  await using server = await startServer({
    seed: async (kv) => {
      // holds mediation and pdf_converter but neither excel code: the 批量文书处理 group stays hidden
      await seedUser(kv, {
        username: "member1",
        password: PASSWORD,
        permissions: ["mediation", "pdf_converter", "excel_case_split", "member_center"],
      });
      // holds excel_template_manage: the group shows, with only the items this member may open
      await seedUser(kv, {
        username: "member2",
        password: PASSWORD,
        permissions: ["excel_template_manage", "mediation", "ocr_access", "ai_law_search"],
      });
    },
  });
  await using browser = await launchBrowser();

  const page1 = await browser.newPage(server.url);
  await signInThroughPage(page1, "member1", PASSWORD);
  // no dashboard permission: the fallback landing order's next page the member may open
  await waitForPath(page1, "/mediation-form");
  await page1.locator("header").getByText("member1", { exact: true }).waitFor();
  assert.deepEqual(await readSideMenu(page1), [
    // member_center: the menu item needs the code even though the page needs only a sign-in
    { label: "会员中心" },
    // /account needs no code, and shows with its group
    { label: "我的系统", items: ["个人账号"] },
    { label: "散诉案件", items: ["县市案件分类"] },
    // shown regardless of permission, even with no item inside
    { label: "AI工具", items: [] },
  ]);

  const page2 = await signedInPage(browser, {
    url: server.url,
    username: "member2",
    password: PASSWORD,
    landing: "/mediation-form",
  });
  assert.deepEqual(await readSideMenu(page2), [
    { label: "我的系统", items: ["个人账号"] },
    { label: "批量文书处理", items: ["模板文书生成", "自定义模板"] },
    { label: "AI文档处理", items: ["OCR识别"] },
    { label: "AI工具", items: ["AI法律检索"] },
  ]);
  assertNoPageErrors(browser.pageErrors);
});

Deno.test("the guard: 没有访问权限 on a page without its permission, and the member stays there", async () => {
  await using server = await startServer({
    seed: (kv) =>
      seedUser(kv, { username: "member1", password: PASSWORD, permissions: ["dashboard", "mediation"] }),
  });
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, { url: server.url, username: "member1", password: PASSWORD });

  // opened directly (a fresh page load)
  await page.goto("/user-manager");
  await waitForToast(page, "没有访问权限");
  assert.equal(pathOf(page), "/user-manager");
  assert.ok(await storedToken(page), "still signed in");
  // the content area says so (a 403 result), long after the toast has gone, with a way back
  const forbidden = page.locator("main .ant-result-403");
  await forbidden.getByText("没有访问权限").waitFor();
  await page.locator(".ant-message-notice").waitFor({ state: "detached", timeout: 15_000 });
  assert.ok(await forbidden.isVisible(), "the 403 result stays");
  assert.equal(pathOf(page), "/user-manager");
  await forbidden.getByRole("button", { name: "返回首页" }).click();
  await waitForPath(page, "/dashboard");

  // through the app: the denied page is not shown and the address goes back to the previous page
  await page.goto("/dashboard");
  await page.locator("header").getByText("系统仪表盘").waitFor();
  await page.evaluate(() => {
    history.pushState({}, "", "/role-manager");
    dispatchEvent(new PopStateEvent("popstate"));
  });
  await waitForToast(page, "没有访问权限");
  await waitForPath(page, "/dashboard");
  assertNoPageErrors(browser.pageErrors);
});

Deno.test("signed out, /dashboard shows 请先登录 and lands on /login", async () => {
  await using server = await startServer();
  await using browser = await launchBrowser();
  const page = await browser.newPage(server.url);

  await page.goto("/dashboard");
  await waitForToast(page, "请先登录");
  await waitForPath(page, "/login");
  await page.getByRole("button", { name: /^登\s*录$/ }).waitFor();
  assertNoPageErrors(browser.pageErrors);
});

Deno.test("an admin who is not user id 1 gets 只有超级管理员可以访问此页面 on /ai-settings", async () => {
  await using server = await startServer({
    seed: (kv) => seedUser(kv, { username: "admin2", password: PASSWORD, role: "admin" }),
  });
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, { url: server.url, username: "admin2", password: PASSWORD });

  // role admin sees 登录页功能管理 but not AI设置 (user id 1 only)
  const labels = (await readSideMenu(page)).map((entry) => entry.label);
  assert.ok(labels.includes("登录页功能管理"), `menu: ${labels.join(", ")}`);
  assert.ok(!labels.includes("AI设置"), `menu: ${labels.join(", ")}`);

  await page.goto("/ai-settings");
  await waitForToast(page, "只有超级管理员可以访问此页面");
  assert.equal(pathOf(page), "/ai-settings");
  assertNoPageErrors(browser.pageErrors);
});
