import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { launchBrowser } from "../helpers/browser.ts";
import { seedUser, startServer } from "../helpers/server_process.ts";
import {
  apiGet,
  assertNoPageErrors,
  downloadBy,
  openSignedIn,
  signedInPage,
  storedToken,
  waitForToast,
} from "./steps.ts";

const PASSWORD = "member-pass-1";

function row(page: Page, name: string) {
  return page.locator("tr.ant-table-row").filter({ has: page.getByText(name, { exact: true }) });
}

/** A case folder on disk: 张三诉李四 with a sub-folder, as a clerk would pick it. */
async function caseFolder(): Promise<string> {
  const root = await Deno.makeTempDir({ prefix: "ai-folder-e2e-" });
  const dir = `${root}/张三诉李四`;
  await Deno.mkdir(`${dir}/证据`, { recursive: true });
  await Deno.writeTextFile(`${dir}/起诉状.txt`, "原告张三诉被告李四");
  await Deno.writeFile(`${dir}/证据/借条.jpg`, new Uint8Array(3 * 1024));
  await Deno.writeFile(`${dir}/证据/转账记录.pdf`, new Uint8Array(1536 * 1024));
  return dir;
}

Deno.test("/ai-folder: upload a folder through the picker, browse with tree and breadcrumb, rename, batch delete", async () => {
  await using server = await startServer({
    seed: async (kv) => {
      await seedUser(kv, {
        username: "clerk",
        password: PASSWORD,
        permissions: ["dashboard", "ai_folder_access"],
      });
    },
  });
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, { url: server.url, username: "clerk", password: PASSWORD });
  await openSignedIn(page, "/ai-folder");
  await page.getByText("暂无文件夹").waitFor();

  const dir = await caseFolder();
  // Hold the batch a moment so its busy text can be read.
  let release = () => {};
  const held = new Promise<void>((resolve) => release = resolve);
  await page.route("**/api/aifolder/upload-folder", async (route) => {
    await held;
    await route.continue();
  });
  try {
    await page.getByTestId("folder-input").setInputFiles(dir);
    await page.getByText("正在上传第 1/1 批文件...").waitFor();
    release();
    await waitForToast(page, "文件夹上传成功");
  } finally {
    await Deno.remove(dir.slice(0, dir.lastIndexOf("/")), { recursive: true });
  }
  // The tree pane's 删除 waits for a checked folder (#27).
  await page.locator(".ant-tree").getByText("张三诉李四").waitFor();
  assert.equal(await page.getByRole("button", { name: "删除选中文件夹" }).isDisabled(), true);
  // The tree shows the case folder; opening it from the tree lists its contents.
  await page.locator(".ant-tree").getByText("张三诉李四").click();
  await row(page, "证据").waitFor();
  const file = row(page, "起诉状.txt");
  await file.waitFor();
  assert.match(await file.innerText(), /TXT/);
  assert.match(await file.innerText(), /27 B/);
  // Into the sub-folder by its name in the table; sizes in KB and MB.
  await row(page, "证据").getByRole("button", { name: "证据" }).click();
  await row(page, "借条.jpg").waitFor();
  assert.match(await row(page, "借条.jpg").innerText(), /3\.0 KB/);
  assert.match(await row(page, "转账记录.pdf").innerText(), /1\.5 MB/);
  // A click on an image or a PDF previews it (#27).
  await row(page, "借条.jpg").getByRole("button", { name: "借条.jpg" }).click();
  const preview = page.locator(".ant-modal").filter({ hasText: "借条.jpg" });
  await preview.locator("img[alt='借条.jpg']").waitFor();
  await preview.locator(".ant-modal-footer").getByRole("button", { name: /关\s*闭/ }).click();
  await row(page, "转账记录.pdf").getByRole("button", { name: "转账记录.pdf" }).click();
  const pdf = page.locator(".ant-modal").filter({ hasText: "转账记录.pdf" });
  await pdf.locator("iframe[title='转账记录.pdf']").waitFor();
  await pdf.locator(".ant-modal-footer").getByRole("button", { name: /关\s*闭/ }).click();
  const crumbs = page.locator(".ant-breadcrumb");
  assert.equal(await crumbs.locator("a").count(), 2, "every crumb but the last is clickable");
  await crumbs.getByText("张三诉李四").click();
  await row(page, "证据").waitFor();
  // Any other file is downloaded.
  const saved = await downloadBy(page, row(page, "起诉状.txt").getByRole("button", { name: "起诉状.txt" }));
  assert.equal(saved.name, "起诉状.txt");
  assert.equal(new TextDecoder().decode(saved.bytes), "原告张三诉被告李四");

  // Toolbar rename: only with exactly one row selected.
  const toolbarRename = page.locator(".ant-card-extra").getByRole("button", { name: /重命名/ });
  assert.equal(await toolbarRename.isDisabled(), true);
  await row(page, "起诉状.txt").locator(".ant-checkbox-input").check();
  assert.equal(await toolbarRename.isDisabled(), false);
  await row(page, "证据").locator(".ant-checkbox-input").check();
  assert.equal(await toolbarRename.isDisabled(), true);
  await row(page, "证据").locator(".ant-checkbox-input").uncheck();
  await toolbarRename.click();
  const dialog = page.locator(".ant-modal").filter({ hasText: "重命名" });
  const input = dialog.getByRole("textbox");
  // Only the name is selected, not its extension: typing replaces 起诉状 and keeps .txt (#27).
  await page.waitForFunction(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return el?.value === "起诉状.txt" && el.selectionStart === 0 && el.selectionEnd === 3;
  });
  await input.fill("起诉状.txt");
  await dialog.getByRole("button", { name: /确\s*定/ }).click();
  await dialog.getByText("新名称不能与原名称相同").waitFor();
  await input.fill("起诉状|定稿.txt");
  await dialog.getByText("名称不能包含特殊字符").waitFor();
  await input.fill("起诉状-定稿.txt");
  await dialog.getByRole("button", { name: /确\s*定/ }).click();
  await waitForToast(page, "重命名成功");
  await row(page, "起诉状-定稿.txt").waitFor();

  // New folder, then delete two rows at once with the confirmation.
  await page.getByRole("button", { name: /新建文件夹/ }).click();
  const create = page.locator(".ant-modal").filter({ hasText: "新建文件夹" });
  await create.getByRole("textbox").fill("判决书");
  await create.getByRole("button", { name: /确\s*定/ }).click();
  await waitForToast(page, "创建成功");
  await row(page, "判决书").waitFor();
  await row(page, "判决书").locator(".ant-checkbox-input").check();
  await row(page, "起诉状-定稿.txt").locator(".ant-checkbox-input").check();
  await page.locator(".ant-card-extra").getByRole("button", { name: /删\s*除/ }).last().click();
  await page.getByText("确定要删除选中的 2 个项目吗？").waitFor();
  await page.locator(".ant-modal-confirm").getByRole("button", { name: /删\s*除/ }).click();
  await waitForToast(page, "批量删除成功");
  await row(page, "判决书").waitFor({ state: "detached" });
  assert.equal(await page.locator("tr.ant-table-row").count(), 1);

  // Per-row delete of the folder asks with the spec's title and text.
  await row(page, "证据").getByRole("button", { name: /删\s*除/ }).click();
  await page.locator(".ant-modal-confirm-title").getByText("警告").waitFor();
  await page.getByText('确定要删除文件夹 "证据" 吗？').waitFor();
  await page.locator(".ant-modal-confirm").getByRole("button", { name: /删\s*除/ }).click();
  await waitForToast(page, "删除成功");

  const token = await storedToken(page);
  const listed = await apiGet(
    server.url,
    `/api/aifolder/contents?path=${encodeURIComponent("张三诉李四")}`,
    token!,
  );
  assert.deepEqual((listed.body as { contents: unknown[] }).contents, []);

  // The tree's select-all and delete remove the case folder.
  await page.locator(".ant-card").filter({ hasText: "全选" }).getByText("全选").click();
  await page.locator(".ant-card").filter({ hasText: "全选" }).getByRole("button", { name: /删\s*除/ })
    .click();
  await page.getByText("确定要删除选中的 1 个文件夹吗？").waitFor();
  await page.locator(".ant-modal-confirm").getByRole("button", { name: /删\s*除/ }).click();
  await waitForToast(page, "批量删除成功");
  await page.getByText("暂无文件夹").waitFor();
  assertNoPageErrors(browser.pageErrors);
});

Deno.test("/ai-folder: a member without ai_folder_access is sent to /dashboard", async () => {
  await using server = await startServer({
    seed: (kv) => seedUser(kv, { username: "plain", password: PASSWORD, permissions: ["dashboard"] }),
  });
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, { url: server.url, username: "plain", password: PASSWORD });
  await page.goto("/ai-folder");
  await waitForToast(page, "没有访问权限");
  await page.waitForURL((u) => u.pathname === "/dashboard");
  assertNoPageErrors(browser.pageErrors);
});
