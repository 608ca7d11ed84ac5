import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import PizZip from "pizzip";
import { docxOfLines } from "../../scripts/make_fixtures.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { seedUser, startServer } from "../helpers/server_process.ts";
import {
  apiCall,
  assertNoPageErrors,
  downloadBy,
  openSignedIn,
  signedInPage,
  storedToken,
  waitForToast,
} from "./steps.ts";

const PASSWORD = "member-pass-1";

Deno.test("/custom-ocr: create a rule, process a case folder, choose between two sources, generate a Word document with the chosen value", async () => {
  await using server = await startServer({
    seed: (kv) =>
      seedUser(kv, {
        username: "clerk",
        password: PASSWORD,
        permissions: ["dashboard", "custom_ocr_access", "ai_folder_access", "ai_muban_access"],
        quotas: { ai: 5 },
      }),
  });
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, { url: server.url, username: "clerk", password: PASSWORD });
  const token = (await storedToken(page))!;

  // A case folder in the AI folder (two files naming the defendant differently) and an output template.
  const form = new FormData();
  const files: Record<string, Uint8Array> = {
    "张三案/李四诉张三起诉状.docx": docxOfLines(
      "民事起诉状",
      "原告：李四，男",
      "被告：张山，男",
      "此致",
      "杭州市西湖区人民法院",
    ),
    "张三案/借条.docx": docxOfLines(
      "借条",
      "今借到李四人民币壹万贰仟元整（¥12,000.00），2024年1月5日。",
      "借款人：张三",
    ),
  };
  for (const [rel, bytes] of Object.entries(files)) {
    form.append("relativePaths", rel);
    form.append("files", new File([bytes as BlobPart], rel.split("/").pop()!));
  }
  await apiCall(server.url, token, "/api/aifolder/upload-folder", { method: "POST", body: form });
  const tpl = new FormData();
  tpl.append("template_name", "答辩通知");
  tpl.append(
    "template",
    new File([docxOfLines("被告：${被告}，借款金额：${借款金额|大写}") as BlobPart], "t.docx"),
  );
  await apiCall(server.url, token, "/api/ai-muban/templates", { method: "POST", body: tpl });

  await openSignedIn(page, "/custom-ocr");
  await page.getByRole("button", { name: /新建规则/ }).click();
  const dialog = page.locator(".ant-modal").filter({ hasText: "新建规则" });
  await dialog.getByPlaceholder("如 民间借贷立案").fill("民间借贷立案");
  await dialog.getByRole("button", { name: /保\s*存/ }).click();
  await waitForToast(page, "存在空的匹配规则");
  // 文件名包含 (the simple case): either word; the key defaults to the field's name.
  await dialog.getByLabel("文件名匹配").fill("起诉状、借条");
  await dialog.getByLabel("字段名称1").fill("被告");
  await dialog.getByRole("button", { name: /添加专属字段/ }).click();
  await dialog.getByLabel("字段名称2").fill("借款金额");
  await dialog.getByRole("button", { name: /保\s*存/ }).click();
  await waitForToast(page, "创建成功");

  await page.locator("tr.ant-table-row").filter({ hasText: "民间借贷立案" }).getByRole("button", {
    name: /使用此规则/,
  }).click();
  await page.getByText("当前规则：").waitFor();
  await page.getByText("文件夹处理").click();
  const folder = page.locator(".ant-tree").getByText("张三案");
  await folder.waitFor();
  await page.locator(".ant-tree-checkbox").first().click();
  await page.getByText("共 2 个文件，最多消耗 2 次AI使用").waitFor();
  await page.getByRole("button", { name: /开始处理/ }).click();
  await waitForToast(page, "全部文件夹处理完成");
  await page.getByText("提取结果").waitFor();

  const row = page.locator("tr.ant-table-row").filter({ hasText: "被告" }).first();
  await row.getByRole("button", { name: /选择来源/ }).click();
  const chooser = page.locator(".ant-modal").filter({ hasText: "选择来源" });
  await chooser.getByText("借条.docx").waitFor();
  await chooser.locator("label").filter({ hasText: "借条.docx" }).click();
  await chooser.getByRole("button", { name: /确\s*定/ }).click();
  await waitForToast(page, "更新成功");
  await page.locator("tr.ant-table-row").filter({ hasText: "借条.docx" }).first().waitFor();

  await page.locator(".ant-select").filter({ hasText: "选择输出文书模板" }).click();
  await page.locator(".ant-select-item-option").filter({ hasText: "答辩通知" }).click();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: /生成文档/ }).click();
  await waitForToast(page, "成功生成 1 个文档");
  const link = page.getByRole("button", { name: /答辩通知.*\.docx/ });
  const download = await downloadBy(page, link);
  const bytes = download.bytes;
  const text = new PizZip(bytes).file("word/document.xml")!.asText().replace(/<[^>]+>/g, "");
  assert.match(text, /被告：张三，借款金额：壹万贰仟元整/);
  assertNoPageErrors(browser.pageErrors);
});

