/**
 * What a person does on the pages, shared by the browser tests: sign in on /login, read the side
 * menu, wait for a toast. Elements are found by role and Chinese text; antd puts a space inside
 * two-character button labels ("登 录"), hence the /登\s*录/ patterns.
 */
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { type BrowserSession, E2E_WAIT_MS } from "../helpers/browser.ts";
import { E2E_ADMIN_PASSWORD, E2E_ADMIN_USERNAME, E2E_CAPTCHA } from "../helpers/server_process.ts";
import { explained } from "./page_report.ts";

/** The login form's fields by their accessible names (aria-label / placeholder). */
export function loginField(
  page: Page,
  name: "用户名" | "密码" | "确认密码" | "邮箱" | "邀请码" | "验证码",
): Locator {
  return page.getByRole("textbox", { name, exact: true }).or(page.getByPlaceholder(name, { exact: true }))
    .first();
}

/** Opens /login and waits until the form and its captcha are there. */
export async function openLoginPage(page: Page): Promise<void> {
  await page.goto("/login");
  await loginField(page, "用户名").waitFor();
  await page.getByRole("img", { name: "验证码" }).waitFor();
}

/**
 * Opens `path` (page.goto) in a signed-in page and waits until the app shows it in the signed-in
 * shell; fails at once, describing the page, when the app went elsewhere instead (to /login: the
 * session was lost, #16).
 */
export async function openSignedIn(page: Page, path: string): Promise<void> {
  const wanted = new URL(path, "http://x").pathname;
  await explained(page, async () => {
    await page.goto(path);
    await page.waitForFunction(() =>
      document.querySelector("header") !== null || location.pathname === "/login"
    );
    const shown = new URL(page.url()).pathname;
    if (shown !== wanted) throw new Error(`opened ${wanted}, the app went to ${shown}`);
  });
}

/** Fills 用户名, 密码 and 验证码 on /login (opening it when needed) and clicks 登录. */
export async function signInThroughPage(page: Page, username: string, password: string): Promise<void> {
  if (!new URL(page.url(), "http://x").pathname.startsWith("/login")) await openLoginPage(page);
  await loginField(page, "用户名").fill(username);
  await loginField(page, "密码").fill(password);
  await loginField(page, "验证码").fill(E2E_CAPTCHA);
  await page.getByRole("button", { name: /^登\s*录$/ }).click();
}

/** The super administrator's sign-in, as startServer creates it. */
export const ADMIN_LOGIN = { username: E2E_ADMIN_USERNAME, password: E2E_ADMIN_PASSWORD };

/**
 * A new page (fresh context, no stored token) signed in through /login, returned once the app has
 * landed on `landing` (default /dashboard): the set-up most browser tests start with.
 */
export async function signedInPage(
  browser: BrowserSession,
  input: {
    url: string;
    username: string;
    password: string;
    landing?: string;
    viewport?: { width: number; height: number };
  },
): Promise<Page> {
  const page = await browser.newPage(input.url, { viewport: input.viewport });
  await signInThroughPage(page, input.username, input.password);
  await waitForPath(page, input.landing ?? "/dashboard");
  return page;
}

/** Waits until the address bar shows `path` (pathname only). */
export async function waitForPath(page: Page, path: string, timeout = E2E_WAIT_MS): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout });
}

/**
 * Waits until the signed-in page `title` has loaded its data: its title in the header, and no loading
 * veil (antd Spin) or loading table left in the content area. Click a page's buttons only after
 * this: a button under a loading veil does not take the click (#16 flaky test).
 */
export async function waitForPageReady(page: Page, title: string): Promise<void> {
  await explained(page, async () => {
    await page.locator("header").getByText(title, { exact: true }).waitFor();
    await page.waitForFunction(() => {
      const main = document.querySelector("main");
      return main !== null && main.childElementCount > 0 &&
        main.querySelector(".ant-spin-spinning, .ant-skeleton-active") === null;
    });
  });
}

/** Clicks the button `button` and waits until the dialog `dialog` is open; returns the dialog. */
export async function openDialog(page: Page, button: string | RegExp, dialog: string): Promise<Locator> {
  await page.getByRole("button", { name: button }).click();
  const opened = page.getByRole("dialog", { name: dialog });
  await opened.waitFor();
  return opened;
}

/**
 * Opens the drop-down menu of `button` (menus open on a click, not on hover) and returns its entry
 * `item` once it is shown.
 */
