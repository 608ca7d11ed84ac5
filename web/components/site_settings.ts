/**
 * Public system settings in the browser: loaded once per page load, cached locally in the shape of
 * part 1 §3 (systemName, siteTitle, logoUrl), and applied to the document title and favicon.
 */
import type { FooterLink, PublicSettings } from "../../common/schemas/settings.ts";
import { getPublicSettings } from "../api/settings.ts";
import { getCachedSettings, setCachedSettings } from "../auth/session.ts";

let pending: Promise<PublicSettings> | null = null;
let currentPageTitle = "";
const changeListeners = new Set<(settings: PublicSettings) => void>();

/**
 * Calls `listener` with the settings each time they are (re)loaded, e.g. after the system settings
 * page saves, so the shell shows the new name and logo at once. Returns the unsubscribe function.
 */
export function onSiteSettingsChange(listener: (settings: PublicSettings) => void): () => void {
  changeListeners.add(listener);
  return () => void changeListeners.delete(listener);
}

/** Loads the public settings (one request per page load unless `force`), caches and applies them. */
export function loadSiteSettings(options: { force?: boolean } = {}): Promise<PublicSettings> {
  if (!pending || options.force) {
    const request = getPublicSettings().then(({ settings }) => {
      setCachedSettings({
        systemName: settings.system_name ?? "",
        siteTitle: settings.site_title ?? "",
        logoUrl: settings.logo_url ?? "",
      });
      applyFavicon(settings.favicon_url);
      setPageTitle(currentPageTitle);
      for (const listener of changeListeners) listener(settings);
      return settings;
    });
    request.catch(() => {
      if (pending === request) pending = null;
    });
    pending = request;
  }
  return pending;
}

/** Sets document.title to "page title - site title" (or either alone). */
export function setPageTitle(pageTitle: string): void {
  currentPageTitle = pageTitle;
  const siteTitle = getCachedSettings()?.siteTitle ?? "";
  const parts = [pageTitle, siteTitle].filter((part) => part !== "");
  if (parts.length > 0 && globalThis.document) document.title = parts.join(" - ");
}

function applyFavicon(url: string | undefined): void {
  if (!url || !globalThis.document) return;
  let link = document.querySelector<HTMLLinkElement>("link[rel='icon']");
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.appendChild(link);
  }
  link.href = url;
}

/** footer_links may arrive as a list or as JSON text (part 1 §3). */
export function parseFooterLinks(value: unknown): FooterLink[] {
  let list = value;
  if (typeof value === "string") {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  return list.filter((item): item is FooterLink =>
    typeof item?.text === "string" && item.text !== "" && typeof item?.url === "string" && isSafeUrl(item.url)
  );
}

/** Only web, mail and same-site links: a configured `javascript:` URL is dropped. */
function isSafeUrl(url: string): boolean {
  return /^(https?:\/\/|mailto:|\/(?!\/))/i.test(url.trim());
}
