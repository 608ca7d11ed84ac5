import assert from "node:assert/strict";
import { launchBrowser } from "../helpers/browser.ts";
import { seedUser, startServer, waitForMail } from "../helpers/server_process.ts";
import {
  assertNoPageErrors,
  openLoginPage,
  pathOf,
  signInThroughPage,
  waitForPath,
  waitForToast,
} from "./steps.ts";

Deno.test("forgot password: the mailed code resets the password, and the new one signs in", async () => {
  await using server = await startServer({
    seed: (kv) =>
      seedUser(kv, {
        username: "forgetful",
        password: "old-pass-1",
        email: "forgetful@example.com",
        permissions: ["dashboard"],
      }),
  });
  await using browser = await launchBrowser();
  const page = await browser.newPage(server.url);
  await openLoginPage(page);

  await page.getByRole("button", { name: /忘记密码/ }).click();
  const dialog = page.getByRole("dialog", { name: "重置密码" });
  await dialog.waitFor();
  await dialog.getByLabel("用户名").fill("forgetful");
  await dialog.getByLabel("注册邮箱").fill("forgetful@example.com");
  await dialog.getByRole("button", { name: /发送验证码/ }).click();
  await waitForToast(page, "验证码已发送到您的邮箱");

  // the send button counts down for 60 seconds
  const countdown = dialog.getByRole("button", { name: /秒后重新发送/ });
  await countdown.waitFor();
  assert.ok(await countdown.isDisabled(), "the send button is disabled during the countdown");
  const first = await countdown.innerText();
  assert.match(first, /^(60|59|58)秒后重新发送$/);
  await page.waitForFunction(
    (text) =>
      [...document.querySelectorAll("button")].some((b) =>
        /秒后重新发送/.test(b.innerText) && b.innerText !== text
      ),
    first,
    { timeout: 3_000 },
  );

  const mail = await waitForMail(server.dataDir, "forgetful@example.com");
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  assert.ok(code, `a 6-digit code in the mail:\n${mail.text}`);

  // a 5-character code is refused by the form
  await dialog.getByLabel("邮箱验证码").fill(code.slice(0, 5));
  await dialog.getByLabel("新密码", { exact: true }).fill("new-pass-1");
  await dialog.getByLabel("确认新密码").fill("new-pass-1");
  await dialog.getByRole("button", { name: "重置密码" }).click();
  await dialog.getByText("验证码长度应为6位").waitFor();

  await dialog.getByLabel("邮箱验证码").fill(code);
  await dialog.getByRole("button", { name: "重置密码" }).click();
  await waitForToast(page, "密码重置成功");
  await dialog.waitFor({ state: "hidden" });

  // the old password no longer works
  await signInThroughPage(page, "forgetful", "old-pass-1");
  await waitForToast(page, "用户名或密码错误");
  assert.equal(pathOf(page), "/login");

  await signInThroughPage(page, "forgetful", "new-pass-1");
  await waitForPath(page, "/dashboard");
  await page.locator("header").getByText("forgetful", { exact: true }).waitFor();
  assertNoPageErrors(browser.pageErrors);
});
