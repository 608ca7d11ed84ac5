import assert from "node:assert/strict";
import { launchBrowser } from "../helpers/browser.ts";
import { E2E_ADMIN_PASSWORD, E2E_ADMIN_USERNAME, startServer } from "../helpers/server_process.ts";
import { apiGet, DESKTOP_1440, openSignedIn, signedInPage, storedToken } from "./steps.ts";

/**
 * A fresh install with no law set-up (issue #24): the built-in national corpus is imported at the first
 * start while the screen shows 正在导入法规库 x/y, then search finds laws only that corpus has. The one
 * browser test that imports all 1 510 files (about 20 CPU seconds).
 */
Deno.test("/ai-law-search on a fresh install: the built-in corpus is imported with progress on the screen, then searched", async () => {
  await using server = await startServer({ env: { LAWS_BUILTIN: "true" } });
  await using browser = await launchBrowser();
  const page = await signedInPage(browser, {
    url: server.url,
    username: E2E_ADMIN_USERNAME,
    password: E2E_ADMIN_PASSWORD,
    viewport: DESKTOP_1440,
  });
  await openSignedIn(page, "/ai-law-search");
  await page.getByText(/正在导入法规库/).first().waitFor();
  const shot = Deno.env.get("LAW_CORPUS_SCREENSHOT");
  if (shot) await page.screenshot({ path: shot });
  const token = (await storedToken(page))!;
  let overview: { laws: number; importing: unknown } = { laws: 0, importing: {} };
  for (let i = 0; i < 600 && (overview.importing || overview.laws === 0); i++) {
    await new Promise((r) => setTimeout(r, 500));
    overview = (await apiGet(server.url, "/api/law-search/overview", token)).body as typeof overview;
  }
  assert.equal(overview.importing, null);
  assert.ok(overview.laws > 1400, `${overview.laws} laws`);
  // The page polls the progress and drops the banner by itself once the library is ready.
  await page.getByText(/正在导入法规库/).first().waitFor({ state: "hidden" });
  await page.getByText(/法规库：\d{4} 部法规/).waitFor();

  await page.getByTestId("law-search-input").locator("input").fill("居民身份证的有效期");
  await page.getByTestId("law-search-input").locator("input").press("Enter");
  await page.getByTestId("law-hit-title").getByText(/中华人民共和国居民身份证法/).first().waitFor();
});
