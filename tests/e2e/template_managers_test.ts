import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import {
  buildBrokenTemplate,
  buildMediationTemplate,
  buildNoVariableTemplate,
  buildSimpleTemplate,
} from "../../scripts/make_fixtures.ts";
import type { Page } from "playwright-core";
import { launchBrowser } from "../helpers/browser.ts";
import { seedUser, startServer } from "../helpers/server_process.ts";
import {
  apiGet,
  assertNoPageErrors,
  downloadBy,
  openSignedIn,
  signInThroughPage,
  storedToken,
  waitForPath,
  waitForToast,
} from "./steps.ts";

const PASSWORD = "member-pass-1";
const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

async function uploadFile(page: Page, name: string, bytes: Uint8Array, mimeType = DOCX_MIME) {
  await page.locator("input[type=file]").first().setInputFiles({
    name,
    mimeType,
    buffer: Buffer.from(bytes),
  });
}

function rowOf(page: Page, fileName: string) {
  return page.locator("tr.ant-table-row").filter({ hasText: fileName });
}

Deno.test("/my-templates: upload checks, the variables of an uploaded template, download, delete; private to its owner", async () => {
  await using server = await startServer({
    seed: async (kv) => {
      await seedUser(kv, { username: "member1", password: PASSWORD, permissions: ["my_template"] });
      await seedUser(kv, { username: "member2", password: PASSWORD, permissions: ["my_template"] });
    },
  });
  await using browser = await launchBrowser();
  const page = await browser.newPage(server.url);
  await signInThroughPage(page, "member1", PASSWORD);
  await waitForPath(page, "/my-templates");
  await page.getByText("我的模板列表").waitFor();

  // checked in the browser before sending
  await uploadFile(page, "起诉状.doc", new Uint8Array([1, 2, 3]), "application/msword");
  await waitForToast(page, "只能上传Word文档(.docx)!");
  // checked by the server: the malformed placeholder is named with its context
  await uploadFile(page, "坏模板.docx", buildBrokenTemplate());
  const broken = page.locator(".ant-message-notice").filter({ hasText: "模板格式错误：" });
  await broken.waitFor();
  assert.match(await broken.innerText(), /\$\{申请人/);
  // saved, with a warning
  await uploadFile(page, "无变量.docx", buildNoVariableTemplate());
  await waitForToast(page, "模板中未找到 ${变量名} 格式的变量");
  await rowOf(page, "无变量.docx").getByText("无变量", { exact: true }).waitFor();

  const uploaded = buildSimpleTemplate();
  await uploadFile(page, "调解书.docx", uploaded);
  await waitForToast(page, "模板上传成功");
  const row = rowOf(page, "调解书.docx");
  await row.waitFor();
  assert.deepEqual(await row.locator(".ant-tag").allInnerTexts(), ["${案号}", "${申请人}", "${被申请人}"]);
  // no preview in the personal manager (part 2 §2.6)
  assert.equal(await page.getByRole("button", { name: /预\s*览/ }).count(), 0);

  const download = await downloadBy(page, row.getByRole("button", { name: /下\s*载/ }));
  assert.equal(download.name, "调解书.docx");
  const saved = download.bytes;
  assert.deepEqual(saved, uploaded);

  // delete asks first; cancelling keeps the row
  await rowOf(page, "无变量.docx").getByRole("button", { name: /删\s*除/ }).click();
  await page.getByText("确定要删除模板“无变量.docx”吗？").waitFor();
  await page.locator(".ant-modal-confirm").getByRole("button", { name: /取\s*消/ }).click();
  await rowOf(page, "无变量.docx").getByRole("button", { name: /删\s*除/ }).click();
  await page.locator(".ant-modal-confirm").getByRole("button", { name: /删\s*除/ }).click();
  await waitForToast(page, "删除成功");
  await rowOf(page, "无变量.docx").waitFor({ state: "detached" });
  assert.equal(await page.locator("tr.ant-table-row").count(), 1);

  // another member sees none of them
  const other = await browser.newPage(server.url);
  await signInThroughPage(other, "member2", PASSWORD);
  await waitForPath(other, "/my-templates");
  await other.getByText("暂无模板").waitFor();
  assert.equal(await other.locator("tr.ant-table-row").count(), 0);
  assertNoPageErrors(browser.pageErrors);
});

Deno.test("/template-manager: the preview dialog lists a system template's variables in document order", async () => {
  await using server = await startServer({
    seed: (kv) =>
      seedUser(kv, {
        username: "curator",
        password: PASSWORD,
        permissions: ["dashboard", "template_manage"],
      }),
  });
  await using browser = await launchBrowser();
  const page = await browser.newPage(server.url);
  await signInThroughPage(page, "curator", PASSWORD);
  await waitForPath(page, "/dashboard");
  await openSignedIn(page, "/template-manager");
  await uploadFile(page, "民事调解书.docx", buildMediationTemplate());
  await waitForToast(page, "模板上传成功");
  const token = await storedToken(page);
  const listed = await apiGet(server.url, "/api/templates/list", token!);
  const variables = (listed.body as { templates: { variables: string[] }[] }).templates[0].variables;

  await rowOf(page, "民事调解书.docx").getByRole("button", { name: /预\s*览/ }).click();
  const dialog = page.locator(".ant-modal").filter({ hasText: "模板变量：民事调解书.docx" });
  await dialog.waitFor();
  const tags = await dialog.locator(".ant-tag").allInnerTexts();
  assert.ok(variables.length >= 5, `variables: ${variables.join(" ")}`);
  assert.deepEqual(tags, variables.map((name) => "${" + name + "}"));
  assert.ok(tags.includes("${申请人}") && tags.includes("${被申请人}"), tags.join(" "));
  await dialog.getByText(`共 ${tags.length} 个变量（按文档中出现的顺序）`).waitFor();
  assertNoPageErrors(browser.pageErrors);
});
