import assert from "node:assert/strict";
import dayjs from "dayjs";
import type { Page } from "playwright-core";
import * as XLSX from "xlsx";
import { launchBrowser } from "../helpers/browser.ts";
import { seedUser, startServer } from "../helpers/server_process.ts";
import { recordUsage } from "../../server/kv/usage.ts";
import {
  ADMIN_LOGIN,
  assertNoPageErrors,
  downloadBy,
  openSignedIn,
  signedInPage,
  signInThroughPage,
  waitForToast,
} from "./steps.ts";

const PASSWORD = "member-pass-1";

/** The figure inside a quota tile of the member center (QuotaTiles). */
function tile(page: Page, label: "PDF转换" | "文书生成" | "AI功能") {
  return page.getByRole("group", { name: `${label}剩余次数` });
}

async function openMemberCenter(page: Page): Promise<void> {
  await openSignedIn(page, "/member-center");
  await page.getByText("使用额度", { exact: true }).waitFor();
}

Deno.test("an administrator changes a member's quota in the member center and the member sees it", async () => {
  await using server = await startServer({
    seed: (kv) =>
      seedUser(kv, {
        username: "member1",
        password: PASSWORD,
        permissions: ["member_center", "dashboard"],
        quotas: { pdf_convert: 5, mediation: 100, ai: 20 },
      }),
  });
  await using browser = await launchBrowser();

  // The member first: low PDF quota (5): a warning tile and the notice; no admin panel.
  const member = await signedInPage(browser, { url: server.url, username: "member1", password: PASSWORD });
  await openMemberCenter(member);
  await tile(member, "PDF转换").getByText("剩余 5 次").waitFor();
  assert.equal(await tile(member, "PDF转换").getAttribute("data-status"), "warning");
  assert.equal(await tile(member, "文书生成").getAttribute("data-status"), "success");
  await member.getByText("需要充值? 请联系管理员进行充值。").waitFor();
  assert.equal(await member.getByText("用户额度管理").count(), 0, "members get no quota panel");

  // The administrator, in another browser context: +10 on AI from the table, then the dialog.
  const admin = await signedInPage(browser, { url: server.url, ...ADMIN_LOGIN });
  await openMemberCenter(admin);
  await admin.getByText("用户额度管理").waitFor();
  assert.equal(await admin.getByText("需要充值? 请联系管理员进行充值。").count(), 0, "no notice for admins");
  // Every column keeps its width (the role column once collapsed under the horizontal scroll).
  for (const name of ["ID", "用户名", "角色", "文书生成", "PDF转换", "AI功能", "操作"]) {
    const box = await admin.getByRole("columnheader", { name, exact: true }).first().boundingBox();
    assert.ok(box && box.width >= 60, `column ${name} is ${box?.width}px wide`);
  }
  await admin.getByRole("searchbox", { name: "搜索用户名" }).or(admin.getByPlaceholder("搜索用户名")).first()
    .fill("member1");
  await admin.getByRole("button", { name: /搜\s*索/ }).click();
  await admin.getByTestId("limit-member1-ai").filter({ hasText: "20" }).waitFor();
  await admin.getByRole("button", { name: "member1AI功能+10" }).click();
  await waitForToast(admin, "增加成功");
  await admin.getByTestId("limit-member1-ai").filter({ hasText: "30" }).waitFor();

  await admin.getByRole("button", { name: "修改member1的额度" }).click();
  const dialog = admin.getByRole("dialog", { name: "修改额度" });
  await dialog.waitFor();
  await dialog.getByText("PDF转换", { exact: true }).click();
  const limit = dialog.getByRole("spinbutton", { name: "剩余次数" });
  assert.equal(await limit.inputValue(), "5");
  await limit.fill("200");
  await dialog.getByRole("button", { name: "+50" }).click();
  await dialog.getByRole("button", { name: "+100" }).click();
  assert.equal(await limit.inputValue(), "350");
  // 0-99999: the number box holds the figure within range.
  await limit.fill("100000");
  await limit.press("Tab");
  assert.equal(await limit.inputValue(), "99999");
  await limit.fill("350");
  await dialog.getByRole("button", { name: /确\s*定/ }).click();
  await waitForToast(admin, "修改成功");
  await admin.getByTestId("limit-member1-pdf_convert").filter({ hasText: "350" }).waitFor();

  // The member refreshes: the new figures, 刷新成功, and the notice is gone.
  await member.getByRole("button", { name: /刷\s*新/ }).click();
  await waitForToast(member, "刷新成功");
  await tile(member, "PDF转换").getByText("剩余 350 次").waitFor();
  await tile(member, "AI功能").getByText("剩余 30 次").waitFor();
  assert.equal(await tile(member, "PDF转换").getAttribute("data-status"), "success");
  assert.equal(await member.getByText("需要充值? 请联系管理员进行充值。").count(), 0);

  // Both changes are on the member's usage records (this month), and a fresh load shows the same.
  await member.reload();
  await tile(member, "PDF转换").getByText("剩余 350 次").waitFor();
  await member.getByText("管理员调整AI功能额度：20 → 30").waitFor();
  await member.getByText("管理员调整PDF转换额度：5 → 350").waitFor();

  // Export: a dated .xlsx holding the two records.
  const download = await downloadBy(member, member.getByRole("button", { name: /导\s*出/ }));
  await waitForToast(member, "导出成功");
  // the date of the browser's day (China time here), which is not the test runner's after 16:00 UTC
  const browserDay = await member.evaluate(() => new Date().toLocaleDateString("en-CA"));
  assert.equal(download.name, `使用记录_${browserDay}.xlsx`);
  const book = XLSX.read(download.bytes, { type: "array" });
  const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
  assert.deepEqual(rows[0], ["用户名", "类型", "描述", "状态", "时间"]);
  assert.deepEqual(rows.slice(1).map((r) => r.slice(0, 4)), [
    ["member1", "PDF转链接", "管理员调整PDF转换额度：5 → 350", "成功"],
    ["member1", "AI功能", "管理员调整AI功能额度：20 → 30", "成功"],
  ]);
  assertNoPageErrors(browser.pageErrors);
});

