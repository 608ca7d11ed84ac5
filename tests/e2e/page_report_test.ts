/**
 * tests/e2e/page_report.ts: a wait that fails says what the page showed (explained), so a
 * failure on a loaded CI machine can be read from the log alone (#16 flaky tests).
 */
import assert from "node:assert/strict";
import { launchBrowser } from "../helpers/browser.ts";
import { startServer } from "../helpers/server_process.ts";
import { explained } from "./page_report.ts";
import { ADMIN_LOGIN, openDialog, signedInPage, waitForPageReady } from "./steps.ts";

Deno.test("a failed wait says the address, the open dialog and its buttons, the toasts so far, and leaves a screenshot", async () => {
  await using server = await startServer();
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, { url: server.url, ...ADMIN_LOGIN });
  // through the side menu, so the document (and its record of the 登录成功 toast) stays the same
  const menu = page.locator("aside .ant-menu-root");
  if (!(await menu.getByText("角色管理").isVisible())) await menu.getByText("系统管理").click();
  await menu.getByText("角色管理").click();
  await waitForPageReady(page, "角色管理");
  const dialog = await openDialog(page, /新增角色/, "新增角色");
  await dialog.getByRole("button", { name: /保\s*存/ }).click();
  await dialog.getByText("请输入角色名称").waitFor();

  const failure = await explained(page, () => page.getByText("不存在的文字").waitFor({ timeout: 500 }))
    .then(() => null, (err: Error) => err);
  assert.ok(failure, "the wait should have failed");
  const text = failure.message;
  assert.match(text, /Timeout 500ms exceeded/, "Playwright's own message is kept");
  assert.match(text, /address: http:\/\/127\.0\.0\.1:\d+\/role-manager/);
  assert.match(text, /dialogs: 新增角色 at \[-?\d+,-?\d+ \d+×\d+\] \[[^\]]*保 ?存/);
  assert.match(text, /toasts so far: .*登录成功/);
  const shot = text.match(/screenshot: (\S+\.png)/)?.[1];
  assert.ok(shot, text);
  const bytes = await Deno.readFile(shot);
  assert.deepEqual([...bytes.subarray(1, 4)], [0x50, 0x4e, 0x47]); // "PNG"
  await Deno.remove(shot);
});
