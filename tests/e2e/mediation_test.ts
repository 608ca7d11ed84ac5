/**
 * /mediation-form end to end: a real server (LibreOffice for the PDFs) and headless Chromium. A system
 * template is picked, template.xlsx downloaded and checked, a filled sheet (built here with SheetJS)
 * uploaded, and the Word and PDF of a row read back; then the file list, the zip and the history.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import PizZip from "pizzip";
import type { Locator, Page } from "playwright-core";
import * as XLSX from "xlsx";
import { buildDocx, buildSimpleTemplate, plainParagraph } from "../../scripts/make_fixtures.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { seedUser, startServer } from "../helpers/server_process.ts";
import {
  assertNoPageErrors,
  assertTableFits,
  DESKTOP_1440,
  downloadBy,
  menuEntry,
  signInThroughPage,
  storedToken,
  waitForPath,
  waitForToast,
} from "./steps.ts";
import { requireTool } from "../helpers/require_tool.ts";

const PASSWORD = "lawyer-pass-1";
const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
/** Word and PDF of a few rows, LibreOffice included, on a busy 2-core machine. */
const BATCH_TIMEOUT_MS = 120_000;

const ROWS = [
  { 案号: "（2024）京0105民初00123号", 申请人: "张三", 被申请人: "北京某某科技有限公司" },
  { 案号: "（2024）京0105民初00124号", 申请人: "李四", 被申请人: "王五" },
];

function sheetBytes(header: string[], rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, ...rows]), "Sheet1");
  return Buffer.from(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer);
}

async function uploadExcel(page: Page, name: string, buffer: Buffer, mimeType = XLSX_MIME) {
  await page.locator('input[type=file][accept=".xlsx,.xls"]').setInputFiles({ name, mimeType, buffer });
}

function docxText(bytes: Uint8Array): string {
  const xml = new PizZip(bytes).file("word/document.xml")!.asText();
  return xml.replace(/<[^>]+>/g, "");
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const path = await Deno.makeTempFile({ suffix: ".pdf" });
  try {
    await Deno.writeFile(path, bytes);
    const out = await new Deno.Command(requireTool("pdftotext"), { args: ["-enc", "UTF-8", path, "-"] })
      .output();
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
    return new TextDecoder().decode(out.stdout);
  } finally {
    await Deno.remove(path);
  }
}

function resultRow(page: Page, text: string): Locator {
  return page.locator("tr.ant-table-row").filter({ hasText: text });
}

