import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { DASHBOARD_REFRESH_MS } from "../../common/constants.ts";
import { recordUsage } from "../../server/kv/usage.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { makePdf } from "../helpers/pdf_bytes.ts";
import { E2E_ADMIN_PASSWORD, E2E_ADMIN_USERNAME, seedUser, startServer } from "../helpers/server_process.ts";
import { assertNoPageErrors, signedInPage, signInThroughPage, storedToken, waitForPath } from "./steps.ts";

const PASSWORD = "member-pass-1";

/** Waits until a dashboard card shows this total and today figure. */
async function waitForCard(page: Page, key: string, total: number, today: number): Promise<void> {
  await page.getByTestId(`stat-${key}-total`).filter({ hasText: new RegExp(`^${total}$`) }).waitFor();
  await page.getByTestId(`stat-${key}-today`).filter({ hasText: new RegExp(`^${today}$`) }).waitFor();
}

/** A metered action through the API: one PDF uploaded to PDF-to-link spends one pdf_convert use. */
async function uploadPdf(baseUrl: string, token: string): Promise<void> {
  const form = new FormData();
  form.append("file", new File([makePdf("dashboard")], "调解书.pdf", { type: "application/pdf" }));
  const res = await fetch(`${baseUrl}/api/upload-pdfs`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  assert.equal(body.limits.pdfConvertLimit, 4);
}

Deno.test("the dashboard's figures move after a metered action (60 s refresh for the admin, reload for the member)", async () => {
  await using server = await startServer({
    seed: async (kv) => {
      const m = await seedUser(kv, {
        username: "member1",
        password: PASSWORD,
        permissions: ["dashboard", "pdf_converter", "member_center"],
        quotas: { pdf_convert: 5 },
      });
      await seedUser(kv, { username: "member2", password: PASSWORD, permissions: ["dashboard"] });
      // Two earlier document generations of member1, one today.
      const now = Date.now();
      for (const at of [now - 3 * 86_400_000, now]) {
        await recordUsage(kv, {
          userId: m.id,
          username: "member1",
          type: "mediation",
          description: "生成调解书",
          status: "success",
          at,
        });
      }
    },
  });
  await using browser = await launchBrowser();

  // The administrator: the four system cards, the chart and the activity table.
  const admin = await browser.newPage(server.url);
  await admin.clock.install();
  await signInThroughPage(admin, E2E_ADMIN_USERNAME, E2E_ADMIN_PASSWORD);
  await waitForPath(admin, "/dashboard");
  for (const title of ["文书生成", "AI功能", "PDF转换", "模板数量"]) {
    await admin.getByRole("group", { name: title }).waitFor();
  }
  await waitForCard(admin, "mediation", 2, 1);
  await waitForCard(admin, "pdf", 0, 0);
  await admin.getByRole("img", { name: "近7天使用趋势" }).waitFor();
  assert.equal(await admin.getByRole("cell", { name: "生成调解书" }).count(), 2);

  // The member: only the cards above 0.
  const member = await signedInPage(browser, { url: server.url, username: "member1", password: PASSWORD });
  await waitForCard(member, "mediation", 2, 1);
  await member.getByRole("group", { name: "我的文书" }).waitFor();
  assert.equal(await member.getByRole("group", { name: "我的PDF转换" }).count(), 0);
  assert.equal(await member.getByRole("group", { name: "我的AI使用" }).count(), 0);
  await member.getByRole("img", { name: "我的使用趋势" }).waitFor();

  // A metered action through the API, then: the admin's page refreshes by itself after 60 s ...
  await uploadPdf(server.url, (await storedToken(member))!);
  await admin.waitForTimeout(300);
  assert.equal(await admin.getByTestId("stat-pdf-total").textContent(), "0", "no change before the refresh");
  await admin.clock.runFor(DASHBOARD_REFRESH_MS);
  await waitForCard(admin, "pdf", 1, 1);
  await admin.getByRole("cell", { name: "PDF转链接：调解书.pdf" }).waitFor();

  // ... and the member's reload shows the new card.
  await member.reload();
  await member.getByRole("group", { name: "我的PDF转换" }).waitFor();
  await waitForCard(member, "pdf", 1, 1);

  // A failed first load of the figures says so in the page and offers a retry.
  await member.route("**/api/dashboard/stats", (route) => route.fulfill({ status: 500, body: "" }));
  await member.reload();
  await member.locator(".ant-result-title").filter({ hasText: "获取统计数据失败" }).waitFor();
  await member.unroute("**/api/dashboard/stats");
  await member.getByRole("button", { name: "重新加载" }).click();
  await waitForCard(member, "pdf", 1, 1);

  // The admin's user filter (remote search): member2 has no activity, member1 has three rows.
  await admin.getByRole("combobox", { name: "筛选用户" }).click();
  await admin.getByRole("combobox", { name: "筛选用户" }).fill("member2");
  await admin.clock.runFor(400);
  await admin.locator(".ant-select-item-option").filter({ hasText: /^member2$/ }).click();
  await admin.locator(".ant-table .ant-empty-description").filter({ hasText: "暂无数据" }).waitFor();
  await admin.getByRole("combobox", { name: "筛选用户" }).click();
  await admin.getByRole("combobox", { name: "筛选用户" }).fill("member1");
  await admin.clock.runFor(400);
  await admin.locator(".ant-select-item-option").filter({ hasText: /^member1$/ }).click();
  await admin.getByRole("cell", { name: "PDF转链接：调解书.pdf" }).waitFor();
  assert.equal(await admin.locator(".ant-table-tbody tr.ant-table-row").count(), 3);
  assertNoPageErrors(browser.pageErrors);
});