Deno.test("the custom usage range: future days disabled, a range over 30 days is clamped with 时间范围不能超过30天", async () => {
  await using server = await startServer({
    seed: async (kv) => {
      const user = await seedUser(kv, {
        username: "member1",
        password: PASSWORD,
        permissions: ["member_center"],
      });
      await recordUsage(kv, {
        userId: user.id,
        username: user.username,
        type: "mediation",
        description: "本月生成的文书",
        status: "success",
        at: Date.now(),
      });
    },
  });
  await using browser = await launchBrowser();
  const page = await browser.newPage(server.url);
  await signInThroughPage(page, "member1", PASSWORD);
  await page.waitForURL((url) => url.pathname !== "/login");
  await openMemberCenter(page);
  const record = page.getByRole("cell", { name: "本月生成的文书" });
  await record.waitFor();
  await page.getByText("自定义", { exact: true }).click();
  // Before a range is picked, the previous filter's rows are not shown under 自定义.
  await record.waitFor({ state: "detached" });
  const start = page.getByPlaceholder("开始日期");
  const end = page.getByPlaceholder("结束日期");
  // the browser's day (China time), not the test runner's: they differ after 16:00 UTC
  const today = dayjs(await page.evaluate(() => new Date().toLocaleDateString("en-CA")));
  await start.fill(today.subtract(45, "day").format("YYYY-MM-DD"));
  await start.press("Enter");
  await end.fill(today.format("YYYY-MM-DD"));
  await end.press("Enter");
  await waitForToast(page, "时间范围不能超过30天");
  assert.equal(await start.inputValue(), today.subtract(45, "day").format("YYYY-MM-DD"));
  assert.equal(await end.inputValue(), today.subtract(15, "day").format("YYYY-MM-DD"));
  // A future day cannot be picked: typed in, it is not taken.
  await end.click();
  await end.fill(today.add(1, "day").format("YYYY-MM-DD"));
  await end.press("Enter");
  await page.keyboard.press("Escape");
  assert.equal(await end.inputValue(), today.subtract(15, "day").format("YYYY-MM-DD"));
  assertNoPageErrors(browser.pageErrors);
});