Deno.test("/mediation-form: system template → template.xlsx → filled sheet → Word and PDF with the row's values", async () => {
  await using server = await startServer({
    seed: (kv) =>
      seedUser(kv, {
        username: "lawyer",
        password: PASSWORD,
        permissions: ["mediation", "template_manage"],
        quotas: { mediation: 5 },
      }),
  });
  await using browser = await launchBrowser();
  const page = await browser.newPage(server.url, { viewport: DESKTOP_1440 });
  await signInThroughPage(page, "lawyer", PASSWORD);
  await waitForPath(page, "/mediation-form");

  // a system template, stored through the API as the template manager does
  const form = new FormData();
  form.append("file", new File([buildSimpleTemplate() as BlobPart], "调解书.docx", { type: DOCX_MIME }));
  const uploaded = await fetch(`${server.url}/api/templates/upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${await storedToken(page)}` },
    body: form,
  });
  assert.equal(uploaded.status, 200, await uploaded.clone().text());
  await uploaded.body?.cancel();
  await page.reload();
  await page.getByText("剩余文书生成次数：5 次").waitFor();

  // the Excel upload needs a template first
  await page.getByText("点击或拖拽填好的 Excel 文件到此处上传").click();
  await waitForToast(page, "请先选择或上传模板");

  // step 1: the system template, and its card with the variables as tags
  await page.getByRole("combobox", { name: "选择模板" }).click();
  await page.locator(".ant-select-item-option").filter({ hasText: "调解书.docx" }).click();
  const card = page.locator(".ant-descriptions-item").filter({ hasText: "模板变量（3）" });
  await card.waitFor();
  assert.deepEqual(await card.locator(".ant-tag").allInnerTexts(), ["${案号}", "${申请人}", "${被申请人}"]);

  // step 2: template.xlsx, Sheet1, header = the variables, columns 20 wide
  const template = await downloadBy(page, page.getByRole("button", { name: "下载Excel模板" }));
  assert.equal(template.name, "template.xlsx");
  const book = XLSX.read(template.bytes, { type: "array", cellStyles: true });
  assert.deepEqual(book.SheetNames, ["Sheet1"]);
  const sheet = book.Sheets.Sheet1;
  assert.deepEqual(XLSX.utils.sheet_to_json(sheet, { header: 1 }), [["案号", "申请人", "被申请人"]]);
  assert.deepEqual(sheet["!cols"]?.map((c) => c.wch), [20, 20, 20]);
  const header = ["案号", "申请人", "被申请人"];

  // the checks of part 2 §5, in the spec's words
  await uploadExcel(page, "案件.csv", Buffer.from("案号\n1"), "text/csv");
  await waitForToast(page, "只能上传 Excel 文件!");
  await uploadExcel(page, "空表.xlsx", sheetBytes(header, []));
  await waitForToast(page, "Excel 文件中没有数据!");
  const six = Array.from({ length: 6 }, (_, i) => [`（2024）京0105民初${i}号`, `甲${i}`, `乙${i}`]);
  await uploadExcel(page, "六行.xlsx", sheetBytes(header, six));
  await waitForToast(page, "使用次数不足！需要 6 次，剩余 5 次");

  // the filled sheet: upload, progress, completion
  await uploadExcel(
    page,
    "案件.xlsx",
    sheetBytes(header, ROWS.map((r) => header.map((h) => r[h as keyof typeof r]))),
  );
  await waitForToast(page, "文件上传成功，开始处理...");
  await page.getByText("处理进度").waitFor();
  await page.locator(".ant-message-notice").filter({ hasText: "文件处理完成" }).waitFor({
    timeout: BATCH_TIMEOUT_MS,
  });
  await page.getByText("剩余文书生成次数：3 次").waitFor();
  // the progress panel resets 2 s after completion
  await page.getByText("处理进度").waitFor({ state: "detached", timeout: 5_000 });

  // step 3: the results, with applicant, respondent and case number from the row
  const first = resultRow(page, "张三");
  await first.waitFor();
  assert.equal(await page.locator("tr.ant-table-row").count(), 2);
  // at 1440 px every column shows: nothing hidden behind the pinned 操作 column (#16 item 4)
  const widths = await assertTableFits(page.locator(".ant-table-wrapper").filter({ has: first }));
  assert.ok(widths["文件名"] >= 200, `文件名 is ${widths["文件名"]} px`);
  await first.getByRole("link", { name: "打开PDF" }).waitFor();
  const cells = await first.locator("td").allInnerTexts();
  assert.ok(cells.includes("北京某某科技有限公司") && cells.includes(ROWS[0].案号), cells.join(" | "));
  assert.equal(
    cells[0],
    `${ROWS[0].案号}_${ROWS[0].被申请人}`,
    "default file name pattern {案号}_{被申请人}",
  );

  const word = await downloadBy(page, first.getByRole("button", { name: "下载Word" }));
  assert.equal(word.name, `${ROWS[0].案号}_${ROWS[0].被申请人}.docx`);
  const wordText = docxText(word.bytes);
  for (const value of Object.values(ROWS[0])) {
    assert.ok(wordText.includes(value), `Word lacks ${value}: ${wordText}`);
  }
  assert.ok(!wordText.includes("${"), wordText);

  const pdf = await downloadBy(page, first.getByRole("button", { name: "下载PDF" }));
  assert.ok(pdf.name.endsWith(".pdf"), pdf.name);
  assert.equal(new TextDecoder().decode(pdf.bytes.slice(0, 5)), "%PDF-");
  const text = (await pdfText(pdf.bytes)).replace(/\s+/g, "");
  for (const value of Object.values(ROWS[0])) assert.ok(text.includes(value), `PDF lacks ${value}: ${text}`);

  // 生成文件列表.xlsx: every file with its values
  const list = await downloadBy(page, page.getByRole("button", { name: "导出文件信息" }));
  assert.equal(list.name, "生成文件列表.xlsx");
  const listed = XLSX.utils.sheet_to_json<Record<string, string>>(XLSX.read(list.bytes).Sheets.Sheet1);
  assert.deepEqual(
    listed.map((r) => [r["申请人"], r["被申请人"], r["案号"]]),
    ROWS.map((r) => [r.申请人, r.被申请人, r.案号]),
  );
  assert.ok(listed.every((r) => /^http:\/\/127\.0\.0\.1:\d+\/api\/mediation\/file\//.test(r["PDF链接"])));

  // the whole batch as one zip, Word and PDF folders, downloaded by the browser itself from a signed
  // link (no blob: address, no token in the page's memory or the URL)
  const zipLink = /\/api\/mediation\/batch\/(\d{8}_\d{6})\/zip\?type=both&u=\d+&e=\d+&s=[0-9a-f]{32}$/;
  const zipButton = page.getByRole("button", { name: "打包下载" });
  const zip = await downloadBy(page, await menuEntry(page, zipButton, "打包下载 Word + PDF"));
  assert.match(zip.url, zipLink);
  const batchNo = zipLink.exec(zip.url)![1];
  assert.equal(zip.name, `${batchNo}.zip`);
  const zipped = new PizZip(zip.bytes);
  const names = Object.keys(zipped.files).filter((n) => !n.endsWith("/")).sort();
  assert.deepEqual(names, [
    `PDF/${ROWS[0].案号}_${ROWS[0].被申请人}.pdf`,
    `PDF/${ROWS[1].案号}_${ROWS[1].被申请人}.pdf`,
    `Word/${ROWS[0].案号}_${ROWS[0].被申请人}.docx`,
    `Word/${ROWS[1].案号}_${ROWS[1].被申请人}.docx`,
  ]);
  assert.match(docxText(zipped.file(names[3])!.asUint8Array()), /李四/);
  assert.equal((await fetch(zip.url)).status, 200, "the link itself needs no token");
  assert.equal((await fetch(zip.url.replace(/s=[0-9a-f]/, "s=x"))).status, 403);
  // a refused link request shows the page's message
  await page.route("**/download-url?*", (route) => route.fulfill({ status: 404, body: "not found" }));
  await (await menuEntry(page, zipButton, "打包下载 Word")).click();
  await waitForToast(page, "批量下载失败");
  await page.unroute("**/download-url?*");

  // History: the batch, its detail dialog, export of the full batch, delete with confirmation
  await page.getByRole("tab", { name: "历史记录" }).click();
  const batches = page.locator("tr.ant-table-row").filter({
    has: page.getByRole("button", { name: "查看详情" }),
  });
  const batch = batches.first();
  await batch.waitFor();
  assert.ok((await batch.innerText()).includes("已完成"), await batch.innerText());
  await batch.getByRole("button", { name: "查看详情" }).click();
  const dialog = page.locator(".ant-modal").filter({ hasText: "批次详情" });
  await dialog.getByText("张三").waitFor();
  assert.equal(await dialog.locator("tr.ant-table-row").count(), 2);
  const full = await downloadBy(page, dialog.getByRole("button", { name: "导出完整批次" }));
  assert.match(full.name, /^生成记录_.+\.xlsx$/);
  assert.equal(XLSX.utils.sheet_to_json(XLSX.read(full.bytes).Sheets.Sheet1).length, 2);
  await dialog.getByRole("button", { name: "关 闭", exact: true }).click();
  await dialog.waitFor({ state: "hidden" });
  await batch.getByRole("button", { name: /删\s*除/ }).click();
  await page.locator(".ant-modal-confirm").getByRole("button", { name: /删\s*除/ }).click();
  await waitForToast(page, "批次删除成功");
  await batch.waitFor({ state: "detached" });
  assert.equal(await batches.count(), 0);
  assertNoPageErrors(browser.pageErrors);
});

