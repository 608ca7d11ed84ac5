import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { launchBrowser } from "../helpers/browser.ts";
import { makePdf } from "../helpers/pdf_bytes.ts";
import { seedUser, startServer } from "../helpers/server_process.ts";
import {
  apiGet,
  assertNoPageErrors,
  assertTableFits,
  DESKTOP_1440,
  signedInPage,
  storedToken,
  waitForToast,
} from "./steps.ts";

const PASSWORD = "member-pass-1";

Deno.test("/pdf-converter: a PDF uploaded in the browser gets a link that serves the same bytes; history and delete", async () => {
  await using server = await startServer({
    seed: (kv) =>
      seedUser(kv, {
        username: "member1",
        password: PASSWORD,
        permissions: ["pdf_converter"],
        quotas: { pdf_convert: 2 },
      }),
  });
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, {
    url: server.url,
    username: "member1",
    password: PASSWORD,
    landing: "/pdf-converter",
    viewport: DESKTOP_1440,
  });
  await page.getByText("剩余PDF转换次数：2 次").waitFor();

  const input = page.locator("input[type=file]").first();
  // refused in the browser by type
  await input.setInputFiles({ name: "说明.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await waitForToast(page, "只能上传PDF文件!");

  // three PDFs for two uses: capped with the warning, two uploaded
  const pdfs = [makePdf("first", 3000), makePdf("second", 4000), makePdf("third", 10)];
  await input.setInputFiles(pdfs.map((bytes, i) => ({
    name: `调解书${i + 1}.pdf`,
    mimeType: "application/pdf",
    buffer: Buffer.from(bytes),
  })));
  await waitForToast(page, "剩余使用次数不足：当前剩余 2 次，已选择 3 个文件，将只上传前 2 个");
  await page.getByText("成功上传 2 个文件").waitFor({ timeout: 15_000 });
  await page.locator(".ant-alert-error").getByText("使用次数已用完，请联系管理员充值").waitFor();

  const row = page.locator("tr.ant-table-row").filter({ hasText: "调解书1.pdf" });
  const href = await row.locator("a").getAttribute("href");
  assert.ok(href, "the row shows the link");
  assert.match(href!, new RegExp(`^${server.url}/api/pdf-links/[0-9a-f]{40}$`));
  // opened without any token, as whoever the link was sent to
  const res = await fetch(href!);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "application/pdf");
  assert.match(res.headers.get("content-disposition") ?? "", /^inline;/);
  assert.deepEqual(new Uint8Array(await res.arrayBuffer()), pdfs[0]);
  assert.equal(await page.locator("tr.ant-table-row").filter({ hasText: "调解书3.pdf" }).count(), 0);

  // with no use left, a further selection is refused in the browser
  await input.setInputFiles({
    name: "再来.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from(makePdf()),
  });
  await waitForToast(page, "使用次数已用完，请联系管理员充值");

  // history: the batch, its detail with the open count, then delete (closes nothing open) and the link dies
  await page.getByRole("tab", { name: "历史记录" }).click();
  // the batch row: its status tag tells it from the upload tab's (hidden) rows
  const batchRow = page.locator("tr.ant-table-row").filter({ hasText: "已完成" });
  await batchRow.first().waitFor();
  assert.equal(await batchRow.count(), 1);
  await batchRow.getByRole("button", { name: /查看详情/ }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByText("调解书1.pdf").waitFor();
  // at 1440 px the link column is wide enough to read, whole on hover (#16 item 4)
  const widths = await assertTableFits(dialog.locator(".ant-table-wrapper"));
  assert.ok(widths["访问链接"] >= 300, `访问链接 is ${widths["访问链接"]} px`);
  await dialog.locator("tr.ant-table-row").first().locator("a").hover();
  await page.locator(".ant-tooltip").filter({ hasText: "/api/pdf-links/" }).waitFor();
  await dialog.getByText("1 次", { exact: false }).first().waitFor();
  await dialog.getByRole("button", { name: "关 闭", exact: true }).click();
  await batchRow.getByRole("button", { name: /删\s*除/ }).click();
  await page.locator(".ant-modal-confirm").getByRole("button", { name: /删\s*除/ }).click();
  await waitForToast(page, "批次删除成功");
  const dead = await fetch(href!);
  assert.equal(dead.status, 404);
  assert.equal((await dead.json()).error, "链接不存在或已失效");

  const token = await storedToken(page);
  const { body } = await apiGet(server.url, "/api/pdf-convert/batches", token!);
  assert.deepEqual((body as { data: unknown }).data, { records: [], total: 0 });
  assertNoPageErrors(browser.pageErrors);
});
