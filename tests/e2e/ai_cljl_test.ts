import assert from "node:assert/strict";
import { buildDocx, plainParagraph } from "../../scripts/make_fixtures.ts";
import {
  type FolderRecord,
  newRecordId,
  type RecordFile,
  recordKey,
} from "../../server/kv/custom_ocr_records.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { seedUser, startServer } from "../helpers/server_process.ts";
import {
  ADMIN_LOGIN,
  apiCall,
  assertNoPageErrors,
  openSignedIn,
  signedInPage,
  storedToken,
  waitForPath,
  waitForToast,
} from "./steps.ts";

const PASSWORD = "member-pass-1";

Deno.test("/ai-cljl: a custom OCR run is listed with its rule, files, status and AI uses; its values open in a drawer; delete asks first", async () => {
  await using server = await startServer({
    seed: (kv) =>
      seedUser(kv, {
        username: "reviewer",
        password: PASSWORD,
        permissions: ["dashboard", "custom_ocr_access", "ai_folder_access", "ai_cljl_access"],
        quotas: { ai: 3 },
      }),
  });
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, { url: server.url, username: "reviewer", password: PASSWORD });
  const token = (await storedToken(page))!;
  const form = new FormData();
  form.append("relativePaths", "王五案/起诉状.docx");
  form.append(
    "files",
    new File([
      buildDocx({ body: plainParagraph("民事起诉状") + plainParagraph("被告：王五，男") }) as BlobPart,
    ], "起诉状.docx"),
  );
  await apiCall(server.url, token, "/api/aifolder/upload-folder", { method: "POST", body: form });
  const rule = await apiCall(server.url, token, "/api/custom-ocr/rules", {
    method: "POST",
    body: JSON.stringify({
      rule_name: "起诉状要素",
      patterns: [{ pattern: "起诉状", fields: [{ key: "被告", label: "被告" }] }],
    }),
  });
  const run = await apiCall(server.url, token, "/api/folder-browser/process", {
    method: "POST",
    body: JSON.stringify({ ruleId: rule.rule.id, items: [{ path: "王五案", isFolder: true }] }),
  });
  for (let i = 0; i < 60; i++) {
    const p = await apiCall(server.url, token, `/api/folder-browser/progress/${run.batchId}`);
    if (p.status === "completed") break;
    await new Promise((r) => setTimeout(r, 500));
  }

  await openSignedIn(page, "/ai-cljl");
  const row = page.locator("tr.ant-table-row").filter({ hasText: "王五案" });
  await row.waitFor();
  const text = await row.innerText();
  assert.match(text, /起诉状要素/);
  assert.match(text, /已完成/);
  assert.match(text, /自定义OCR·文件夹/);
  await row.getByRole("button", { name: /查\s*看/ }).click();
  const drawer = page.locator(".ant-drawer").filter({ hasText: "处理详情" });
  await drawer.getByText("王五", { exact: true }).waitFor();
  await drawer.getByRole("button", { name: /close|关闭/i }).click().catch(() =>
    page.keyboard.press("Escape")
  );
  await page.locator(".ant-drawer-open").waitFor({ state: "detached" }).catch(() => {});

  await page.locator("tr.ant-table-row").filter({ hasText: "王五案" }).getByRole("button", {
    name: /删\s*除/,
  }).click();
  await page.getByText("确定要删除该处理记录吗？").waitFor();
  await page.locator(".ant-modal-confirm").getByRole("button", { name: /删\s*除/ }).click();
  await waitForToast(page, "删除成功");
  await page.getByText("暂无处理记录").waitFor();
  assertNoPageErrors(browser.pageErrors);
});