Deno.test("/mediation-form: a temporary template, a row that fails with its reason, and the re-run of failed rows", async () => {
  await using server = await startServer({
    seed: (kv) =>
      seedUser(kv, {
        username: "lawyer",
        password: PASSWORD,
        permissions: ["mediation"],
        quotas: { mediation: 10 },
      }),
  });
  await using browser = await launchBrowser();
  const page = await browser.newPage(server.url);
  await signInThroughPage(page, "lawyer", PASSWORD);
  await waitForPath(page, "/mediation-form");

  await page.getByText("临时上传(.docx)").click();
  const docxInput = page.locator('input[type=file][accept^=".docx"]');
  // a template without variables is refused with a warning and not kept
  await docxInput.setInputFiles({
    name: "无变量.docx",
    mimeType: DOCX_MIME,
    buffer: Buffer.from(buildDocx({ body: plainParagraph("本模板没有任何变量。") })),
  });
  await waitForToast(page, "模板中未找到 ${变量名} 格式的变量");
  assert.equal(await page.getByText("模板变量（").count(), 0);

  const amountTemplate = buildDocx({ body: plainParagraph("申请人：${申请人}，金额：${金额|大写}") });
  await docxInput.setInputFiles({
    name: "还款.docx",
    mimeType: DOCX_MIME,
    buffer: Buffer.from(amountTemplate),
  });
  await waitForToast(page, "模板上传成功");
  const card = page.locator(".ant-descriptions-item").filter({ hasText: "模板变量（2）" });
  await card.waitFor();
  assert.deepEqual(await card.locator(".ant-tag").allInnerTexts(), ["${申请人}", "${金额}"]);

  await uploadExcel(
    page,
    "还款.xlsx",
    sheetBytes(["申请人", "金额"], [["张三", 12345.67], ["李四", "五千"]]),
  );
  await page.locator(".ant-message-notice").filter({ hasText: "文件处理完成" }).waitFor({
    timeout: BATCH_TIMEOUT_MS,
  });
  const failure = page.locator(".ant-alert").filter({ hasText: "1 个文件生成失败" });
  await failure.waitFor();
  assert.match(await failure.innerText(), /第 3 行.*“金额”的值“五千”无法按“大写”格式转换/s);
  await resultRow(page, "张三").waitFor();
  assert.equal(await page.locator("tr.ant-table-row").count(), 1);
  await page.getByText("剩余文书生成次数：9 次").waitFor(); // the failed row's use is refunded

  const word = await downloadBy(page, resultRow(page, "张三").getByRole("button", { name: "下载Word" }));
  assert.ok(docxText(word.bytes).includes("壹万贰仟叁佰肆拾伍元陆角柒分"), docxText(word.bytes));

  // re-run only the failed row: it fails again the same way, and the successful row stays
  await failure.getByRole("button", { name: "重新生成失败的行" }).click();
  await waitForToast(page, "开始重新生成失败的行...");
  // the panel shows while the row runs again, and resets 2 s after completion
  await page.getByText("处理进度").waitFor({ state: "detached", timeout: BATCH_TIMEOUT_MS });
  await page.getByText("剩余文书生成次数：9 次").waitFor();
  await failure.waitFor();
  await resultRow(page, "张三").waitFor();
  assertNoPageErrors(browser.pageErrors);
});
