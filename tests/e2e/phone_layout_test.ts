import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { recordUsage } from "../../server/kv/usage.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { startServer } from "../helpers/server_process.ts";
import {
  ADMIN_LOGIN,
  assertNoPageErrors,
  openSignedIn,
  signInThroughPage,
  waitForPageReady,
  waitForPath,
} from "./steps.ts";

const PHONE = { width: 390, height: 844 };

/** The page scrolls sideways when its document is wider than the window. */
async function pageOverflow(page: Page): Promise<{ scrollWidth: number; clientWidth: number }> {
  return await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
}

/** Opens `path` and waits until its title is in the header and its first card has rendered. */
async function openPage(page: Page, path: string, title: string): Promise<void> {
  await openSignedIn(page, path);
  await waitForPageReady(page, title);
  await page.locator("main .ant-card").first().waitFor();
  await page.waitForLoadState("networkidle");
}

Deno.test("at 390×844 the menu is a drawer from the header and no page scrolls sideways", async () => {
  await using server = await startServer({
    seed: async (kv) => {
      for (let i = 0; i < 12; i++) {
        await recordUsage(kv, {
          userId: 1,
          username: "admin",
          type: "mediation",
          description: `批次 20260101${
            String(i).padStart(6, "0")
          }，生成 20 份调解文书（模板：一份名字很长的民事调解协议书模板）`,
          status: "success",
          at: Date.now() - i * 1000,
        });
      }
    },
  });
  await using browser = await launchBrowser();
  const page = await browser.newPage(server.url, { viewport: PHONE });
  await signInThroughPage(page, ADMIN_LOGIN.username, ADMIN_LOGIN.password);
  await waitForPath(page, "/dashboard");

  // no side menu in the page: a drawer, opened from the header, that closes after a choice
  await page.locator("header").getByText("系统仪表盘", { exact: true }).waitFor();
  assert.equal(await page.locator("aside.ant-layout-sider").count(), 0, "no fixed side menu");
  await page.getByRole("button", { name: "打开菜单" }).click();
  const drawer = page.locator(".ant-drawer");
  await drawer.getByText("散诉案件").click();
  await drawer.getByRole("menuitem", { name: /县市案件分类/ }).click();
  await waitForPath(page, "/excel-case-split");
  await drawer.getByRole("menuitem", { name: /县市案件分类/ }).waitFor({ state: "hidden" });

  const pages: [string, string][] = [
    ["/dashboard", "系统仪表盘"],
    ["/mediation-form", "模板文书生成"],
    ["/pdf-converter", "PDF转链接"],
    ["/excel-case-split", "县市案件分类"],
  ];
  for (const [path, title] of pages) {
    await openPage(page, path, title);
    const { scrollWidth, clientWidth } = await pageOverflow(page);
    assert.ok(scrollWidth <= clientWidth, `${path} scrolls sideways: ${scrollWidth} > ${clientWidth}`);
  }
  assertNoPageErrors(browser.pageErrors);
});

Deno.test("the side menu's collapsed state is remembered across reloads", async () => {
  await using server = await startServer();
  await using browser = await launchBrowser();
  const page = await browser.newPage(server.url);
  await signInThroughPage(page, ADMIN_LOGIN.username, ADMIN_LOGIN.password);
  await waitForPath(page, "/dashboard");
  const sider = page.locator("aside.ant-layout-sider");
  await sider.waitFor();
  assert.equal(await sider.evaluate((el) => el.classList.contains("ant-layout-sider-collapsed")), false);
  await page.locator(".ant-layout-sider-trigger").click();
  await page.locator("aside.ant-layout-sider-collapsed").waitFor();
  await page.reload();
  await page.locator("header").getByText("系统仪表盘", { exact: true }).waitFor();
  await page.locator("aside.ant-layout-sider-collapsed").waitFor();
  await page.locator(".ant-layout-sider-trigger").click();
  await page.reload();
  await page.locator("header").getByText("系统仪表盘", { exact: true }).waitFor();
  await sider.waitFor();
  assert.equal(await sider.evaluate((el) => el.classList.contains("ant-layout-sider-collapsed")), false);
  assertNoPageErrors(browser.pageErrors);
});
