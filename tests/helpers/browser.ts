/**
 * Headless Debian Chromium driven by playwright-core (no browser download: /usr/bin/chromium from
 * scripts/setup.sh). One browser per test, a fresh context per page, closed on dispose:
 *
 *   await using browser = await launchBrowser();
 *   const page = await browser.newPage(server.url);
 *
 * Uncaught page errors and Content-Security-Policy violations are collected in `pageErrors` so a test
 * can assert the app did not crash and the CSP let everything run.
 */
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

/**
 * How long a browser test waits for an element, a page or a toast before it fails. Generous: CI runs
 * on two loaded cores, where a lazy page chunk and its first API answers can take well over 10 s;
 * the waits themselves end at once when their condition holds (E2E_WAIT_MS overrides).
 */
export const E2E_WAIT_MS = Number(Deno.env.get("E2E_WAIT_MS") ?? 45_000);

export const CHROMIUM_PATH = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";

// The background-networking flags keep Chromium from calling out: this machine's network is closed,
// and without them it retries refused connections at every start.
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface PageOptions {
  /** 1280×800 unless given (390×844 for a phone). */
  viewport?: { width: number; height: number };
  /** The reader's motion setting; "reduce" unless given (see newPage). */
  reducedMotion?: "reduce" | "no-preference";
}

export interface BrowserSession {
  browser: Browser;
  /** Uncaught errors from any page of this session ("pageerror" events). */
  pageErrors: string[];
  /**
   * A page in a new, empty context (no stored token), with relative URLs resolved against baseURL;
   * 1280×800 unless a viewport is given (390×844 for a phone).
   */
  newPage(baseURL: string, options?: PageOptions): Promise<Page>;
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

export async function launchBrowser(): Promise<BrowserSession> {
  try {
    await Deno.stat(CHROMIUM_PATH);
  } catch {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: run bash scripts/setup.sh (Debian package chromium)`,
    );
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  let closed = false;

  async function close(): Promise<void> {
    if (closed) return;
    closed = true;
    for (const context of contexts) await context.close().catch(() => {});
    await browser.close();
  }

  return {
    browser,
    pageErrors,
    async newPage(baseURL: string, options?: PageOptions) {
      const context = await browser.newContext({
        baseURL,
        locale: "zh-CN",
        timezoneId: "Asia/Shanghai",
        viewport: options?.viewport ?? { width: 1280, height: 800 },
        // The app turns antd's animations off for a reader who asks for reduced motion
        // (web/components/reduced_motion.ts): a dialog is where it will stay from its first frame,
        // so a click on a loaded machine never lands on one still zooming in (#16 flaky tests).
        reducedMotion: options?.reducedMotion ?? "reduce",
      });
      // A ceiling, not a pause: every wait ends as soon as what it waits for is there (#16 flaky test).
      context.setDefaultTimeout(E2E_WAIT_MS);
      context.setDefaultNavigationTimeout(E2E_WAIT_MS);
      contexts.push(context);
      await context.addInitScript(recordToasts);
      await context.addInitScript(recordClicks);
      const page = await context.newPage();
      page.on("pageerror", (err) => pageErrors.push(`${page.url()}: ${err.message}`));
      // A Content-Security-Policy violation counts as a page error, so every browser test checks the CSP
      // (server/middleware/security_headers.ts): Chromium reports each refusal as a console error.
      page.on("console", (msg) => {
        if (msg.type() === "error" && /Content Security Policy/i.test(msg.text())) {
          pageErrors.push(`${page.url()}: ${msg.text()}`);
        }
      });
      return page;
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}

/**
 * Runs in every page before its own scripts: records the text of each antd message (toast) as it
 * appears or changes, in `globalThis.__toasts` (append only), for waitForToast (tests/e2e/steps.ts).
 */
function recordToasts(): void {
  const seen: string[] = [];
  const record = globalThis as unknown as { __toasts: string[]; __toastsDoc: string };
  record.__toasts = seen;
  record.__toastsDoc = `${Date.now()}-${Math.random()}`; // a reload starts a new record
  const last = new WeakMap<Element, string>();
  const note = (notice: Element) => {
    const text = notice.textContent ?? "";
    if (text && last.get(notice) !== text) {
      last.set(notice, text);
      seen.push(text);
    }
  };
  new MutationObserver((records) => {
    for (const record of records) {
      const target = record.target instanceof Element ? record.target : record.target.parentElement;
      const notice = target?.closest(".ant-message-notice");
      if (notice) note(notice);
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        if (node.matches(".ant-message-notice")) note(node);
        node.querySelectorAll(".ant-message-notice").forEach(note);
      }
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/**
 * Runs in every page before its own scripts: keeps the last ten clicks (where, on what, when) in
 * `globalThis.__clicks`, so a failed browser test can say where its clicks landed (describePage in
 * tests/e2e/steps.ts).
 */
function recordClicks(): void {
  const clicks: string[] = [];
  (globalThis as unknown as { __clicks: string[] }).__clicks = clicks;
  addEventListener("mousedown", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const label = target
      ? `<${target.tagName.toLowerCase()} class="${target.getAttribute("class") ?? ""}"> ${
        (target.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40)
      }`
      : "(no element)";
    const dialogs = Array.from(document.querySelectorAll(".ant-modal")).map((modal) => {
      const box = modal.getBoundingClientRect();
      return `[${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.width)}×${
        Math.round(box.height)
      }]`;
    });
    const at = `${Math.round(performance.now())} ms at (${event.clientX}, ${event.clientY})`;
    clicks.push(`${at} on ${label}${dialogs.length ? `, dialogs at ${dialogs.join(" ")}` : ""}`);
    if (clicks.length > 10) clicks.shift();
  }, { capture: true });
}
