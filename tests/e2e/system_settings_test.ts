import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { setDefaultGift } from "../../server/kv/register_gifts.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { E2E_ADMIN_USERNAME, seedSettings, startServer } from "../helpers/server_process.ts";
import {
  ADMIN_LOGIN,
  apiGet,
  assertNoPageErrors,
  loginField,
  openDialog,
  openLoginPage,
  openSignedIn,
  signedInPage,
  storedToken,
  waitForPageReady,
  waitForPath,
  waitForToast,
} from "./steps.ts";

/** A valid 1x1 PNG. */
const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

Deno.test("system settings: the admin saves new names, the shell follows at once and the login page shows them", async () => {
  await using server = await startServer();
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, { url: server.url, ...ADMIN_LOGIN });
  await openSignedIn(page, "/system-settings");
  await waitForPageReady(page, "系统设置");

  const systemName = page.getByLabel("系统名称", { exact: true });
  await page.waitForFunction(() => {
    const input = document.querySelector<HTMLInputElement>("#system_name");
    return input !== null && input.value !== "";
  });
  // the rules of part 3 §5 in the browser
  await systemName.fill("法");
  await page.getByRole("button", { name: "保存设置" }).click();
  await page.getByText("系统名称长度为2-50个字符", { exact: true }).waitFor();

  await systemName.fill("青禾律所文书平台");
  await page.getByLabel("网站标题", { exact: true }).fill("青禾律所批量文书系统");
  await page.getByLabel("登录页标题", { exact: true }).fill("青禾律所 · 文书中心");
  await page.getByLabel("版权信息", { exact: true }).fill("© 2026 青禾律师事务所");
  await page.getByRole("button", { name: "保存设置" }).click();
  await waitForToast(page, "保存成功");

  // the shell shows the new name without a reload
  await page.locator("aside").getByText("青禾律所文书平台", { exact: true }).waitFor();
  await page.waitForFunction(() => document.title.includes("青禾律所批量文书系统"));

  // a logo is saved as soon as it is uploaded, and the shell shows it
  const wrongType = { name: "logo.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") };
  await page.locator("input[type=file]").first().setInputFiles(wrongType);
  await waitForToast(page, "只能上传JPG/PNG格式的文件");
  await page.locator("input[type=file]").first().setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: PNG_1X1,
  });
  await waitForToast(page, "上传成功，已保存");
  const logo = page.locator("aside img[alt=logo]");
  await logo.waitFor();
  assert.match(await logo.getAttribute("src") ?? "", /^\/api\/settings\/files\/[0-9a-f]{32}\.png$/);
  const saved = await apiGet(server.url, "/api/system/settings", (await storedToken(page))!);
  assert.equal(
    (saved.body as { settings: { logo_url: string } }).settings.logo_url,
    await logo.getAttribute("src"),
  );

  await page.getByRole("button", { name: /退出登录/ }).click();
  await waitForPath(page, "/login");
  await page.getByRole("heading", { name: "青禾律所 · 文书中心" }).waitFor();
  await page.getByText("© 2026 青禾律师事务所").waitFor();

  // a fresh visitor sees them too (nothing cached in that browser)
  const visitor = await browser.newPage(server.url);
  await openLoginPage(visitor);
  await visitor.getByRole("heading", { name: "青禾律所 · 文书中心" }).waitFor();
  await visitor.waitForFunction(() => document.title.includes("青禾律所批量文书系统"));
  assertNoPageErrors(browser.pageErrors);
});

