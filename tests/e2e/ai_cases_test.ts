/**
 * Records by case (issue #27 item 6): a case folder processed twice is one row of AI处理记录 with its
 * history; OCR信息提取 batches are named by their parties, reopened from /ocr-extract itself, and several
 * cases are exported as one sheet with one row per case.
 */
import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { docxOfLines } from "../../scripts/make_fixtures.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { seedUser, startServer } from "../helpers/server_process.ts";
import {
  apiCall,
  assertNoPageErrors,
  DESKTOP_1440,
  downloadBy,
  openSignedIn,
  signedInPage,
  storedToken,
  waitForToast,
} from "./steps.ts";

const PASSWORD = "member-pass-1";

function iou(lender: string, borrower: string): Uint8Array {
  return docxOfLines(
    "借条",
    `今借到${lender}人民币壹万元整（¥10,000.00），2024年1月5日。`,
    `借款人：${borrower}`,
    `出借人：${lender}`,
  );
}

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 120; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("timed out waiting for a run to finish");
}

Deno.test("AI处理记录 shows a case folder run twice as one row with its history; /ocr-extract reopens batches and exports cases as one sheet", async () => {
  await using server = await startServer({
    seed: (kv) =>
      seedUser(kv, {
        username: "clerk",
        password: PASSWORD,
        permissions: ["dashboard", "custom_ocr_access", "ai_folder_access", "ai_cljl_access", "ocr_extract"],
        quotas: { ai: 20 },
      }),
  });
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, {
    url: server.url,
    username: "clerk",
    password: PASSWORD,
    viewport: DESKTOP_1440,
  });
  const token = (await storedToken(page))!;
  const call = (path: string, init?: RequestInit) => apiCall(server.url, token, path, init);

  // A case folder processed twice with one rule.
  const form = new FormData();
  form.append("relativePaths", "张三借款纠纷案（2024年第一批）/借条.docx");
  form.append("files", new File([iou("李四", "张三") as BlobPart], "借条.docx"));
  await call("/api/aifolder/upload-folder", { method: "POST", body: form });
  const { rule } = await call("/api/custom-ocr/rules", {
    method: "POST",
    body: JSON.stringify({
      rule_name: "借条",
      patterns: [{ pattern: "借条", fields: [{ key: "被告", label: "被告" }] }],
    }),
  });
  for (let run = 0; run < 2; run++) {
    const { batchId } = await call("/api/folder-browser/process", {
      method: "POST",
      body: JSON.stringify({
        ruleId: rule.id,
        items: [{ path: "张三借款纠纷案（2024年第一批）", isFolder: true }],
      }),
    });
    await until(async () => (await call(`/api/folder-browser/progress/${batchId}`)).status === "completed");
  }

  // Two OCR信息提取 batches, two cases.
  const { template } = await call("/api/ocr/templates", {
    method: "POST",
    body: JSON.stringify({
      name: "借贷要素",
      fields: [{ label: "出借人", key: "lender" }, { label: "借款人", key: "borrower" }],
    }),
  });
  for (const [lender, borrower] of [["李四", "张三"], ["王五", "赵六"]]) {
    const batch = new FormData();
    batch.append("templateId", template.id);
    batch.append("files", new File([iou(lender, borrower) as BlobPart], `${borrower}借条.docx`));
    const res = await fetch(`${server.url}/api/ocr/process-batch`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: batch,
    });
    assert.equal(res.status, 200);
    assert.match(await res.text(), /"type":"complete"/);
  }

  await openSignedIn(page, "/ai-cljl");
  const caseRow = page.locator("tr.ant-table-row").filter({ hasText: "张三借款纠纷案（2024年第一批）" });
  await caseRow.getByText("共处理 2 次").waitFor();
  assert.equal(await caseRow.count(), 1, "one row for the case");
  const cell = caseRow.locator("td").filter({ hasText: "张三借款纠纷案" });
  const cut = await cell.evaluate((td) => td.scrollWidth > td.clientWidth);
  assert.equal(cut, false, "the case column is not cut at 1440 px");
  await page.locator("tr.ant-table-row").filter({ hasText: "李四诉张三" }).waitFor();
  await page.locator("tr.ant-table-row").filter({ hasText: "王五诉赵六" }).waitFor();
  await caseRow.getByRole("button", { name: /查\s*看/ }).click();
  const history = page.locator(".ant-card").filter({ hasText: "处理历史" });
  await history.getByText("当前结果").waitFor();
  assert.equal(await history.locator("tr.ant-table-row").count(), 2);
  await page.keyboard.press("Escape");

  await openSignedIn(page, "/ocr-extract");
  const card = page.locator(".ant-card").filter({ hasText: "历史提取记录" });
  const first = card.locator("tr.ant-table-row").filter({ hasText: "李四诉张三" });
  await first.getByRole("button", { name: /打\s*开/ }).click();
  await page.getByLabel("借款人的值").waitFor();
  assert.equal(await page.getByLabel("借款人的值").inputValue(), "张三");
  assert.equal(await page.getByLabel("出借人的值").inputValue(), "李四");

  await openSignedIn(page, "/ocr-extract");
  await card.locator("tr.ant-table-row").first().waitFor();
  for (const name of ["李四诉张三", "王五诉赵六"]) {
    await card.locator("tr.ant-table-row").filter({ hasText: name }).locator(".ant-checkbox-input").check();
  }
  const download = await downloadBy(page, card.getByRole("button", { name: /导出所选案件（2）/ }));
  await waitForToast(page, "导出成功");
  const book = XLSX.read(download.bytes, { type: "array" });
  const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
  assert.deepEqual(rows[0], ["案件", "模板", "处理日期", "出借人", "借款人"]);
  assert.deepEqual(rows.slice(1).map((r) => [r[0], r[3], r[4]]).sort(), [
    ["李四诉张三", "李四", "张三"],
    ["王五诉赵六", "王五", "赵六"],
  ]);

  // The template list: a template of many fields keeps its tags inside 提取字段 (not over 创建时间).
  await call("/api/ocr/templates", {
    method: "POST",
    body: JSON.stringify({
      name: "金融借款全要素",
      fields: [
        "原告统一社会信用代码",
        "原告法定代表人",
        "被告身份证号码",
        "被告户籍所在地",
        "借款合同编号",
        "借款本金金额",
        "约定还款日期",
      ]
        .map((label, i) => ({ label, key: `f${i}` })),
    }),
  });
  await openSignedIn(page, "/ocr-extract");
  const templateRow = page.locator("tr.ant-table-row").filter({ hasText: "金融借款全要素" });
  await templateRow.waitFor();
  const spill = await templateRow.evaluate((tr) => {
    const tags = [...tr.querySelectorAll(".ant-tag")].map((t) => t.getBoundingClientRect().right);
    const cells = [...tr.querySelectorAll("td")];
    const timeCell = cells.find((td) => /\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(td.textContent ?? ""));
    return Math.max(...tags) - (timeCell?.getBoundingClientRect().left ?? 0);
  });
  assert.ok(spill <= 0, `the field tags run ${spill}px into 创建时间`);

  // On a phone, 使用此模板 is on screen without scrolling the table.
  await page.setViewportSize({ width: 390, height: 844 });
  const use = templateRow.getByRole("button", { name: "使用此模板" });
  await use.waitFor();
  const box = (await use.boundingBox())!;
  assert.ok(box.x >= 0 && box.x + box.width <= 390, `使用此模板 is off-screen: ${JSON.stringify(box)}`);
  assertNoPageErrors(browser.pageErrors);
});
