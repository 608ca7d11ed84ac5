import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { buildSimpleTemplate } from "../../scripts/make_fixtures.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { seedUser, startServer } from "../helpers/server_process.ts";
import { assertNoPageErrors, downloadBy, openSignedIn, signedInPage, waitForToast } from "./steps.ts";

const PASSWORD = "member-pass-1";
const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

function row(page: Page, text: string) {
  return page.locator("tr.ant-table-row").filter({ hasText: text });
}

Deno.test("/ai-muban: upload with the dialog's checks, variables shown, edit, download as name + .docx, delete", async () => {
  await using server = await startServer({
    seed: (kv) =>
      seedUser(kv, {
        username: "drafter",
        password: PASSWORD,
        permissions: ["dashboard", "ai_muban_access"],
      }),
  });
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, { url: server.url, username: "drafter", password: PASSWORD });
  await openSignedIn(page, "/ai-muban");
  await page.getByText("暂无模板").waitFor();

  await page.getByRole("button", { name: /上传模板/ }).click();
  const dialog = page.locator(".ant-modal").filter({ hasText: "上传模板" });
  await dialog.getByText("${变量名}").waitFor();
  await dialog.getByRole("button", { name: /确\s*定/ }).click();
  await dialog.getByText("请输入模板名称").waitFor();
  await dialog.getByText("请选择模板文件").waitFor();
  const fileInput = dialog.locator("input[type=file]");
  await fileInput.setInputFiles({
    name: "起诉状.doc",
    mimeType: "application/msword",
    buffer: Buffer.from([1, 2]),
  });
  await waitForToast(page, "只能上传Word文档(.docx)");
  await fileInput.setInputFiles({
    name: "大文件.docx",
    mimeType: DOCX_MIME,
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
  });
  await waitForToast(page, "文件大小不能超过 10MB");

  const bytes = buildSimpleTemplate();
  await dialog.getByPlaceholder("请输入模板名称").fill("民间借贷起诉状");
  await dialog.getByPlaceholder("请输入模板描述").fill("原告、被告与案号");
  await fileInput.setInputFiles({ name: "模板.docx", mimeType: DOCX_MIME, buffer: Buffer.from(bytes) });
  await dialog.getByText("模板.docx").waitFor();
  await dialog.getByRole("button", { name: /确\s*定/ }).click();
  await waitForToast(page, "上传成功");
  const r = row(page, "民间借贷起诉状");
  await r.waitFor();
  assert.deepEqual(await r.locator(".ant-tag").allInnerTexts(), ["${案号}", "${申请人}", "${被申请人}"]);
  assert.match(await r.innerText(), /原告、被告与案号/);
  // The description has room beside the variables' tags (it was one character wide).
  const descriptionWidth = await r.locator("td").nth(1).evaluate((td) => (td as HTMLElement).offsetWidth);
  assert.ok(descriptionWidth >= 200, `描述 column ${descriptionWidth}px wide`);

  // Edit: name and description only (no file picker).
  await r.getByRole("button", { name: /编\s*辑/ }).click();
  const edit = page.locator(".ant-modal").filter({ hasText: "编辑模板" });
  assert.equal(await edit.locator("input[type=file]").count(), 0);
  await edit.getByPlaceholder("请输入模板名称").fill("借贷起诉状");
  await edit.getByRole("button", { name: /确\s*定/ }).click();
  await waitForToast(page, "更新成功");
  const renamed = row(page, "借贷起诉状");
  await renamed.waitFor();

  const download = await downloadBy(page, renamed.getByRole("button", { name: /下\s*载/ }));
  assert.equal(download.name, "借贷起诉状.docx");
  assert.deepEqual(download.bytes, bytes);

  await renamed.getByRole("button", { name: /删\s*除/ }).click();
  await page.getByText("确定要删除该模板吗？").waitFor();
  await page.locator(".ant-modal-confirm").getByRole("button", { name: /删\s*除/ }).click();
  await waitForToast(page, "删除成功");
  await page.getByText("暂无模板").waitFor();
  assertNoPageErrors(browser.pageErrors);
});