Deno.test("invitation code generated in the dialog, given its own gift, and a new member registers with it and gets that gift", async () => {
  await using server = await startServer({
    seed: async (kv) => {
      await seedSettings(kv, { invitation_enabled: true });
      await setDefaultGift(kv, {
        values: { mediationLimit: 30, pdfConvertLimit: 30, aiLimit: 30 },
        actor: { id: 1, username: E2E_ADMIN_USERNAME },
        at: Date.now(),
      });
    },
  });
  await using browser = await launchBrowser();
  const admin = await signedInPage(browser, { url: server.url, ...ADMIN_LOGIN });

  // generate: max uses 3, no expiry, a remark (once the settings and the code list have loaded)
  await openSignedIn(admin, "/system-settings");
  await waitForPageReady(admin, "系统设置");
  const dialog = await openDialog(admin, "生成邀请码", "生成邀请码");
  // the dialog fills its default max uses when it opens: wait for it before typing over it
  const maxUses = dialog.getByLabel("最大使用次数");
  await admin.waitForFunction(
    (input) => (input as HTMLInputElement).value !== "",
    await maxUses.elementHandle(),
  );
  await maxUses.fill("3");
  await dialog.getByLabel("备注").fill("青禾合作");
  await dialog.getByRole("button", { name: /生\s*成/ }).click();
  await waitForToast(admin, "生成成功");
  const row = admin.locator(".ant-table-row").filter({ hasText: "青禾合作" });
  await row.waitFor();
  const code = (await row.locator("code").first().innerText()).trim();
  assert.match(code, /^[A-Z2-9]{8}$/);
  assert.match(await row.innerText(), /0 \/ 3/);
  assert.match(await row.innerText(), /永久有效/);

  // its own gift on /register-gift
  await openSignedIn(admin, "/register-gift");
  await waitForPageReady(admin, "注册赠送管理");
  const giftRow = admin.locator(".ant-table-row").filter({ hasText: code });
  await giftRow.getByText("使用默认赠送").waitFor();
  await giftRow.getByRole("button", { name: "设置赠送" }).click();
  const giftDialog = admin.getByRole("dialog", { name: `邀请码 ${code} 的注册赠送` });
  await giftDialog.getByLabel("文书生成赠送次数").fill("120");
  await giftDialog.getByLabel("PDF转换赠送次数").fill("80");
  await giftDialog.getByLabel("AI功能赠送次数").fill("");
  await giftDialog.getByRole("button", { name: /保\s*存/ }).click();
  await giftDialog.getByText("请输入AI功能赠送次数").waitFor();
  await giftDialog.getByLabel("AI功能赠送次数").fill("15");
  await giftDialog.getByRole("button", { name: /保\s*存/ }).click();
  await waitForToast(admin, "保存成功");
  await giftRow.getByText("文书生成 120 次、PDF转换 80 次、AI功能 15 次").waitFor();

  // a visitor registers with the code
  const visitor = await browser.newPage(server.url);
  await openLoginPage(visitor);
  await visitor.getByRole("button", { name: /立即注册/ }).click();
  await loginField(visitor, "用户名").fill("qinghe01");
  await loginField(visitor, "密码").fill("qinghe-pass-1");
  await loginField(visitor, "确认密码").fill("qinghe-pass-1");
  await loginField(visitor, "邮箱").fill("qinghe01@example.com");
  await loginField(visitor, "邀请码").fill(code);
  await loginField(visitor, "验证码").fill("test");
  await visitor.getByRole("button", { name: /^注\s*册$/ }).click();
  await waitForPath(visitor, "/dashboard");

  const token = await storedToken(visitor);
  assert.ok(token);
  const limits = await apiGet(server.url, "/api/user/limits", token);
  assert.equal(limits.status, 200);
  assert.deepEqual((limits.body as { limits: unknown }).limits, {
    mediationLimit: 120,
    pdfConvertLimit: 80,
    aiLimit: 15,
  });
  const records = await apiGet(server.url, "/api/member/usage-records", token);
  const descriptions = (records.body as { records: { description: string }[] }).records.map((r) =>
    r.description
  )
    .sort();
  assert.deepEqual(descriptions, [
    `注册赠送AI功能额度：15次（邀请码 ${code}）`,
    `注册赠送PDF转换额度：80次（邀请码 ${code}）`,
    `注册赠送文书生成额度：120次（邀请码 ${code}）`,
  ]);

  // the code's users dialog lists the new member
  await openSignedIn(admin, "/system-settings");
  await waitForPageReady(admin, "系统设置");
  const usedRow = admin.locator(".ant-table-row").filter({ hasText: "青禾合作" });
  await usedRow.getByText("1 / 3").waitFor();
  await usedRow.getByRole("button", { name: "查看用户" }).click();
  await admin.getByRole("dialog", { name: `邀请码 ${code} 的使用用户` }).getByText("qinghe01").waitFor();
  assertNoPageErrors(browser.pageErrors);
});
