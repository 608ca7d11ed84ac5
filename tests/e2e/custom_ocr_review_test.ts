/**
 * Reviewing a custom OCR case in /custom-ocr (issue #27 items 1 and 3): the clerk's corrections survive
 * the folder being processed again, a new file that disagrees is shown as 冲突, and the value dialog
 * behaves (typing selects 手动输入; two files stating the same value are two choices, one selected).
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { docxOfLines } from "../../scripts/make_fixtures.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { seedUser, startServer } from "../helpers/server_process.ts";
import {
  apiCall,
  assertNoPageErrors,
  openSignedIn,
  signedInPage,
  storedToken,
  waitForToast,
} from "./steps.ts";

const PASSWORD = "member-pass-1";

const COMPLAINT = docxOfLines(
  "民事起诉状",
  "原告：李四，男",
  "被告：张山，男",
  "此致",
  "杭州市西湖区人民法院",
);
const IOU = (borrower: string) =>
  docxOfLines("借条", "今借到李四人民币壹万贰仟元整（¥12,000.00），2024年1月5日。", `借款人：${borrower}`);

async function caseSetUp(options: { ai: number }) {
  const server = await startServer({
    seed: (kv) =>
      seedUser(kv, {
        username: "clerk",
        password: PASSWORD,
        permissions: ["dashboard", "custom_ocr_access", "ai_folder_access"],
        quotas: { ai: options.ai },
      }),
  });
  return server;
}

async function uploadCase(url: string, token: string, files: Record<string, Uint8Array>) {
  const form = new FormData();
  for (const [rel, bytes] of Object.entries(files)) {
    form.append("relativePaths", rel);
    form.append("files", new File([bytes as BlobPart], rel.split("/").pop()!));
  }
  await apiCall(url, token, "/api/aifolder/upload-folder", { method: "POST", body: form });
}

/** Chooses the rule, switches to folder mode, checks the case folder and processes it. */
async function processCase(page: Page, folderName: string) {
  await page.getByText("文件夹处理", { exact: true }).click();
  await page.locator(".ant-tree").getByText(folderName).waitFor();
  const node = page.locator(".ant-tree-treenode").filter({ hasText: folderName });
  await node.locator(".ant-tree-checkbox").click();
  await page.getByRole("button", { name: /开始处理/ }).click();
  await waitForToast(page, "全部文件夹处理完成");
  await page.getByText("提取结果").waitFor();
}

Deno.test("/custom-ocr: a value the clerk picked is kept when the folder is processed again; a changed file that disagrees shows 冲突", async () => {
  await using server = await caseSetUp({ ai: 10 });
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, { url: server.url, username: "clerk", password: PASSWORD });
  const token = (await storedToken(page))!;
  await uploadCase(server.url, token, { "张三案/起诉状.docx": COMPLAINT, "张三案/借条.docx": IOU("张三") });
  await apiCall(server.url, token, "/api/custom-ocr/rules", {
    method: "POST",
    body: JSON.stringify({
      rule_name: "借贷案件",
      patterns: [{ pattern: ".*(起诉状|借条).*", fields: [{ key: "被告", label: "被告" }] }],
    }),
  });

  await openSignedIn(page, "/custom-ocr");
  await page.locator("tr.ant-table-row").filter({ hasText: "借贷案件" }).getByRole("button", {
    name: /使用此规则/,
  }).click();
  await processCase(page, "张三案");
  const row = page.locator("tr.ant-table-row").filter({ hasText: "被告" }).first();
  await row.getByText("张三", { exact: true }).waitFor(); // the IOU outranks the complaint
  await row.getByRole("button", { name: /选择来源/ }).click();
  const chooser = page.locator(".ant-modal").filter({ hasText: "选择来源" });
  await chooser.locator("label").filter({ hasText: "起诉状.docx" }).click();
  await chooser.getByRole("button", { name: /确\s*定/ }).click();
  await waitForToast(page, "更新成功");
  await row.getByText("已修改").waitFor();

  // The same folder again: the picked value stays.
  await processCase(page, "张三案");
  await row.getByText("张山", { exact: true }).waitFor();
  await row.getByText("已修改").waitFor();
  assert.equal(await row.getByText("冲突").count(), 0);

  // The IOU replaced by one naming someone else: the picked value still stays, and 冲突 says why to look.
  const form = new FormData();
  form.append("replace", "true");
  form.append("files", new File([IOU("王五") as BlobPart], "借条.docx"));
  await apiCall(server.url, token, `/api/aifolder/upload?path=${encodeURIComponent("张三案")}`, {
    method: "POST",
    body: form,
  });
  await processCase(page, "张三案");
  await row.getByText("冲突").waitFor();
  assert.equal(await row.getByText("张山", { exact: true }).count(), 1);
  await row.getByRole("button", { name: /选择来源/ }).click();
  await chooser.getByText("新文件中的值与人工修改的值不一致：王五（借条.docx）").waitFor();
  // 恢复为识别值: the files decide again (the IOU's 王五) and nothing is marked.
  await chooser.getByRole("button", { name: /恢复为识别值/ }).click();
  await waitForToast(page, "已恢复为文件中识别的值");
  await row.getByText("王五", { exact: true }).waitFor();
  assert.equal(await row.getByText("已修改").count(), 0);
  assertNoPageErrors(browser.pageErrors);
});

