import assert from "node:assert/strict";
import { launchBrowser } from "../helpers/browser.ts";
import { seedUser, startServer } from "../helpers/server_process.ts";
import {
  apiGet,
  assertNoPageErrors,
  DESKTOP_1440,
  signedInPage,
  storedToken,
  waitForVisible,
} from "./steps.ts";

const PASSWORD = "member-pass-1";
const FIXTURES = new URL("../fixtures/laws/", import.meta.url).pathname;

Deno.test("/ai-law-search: LAWS_DIR imported at start; search opens the article in its chapter; citation check badges", async () => {
  await using server = await startServer({
    env: { LAWS_DIR: FIXTURES },
    seed: (kv) =>
      seedUser(kv, {
        username: "mediator1",
        password: PASSWORD,
        permissions: ["ai_law_search"],
        quotas: { ai: 0 },
      }),
  });
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, {
    url: server.url,
    username: "mediator1",
    password: PASSWORD,
    landing: "/ai-law-search",
    viewport: DESKTOP_1440,
  });
  // The library is imported in the background at start: wait until it is there.
  const token = (await storedToken(page))!;
  for (let i = 0; i < 100; i++) {
    const { body } = await apiGet(server.url, "/api/law-search/overview", token);
    if ((body as { laws: number }).laws > 0) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  await page.reload();
  await waitForVisible(page, page.getByTestId("law-search-input").locator("input"));

  // An explicit citation answers that article first, opened in its chapter with its neighbours.
  await page.getByTestId("law-search-input").locator("input").fill("民法典第1165条");
  await page.getByTestId("law-search-input").locator("input").press("Enter");
  // A query that is only a citation opens the article at once; the list shows it first too.
  const view = page.getByTestId("article-view");
  await view.waitFor();
  assert.equal(
    await page.locator(".ant-drawer-title").textContent(),
    "中华人民共和国民法典 第一千一百六十五条",
  );
  await view.getByText("侵权责任编 › 第一章 一般规定").waitFor();
  await view.getByText("第一千一百六十四条").waitFor();
  await view.getByText(/行为人因过错侵害他人民事权益造成损害的/).first().waitFor();
  await page.keyboard.press("Escape");
  assert.equal(
    await page.getByTestId("law-hit-title").first().textContent(),
    "中华人民共和国民法典 第一千一百六十五条",
  );
  // From the list: a click opens the article; a click on a neighbour opens that one.
  await page.getByTestId("law-hit-title").first().click();
  await view.locator("a", { hasText: "第一千一百六十六条" }).click();
  await page.locator(".ant-drawer-title").getByText("中华人民共和国民法典 第一千一百六十六条").waitFor();
  await page.keyboard.press("Escape");

  // A colloquial question finds the loan rules.
  await page.getByTestId("law-search-input").locator("input").fill("借钱不还 利息怎么算");
  await page.getByTestId("law-search-input").locator("input").press("Enter");
  await page.getByTestId("law-hit-title").first().getByText(/民间借贷/).waitFor();

  // A citation of a law the library lacks: the law is named, the articles that quote it are listed.
  await page.getByTestId("law-search-input").locator("input").fill("婚姻法第十七条");
  await page.getByTestId("law-search-input").locator("input").press("Enter");
  await page.getByTestId("law-missing").getByText(/法规库中没有《婚姻法》，以下是引用该条文的规定/).waitFor();
  await page.getByTestId("law-hit-title").first().getByText(/婚姻法》若干问题的解释/)
    .waitFor();

  // A cited article the law does not have is named.
  await page.getByTestId("law-search-input").locator("input").fill("民法典第1300条");
  await page.getByTestId("law-search-input").locator("input").press("Enter");
  await page.getByTestId("law-missing-article")
    .getByText("法规库中的《中华人民共和国民法典》没有第一千三百条，请核对条文序号。").waitFor();

  // Citation check.
  await page.getByRole("tab", { name: "引用核对" }).click();
  await page.getByTestId("citation-input").fill(
    "依据民法典第1300条的规定，原告有权请求被告赔偿。根据《合同法》第一百零七条，应当承担违约责任。" +
      "依照《中华人民共和国民事诉讼法》第一百二十二条起诉。",
  );
  await page.getByTestId("citation-check").click();
  const badges = page.getByTestId("citation-results").getByTestId("citation-badge");
  await badges.nth(2).waitFor();
  assert.deepEqual(await badges.allTextContents(), ["✗ 不存在", "✗ 已废止", "✓ 现行"]);

  // No model configured: the ask tab says why; search and check stay usable.
  await page.getByRole("tab", { name: "AI问答" }).click();
  await page.getByText("管理员尚未配置AI模型").waitFor();
  assertNoPageErrors(browser.pageErrors);
});