Deno.test("/ai-cljl: OCR识别 runs and OCR信息提取 batches are listed with the custom OCR runs; filter by type; each opens; administrators see them read-only", async () => {
  await using server = await startServer({
    seed: (kv) =>
      seedUser(kv, {
        username: "reader",
        password: PASSWORD,
        permissions: ["dashboard", "ocr_access", "ocr_extract", "ai_cljl_access"],
        quotas: { ai: 5 },
      }),
  });
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, { url: server.url, username: "reader", password: PASSWORD });
  const token = (await storedToken(page))!;
  const iou = () =>
    new File([
      buildDocx({ body: plainParagraph("借条") + plainParagraph("借款人：赵六") }) as BlobPart,
    ], "赵六借条.docx");
  const ocrForm = new FormData();
  ocrForm.append("files", iou());
  const ocr = await apiCall(server.url, token, "/api/ocr/runs", { method: "POST", body: ocrForm });
  const template = await apiCall(server.url, token, "/api/ocr/templates", {
    method: "POST",
    body: JSON.stringify({ name: "借条要素", fields: [{ label: "借款人", key: "borrower" }] }),
  });
  const batchForm = new FormData();
  batchForm.append("templateId", template.template.id);
  batchForm.append("files", iou());
  const stream = await fetch(`${server.url}/api/ocr/process-batch`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: batchForm,
  });
  assert.equal(stream.status, 200);
  assert.match(await stream.text(), /"complete"/, "the batch ran to its end");
  for (let i = 0; i < 60; i++) {
    const r = await apiCall(server.url, token, `/api/ocr/runs/${ocr.run.id}`);
    if (r.run.status !== "processing") break;
    await new Promise((r) => setTimeout(r, 500));
  }

  await openSignedIn(page, "/ai-cljl");
  const ocrRow = page.locator("tr.ant-table-row").filter({ hasText: "OCR识别" });
  const batchRow = page.locator("tr.ant-table-row").filter({ hasText: "OCR信息提取" });
  await ocrRow.waitFor();
  assert.match(await ocrRow.innerText(), /赵六借条\.docx[\s\S]*已完成/);
  assert.match(await batchRow.innerText(), /借条要素[\s\S]*已完成/);
  assert.equal(await ocrRow.getByRole("button", { name: /删\s*除/ }).count(), 0, "deleted in /ocr, not here");

  // Type filter: only the OCR信息提取 batch is left.
  await page.locator(".ant-select").filter({ hasText: "类型" }).click();
  await page.locator(".ant-select-item-option").filter({ hasText: "OCR信息提取" }).click();
  await page.locator("tr.ant-table-row").filter({ hasText: "OCR识别" }).waitFor({ state: "detached" });
  assert.equal(await page.locator("tr.ant-table-row").count(), 1);
  await batchRow.getByRole("button", { name: /查\s*看/ }).click();
  const drawer = page.locator(".ant-drawer").filter({ hasText: "处理详情" });
  await drawer.getByText("提取结果").waitFor();
  await drawer.getByRole("cell", { name: "赵六", exact: true }).waitFor();
  await page.keyboard.press("Escape");
  await page.locator(".ant-drawer-open").waitFor({ state: "detached" }).catch(() => {});

  // The OCR识别 run reopens in its own screen.
  await page.locator(".ant-select").filter({ hasText: "OCR信息提取" }).locator(".ant-select-clear").click();
  await ocrRow.getByRole("button", { name: /查\s*看/ }).click();
  await drawer.getByRole("cell", { name: "赵六借条.docx" }).waitFor();
  await drawer.getByRole("button", { name: "在OCR识别中打开" }).click();
  await waitForPath(page, "/ocr");
  assertNoPageErrors(browser.pageErrors);

  // An administrator sees them among everyone's, without reopening them.
  const admin = await signedInPage(browser, { url: server.url, ...ADMIN_LOGIN });
  await openSignedIn(admin, "/ai-cljl");
  await admin.getByText("全部用户").click();
  const foreign = admin.locator("tr.ant-table-row").filter({ hasText: "OCR识别" });
  await foreign.waitFor();
  assert.match(await foreign.innerText(), /reader/);
  await foreign.getByRole("button", { name: /查\s*看/ }).click();
  await admin.locator(".ant-drawer").getByRole("cell", { name: "赵六借条.docx" }).waitFor();
  assert.equal(await admin.getByRole("button", { name: "在OCR识别中打开" }).count(), 0);
  assertNoPageErrors(browser.pageErrors);
});

Deno.test("/ai-cljl: a custom OCR run being read shows the pages read of its current file, and its bar counts them", async () => {
  await using server = await startServer({
    seed: async (kv) => {
      const user = await seedUser(kv, {
        username: "reader",
        password: PASSWORD,
        permissions: ["dashboard", "custom_ocr_access", "ai_folder_access", "ai_cljl_access"],
        quotas: { ai: 3 },
      });
      const now = Date.now();
      const file = (fileName: string, status: RecordFile["status"]): RecordFile => ({
        fileName,
        path: `赵六案/${fileName}`,
        nodeId: fileName,
        blobKey: `none/${fileName}`,
        status,
        keys: ["被告"],
      });
      // A run whose job is reading the second of three files, at page 2 of 4 (no job is queued: it stays so).
      const record: FolderRecord = {
        id: newRecordId(now),
        userId: user.id,
        username: user.username,
        ruleId: "r",
        ruleName: "起诉状要素",
        folderPath: "赵六案",
        status: "processing",
        files: [
          file("起诉状.pdf", "completed"),
          { ...file("证据.pdf", "processing"), pagesDone: 2, pagesTotal: 4 },
          file("借条.pdf", "pending"),
        ],
        fields: [{ key: "被告", label: "被告" }],
        charged: 3,
        refunded: 0,
        mergedResult: {},
        fieldValues: {},
        errorMessage: null,
        extractionKey: null,
        createdAt: now,
        updatedAt: now,
      };
      await kv.set(recordKey(user.id, record.id), record);
    },
  });
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, { url: server.url, username: "reader", password: PASSWORD });
  await openSignedIn(page, "/ai-cljl");
  const row = page.locator("tr.ant-table-row").filter({ hasText: "赵六案" });
  await row.getByRole("button", { name: /查\s*看/ }).click();
  const drawer = page.locator(".ant-drawer").filter({ hasText: "处理详情" });
  await drawer.getByText("证据.pdf（已读 2/4 页）").waitFor();
  // One file read and half of the next: (1 + 2/4) of 3 files.
  await drawer.locator(".ant-progress").getByText("50%", { exact: true }).waitFor();
  assertNoPageErrors(browser.pageErrors);
});
