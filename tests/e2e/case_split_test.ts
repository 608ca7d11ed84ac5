import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import * as XLSX from "xlsx";
import { launchBrowser } from "../helpers/browser.ts";
import { seedUser, startServer } from "../helpers/server_process.ts";
import {
  assertNoPageErrors,
  downloadBy,
  signInThroughPage,
  storedToken,
  waitForPath,
  waitForToast,
} from "./steps.ts";

const PASSWORD = "member-pass-1";
const HEADER = ["案号", "当事人", "住所地", "标的额"];
const ROWS = [
  ["(2024)001", "甲", "浙江省杭州市西湖区文三路1号", 100],
  ["(2024)002", "乙", "广州市天河区体育西路2号", 200],
  ["(2024)003", "丙", "杭州市上城区解放路3号", 300],
  ["(2024)004", "丁", "火星基地", 400],
  ["(2024)005", "戊", "浙江杭州拱墅区", 500],
  ["(2024)006", "己", "无法识别的地方", 600],
  ["(2024)007", "庚", "北京市朝阳区建国路7号", 700],
];

function workbookBytes(): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([HEADER, ...ROWS]), "案件");
  return Buffer.from(XLSX.write(wb, { type: "array", bookType: "xlsx" }));
}

function readWorkbook(bytes: Uint8Array): unknown[][] {
  const wb = XLSX.read(bytes, { type: "array" });
  return XLSX.utils.sheet_to_json(wb.Sheets[wb.SheetNames[0]], { header: 1, defval: null });
}

Deno.test("/excel-case-split: upload a sheet, split it by city, download a region file with exactly its rows", async () => {
  await using server = await startServer({
    seed: (kv) =>
      seedUser(kv, { username: "splitter", password: PASSWORD, permissions: ["excel_case_split"] }),
  });
  await using browser = await launchBrowser();
  const page = await browser.newPage(server.url);
  await signInThroughPage(page, "splitter", PASSWORD);
  await page.waitForFunction(() => localStorage.getItem("token") !== null);
  assert.ok(await storedToken(page));
  // With excel_case_split only, the member lands on this page (no navigation racing the landing).
  await waitForPath(page, "/excel-case-split");
  await page.getByRole("button", { name: "上传文件" }).click();

  const dialog = page.getByRole("dialog", { name: "上传Excel文件" });
  const start = dialog.getByRole("button", { name: "开始分类" });
  assert.equal(await start.isDisabled(), true);
  const input = dialog.locator("input[type=file]");
  await input.setInputFiles({ name: "说明.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await waitForToast(page, "只能上传Excel文件!");
  await input.setInputFiles({
    name: "案件清单.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: workbookBytes(),
  });
  await waitForToast(page, "文件上传成功，共 7 行数据");
  assert.equal(await dialog.getByRole("radio", { name: "市级" }).isChecked(), true, "市级 by default");
  // 住所地 is plainly an address: chosen already (#16 item 8)
  await dialog.locator(".ant-form-item").filter({ hasText: "地址列" }).getByText("住所地", { exact: true })
    .waitFor();
  assert.equal(await start.isDisabled(), false, "the address column is pre-selected");
  await start.click();

  await waitForToast(page, "分类完成");
  const row = page.locator("tr.ant-table-row").filter({ hasText: "案件清单.xlsx" });
  await row.getByText("已完成").waitFor();
  await row.getByText("总行数：7").waitFor();
  await row.getByText("成功分类：5（71%）").waitFor();
  await row.getByText("未识别：2（29%）").waitFor();
  await row.getByText("已识别地区 3 个").waitFor();
  await row.getByRole("button", { name: "展开" }).click();
  await row.getByText("杭州市（3条）").waitFor();

  const download = await downloadBy(page, row.getByRole("link", { name: "下载杭州市" }));
  assert.equal(download.name, "案件清单-杭州市.xlsx");
  assert.deepEqual(readWorkbook(download.bytes), [HEADER, ROWS[0], ROWS[2], ROWS[4]]);

  const summary = await downloadBy(page, row.getByRole("button", { name: "批量下载" }));
  assert.equal(summary.name, "案件清单-汇总.xlsx");
  await waitForToast(page, "批量下载成功");

  await row.getByRole("button", { name: "未分配信息" }).click();
  const unassigned = page.getByRole("dialog", { name: "未分配地区" });
  await unassigned.getByText("火星基地").waitFor();
  await unassigned.getByText("2（29%）").waitFor();
  assert.deepEqual(
    await unassigned.locator("tbody tr.ant-table-row td:first-child").allTextContents(),
    ["5", "7"],
  );
  await page.keyboard.press("Escape");

  await row.getByRole("button", { name: /删\s*除/ }).click();
  await page.locator(".ant-modal-confirm-title").getByText("确定要删除此任务吗？").waitFor();
  await page.locator(".ant-modal-confirm").getByRole("button", { name: /删\s*除/ }).click();
  await waitForToast(page, "删除成功");
  await page.locator(".ant-table-placeholder").waitFor();

  // an upload cancelled before it is split does not stay in the list as 已上传
  await page.getByRole("button", { name: "上传文件" }).click();
  await dialog.locator("input[type=file]").setInputFiles({
    name: "不分了.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: workbookBytes(),
  });
  await waitForToast(page, "文件上传成功，共 7 行数据");
  await dialog.getByRole("button", { name: /取\s*消/ }).click();
  await dialog.waitFor({ state: "hidden" });
  await page.reload();
  await page.waitForLoadState("networkidle");
  await page.locator(".ant-table-placeholder").waitFor();
  assert.equal(await page.locator("tr.ant-table-row").filter({ hasText: "不分了.xlsx" }).count(), 0);
  assertNoPageErrors(browser.pageErrors);
});
