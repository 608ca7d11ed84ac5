import assert from "node:assert/strict";
import { LocalBlobStore } from "../../server/blobs/local_blob_store.ts";
import { userItemKey } from "../../server/blobs/blob_keys.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { seedUser, startServer } from "../helpers/server_process.ts";
import {
  ADMIN_LOGIN,
  assertNoPageErrors,
  openSignedIn,
  signedInPage,
  waitForCount,
  waitForToast,
} from "./steps.ts";

Deno.test("/storage-manager: a member sees and deletes their own items; the administrator sees everyone's", async () => {
  const ids = { alice: 0, bob: 0 };
  await using server = await startServer({
    seed: async (kv) => {
      ids.alice =
        (await seedUser(kv, { username: "alice", password: "alice-pass-1", permissions: ["storage_manage"] }))
          .id;
      ids.bob = (await seedUser(kv, { username: "bob", password: "bob-pass-1", role: "角色-alice" })).id;
    },
  });
  // files under the key convention, written through the blob store as the features write them
  const blobs = new LocalBlobStore(`${server.dataDir}/blobs`);
  await blobs.put(userItemKey(ids.alice, "templates", "tpl1", "original.docx"), new Uint8Array(1536));
  await blobs.put(userItemKey(ids.alice, "generated", "batch1", "all.zip"), new Uint8Array(2048));
  await blobs.put(userItemKey(ids.bob, "excel_batch", "b9", "out.zip"), new Uint8Array(3 * 1024 * 1024));

  await using browser = await launchBrowser();
  // storage_manage is alice's only page permission: sign-in lands there (web/auth/guard.ts firstAllowedLanding)
  const page = await signedInPage(browser, {
    url: server.url,
    username: "alice",
    password: "alice-pass-1",
    landing: "/storage-manager",
  });
  const mine = page.locator(".ant-card").filter({ hasText: "我的存储" });
  await mine.getByText("3.5 KB").waitFor();
  await mine.getByRole("cell", { name: "我的模板" }).waitFor();
  assert.equal(await page.getByText("数据目录").count(), 0, "members do not see the data folder");
  assert.equal(await page.getByText("用户存储").count(), 0, "members do not see other users");
  await page.locator(".ant-card").filter({ hasText: "自动清理" }).getByText("尚未运行").waitFor();

  const list = page.locator(".ant-card").filter({ hasText: "文件列表" });
  await list.getByRole("cell", { name: "batch1" }).waitFor();
  assert.equal(await list.getByRole("cell", { name: "b9" }).count(), 0);
  await list.getByRole("row", { name: /batch1/ }).getByRole("button", { name: /删\s*除/ }).click();
  const confirm = page.getByRole("dialog").filter({ hasText: "确定要删除「模板文书生成 / batch1」" });
  await confirm.getByRole("button", { name: /删\s*除/ }).click();
  await waitForToast(page, "删除成功");
  await mine.getByText("1.5 KB").first().waitFor();
  // the summary and the file list reload separately: wait for the list to drop the batch
  await waitForCount(list.getByRole("cell", { name: "batch1" }), 0);
  assertNoPageErrors(browser.pageErrors);

  const admin = await signedInPage(browser, { url: server.url, ...ADMIN_LOGIN });
  // The list of everyone's files is held back until bob's list is shown, then let through: coming
  // last, it must not replace bob's list (newest request wins, web/components/latest_request.ts).
  const isItemsList = (url: URL) => url.pathname === "/api/storage/items";
  let everyoneSent = () => {};
  const everyoneHeld = new Promise<void>((resolve) => everyoneSent = resolve);
  let releaseEveryone = () => {};
  const everyoneReleased = new Promise<void>((resolve) => releaseEveryone = resolve);
  await admin.route(isItemsList, async (route) => {
    if (!new URL(route.request().url()).searchParams.has("userId")) {
      everyoneSent();
      await everyoneReleased;
    }
    await route.continue();
  });
  await openSignedIn(admin, "/storage-manager");
  const users = admin.locator(".ant-card").filter({ hasText: "用户存储" });
  await users.getByRole("row", { name: /bob.*3\.0 MB/ }).waitFor();
  await users.getByRole("row", { name: /alice.*1\.5 KB/ }).waitFor();
  await admin.locator(".ant-card").filter({ hasText: "数据目录" }).getByText("总占用").waitFor();
  await everyoneHeld;
  await users.getByRole("row", { name: /bob/ }).getByRole("button", { name: "查看文件" }).click();
  const adminList = admin.locator(".ant-card").filter({ hasText: "文件列表" });
  await adminList.getByRole("cell", { name: "b9" }).waitFor(); // only bob's answer has come
  const everyone = admin.waitForResponse((res) =>
    isItemsList(new URL(res.url())) && !new URL(res.url()).searchParams.has("userId")
  );
  releaseEveryone();
  await (await everyone).finished();
  // two frames: the page has taken the late answer (and, before the fix, shown it)
  await admin.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  assert.equal(await adminList.getByRole("cell", { name: "tpl1" }).count(), 0, "bob's list was replaced");
  await adminList.getByRole("cell", { name: "b9" }).waitFor();
  await admin.unroute(isItemsList);

  // A failed load says so and offers a retry, instead of an empty page.
  await admin.route("**/api/storage/summary", (route) => route.fulfill({ status: 500, body: "" }));
  await admin.reload();
  await admin.getByText("获取存储信息失败").first().waitFor();
  await admin.unroute("**/api/storage/summary");
  await admin.getByRole("button", { name: "重新加载" }).click();
  await admin.locator(".ant-card").filter({ hasText: "用户存储" }).getByRole("row", { name: /bob/ })
    .waitFor();
  assertNoPageErrors(browser.pageErrors);
});
