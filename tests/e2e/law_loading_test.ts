import assert from "node:assert/strict";
import { launchBrowser } from "../helpers/browser.ts";
import { seedUser, startServer } from "../helpers/server_process.ts";
import { LocalBlobStore } from "../../server/blobs/local_blob_store.ts";
import { systemClock } from "../../server/clock.ts";
import { importLawFolder } from "../../server/services/laws/import_laws.ts";
import { assertNoPageErrors, DESKTOP_1440, signedInPage, waitForVisible } from "./steps.ts";

const PASSWORD = "member-pass-1";
const FIXTURES = new URL("../fixtures/laws/", import.meta.url).pathname;

/**
 * A restart with a stored library (issue #24): until the search index is built, the law search page says
 * 法规库正在加载 and a search answers 法规库正在加载，请稍候再试 instead of an empty list; once the build
 * ends the page drops the banner by itself and searches. LAW_LIBRARY_HOLD_FILE holds the build until the
 * test creates the file, so the loading state lasts exactly as long as the test needs.
 */
Deno.test("/ai-law-search while the library loads: the banner and the search's loading answer, then search works", async () => {
  const hold = await Deno.makeTempDir({ prefix: "e2e-law-hold-" });
  const release = `${hold}/release`;
  try {
    await using server = await startServer({
      env: { LAW_LIBRARY_HOLD_FILE: release },
      seed: async (kv, dataDir) => {
        // Stored before the start, as on a restart: the server only has to build the index.
        const deps = { kv, blobs: new LocalBlobStore(`${dataDir}/blobs`), clock: systemClock };
        await importLawFolder(deps, FIXTURES);
        await seedUser(kv, {
          username: "mediator1",
          password: PASSWORD,
          permissions: ["ai_law_search"],
          quotas: { ai: 0 },
        });
      },
    });
    await using browser = await launchBrowser();
    const page = await signedInPage(browser, {
      url: server.url,
      username: "mediator1",
      password: PASSWORD,
      landing: "/ai-law-search",
      viewport: DESKTOP_1440,
    });
    const banner = page.getByText("法规库正在加载", { exact: true });
    await waitForVisible(page, banner);
    await page.getByText("服务器启动后正在建立检索索引").waitFor();
    const input = page.getByTestId("law-search-input").locator("input");
    await input.fill("借钱不还 利息怎么算");
    await input.press("Enter");
    await waitForVisible(page, page.getByText("法规库正在加载，请稍候再试"));
    assert.equal(await page.getByTestId("law-results").count(), 0, "no result list while loading");

    await Deno.writeTextFile(release, "");
    // The page reads the overview again every 2 s while loading and drops the banner by itself.
    await banner.waitFor({ state: "hidden" });
    await page.getByText(/法规库：\d+ 部法规/).waitFor();
    await input.press("Enter");
    await page.getByTestId("law-hit-title").first().getByText(/民间借贷/).waitFor();
    assert.equal(await page.getByText("法规库正在加载，请稍候再试").count(), 0);
    assertNoPageErrors(browser.pageErrors);
  } finally {
    await Deno.remove(hold, { recursive: true });
  }
});
