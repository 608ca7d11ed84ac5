/**
 * Issue #17 finding 3 in the browser: with the server's Content-Security-Policy on, every page of the
 * route table renders without a CSP violation, and a violation would be caught (the browser helper
 * turns Chromium's "Content Security Policy" console errors into page errors).
 */
import assert from "node:assert/strict";
import { PAGE_ACCESS } from "../../common/permissions.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { E2E_ADMIN_PASSWORD, E2E_ADMIN_USERNAME, startServer } from "../helpers/server_process.ts";
import { openLoginPage, signedInPage, waitForPath } from "./steps.ts";

function cspErrors(errors: string[]): string[] {
  return errors.filter((e) => /Content Security Policy/i.test(e));
}

Deno.test("every page renders under the CSP; an inline script would be refused and reported", async () => {
  await using server = await startServer();
  await using browser = await launchBrowser();

  const login = await browser.newPage(server.url);
  const response = await login.goto("/login");
  const csp = response?.headers()["content-security-policy"] ?? "";
  assert.match(csp, /script-src 'self'(;|$)/);
  assert.match(csp, /frame-ancestors 'none'/);
  await openLoginPage(login); // the captcha is a data: image
  assert.deepEqual(cspErrors(browser.pageErrors), []);

  const page = await signedInPage(browser, {
    url: server.url,
    username: E2E_ADMIN_USERNAME,
    password: E2E_ADMIN_PASSWORD,
  });
  for (const path of Object.keys(PAGE_ACCESS)) {
    await page.goto(path);
    await waitForPath(page, path);
    await page.locator("main").first().waitFor();
    await page.waitForLoadState("networkidle");
    assert.deepEqual(cspErrors(browser.pageErrors), [], path);
  }

  // The detector works: an inline script is refused, and the refusal shows up as a page error.
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__inlineRan = true";
    document.body.append(script);
  });
  assert.equal(
    await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan),
    undefined,
  );
  await page.waitForTimeout(200);
  assert.equal(cspErrors(browser.pageErrors).length, 1, browser.pageErrors.join("\n"));
});
