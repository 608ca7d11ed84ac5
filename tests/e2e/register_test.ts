import assert from "node:assert/strict";
import { launchBrowser } from "../helpers/browser.ts";
import { seedInvitationCode, seedSettings, startServer } from "../helpers/server_process.ts";
import {
  apiGet,
  assertNoPageErrors,
  loginField,
  openLoginPage,
  pathOf,
  storedToken,
  waitForPath,
  waitForToast,
} from "./steps.ts";

Deno.test("registration with invitation codes on: the code is required, then the account is created and signed in", async () => {
  let code = "";
  await using server = await startServer({
    seed: async (kv) => {
      await seedSettings(kv, { invitation_enabled: true });
      code = (await seedInvitationCode(kv, { maxUses: 1 })).code;
    },
  });
  await using browser = await launchBrowser();
  const page = await browser.newPage(server.url);
  await openLoginPage(page);

  // the switch clears the form
  await loginField(page, "用户名").fill("typed-before");
  await page.getByRole("button", { name: /立即注册/ }).click();
  await page.getByRole("heading", { name: "用户注册" }).waitFor();
  assert.equal(await loginField(page, "用户名").inputValue(), "");

  await loginField(page, "用户名").fill("newlawyer");
  await loginField(page, "密码").fill("lawyer-pass-1");
  await loginField(page, "确认密码").fill("lawyer-pass-1");
  await loginField(page, "邮箱").fill("newlawyer@example.com");
  await loginField(page, "验证码").fill("test");
  const submit = page.getByRole("button", { name: /^注\s*册$/ });

  // invitation_enabled: the field is shown and required
  await submit.click();
  await page.getByText("请输入邀请码", { exact: true }).waitFor();
  assert.equal(pathOf(page), "/login");

  await loginField(page, "邀请码").fill(code.toLowerCase());
  await submit.click();
  await waitForPath(page, "/dashboard");
  await page.locator("header").getByText("newlawyer", { exact: true }).waitFor();

  const token = await storedToken(page);
  assert.ok(token);
  const profile = await apiGet(server.url, "/api/user/profile", token);
  assert.equal(profile.status, 200);
  const user = (profile.body as { user: { username: string; email: string } }).user;
  assert.equal(user.username, "newlawyer");
  assert.equal(user.email, "newlawyer@example.com");
  assertNoPageErrors(browser.pageErrors);
});

Deno.test("registration with a used-up invitation code shows the server's message and stays on /login", async () => {
  let code = "";
  await using server = await startServer({
    seed: async (kv) => {
      await seedSettings(kv, { invitation_enabled: true });
      code = (await seedInvitationCode(kv, { maxUses: 1 })).code;
    },
  });
  // a first registration by API uses the code up
  const captcha = await (await fetch(`${server.url}/api/captcha/generate`)).json();
  const first = await fetch(`${server.url}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      username: "firstuser",
      password: "first-pass-1",
      email: "first@example.com",
      invitationCode: code,
      captchaId: captcha.captchaId,
      captchaText: "test",
    }),
  });
  const firstBody = await first.text();
  assert.equal(first.status, 200, firstBody);

  await using browser = await launchBrowser();
  const page = await browser.newPage(server.url);
  await openLoginPage(page);
  await page.getByRole("button", { name: /立即注册/ }).click();
  await loginField(page, "用户名").fill("seconduser");
  await loginField(page, "密码").fill("second-pass-1");
  await loginField(page, "确认密码").fill("second-pass-1");
  await loginField(page, "邮箱").fill("second@example.com");
  await loginField(page, "邀请码").fill(code);
  await loginField(page, "验证码").fill("test");
  await page.getByRole("button", { name: /^注\s*册$/ }).click();
  await waitForToast(page, "邀请码使用次数已用完");
  assert.equal(pathOf(page), "/login");
  assert.equal(await storedToken(page), null);
  assertNoPageErrors(browser.pageErrors);
});
