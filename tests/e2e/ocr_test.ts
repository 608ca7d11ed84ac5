import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { OCR_LOW_CONFIDENCE } from "../../common/schemas/ocr.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { seedUser, startServer } from "../helpers/server_process.ts";
import { apiGet, assertNoPageErrors, downloadBy, signedInPage, storedToken, waitForToast } from "./steps.ts";

const PASSWORD = "member-pass-1";
const CASE_DIR = new URL("../../../shared/data/extraction/cases/D02_梁旭平诉廖宇飞/", import.meta.url);

async function caseFile(name: string) {
  return {
    name,
    mimeType: "application/octet-stream",
    buffer: Buffer.from(await Deno.readFile(new URL(name, CASE_DIR))),
  };
}

Deno.test("/ocr: a text PDF and an ID photo are read in the browser, key facts checked, downloaded, deleted", async () => {
  await using server = await startServer({
    seed: (kv) =>
      seedUser(kv, {
        username: "clerk1",
        password: PASSWORD,
        permissions: ["ocr_access"],
        quotas: { ai: 3 },
      }),
  });
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, {
    url: server.url,
    username: "clerk1",
    password: PASSWORD,
    landing: "/ocr",
  });
  await page.getByText("剩余AI使用次数：3 次").waitFor();

  const input = page.locator("input[type=file]").first();
  // refused in the browser by type, as the server would
  await input.setInputFiles({ name: "说明.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await waitForToast(page, "说明.txt：只支持PDF、Word、Excel和图片(PNG/JPG)文件");
  // nothing chosen
  await page.getByRole("button", { name: "开始识别" }).click();
  await waitForToast(page, "请先选择要处理的文件");

  await input.setInputFiles([await caseFile("民事起诉状.pdf"), await caseFile("原告身份证.jpg")]);
  await page.getByText("已选择 2 个文件").waitFor();
  await page.getByRole("button", { name: "开始识别" }).click();
  await waitForToast(page, "开始处理文件");
  await page.getByText("剩余AI使用次数：1 次").waitFor();

  const progress = page.locator(".ant-card").filter({ hasText: "识别进度" });
  await progress.locator(".ant-tag").filter({ hasText: "已完成" }).nth(1).waitFor({ timeout: 60_000 });
  await waitForToast(page, "处理完成");

  // The text PDF opens first: its text per page, no low-confidence lines.
  const text = page.locator(".ant-card").filter({ hasText: "读取方式" });
  await text.getByText("民事起诉状", { exact: true }).waitFor();
  await text.getByText("读取方式：PDF文字层").waitFor();
  const facts = page.locator(".ant-card").filter({ has: page.getByText("关键信息", { exact: true }) });
  await facts.getByText("梁旭平", { exact: true }).first().waitFor();

  // The photo: recognised lines, some shaded as uncertain, the ID number with a passed check.
  await progress.locator("tr").filter({ hasText: "原告身份证.jpg" }).getByRole("button", { name: /查\s*看/ })
    .click();
  await text.getByText("读取方式：文字识别").waitFor();
  // Shaded lines are exactly the ones the server says were read with low confidence.
  const token = await storedToken(page);
  const runs = (await apiGet(server.url, "/api/ocr/runs", token!)).body as { runs: { id: string }[] };
  const photo = (await apiGet(server.url, `/api/ocr/runs/${runs.runs[0].id}/files/1`, token!)).body as {
    result: { pages: { lines: { confidence: number }[] }[] };
  };
  const lines = photo.result.pages[0].lines;
  assert.ok(lines.length > 5, "the photo was read");
  const low = lines.filter((l) => l.confidence < OCR_LOW_CONFIDENCE).length;
  assert.equal(await text.locator("[data-low-confidence=true]").count(), low);
  console.log(`photo: ${lines.length} lines, ${low} below ${OCR_LOW_CONFIDENCE}`);
  const idRow = facts.locator(".ant-list-item").filter({ hasText: "身份证号" }).first();
  await idRow.getByText("320412200005207296").waitFor();
  await idRow.getByRole("img", { name: "校验通过" }).waitFor();
  await text.getByRole("button", { name: /下载可搜索PDF/ }).waitFor();

  const download = await downloadBy(page, text.getByRole("button", { name: /下载TXT/ }));
  assert.equal(download.name, "原告身份证.txt");
  const saved = new TextDecoder().decode(download.bytes);
  assert.match(saved, /320412200005207296/);

  // The server agrees: two aiocr uses, 1 left.
  const limits = await apiGet(server.url, "/api/user/limits", token!);
  assert.equal((limits.body as { limits: { aiLimit: number } }).limits.aiLimit, 1);

  // Earlier runs: listed, then deleted.
  const history = page.locator(".ant-card").filter({ hasText: "识别记录" });
  const row = history.locator("tr.ant-table-row").first();
  await row.getByText("成功 2").waitFor();
  await row.getByRole("button", { name: /删\s*除/ }).click();
  await page.locator(".ant-modal-confirm").getByRole("button", { name: /删\s*除/ }).click();
  await waitForToast(page, "删除成功");
  await history.locator(".ant-empty").waitFor();
  assertNoPageErrors(browser.pageErrors);
});
