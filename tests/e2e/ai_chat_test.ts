import assert from "node:assert/strict";
import PizZip from "pizzip";
import { saveAiSettings } from "../../server/kv/ai_settings.ts";
import { loadSecretKey, sealSecret } from "../../server/services/llm/secret_box.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { fakeAnswer, sentText, startFakeOpenAi } from "../helpers/fake_openai.ts";
import { seedUser, startServer } from "../helpers/server_process.ts";
import {
  apiGet,
  assertNoPageErrors,
  downloadBy,
  openSignedIn,
  signedInPage,
  storedToken,
  waitForCount,
  waitForToast,
} from "./steps.ts";

const PASSWORD = "member-pass-1";
const AI_SECRET_KEY = "e2e-ai-secret-key-of-enough-length";
const CIVIL_CODE_MD = [
  "# 中华人民共和国民法典",
  "",
  "2020年5月28日 第十三届全国人民代表大会第三次会议通过",
  "<!-- INFO END -->",
  "",
  "第六百七十五条 借款人应当按照约定的期限返还借款。",
  "",
].join("\n");

Deno.test("/ai-chat: a preset draft streams from the fake model with a citation badge, exports to Word, and a follow-up works", async () => {
  await using fake = await startFakeOpenAi({ apiKey: "sk-e2e-key-123456" });
  const lawsDir = await Deno.makeTempDir({ prefix: "e2e-laws-" });
  await Deno.writeTextFile(`${lawsDir}/民法典_2020-05-28.md`, CIVIL_CODE_MD);
  await using server = await startServer({
    env: { AI_SECRET_KEY, LAWS_DIR: lawsDir },
    seed: async (kv) => {
      await seedUser(kv, {
        username: "clerk1",
        password: PASSWORD,
        permissions: ["dashboard", "ai_document", "ai_law_search"],
        quotas: { ai: 3 },
      });
      const key = await loadSecretKey({ aiSecretKey: AI_SECRET_KEY, dataDir: "/nonexistent" });
      await saveAiSettings(kv, {
        model: "fake-chat",
        apiKeySealed: await sealSecret(key, "sk-e2e-key-123456"),
        base_url: fake.baseUrl,
        temperature: 0.3,
        max_tokens: 1500,
        system_prompt: "你是一名法律助理。",
        enable_sensitive_filter: true,
        updatedAt: 1,
      });
    },
  });
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, { url: server.url, username: "clerk1", password: PASSWORD });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await openSignedIn(page, `${server.url}/ai-chat`);
  await page.getByText("剩余AI使用次数：3").waitFor();
  // LAWS_DIR is imported at start: wait until the library holds the law.
  const token = (await storedToken(page))!;
  for (let i = 0; i < 100; i++) {
    const overview = (await apiGet(server.url, "/api/law-search/overview", token)).body as { laws?: number };
    if ((overview.laws ?? 0) > 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }

  fake.script(fakeAnswer("", {
    chunks: [
      "2024年1月5日，被告王强向原告借款",
      "50000元。",
      "请求依据：《中华人民共和国民法典》",
      "第六百七十五条。",
    ],
    chunkDelayMs: 400,
  }));
  await page.getByRole("button", { name: "按模板起草" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("combobox", { name: "文书模板" }).click();
  await page.getByTitle("民间借贷纠纷 起诉状（要素式）").click();
  await dialog.getByLabel("原告姓名").fill("李明");
  await dialog.getByLabel("被告姓名").fill("王强");
  await dialog.getByLabel("借款本金（元）").fill("50000");
  await dialog.getByRole("button", { name: "生成文书" }).click();

  // The fixed blocks come from code at once; the narrative streams in; then the badge.
  const answer = page.locator("[data-role=assistant]").last();
  await page.getByRole("button", { name: /停\s*止/ }).waitFor();
  await answer.getByText("原告：李明，〔待填写：原告性别〕", { exact: false }).waitFor();
  await answer.getByText("2024年1月5日，被告王强向原告借款50000元。").waitFor();
  const badge = answer.locator("[data-citation]");
  await badge.waitFor();
  assert.equal(await badge.innerText(), "✓ 现行");
  // 「插入法条」: the article's exact text from the library goes into the question box.
  await badge.click();
  await page.getByText("借款人应当按照约定的期限返还借款。").waitFor();
  await page.getByRole("button", { name: "插入法条" }).click();
  assert.equal(
    await page.getByLabel("输入问题").inputValue(),
    "《中华人民共和国民法典》第六百七十五条：借款人应当按照约定的期限返还借款。",
  );
  await page.getByLabel("输入问题").fill("");
  await page.keyboard.press("Escape");
  await page.getByText("剩余AI使用次数：2").waitFor();

  const download = await downloadBy(page, answer.getByRole("button", { name: "导出Word" }));
  assert.equal(download.name, "民事起诉状.docx");
  const xml = new PizZip(download.bytes).file("word/document.xml")!.asText();
  assert.match(xml, /原告：李明/);
  assert.match(xml, /被告：王强/);
  assert.match(xml, /仿宋_GB2312/);

  // Save as a personal template: the parties become placeholders.
  await answer.getByRole("button", { name: "存为模板" }).click();
  await page.getByLabel("模板名称").fill("借贷起诉状模板");
  await page.getByRole("button", { name: /保\s*存/ }).click();
  await waitForToast(page, "已保存为模板：借贷起诉状模板.docx");

  // A follow-up question gets a new version with the draft in its history.
  fake.script(fakeAnswer("已将利息计算改为按LPR四倍。"));
  await page.getByLabel("输入问题").fill("把利息计算改为按LPR四倍");
  await page.getByRole("button", { name: /发\s*送/ }).click();
  await page.getByText("已将利息计算改为按LPR四倍。").waitFor();
  await page.getByText("剩余AI使用次数：1").waitFor();
  assert.match(sentText(fake), /原告：李明/, "the draft went back to the model as history");
  // The conversation is listed under the preset's title.
  await page.locator(".ant-list-item").filter({ hasText: "民间借贷纠纷 起诉状（要素式）" }).waitFor();

  // A free question in a new conversation: once answered, the chat's header shows the conversation's
  // title (its first question), as the list does, not 新对话; the last use gone, the page says so.
  await page.getByRole("button", { name: "新对话" }).click();
  fake.script(fakeAnswer("可以。"));
  await page.getByLabel("输入问题").fill("借条丢了还能起诉吗");
  await page.getByRole("button", { name: /发\s*送/ }).click();
  await page.getByText("可以。", { exact: true }).waitFor();
  await page.locator(".ant-list-item").filter({ hasText: "借条丢了还能起诉吗" }).waitFor();
  await page.locator(".ant-card-head-title").getByText("借条丢了还能起诉吗").waitFor();
  await page.getByText("剩余AI使用次数：0").waitFor();
  await page.getByText("您的AI使用次数不足，请联系管理员充值").waitFor();
  assertNoPageErrors(errors);
  await Deno.remove(lawsDir, { recursive: true });
});

Deno.test("/ai-chat without a model: the page says so, free chat is refused, a preset still gives the form with gaps", async () => {
  await using server = await startServer({
    seed: (kv) =>
      seedUser(kv, {
        username: "clerk2",
        password: PASSWORD,
        permissions: ["dashboard", "ai_document"],
        quotas: { ai: 3 },
      }),
  });
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, { url: server.url, username: "clerk2", password: PASSWORD });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await openSignedIn(page, `${server.url}/ai-chat`);
  await page.getByText("管理员尚未配置AI模型", { exact: true }).waitFor();
  await page.getByLabel("输入问题").fill("借款到期不还怎么办？");
  await page.getByRole("button", { name: /发\s*送/ }).click();
  // The question is not kept as if answered, the click is answered with the reason, and no empty
  // conversation is left behind in the list; the warning stays.
  await waitForToast(page, "管理员尚未配置AI模型");
  // the list is reloaded after the refusal: wait for it to settle, then it is empty
  await waitForCount(page.locator(".ant-list-item"), 0);
  await page.getByText("暂无对话").waitFor();
  assert.equal(await page.locator("[data-role=assistant]").count(), 0);
  assert.equal(
    await page.getByLabel("输入问题").inputValue(),
    "借款到期不还怎么办？",
    "the text is given back",
  );
  await page.locator(".ant-alert").getByText("管理员尚未配置AI模型", { exact: true }).waitFor();

  await page.getByRole("button", { name: "按模板起草" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("combobox", { name: "文书模板" }).click();
  await page.getByTitle("离婚纠纷 起诉状（要素式）").click();
  await dialog.getByLabel("原告姓名").fill("张丽");
  await dialog.getByRole("button", { name: "生成文书" }).click();
  const answer = page.locator("[data-role=assistant]").last();
  await answer.getByText("〔待撰写：事实与理由。管理员尚未配置AI模型，请手工填写〕").waitFor();
  await answer.getByText("原告：张丽，〔待填写：原告性别〕", { exact: false }).waitFor();
  await page.getByText("剩余AI使用次数：3").waitFor();
  assertNoPageErrors(errors);
});
