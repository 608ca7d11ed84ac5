/**
 * Where a value was read (issue #27 item 4): a value a PDF wrapped onto the next line is marked whole in
 * its snippet and both its lines are boxed on the page crop, in /ocr-extract's review table and picker and
 * in /custom-ocr's review table and source dialog; a value from a Word file (no page image) has no crop.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Locator, Page } from "playwright-core";
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
const WRAPPED_PDF = new URL("../fixtures/wrapped_source/complaint_wrapped_address.pdf", import.meta.url);
/** The plaintiff's address, which the PDF wraps after "478号华". */
const ADDRESS = "浙江省杭州市西湖区文三路478号华星时代广场A座1201室";

const bare = (s: string | null) => (s ?? "").replace(/\s/g, "");

/** Opens the crop in `scope` and checks it marks both lines of the address, then the whole page. */
async function assertTwoLineCrop(page: Page, scope: Locator) {
  await scope.getByRole("button", { name: /查看原图位置/ }).first().click();
  const boxes = scope.getByTestId("source-box");
  await boxes.first().waitFor();
  assert.equal(await boxes.count(), 2, "each line of the wrapped value is boxed");
  const [a, b] = [(await boxes.nth(0).boundingBox())!, (await boxes.nth(1).boundingBox())!];
  assert.ok(b.y >= a.y + a.height - 6, `the second box is the next line: ${JSON.stringify([a, b])}`);
  await scope.getByRole("button", { name: /查看整页/ }).first().click();
  // The open one: a crop opened before keeps its (hidden) page dialog.
  const whole = page.locator(".ant-modal >> visible=true").filter({
    has: page.locator(".ant-modal-title", { hasText: /^第1页$/ }),
  });
  await whole.getByTestId("source-box").first().waitFor();
  assert.equal(await whole.getByTestId("source-box").count(), 2);
  await whole.locator(".ant-modal-close").click();
  await whole.waitFor({ state: "hidden" });
}

Deno.test("/ocr-extract: a value wrapped onto the next line is marked whole in its snippet and boxed on both lines", async () => {
  await using server = await startServer({
    seed: (kv) =>
      seedUser(kv, {
        username: "clerk",
        password: PASSWORD,
        permissions: ["ocr_extract"],
        quotas: { ai: 5 },
      }),
  });
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, {
    url: server.url,
    username: "clerk",
    password: PASSWORD,
    landing: "/ocr-extract",
  });
  const token = (await storedToken(page))!;
  await apiCall(server.url, token, "/api/ocr/templates", {
    method: "POST",
    body: JSON.stringify({
      name: "原告信息",
      fields: [{ label: "原告住址", key: "plaintiff_address" }, {
        label: "原告/申请人",
        key: "plaintiff_name",
      }],
    }),
  });
  await page.reload();
  await page.locator("tr.ant-table-row").filter({ hasText: "原告信息" }).getByRole("button", {
    name: "使用此模板",
  }).click();
  await page.locator("input[type=file]").first().setInputFiles([{
    name: "起诉状.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from(await Deno.readFile(WRAPPED_PDF)),
  }]);
  await page.getByRole("button", { name: "开始处理" }).click();
  const value = page.getByLabel("原告住址的值");
  await value.waitFor({ timeout: 60_000 });
  assert.equal(await value.inputValue(), ADDRESS);

  // The review table: the snippet holds both lines and marks the whole value; the crop boxes both lines.
  const row = page.locator("tr.ant-table-row").filter({ has: value });
  assert.equal(bare(await row.locator("mark").textContent()), ADDRESS);
  await assertTwoLineCrop(page, row);

  // The picker says the same.
  await row.getByRole("button", { name: /查看来源/ }).click();
  const picker = page.getByRole("dialog").filter({ hasText: "选择“原告住址”的值" });
  assert.equal(bare(await picker.locator("mark").first().textContent()), ADDRESS);
  await assertTwoLineCrop(page, picker);
  assertNoPageErrors(browser.pageErrors);
});

Deno.test("/custom-ocr review table: the page crop of a value, its lines boxed, and the whole page; a Word file's value has none", async () => {
  await using server = await startServer({
    seed: (kv) =>
      seedUser(kv, {
        username: "clerk",
        password: PASSWORD,
        permissions: ["dashboard", "custom_ocr_access", "ai_folder_access"],
        quotas: { ai: 5 },
      }),
  });
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, { url: server.url, username: "clerk", password: PASSWORD });
  const token = (await storedToken(page))!;
  const form = new FormData();
  const files: Record<string, Uint8Array> = {
    "李四案/起诉状.pdf": await Deno.readFile(WRAPPED_PDF),
    "李四案/借条.docx": docxOfLines(
      "借条",
      "今借到李四人民币壹万贰仟元整（¥12,000.00），2024年1月5日。",
      "借款人：张三",
    ),
  };
  for (const [rel, bytes] of Object.entries(files)) {
    form.append("relativePaths", rel);
    form.append("files", new File([bytes as BlobPart], rel.split("/").pop()!));
  }
  await apiCall(server.url, token, "/api/aifolder/upload-folder", { method: "POST", body: form });
  await apiCall(server.url, token, "/api/custom-ocr/rules", {
    method: "POST",
    body: JSON.stringify({
      rule_name: "借贷案件",
      patterns: [
        { pattern: ".*起诉状.*", fields: [{ key: "原告住址", label: "原告住址" }] },
        { pattern: ".*借条.*", fields: [{ key: "借款人", label: "借款人" }] },
      ],
    }),
  });

  await openSignedIn(page, "/custom-ocr");
  await page.locator("tr.ant-table-row").filter({ hasText: "借贷案件" }).getByRole("button", {
    name: /使用此规则/,
  }).click();
  await page.getByText("文件夹处理", { exact: true }).click();
  await page.locator(".ant-tree").getByText("李四案").click();
  await page.getByRole("button", { name: /开始处理/ }).click();
  await waitForToast(page, "全部文件夹处理完成");
  await page.getByText("提取结果").waitFor();

  const address = page.locator("tr.ant-table-row").filter({ hasText: "原告住址" });
  await address.getByText(ADDRESS, { exact: true }).waitFor();
  await assertTwoLineCrop(page, address);
  const borrower = page.locator("tr.ant-table-row").filter({ hasText: "借款人" });
  await borrower.getByText("张三", { exact: true }).waitFor();
  assert.equal(await borrower.getByRole("button", { name: /查看原图位置/ }).count(), 0);

  // The source dialog shows the crop beside the value too.
  await address.getByRole("button", { name: /修\s*改/ }).click();
  const chooser = page.locator(".ant-modal").filter({ hasText: "选择来源：原告住址" });
  await assertTwoLineCrop(page, chooser);
  assertNoPageErrors(browser.pageErrors);
});
