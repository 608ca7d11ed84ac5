import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import PizZip from "pizzip";
import type { Page } from "playwright-core";
import { buildDocx, plainParagraph } from "../../scripts/make_fixtures.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { docxText, sheetBytes } from "../helpers/mediation.ts";
import { seedUser, startServer } from "../helpers/server_process.ts";
import { assertNoPageErrors, downloadBy, openSignedIn, signInThroughPage, waitForToast } from "./steps.ts";

const PASSWORD = "member-pass-1";
const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

const TEMPLATE = buildDocx({
  body: plainParagraph("标题：${标题}") + plainParagraph("#{被申请人段落}") + plainParagraph("以上共计。"),
});
const SHEET = sheetBytes([
  ["案号", "姓名", "金额"],
  ["（2024）京01号", "张三", 1000],
  ["（2024）京02号", "李四", 2500.5],
  ["（2024）京03号", "王五", 300],
]);

/** Picks `option` in the antd Select labelled `label` (the n-th one when there are several). */
async function choose(page: Page, label: string, option: string, nth = 0) {
  await page.getByLabel(label, { exact: true }).nth(nth).click();
  await page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)")
    .locator(`.ant-select-item-option[title="${option}"]`).click();
}

const nextButton = (page: Page) => page.getByRole("button", { name: /下\s*一\s*步/ });

