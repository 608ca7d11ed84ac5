/**
 * The reader's reduced-motion setting (web/components/reduced_motion.ts): with it, a dialog opens in
 * place with no zoom; without it, antd's zoom runs as before.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { launchBrowser } from "../helpers/browser.ts";
import { startServer } from "../helpers/server_process.ts";
import { ADMIN_LOGIN, openSignedIn, signInThroughPage, waitForPageReady, waitForPath } from "./steps.ts";

/** Opens the 新增角色 dialog and returns every class a dialog box had while it opened. */
async function dialogClassesWhileOpening(page: Page): Promise<string[]> {
  await openSignedIn(page, "/role-manager");
  await waitForPageReady(page, "角色管理");
  await page.evaluate(() => {
    const seen: string[] = [];
    (globalThis as unknown as { __dialogClasses: string[] }).__dialogClasses = seen;
    const note = (el: Element) => {
      if (el.classList.contains("ant-modal")) seen.push(el.className);
      el.querySelectorAll(".ant-modal").forEach((modal) => seen.push(modal.className));
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.target instanceof Element) note(record.target);
        record.addedNodes.forEach((node) => node instanceof Element && note(node));
      }
    }).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["class"],
    });
  });
  await page.getByRole("button", { name: /新增角色/ }).click();
  await page.getByRole("dialog", { name: "新增角色" }).waitFor();
  return await page.evaluate(() => (globalThis as unknown as { __dialogClasses: string[] }).__dialogClasses);
}

Deno.test("with reduced motion a dialog opens without zooming; without it, it zooms in", async () => {
  await using server = await startServer();
  await using browser = await launchBrowser();
  for (const reducedMotion of ["reduce", "no-preference"] as const) {
    const page = await browser.newPage(server.url, { reducedMotion });
    await signInThroughPage(page, ADMIN_LOGIN.username, ADMIN_LOGIN.password);
    await waitForPath(page, "/dashboard");
    const classes = await dialogClassesWhileOpening(page);
    assert.ok(classes.length > 0, "the dialog box was seen");
    // antd measures a dialog in its "prepare" phase (unscaled) either way; the zoom itself is the
    // "start" (scaled down) and "active" (growing) phases.
    const zoomed = classes.some((c) => /\bant-zoom-(enter|appear)-(start|active)\b/.test(c));
    assert.equal(zoomed, reducedMotion === "no-preference", `${reducedMotion}: ${classes.join(" / ")}`);
  }
});