Deno.test("/custom-ocr value dialog: typing in 手动输入 selects it; two files with the same value are two choices, one selected", async () => {
  await using server = await caseSetUp({ ai: 5 });
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, { url: server.url, username: "clerk", password: PASSWORD });
  const token = (await storedToken(page))!;
  await uploadCase(server.url, token, {
    "李四案/起诉状.docx": docxOfLines("民事起诉状", "原告：李四，男", "被告：张三，男"),
    "李四案/借条.docx": IOU("张三"),
    "李四案/expected.json": new TextEncoder().encode("{}"),
  });
  await apiCall(server.url, token, "/api/custom-ocr/rules", {
    method: "POST",
    body: JSON.stringify({
      rule_name: "借贷案件",
      patterns: [{
        pattern: ".*(起诉状|借条).*",
        fields: [{ key: "被告", label: "被告" }, { key: "原告电话", label: "原告电话" }],
      }],
    }),
  });
  await openSignedIn(page, "/custom-ocr");
  await page.locator("tr.ant-table-row").filter({ hasText: "借贷案件" }).getByRole("button", {
    name: /使用此规则/,
  }).click();
  // A click on the folder's name checks it; the cost counts only what the rule reads (not expected.json).
  await page.getByText("文件夹处理", { exact: true }).click();
  await page.locator(".ant-tree").getByText("李四案").click();
  await page.getByText("已选 1 个文件夹，共 2 个文件，最多消耗 2 次AI使用").waitFor();
  await page.getByRole("button", { name: /开始处理/ }).click();
  await waitForToast(page, "全部文件夹处理完成");
  await page.getByText("提取结果").waitFor();

  // 原告电话 was found nowhere: 修改, type the number, 确定.
  const phone = page.locator("tr.ant-table-row").filter({ hasText: "原告电话" });
  await phone.getByRole("button", { name: /修\s*改/ }).click();
  const chooser = page.locator(".ant-modal").filter({ hasText: "选择来源：原告电话" });
  await chooser.getByLabel("手动输入的值").fill("19184295755");
  assert.equal(await chooser.locator(".ant-radio-wrapper-checked").textContent(), "手动输入 ");
  await chooser.getByRole("button", { name: /确\s*定/ }).click();
  await waitForToast(page, "更新成功");
  await phone.getByText("19184295755", { exact: true }).waitFor();
  await phone.getByText("手动输入").waitFor();

  // 被告: both files say 张三; each is its own choice and only one is selected.
  const defendant = page.locator("tr.ant-table-row").filter({ hasText: "被告" }).first();
  await defendant.getByRole("button", { name: /选择来源（2）/ }).click();
  const picker = page.locator(".ant-modal").filter({ hasText: "选择来源：被告" });
  await picker.locator(".ant-radio-wrapper").first().waitFor();
  assert.equal(await picker.locator(".ant-radio-wrapper-checked").count(), 1);
  await picker.locator("label").filter({ hasText: "起诉状.docx" }).click();
  assert.equal(await picker.locator(".ant-radio-wrapper-checked").count(), 1);
  await picker.getByRole("button", { name: /确\s*定/ }).click();
  await waitForToast(page, "更新成功");
  await defendant.getByText("起诉状.docx").waitFor();

  // On a phone, 修改 / 选择来源 stay on screen (the source goes under the value).
  await page.setViewportSize({ width: 390, height: 844 });
  const button = phone.getByRole("button", { name: /修\s*改/ });
  await button.waitFor();
  const box = (await button.boundingBox())!;
  assert.ok(box.x >= 0 && box.x + box.width <= 390, `修改 is off-screen: ${JSON.stringify(box)}`);
  assertNoPageErrors(browser.pageErrors);
});