Deno.test("/excel-batch: the five steps, paragraph options, then a result whose document holds the row's values", async () => {
  await using server = await startServer({
    seed: async (kv) => {
      await seedUser(kv, {
        username: "wizard",
        password: PASSWORD,
        permissions: ["excel_batch_generate"],
        quotas: { mediation: 10 },
      });
    },
  });
  await using browser = await launchBrowser();
  const page = await browser.newPage(server.url);
  await signInThroughPage(page, "wizard", PASSWORD);
  await page.waitForURL((url) => url.pathname !== "/login");
  await openSignedIn(page, "/excel-batch");
  await page.getByText("剩余次数：10").waitFor();

  // step 0: upload
  await page.locator(".ant-upload-drag input[type=file]").setInputFiles({
    name: "案件.xlsx",
    mimeType: XLSX_MIME,
    buffer: Buffer.from(SHEET),
  });
  await waitForToast(page, "Excel文件上传成功");
  await page.getByText("数据行数").waitFor();
  await nextButton(page).click();

  // step 1: parameters
  await nextButton(page).click();
  await page.getByText("请输入任务名称").waitFor();
  await page.getByPlaceholder("请输入任务名称").fill("催告通知");
  await page.getByLabel("处理数量").fill("2");
  await nextButton(page).click();
  await waitForToast(page, "请选择或上传Word模板");
  await page.locator("input[type=file][accept='.docx']").setInputFiles({
    name: "通知书.docx",
    mimeType: DOCX_MIME,
    buffer: Buffer.from(TEMPLATE),
  });
  // kept among the member's Word templates, and said so (#16 item 7)
  await waitForToast(page, "模板上传成功，已保存到“自定义模板”（模板名称：通知书），下次可直接选择");
  await page.getByText("已选择：通知书.docx").waitFor();
  await page.locator(".ant-select-content, .ant-select-selection-item").filter({
    hasText: "通知书（通知书.docx）",
  })
    .first().waitFor();
  // the output file-name pattern, as on /mediation-form (the default keeps 任务名_序号)
  assert.equal(await page.getByLabel("输出文件名规则").inputValue(), "{任务名}_{序号}");
  await nextButton(page).click();

  // step 2: field mapping (no header has a variable's name: one empty row)
  await page.getByRole("columnheader", { name: "Excel表头" }).waitFor();
  await nextButton(page).click();
  await waitForToast(page, "每一行字段映射都需要填写Excel字段和模板字段");
  await choose(page, "Excel表头", "案号");
  await choose(page, "模板变量", "${标题}");
  await nextButton(page).click();

  // step 3: paragraphs
  await page.getByRole("checkbox", { name: "启用段落", exact: true }).check();
  await page.getByRole("checkbox", { name: "启用段落前缀" }).check();
  await page.getByLabel("前缀内容").fill("n、");
  await waitForToast(page, "前缀内容中的N必须使用大写");
  assert.equal(await page.getByLabel("前缀内容").inputValue(), "N、");
  for (const example of ["1、", "2、", "3、"]) {
    await page.locator("code").getByText(example, { exact: true }).waitFor();
  }

  await page.getByRole("button", { name: "添加段落" }).click();
  assert.equal(await page.getByLabel("段落变量1").inputValue(), "#{被申请人段落}");
  const noIndent = page.getByRole("checkbox", { name: "不缩进" });
  const allIndent = page.getByRole("checkbox", { name: "全部缩进（2个字符）" });
  assert.equal(await allIndent.isChecked(), true, "a new paragraph starts as 标准段落");
  await noIndent.check();
  assert.equal(await allIndent.isChecked(), false);
  assert.equal(await allIndent.isDisabled(), true);
  await page.getByRole("checkbox", { name: "不换行" }).check();
  assert.equal(await page.getByRole("checkbox", { name: "添加换行" }).isDisabled(), true);
  await page.getByRole("button", { name: "标准段落" }).click();
  assert.equal(await allIndent.isChecked(), true);
  await page.getByRole("checkbox", { name: "使用段落前缀" }).check();
  await page.getByRole("checkbox", { name: "删除最后一个字符" }).check();
  await page.getByLabel("段落模板1").fill("被申请人${姓名}，欠款${金额|千分位}元；");

  // a second paragraph on the same variable is warned about, then removed
  await page.getByRole("button", { name: "添加段落" }).click();
  await page.getByLabel("段落变量2").fill("#{被申请人段落}");
  await page.getByLabel("段落模板2").click();
  await waitForToast(page, "已存在相同的段落变量");
  await page.getByRole("button", { name: "删除段落" }).nth(1).click();

  await page.getByRole("button", { name: "开始处理" }).click();
  await waitForToast(page, "成功创建任务，已扣除 2 次使用次数");
  await page.getByText("剩余次数：8").waitFor();

  // step 4: results
  await page.getByText("已完成：已处理 2/2").waitFor({ timeout: 30_000 });
  const rows = page.locator("tr.ant-table-row");
  assert.equal(await rows.count(), 2);
  await rows.filter({ hasText: "催告通知_1.docx" }).waitFor();
  const download = await downloadBy(
    page,
    rows.filter({ hasText: "催告通知_2.docx" }).getByRole("button", { name: /下\s*载/ }),
  );
  assert.equal(download.name, "催告通知_2.docx");
  const text = docxText(download.bytes);
  assert.match(text, /标题：（2024）京02号/);
  assert.match(text, /\u3000\u30001、被申请人李四，欠款2,500\.50元\n/);

  const csv = await downloadBy(page, page.getByRole("button", { name: "导出下载地址" }));
  await waitForToast(page, "下载地址已导出");
  const lines = (new TextDecoder().decode(csv.bytes)).trim().split(/\r\n/);
  assert.equal(lines.length, 3);
  const address = lines[1].split(",")[2];
  // the time as the screen shows it (local YYYY-MM-DD HH:mm:ss), not ISO UTC
  assert.match(lines[1].split(",")[3], /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  assert.match(address, /\/api\/excel-batch\/download-direct\//);
  const direct = await fetch(address);
  assert.equal(direct.status, 200, "the exported address works without a token");
  assert.match(docxText(new Uint8Array(await direct.arrayBuffer())), /被申请人张三/);

  const downloads: string[] = [];
  page.on("download", (d) => void downloads.push(d.suggestedFilename()));
  await page.getByRole("button", { name: "批量下载" }).click();
  await waitForToast(page, "批量下载完成");
  assert.deepEqual(downloads.sort(), ["催告通知_1.docx", "催告通知_2.docx"]);

  // 打包下载: the browser downloads the task's zip itself from a signed link (no blob: address)
  const zip = await downloadBy(page, page.getByRole("button", { name: "打包下载" }));
  assert.match(zip.url, /\/api\/excel-batch\/task\/[0-9a-f]{20}\/zip\?u=\d+&e=\d+&s=[0-9a-f]{32}$/);
  assert.equal(zip.name, "催告通知.zip");
  const zipped = new PizZip(zip.bytes);
  assert.deepEqual(Object.keys(zipped.files).sort(), ["催告通知_1.docx", "催告通知_2.docx"]);
  assert.match(docxText(zipped.file("催告通知_1.docx")!.asUint8Array()), /被申请人张三/);
  assert.equal((await fetch(zip.url)).status, 200, "the link itself needs no token");
  // a refused link request shows the page's message
  await page.route("**/download-zip-url", (route) => route.fulfill({ status: 404, body: "not found" }));
  await page.getByRole("button", { name: "打包下载" }).click();
  await waitForToast(page, "批量下载失败");
  assertNoPageErrors(browser.pageErrors);
});