Deno.test("/custom-ocr upload mode: files checked in the browser, routed by the rule, merged values shown", async () => {
  await using server = await startServer({
    seed: (kv) =>
      seedUser(kv, {
        username: "clerk2",
        password: PASSWORD,
        permissions: ["dashboard", "custom_ocr_access"],
        quotas: { ai: 5 },
      }),
  });
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, { url: server.url, username: "clerk2", password: PASSWORD });
  const token = (await storedToken(page))!;
  await apiCall(server.url, token, "/api/custom-ocr/rules", {
    method: "POST",
    body: JSON.stringify({
      rule_name: "起诉状要素",
      patterns: [{ pattern: "起诉状", fields: [{ key: "被告", label: "被告" }] }],
    }),
  });
  await openSignedIn(page, "/custom-ocr");
  await page.getByRole("tab", { name: "文件处理" }).click();
  await page.getByText("请先在“规则管理”中选择一个规则").waitFor();
  await page.getByRole("tab", { name: "规则管理" }).click();
  await page.locator("tr.ant-table-row").filter({ hasText: "起诉状要素" }).getByRole("button", {
    name: /使用此规则/,
  }).click();
  const input = page.locator(".ant-upload input[type=file]");
  await input.setInputFiles({ name: "备注.txt", mimeType: "text/plain", buffer: Buffer.from("x") });
  await waitForToast(page, "不支持的文件类型");
  await input.setInputFiles([
    {
      name: "起诉状.docx",
      mimeType: "application/octet-stream",
      buffer: Buffer.from(docxOfLines("民事起诉状", "被告：赵六，男")),
    },
    { name: "照片.png", mimeType: "image/png", buffer: Buffer.from([1, 2, 3]) },
  ]);
  await page.getByRole("button", { name: /开始处理/ }).click();
  await waitForToast(page, "开始处理文件");
  await page.getByText("提取结果").waitFor({ timeout: 30_000 });
  await page.locator("tr.ant-table-row").filter({ hasText: "赵六" }).waitFor();
  const limits = await apiCall(server.url, token, "/api/custom-ocr/user/limits");
  assert.equal(limits.limits.ai_limit, 4, "the unmatched photo cost nothing");
  assertNoPageErrors(browser.pageErrors);
});

