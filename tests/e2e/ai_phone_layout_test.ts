/**
 * The AI pages at 390×844 (a phone): no page scrolls sideways (wide tables scroll inside their card),
 * the chat is not squeezed beside its conversation list, and an OCR result keeps its file name in view.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { launchBrowser } from "../helpers/browser.ts";
import { startServer } from "../helpers/server_process.ts";
import {
  ADMIN_LOGIN,
  assertNoPageErrors,
  openSignedIn,
  signedInPage,
  storedToken,
  waitForPageReady,
  waitForToast,
} from "./steps.ts";

const PHONE = { width: 390, height: 844 };
const CASE_DIR = new URL("../../../shared/data/extraction/cases/D01_汇禾诉谢蓉媛/", import.meta.url);

async function assertNoSidewaysScroll(page: Page, path: string): Promise<void> {
  await page.waitForLoadState("networkidle");
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  assert.ok(scrollWidth <= clientWidth, `${path} scrolls sideways: ${scrollWidth} > ${clientWidth}`);
}

Deno.test("AI pages at 390×844: no sideways page scroll, chat full width, OCR result titled", async () => {
  await using server = await startServer();
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, { url: server.url, ...ADMIN_LOGIN, viewport: PHONE });

  // /ocr with a finished run: the runs table, the run's file table and the result card
  await openSignedIn(page, "/ocr");
  await waitForPageReady(page, "OCR识别");
  const docx = "汇禾诉谢蓉媛起诉状.docx";
  await page.locator("input[type=file]").first().setInputFiles({
    name: docx,
    mimeType: "application/octet-stream",
    buffer: Buffer.from(await Deno.readFile(new URL(docx, CASE_DIR))),
  });
  await page.getByRole("button", { name: "开始识别" }).click();
  await waitForToast(page, "处理完成");
  const result = page.locator(".ant-card").filter({ hasText: "读取方式" });
  const title = result.locator(".ant-card-head-title");
  await title.getByText(docx).waitFor();
  const titleBox = await title.boundingBox();
  assert.ok(
    titleBox && titleBox.width >= 150,
    `the result's file name is squeezed: ${JSON.stringify(titleBox)}`,
  );
  await result.getByRole("button", { name: /下载TXT/ }).waitFor();
  await page.locator(".ant-card").filter({ hasText: "识别记录" }).locator(".ant-table-row").first().waitFor();
  await assertNoSidewaysScroll(page, "/ocr");

  // /ocr-extract with a result: the result card keeps its title beside 导出Excel and 继续上传
  await openSignedIn(page, "/ocr-extract");
  await waitForPageReady(page, "OCR信息提取");
  await page.getByRole("button", { name: /从预置模板创建/ }).click();
  await page.getByRole("menuitem").filter({ hasText: "民间借贷" }).first().click();
  await waitForToast(page, "创建成功");
  await page.getByRole("button", { name: "使用此模板" }).first().click();
  await page.locator("input[type=file]").first().setInputFiles({
    name: docx,
    mimeType: "application/octet-stream",
    buffer: Buffer.from(await Deno.readFile(new URL(docx, CASE_DIR))),
  });
  await page.getByRole("button", { name: "开始处理" }).click();
  const extractTitle = page.locator(".ant-card-head-title").filter({ hasText: "提取结果" });
  await extractTitle.waitFor();
  await page.getByRole("button", { name: /导出Excel/ }).waitFor();
  const extractBox = await extractTitle.boundingBox();
  assert.ok(
    extractBox && extractBox.width >= 150,
    `the extraction result's title is squeezed: ${JSON.stringify(extractBox)}`,
  );
  await assertNoSidewaysScroll(page, "/ocr-extract-result");

  // /ai-cljl at 1440 with that run listed: its 查看 is in view, not behind the table's own scroll
  const wide = await signedInPage(browser, {
    url: server.url,
    ...ADMIN_LOGIN,
    viewport: { width: 1440, height: 900 },
  });
  await openSignedIn(wide, "/ai-cljl");
  await waitForPageReady(wide, "AI处理记录");
  const view = wide.locator("tr.ant-table-row").filter({ hasText: docx }).first().getByRole("button", {
    name: /查\s*看/,
  });
  await view.waitFor();
  const [button, table] = [
    await view.boundingBox(),
    await wide.locator(".ant-table-container").boundingBox(),
  ];
  assert.ok(
    button && table && button.x + button.width <= table.x + table.width,
    `/ai-cljl 查看 is cut off at 1440: ${JSON.stringify({ button, table })}`,
  );
  await wide.close();

  for (const [path, pageTitle] of [["/ocr-extract", "OCR信息提取"], ["/ai-cljl", "AI处理记录"]]) {
    await openSignedIn(page, path);
    await waitForPageReady(page, pageTitle);
    await assertNoSidewaysScroll(page, path);
  }

  // /ai-chat: the conversation list above the chat, both the width of the page
  await openSignedIn(page, "/ai-chat");
  await waitForPageReady(page, "AI文书生成");
  const box = await page.getByRole("textbox", { name: "输入问题" }).boundingBox();
  assert.ok(box && box.width >= 250, `the question box is squeezed: ${JSON.stringify(box)}`);
  await assertNoSidewaysScroll(page, "/ai-chat");
  assertNoPageErrors(browser.pageErrors);
});

Deno.test("/ai-folder: a long folder or file name ends in an ellipsis instead of widening the page (1440 and 390)", async () => {
  await using server = await startServer();
  await using browser = await launchBrowser();
  const long = "张三诉李四民间借贷纠纷案件材料".repeat(5);
  const first = await signedInPage(browser, { url: server.url, ...ADMIN_LOGIN });
  const token = (await storedToken(first))!;
  const created = await fetch(`${server.url}/api/aifolder/create-folder`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ path: "", name: long }),
  });
  assert.equal(created.status, 200, await created.text());
  const form = new FormData();
  form.append("files", new File([new Uint8Array([1, 2, 3])], `${long}.pdf`));
  const uploaded = await fetch(`${server.url}/api/aifolder/upload?path=`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  assert.equal(uploaded.status, 200, await uploaded.text());
  for (const viewport of [{ width: 1440, height: 900 }, PHONE]) {
    const page = await signedInPage(browser, { url: server.url, ...ADMIN_LOGIN, viewport });
    await openSignedIn(page, "/ai-folder");
    await waitForPageReady(page, "AI文档文件夹");
    // the folder's button (the file's, named `${long}.pdf`, is a button too since files open on a click)
    await page.getByRole("button", { name: new RegExp(`${long}$`) }).waitFor();
    await page.locator("tr.ant-table-row").filter({ hasText: `${long}.pdf` }).waitFor();
    await assertNoSidewaysScroll(page, `/ai-folder-${viewport.width}`);
  }
  assertNoPageErrors(browser.pageErrors);
});
