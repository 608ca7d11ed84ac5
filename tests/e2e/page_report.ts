/**
 * What a browser test says when one of its waits fails: the page as it was then (address, element
 * under the mouse, focus, dialogs, pop-ups, toasts, last clicks, content, a screenshot), so a
 * failure on a loaded CI machine can be read from the log alone (#16 flaky tests). The toasts and
 * clicks come from the recorders every test page runs (tests/helpers/browser.ts).
 */
import type { Page } from "playwright-core";

/**
 * Runs `action` on `page`; when it fails, the error also says what the page showed then
 * (describePage), so a failure on a loaded CI machine can be read from the log alone.
 */
export async function explained<T>(page: Page, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (err) {
    const description = await describePage(page).catch((e) => `(page not described: ${e})`);
    throw new Error(`${(err as Error).message}\n--- the page then ---\n${description}`, { cause: err });
  }
}

/** Where failing browser tests leave their screenshots (E2E_ARTIFACTS_DIR, else a temp folder). */
let artifactsDir: string | undefined;

/**
 * What `page` shows now, as text: its address, the element under the mouse, the focused element,
 * open dialogs with their buttons (disabled, loading), open menus and pop-ups, every toast recorded
 * in this document, the start of the content area; and the path of a screenshot.
 */
export async function describePage(page: Page): Promise<string> {
  const state = await withTimeout(
    page.evaluate(() => {
      const text = (el: Element | null, max = 120) =>
        (el?.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, max);
      const visible = (el: Element) => {
        const box = (el as HTMLElement).getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== "hidden";
      };
      const name = (el: Element | null) =>
        el ? `<${el.tagName.toLowerCase()} class="${el.className}"> ${text(el).slice(0, 60)}` : "(none)";
      const hovered = Array.from(document.querySelectorAll(":hover")).at(-1) ?? null;
      const dialogs = Array.from(document.querySelectorAll(".ant-modal")).filter(visible).map((modal) => {
        const buttons = Array.from(modal.querySelectorAll("button")).map((b) =>
          `${text(b) || b.getAttribute("aria-label") || "?"}${b.disabled ? " (disabled)" : ""}${
            b.classList.contains("ant-btn-loading") ? " (loading)" : ""
          }`
        );
        const title = text(modal.querySelector(".ant-modal-title, .ant-modal-confirm-title"));
        const box = modal.getBoundingClientRect();
        const at = `${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.width)}×${
          Math.round(box.height)
        }`;
        return `${title} at [${at}] [${buttons.join(" | ")}]`;
      });
      const popups = Array.from(
        document.querySelectorAll(
          ".ant-dropdown, .ant-popover, .ant-tooltip, .ant-select-dropdown, .ant-picker-dropdown",
        ),
      ).filter(visible).map(name);
      const record = globalThis as unknown as { __toasts?: string[]; __clicks?: string[] };
      const toasts = record.__toasts ?? [];
      return {
        hovered: name(hovered),
        focused: name(document.activeElement),
        dialogs,
        popups,
        toasts,
        clicks: record.__clicks ?? [],
        now: Math.round(performance.now()),
        header: text(document.querySelector("header"), 200),
        body: document.querySelector("main") ? "" : text(document.body, 300),
        main: text(document.querySelector("main"), 400),
      };
    }),
    5_000,
  );
  artifactsDir ??= Deno.env.get("E2E_ARTIFACTS_DIR") ?? await Deno.makeTempDir({ prefix: "e2e-artifacts-" });
  await Deno.mkdir(artifactsDir, { recursive: true });
  const shot = `${artifactsDir}/${Date.now()}.png`;
  const saved = await withTimeout(page.screenshot({ path: shot, fullPage: true }), 10_000).then(
    () => shot,
    (err) => `(no screenshot: ${err})`,
  );
  return [
    `address: ${page.url()}`,
    `under the mouse: ${state.hovered}`,
    `focused: ${state.focused}`,
    `dialogs: ${state.dialogs.join("; ") || "(none)"}`,
    `pop-ups: ${state.popups.join("; ") || "(none)"}`,
    `toasts so far: ${state.toasts.join(" / ") || "(none)"}`,
    `last clicks (now ${state.now} ms): ${state.clicks.join("; ") || "(none)"}`,
    `header: ${state.header || "(none)"}`,
    `content area: ${state.main || `(no content area; the page shows: ${state.body})`}`,
    `screenshot: ${saved}`,
  ].join("\n");
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