Deno.test("/custom-ocr folder mode: case folders uploaded keeping both or replacing same-named files; several cases' documents in one zip", async () => {
  await using server = await startServer({
    seed: (kv) =>
      seedUser(kv, {
        username: "clerk",
        password: PASSWORD,
        permissions: ["dashboard", "custom_ocr_access", "ai_folder_access", "ai_muban_access"],
        quotas: { ai: 10 },
      }),
  });
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, { url: server.url, username: "clerk", password: PASSWORD });
  const token = (await storedToken(page))!;
  await apiCall(server.url, token, "/api/custom-ocr/rules", {
    method: "POST",
    body: JSON.stringify({
      rule_name: "起诉状被告",
      patterns: [{ pattern: ".*起诉状.*", fields: [{ key: "被告", label: "被告" }] }],
    }),
  });
  const tpl = new FormData();
  tpl.append("template_name", "送达地址确认书");
  tpl.append("template", new File([docxOfLines("受送达人：${被告}") as BlobPart], "t.docx"));
  await apiCall(server.url, token, "/api/ai-muban/templates", { method: "POST", body: tpl });
  const dir = await Deno.makeTempDir({ prefix: "cases-" });
  async function caseFolder(name: string, defendant: string): Promise<string> {
    await Deno.mkdir(`${dir}/${name}`, { recursive: true });
    await Deno.writeFile(
      `${dir}/${name}/起诉状.docx`,
      docxOfLines("民事起诉状", "原告：李四，男", `被告：${defendant}，男`),
    );
    return `${dir}/${name}`;
  }
  const filesIn = async (path: string) =>
    (await apiCall(server.url, token, `/api/aifolder/contents?path=${encodeURIComponent(path)}`)).contents
      .map((i: { name: string }) => i.name).sort();

  try {
    await openSignedIn(page, "/custom-ocr");
    await page.locator("tr.ant-table-row").filter({ hasText: "起诉状被告" }).getByRole("button", {
      name: /使用此规则/,
    }).click();
    await page.getByText("文件夹处理").click();
    const input = page.getByTestId("case-folder-input");
    const keep = page.locator("label").filter({ hasText: "保留两者" });
    await keep.waitFor();
    assert.match((await keep.getAttribute("class")) ?? "", /checked/, "keeping both is the default");
    /** Picks a folder and waits for its upload's own toast (the one before has gone). */
    const uploadCase = async (path: string) => {
      await input.setInputFiles(path);
      await waitForToast(page, "文件夹上传成功");
      await page.locator(".ant-message-notice").waitFor({ state: "detached" });
    };
    await uploadCase(await caseFolder("甲案", "王甲"));
    await uploadCase(await caseFolder("甲案", "王甲"));
    assert.deepEqual(await filesIn("甲案"), ["起诉状 (2).docx", "起诉状.docx"], "kept both");
    await page.locator("label").filter({ hasText: "替换" }).click();
    await uploadCase(await caseFolder("甲案", "王甲"));
    assert.deepEqual(await filesIn("甲案"), ["起诉状 (2).docx", "起诉状.docx"], "replaced, no third copy");
    await uploadCase(await caseFolder("乙案", "赵乙"));

    await page.locator(".ant-tree").getByText("乙案").waitFor();
    for (const name of ["甲案", "乙案"]) {
      await page.locator(".ant-tree-treenode").filter({ hasText: name }).locator(".ant-tree-checkbox")
        .click();
    }
    await page.getByRole("button", { name: /开始处理/ }).click();
    await waitForToast(page, "全部文件夹处理完成");

    const generateFor = async (name: string) => {
      await page.locator(".ant-select-single").filter({ hasText: /^[甲乙]案$/ }).click();
      await page.locator(".ant-select-item-option").filter({ hasText: name }).click();
      await page.getByRole("cell", { name: name === "甲案" ? "王甲" : "赵乙", exact: true }).waitFor();
      await page.locator(".ant-select").filter({ hasText: "选择输出文书模板" }).click();
      await page.locator(".ant-select-item-option").filter({ hasText: "送达地址确认书" }).click();
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: /生成文档/ }).click();
      await waitForToast(page, "成功生成 1 个文档");
    };
    await generateFor("甲案");
    await generateFor("乙案");
    const zipButton = page.getByRole("button", { name: /打包下载全部文书（2 个案件，2 个文件）/ });
    const download = await downloadBy(page, zipButton);
    const zip = new PizZip(download.bytes);
    const docs = Object.keys(zip.files).filter((n) => n.endsWith(".docx")).sort();
    assert.equal(docs.length, 2);
    const texts = docs.map((n) =>
      new PizZip(zip.file(n)!.asUint8Array()).file("word/document.xml")!.asText().replace(/<[^>]+>/g, "")
    );
    assert.ok(texts.some((t) => t.includes("受送达人：王甲")), texts.join(" | "));
    assert.ok(texts.some((t) => t.includes("受送达人：赵乙")), texts.join(" | "));
    assert.notEqual(docs[0].split("/")[0], docs[1].split("/")[0], "a folder per case");
    assertNoPageErrors(browser.pageErrors);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
