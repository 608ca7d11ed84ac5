/**
 * /excel-templates (part 2 §2.2) in the browser: a Word template uploaded with a name, a mapping
 * template made, viewed read-only and deleted after confirmation, a paragraph template made and
 * deleted; each card reloads its list after the change.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Locator, Page } from "playwright-core";
import { buildDocx, plainParagraph } from "../../scripts/make_fixtures.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { seedUser, startServer } from "../helpers/server_process.ts";
import { assertNoPageErrors, openSignedIn, signedInPage, waitForToast } from "./steps.ts";

const PASSWORD = "member-pass-1";
const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

function card(page: Page, title: string): Locator {
  return page.locator(".ant-card").filter({
    has: page.locator(".ant-card-head-title").getByText(title, { exact: true }),
  });
}

async function confirmDelete(page: Page, text: string): Promise<void> {
  const confirm = page.locator(".ant-modal-confirm").filter({ hasText: text });
  await confirm.getByRole("button", { name: /^删\s*除$/ }).click();
  await waitForToast(page, "删除成功");
  await confirm.waitFor({ state: "detached" });
}

Deno.test("/excel-templates: Word, mapping and paragraph templates are made, listed, viewed and deleted", async () => {
  await using server = await startServer({
    seed: (kv) =>
      seedUser(kv, {
        username: "drafter",
        password: PASSWORD,
        permissions: ["dashboard", "excel_template_manage"],
      }),
  });
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, { url: server.url, username: "drafter", password: PASSWORD });
  await openSignedIn(page, "/excel-templates");

  // Word template: upload, the name comes from the file, saved and listed with its variables
  const word = card(page, "Word模板");
  await word.locator(".ant-empty-description").waitFor();
  await word.getByRole("button", { name: /上传模板/ }).click();
  const upload = page.getByRole("dialog", { name: "上传Word模板" });
  await upload.locator("input[type=file]").setInputFiles({
    name: "起诉状.docx",
    mimeType: DOCX_MIME,
    buffer: Buffer.from(buildDocx({ body: plainParagraph("原告：${原告}，被告：${被告}") })),
  });
  await upload.getByText("已上传：起诉状.docx").waitFor();
  assert.equal(await upload.getByLabel("模板名称").inputValue(), "起诉状");
  await upload.getByRole("button", { name: /^保\s*存$/ }).click();
  await waitForToast(page, "创建成功");
  const wordRow = word.locator("tr.ant-table-row").filter({ hasText: "起诉状.docx" });
  await wordRow.getByText("原告", { exact: true }).waitFor();
  await wordRow.getByText("被告", { exact: true }).waitFor();

  // mapping template: a row left half-filled is refused, then saved, viewed read-only, deleted
  const mapping = card(page, "字段映射模板");
  await mapping.getByRole("button", { name: /新\s*建/ }).click();
  const mappingDialog = page.getByRole("dialog", { name: "新建映射模板" });
  await mappingDialog.getByLabel("模板名称").fill("借款映射");
  await mappingDialog.getByLabel("Excel字段1").fill("姓名");
  await mappingDialog.getByRole("button", { name: /^保\s*存$/ }).click();
  await mappingDialog.getByText("每一行字段映射都需要填写Excel字段和模板字段").first().waitFor();
  await mappingDialog.getByLabel("模板字段1").fill("被告");
  await mappingDialog.getByRole("button", { name: /^保\s*存$/ }).click();
  await waitForToast(page, "创建成功");
  await mappingDialog.waitFor({ state: "detached" });
  const mappingRow = mapping.locator("tr.ant-table-row").filter({ hasText: "借款映射" });
  assert.equal(await mappingRow.locator("td").nth(2).textContent(), "1");

  await mappingRow.getByRole("button", { name: /查\s*看/ }).click();
  const view = page.getByRole("dialog", { name: "查看映射模板" });
  assert.equal(await view.getByLabel("Excel字段1").inputValue(), "姓名");
  assert.equal(await view.getByLabel("Excel字段1").isDisabled(), true);
  await view.getByRole("button", { name: "关 闭" }).click();
  await view.waitFor({ state: "detached" });

  await mappingRow.getByRole("button", { name: /删\s*除/ }).click();
  await page.getByText("确定要删除映射模板“借款映射”吗？").waitFor();
  await confirmDelete(page, "借款映射");
  await mapping.locator(".ant-empty-description").waitFor();

  // paragraph template: made, then deleted
  const paragraph = card(page, "段落模板");
  await paragraph.getByRole("button", { name: /新\s*建/ }).click();
  const paragraphDialog = page.getByRole("dialog", { name: "新建段落模板" });
  await paragraphDialog.getByLabel("模板名称").fill("被告段落");
  await paragraphDialog.getByLabel("段落变量").fill("#{被告段落}");
  await paragraphDialog.getByLabel("段落模板内容").fill("被告：${姓名}；");
  await paragraphDialog.getByRole("button", { name: /^保\s*存$/ }).click();
  await waitForToast(page, "创建成功");
  const paragraphRow = paragraph.locator("tr.ant-table-row").filter({ hasText: "被告段落" });
  await paragraphRow.getByText("#{被告段落}").waitFor();
  await paragraphRow.getByRole("button", { name: /删\s*除/ }).click();
  await confirmDelete(page, "被告段落");
  await paragraphRow.waitFor({ state: "detached" });

  // the Word template is still there, and goes the same way
  await wordRow.getByRole("button", { name: /删\s*除/ }).click();
  await page.getByText("确定要删除模板“起诉状”吗？").waitFor();
  await confirmDelete(page, "起诉状");
  await word.locator(".ant-empty-description").waitFor();
  assertNoPageErrors(browser.pageErrors);
});