export async function menuEntry(page: Page, button: Locator, item: string): Promise<Locator> {
  await button.click();
  const entry = page.getByRole("menuitem", { name: item, exact: true });
  await waitForVisible(page, entry);
  return entry;
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Per page: the document whose toast record was read, and the toasts of it already waited for. */
const toastsTaken = new WeakMap<Page, { doc: string; taken: number[] }>();

/**
 * Waits for an antd message (toast) holding this text. Toasts are recorded as they appear
 * (recordToasts in tests/helpers/browser.ts), so one that came and went before this wait began (a
 * toast lasts 3 s; on a loaded machine the next command can come later than that) still counts. Each
 * wait takes the first matching toast not taken by an earlier wait, so two waits for the same text
 * need two toasts (#16 flaky test).
 */
export async function waitForToast(page: Page, text: string): Promise<void> {
  const before = toastsTaken.get(page);
  const found = await explained(page, () =>
    page.waitForFunction(([wanted, doc, taken]) => {
      const record = globalThis as unknown as { __toasts?: string[]; __toastsDoc?: string };
      const seen = record.__toasts ?? [];
      const skip = record.__toastsDoc === doc ? taken : [];
      const index = seen.findIndex((shown, i) => !skip.includes(i) && shown.includes(wanted));
      return index < 0 ? null : { doc: record.__toastsDoc ?? "", index };
    }, [text, before?.doc ?? "", before?.taken ?? []] as const));
  const { doc, index } = (await found.jsonValue())!; // waitForFunction resolves on a value, never null
  const taken = before && before.doc === doc ? before.taken : [];
  toastsTaken.set(page, { doc, taken: [...taken, index] });
}

/** Waits until `locator` matches exactly `count` elements (a list that settles after a request). */
export async function waitForCount(locator: Locator, count: number, timeout = E2E_WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeout;
  let seen = await locator.count();
  while (seen !== count) {
    if (Date.now() > deadline) {
      throw new Error(`expected ${count} elements, still ${seen} after ${timeout} ms`);
    }
    await new Promise((r) => setTimeout(r, 100));
    seen = await locator.count();
  }
}

/** Waits for `locator` to be visible; a failure says what the page showed (explained). */
export async function waitForVisible(page: Page, locator: Locator): Promise<void> {
  await explained(page, () => locator.waitFor());
}

/**
 * Clicks `target` and returns the download it starts (name, address, bytes); a failure says what
 * the page showed (explained).
 */
export async function downloadBy(
  page: Page,
  target: Locator,
): Promise<{ name: string; url: string; bytes: Uint8Array }> {
  return await explained(page, async () => {
    const [download] = await Promise.all([page.waitForEvent("download"), target.click()]);
    return {
      name: download.suggestedFilename(),
      url: download.url(),
      bytes: await Deno.readFile(await download.path()),
    };
  });
}

/** The stored token (the web app keeps it in localStorage under "token"). */
export async function storedToken(page: Page): Promise<string | null> {
  return await page.evaluate(() => localStorage.getItem("token"));
}

export interface MenuEntry {
  label: string;
  /** Present for a group (submenu), even when it holds no item. */
  items?: string[];
}

/**
 * The side menu as a person sees it: top-level entries in order, each group opened so its items
 * are rendered (antd renders a closed inline submenu's items only once it is opened).
 */
export async function readSideMenu(page: Page): Promise<MenuEntry[]> {
  const menu = page.locator("aside .ant-menu-root");
  await menu.waitFor();
  const closedSelector = "aside .ant-menu-root .ant-menu-submenu-title[aria-expanded='false']";
  const closed = page.locator(closedSelector);
  for (let i = await closed.count(); i > 0; i = await closed.count()) {
    await closed.first().click();
    // the group has opened when one fewer is closed
    await page.waitForFunction(
      ([selector, before]) => document.querySelectorAll(selector as string).length < (before as number),
      [closedSelector, i] as const,
    );
  }
  return await menu.evaluate((root) => {
    const text = (el: Element | null) => (el?.textContent ?? "").trim();
    return Array.from(root.children).filter((li) => li.tagName === "LI").map((li) => {
      if (!li.classList.contains("ant-menu-submenu")) return { label: text(li) };
      const items = Array.from(li.querySelectorAll(".ant-menu-sub > li.ant-menu-item")).map(text);
      return { label: text(li.querySelector(".ant-menu-submenu-title")), items };
    });
  });
}

/** The window the screens were checked at on a desktop (#16 item 4). */
export const DESKTOP_1440 = { width: 1440, height: 900 };

/**
 * Asserts a table shows all its columns without scrolling sideways, and returns the pixel width of
 * each header cell by its title.
 */
export async function assertTableFits(table: Locator): Promise<Record<string, number>> {
  const scroller = table.locator(".ant-table-content, .ant-table-body").first();
  const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
  }));
  assert.ok(scrollWidth <= clientWidth, `the table scrolls sideways: ${scrollWidth} > ${clientWidth}`);
  // Layout widths (offsetWidth): a dialog's opening animation scales what getBoundingClientRect sees.
  return await table.locator("thead th").evaluateAll((cells) =>
    Object.fromEntries(cells.map((th) => [(th.textContent ?? "").trim(), (th as HTMLElement).offsetWidth]))
  );
}

/** Asserts the page has not thrown (uncaught errors collected by the browser helper). */
export function assertNoPageErrors(errors: string[]): void {
  assert.deepEqual(errors, [], "uncaught errors in the page");
}

/** Calls the API with a bearer token, as the web client does; returns status and parsed body. */
export async function apiGet(
  baseUrl: string,
  path: string,
  token: string,
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body };
}

/**
 * Calls the API with a bearer token (JSON, or FormData as it is) for a test's set-up; fails the test
 * unless the answer is 2xx, naming the path and the body. Returns the parsed body.
 */
export async function apiCall(
  baseUrl: string,
  token: string,
  path: string,
  init: RequestInit = {},
  // deno-lint-ignore no-explicit-any
): Promise<any> {
  const res = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body instanceof FormData ? {} : { "content-type": "application/json" }),
    },
  });
  const body = await res.json();
  assert.ok(res.ok, `${path}: ${JSON.stringify(body)}`);
  return body;
}
