import assert from "node:assert/strict";
import { launchBrowser } from "../helpers/browser.ts";
import { seedUser, startServer } from "../helpers/server_process.ts";
import {
  assertNoPageErrors,
  openSignedIn,
  pathOf,
  signedInPage,
  signInThroughPage,
  storedToken,
  waitForPath,
  waitForToast,
} from "./steps.ts";

Deno.test("/account: a member changes their password (old one required) and signs in with the new one", async () => {
  await using server = await startServer({
    seed: (kv) => seedUser(kv, { username: "lawyer1", password: "old-pass-1", permissions: ["dashboard"] }),
  });
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, { url: server.url, username: "lawyer1", password: "old-pass-1" });

  await openSignedIn(page, "/account");
  const card = page.locator(".ant-card").filter({ hasText: "修改密码" });
  await card.getByLabel("原密码").waitFor();
  await page.locator(".ant-card").filter({ hasText: "账号信息" }).getByText("lawyer1@example.com").waitFor();

  // every field of both forms is marked required, as its rules are
  assert.deepEqual(await card.locator("label.ant-form-item-required").allTextContents(), [
    "原密码",
    "新密码",
    "确认新密码",
  ]);
  assert.equal(
    await page.locator(".ant-card").filter({ hasText: "修改邮箱" }).locator("label.ant-form-item-required")
      .count(),
    1,
  );

  // the form's own rules first
  await card.getByLabel("新密码", { exact: true }).fill("abc");
  await card.getByLabel("确认新密码").fill("abcd");
  await card.getByRole("button", { name: "修改密码" }).click();
  await card.getByText("请输入原密码").waitFor();
  await card.getByText("密码长度在 6 到 20 个字符").waitFor();
  await card.getByText("两次输入的密码不一致").waitFor();

  // a wrong old password is refused by the server
  await card.getByLabel("原密码").fill("not-my-pass");
  await card.getByLabel("新密码", { exact: true }).fill("new-pass-2");
  await card.getByLabel("确认新密码").fill("new-pass-2");
  await card.getByRole("button", { name: "修改密码" }).click();
  await waitForToast(page, "原密码错误");

  const tokenBefore = await storedToken(page);
  await card.getByLabel("原密码").fill("old-pass-1");
  await card.getByRole("button", { name: "修改密码" }).click();
  await waitForToast(page, "密码修改成功");
  assert.equal(await card.getByLabel("原密码").inputValue(), "", "the form is cleared");
  const tokenAfter = await storedToken(page);
  assert.ok(tokenAfter && tokenAfter !== tokenBefore, "this tab continues under the fresh token");

  // still signed in here: the page reloads without a trip to /login
  await page.reload();
  await card.getByLabel("原密码").waitFor();
  assert.equal(pathOf(page), "/account");

  await page.getByRole("button", { name: /退出登录/ }).click();
  await waitForPath(page, "/login");
  await signInThroughPage(page, "lawyer1", "old-pass-1");
  await waitForToast(page, "用户名或密码错误");
  assert.equal(pathOf(page), "/login");
  await signInThroughPage(page, "lawyer1", "new-pass-2");
  await waitForPath(page, "/dashboard");
  await page.locator("header").getByText("lawyer1", { exact: true }).waitFor();
  assertNoPageErrors(browser.pageErrors);
});

Deno.test("/account: a member changes their e-mail and sees it after a reload", async () => {
  await using server = await startServer({
    seed: (kv) => seedUser(kv, { username: "lawyer2", password: "pass-word-2", permissions: ["dashboard"] }),
  });
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, { url: server.url, username: "lawyer2", password: "pass-word-2" });
  await openSignedIn(page, "/account");
  const card = page.locator(".ant-card").filter({ hasText: "修改邮箱" });
  const field = card.getByLabel("邮箱");
  await page.waitForFunction(() =>
    (document.querySelector("#change_email_email") as HTMLInputElement | null)?.value ===
      "lawyer2@example.com"
  );
  await field.fill("not-an-address");
  await card.getByRole("button", { name: "保存邮箱" }).click();
  await card.getByText("请输入正确的邮箱格式").waitFor();
  await field.fill("new-mail@example.com");
  await card.getByRole("button", { name: "保存邮箱" }).click();
  await waitForToast(page, "邮箱修改成功");
  await page.reload();
  await page.locator(".ant-card").filter({ hasText: "账号信息" }).getByText("new-mail@example.com").waitFor();
  assertNoPageErrors(browser.pageErrors);
});
