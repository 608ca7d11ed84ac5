import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import * as XLSX from "xlsx";
import { launchBrowser } from "../helpers/browser.ts";
import { seedUser, startServer } from "../helpers/server_process.ts";
import { apiGet, assertNoPageErrors, downloadBy, signedInPage, storedToken, waitForToast } from "./steps.ts";

const PASSWORD = "member-pass-1";
const CASE_DIR = new URL("../../../shared/data/extraction/cases/D01_汇禾诉谢蓉媛/", import.meta.url);

async function caseFile(name: string) {
  return {
    name,
    mimeType: "application/octet-stream",
    buffer: Buffer.from(await Deno.readFile(new URL(name, CASE_DIR))),
  };
}

Deno.test("/ocr-extract: create a template, process three files of a case, edit, save, export, 继续上传", async () => {
  await using server = await startServer({
    seed: (kv) =>
      seedUser(kv, {
        username: "mediator1",
        password: PASSWORD,
        permissions: ["ocr_extract"],
        quotas: { ai: 5 },
      }),
  });
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, {
    url: server.url,
    username: "mediator1",
    password: PASSWORD,
    landing: "/ocr-extract",
  });

  // Step 0: a new template through the dialog, the shared rules first.
  await page.getByRole("button", { name: /新建模板/ }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByPlaceholder("如：民间借贷要素").fill("借");
  await dialog.getByRole("button", { name: /保\s*存/ }).click();
  await dialog.getByText("模板名称长度为2-50个字符").waitFor();
  await dialog.getByPlaceholder("如：民间借贷要素").fill("金融借款要素");
  await dialog.getByLabel("字段键名1").fill("defendant_name");
  await dialog.getByRole("button", { name: /保\s*存/ }).click();
  await waitForToast(page, "请完整填写所有字段信息");
  await dialog.getByLabel("字段名称1").fill("被告/被申请人");
  await dialog.getByRole("button", { name: /添加字段/ }).click();
  await dialog.getByLabel("字段名称2").fill("借款金额");
  await dialog.getByLabel("字段键名2").fill("loan_amount");
  await dialog.getByRole("button", { name: /添加字段/ }).click();
  await dialog.getByLabel("字段名称3").fill("原告统一社会信用代码");
  await dialog.getByLabel("字段键名3").fill("plaintiff_credit_code");
  await dialog.getByRole("button", { name: /保\s*存/ }).click();
  await waitForToast(page, "创建成功");

  const row = page.locator("tr.ant-table-row").filter({ hasText: "金融借款要素" });
  await row.getByRole("button", { name: "使用此模板" }).click();

  // Step 1: three files of the case.
  await page.getByText("当前模板：").waitFor();
  const input = page.locator("input[type=file]").first();
  await input.setInputFiles([
    await caseFile("汇禾诉谢蓉媛起诉状.docx"),
    await caseFile("银行流水.pdf"),
    await caseFile("营业执照副本.jpg"),
  ]);
  await page.getByText("已选择 3 个文件").waitFor();
  await page.getByRole("button", { name: "开始处理" }).click();
  await page.locator(".ant-progress").getByText(/\/3$/).waitFor();

  // Step 2: the merged table.
  const value = (label: string) => page.getByLabel(`${label}的值`);
  try {
    await value("被告/被申请人").waitFor({ timeout: 90_000 });
  } catch (err) {
    console.error(server.output().slice(-3000));
    throw err;
  }
  await waitForToast(page, "处理完成");
  assert.equal(await value("被告/被申请人").inputValue(), "谢蓉媛");
  assert.equal(await value("原告统一社会信用代码").inputValue(), "91330106018739U07W");
  const creditRow = page.locator("tr.ant-table-row").filter({ has: value("原告统一社会信用代码") });
  await creditRow.getByText("营业执照副本.jpg", { exact: false }).first().waitFor();
  await creditRow.getByRole("img", { name: "校验通过" }).waitFor();

  // The value picker lists each candidate with its file and line.
  const amountRow = page.locator("tr.ant-table-row").filter({ has: value("借款金额") });
  await amountRow.getByRole("button", { name: /查看来源/ }).click();
  const picker = page.getByRole("dialog").filter({ hasText: "选择“借款金额”的值" });
  await picker.getByText(/第\d+页第\d+行/).first().waitFor();
  // Where it was read: a crop of the page with the box marked, and the whole page (#27).
  await picker.getByRole("button", { name: /查看原图位置/ }).first().click();
  await picker.getByTestId("source-box").first().waitFor();
  await picker.getByRole("button", { name: /查看整页/ }).first().click();
  const whole = page.locator(".ant-modal").filter({
    has: page.locator(".ant-modal-title", { hasText: /^第\d+页$/ }),
  });
  await whole.getByTestId("source-box").waitFor();
  await whole.locator(".ant-modal-close").click();
  await picker.getByRole("button", { name: /取\s*消/ }).click();

  // Edit, see the unsaved state, save.
  await value("借款金额").fill("100000元（已核对）");
  await page.getByText("有未保存的修改").waitFor();
  await page.getByRole("button", { name: /保存修改/ }).click();
  await waitForToast(page, "修改已保存");
  await page.getByText("有未保存的修改").waitFor({ state: "detached" });

  const token = await storedToken(page);
  const batches = (await apiGet(server.url, "/api/ocr/batches", token!)).body as {
    batches: { batchId: string }[];
  };
  const saved = (await apiGet(server.url, `/api/ocr/batch/${batches.batches[0].batchId}`, token!)).body as {
    result: { mergedResult: Record<string, { value: string; manual?: boolean }> };
  };
  assert.deepEqual(saved.result.mergedResult.loan_amount, {
    ...saved.result.mergedResult.loan_amount,
    value: "100000元（已核对）",
    manual: true,
  });
  const limits = (await apiGet(server.url, "/api/user/limits", token!)).body as {
    limits: { aiLimit: number };
  };
  assert.equal(limits.limits.aiLimit, 2, "three files, three AI uses");

  // Export.
  const download = await downloadBy(page, page.getByRole("button", { name: /导出Excel/ }));
  assert.match(download.name, /^OCR信息提取_金融借款要素_\d{8}\.xlsx$/);
  const book = XLSX.read(download.bytes);
  const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
  assert.deepEqual(rows[0], ["字段", "值", "来源文件", "是否找到"]);
  assert.deepEqual(rows.find((r) => r[0] === "借款金额"), [
    "借款金额",
    "100000元（已核对）",
    "手工录入",
    "是",
  ]);
  assert.deepEqual(rows.find((r) => r[0] === "被告/被申请人")?.slice(1, 2), ["谢蓉媛"]);

  // 继续上传: back to step 1 with no files chosen.
  await page.getByRole("button", { name: /继续上传/ }).click();
  await page.getByText("当前模板：").waitFor();
  assert.equal(await page.getByText(/已选择 \d+ 个文件/).count(), 0);
  assertNoPageErrors(browser.pageErrors);
});
