import type { MiddlewareHandler } from "hono";

/**
 * The app's Content-Security-Policy, for every response (pages, API answers, downloads).
 * - script-src 'self': the Vite build has no inline script (index.html loads /assets/*.js only).
 * - style-src 'unsafe-inline': antd 6 writes its CSS-in-JS into <style> tags at run time and
 *   components set `style=` attributes; index.html has one small inline <style> too. No script can
 *   run from a style, so this keeps script-src strict.
 * - img-src data: for the captcha (an SVG data: URL) and the empty favicon; blob: for previews;
 *   http: and https: because the logo and favicon may be any http(s) address set in 系统设置
 *   (common/schemas/settings.ts). An image cannot run script.
 * - frame-ancestors 'none': nobody may frame the back office (click-jacking).
 */
export function contentSecurityPolicy(connectSrc: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: http: https:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...connectSrc].join(" ")}`,
    "worker-src 'self' blob:",
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * A PDF shown in the browser runs in a sandbox: no script of ours, no same-origin access, even if
 * the file (which users upload or we generate from their data) carries active content. Only our own
 * pages may frame it (a preview); Chromium still shows a sandboxed PDF opened in a tab.
 */
export const INLINE_PDF_CSP = "sandbox; frame-ancestors 'self'";

export interface SecurityHeadersOptions {
  /** Origins the browser may call besides this server (the case-split server, part 4 §7). */
  connectSrc?: readonly string[];
}

/** The origin of a URL setting (e.g. VITE_CASE_SPLIT_SERVER), or [] when unset or not a URL. */
export function originsOf(...urls: (string | undefined)[]): string[] {
  const origins: string[] = [];
  for (const url of urls) {
    if (!url?.trim()) continue;
    try {
      origins.push(new URL(url.trim()).origin);
    } catch {
      // not a URL: nothing to allow
    }
  }
  return origins;
}

/** True for a PDF the browser will show rather than save (no `Content-Disposition: attachment`). */
function isInlinePdf(headers: Headers): boolean {
  const type = headers.get("content-type") ?? "";
  const disposition = headers.get("content-disposition") ?? "";
  return /^application\/pdf\b/i.test(type) && !/^\s*attachment\b/i.test(disposition);
}

/**
 * Sets the security headers on every response: the CSP above (INLINE_PDF_CSP for PDFs shown inline),
 * X-Frame-Options DENY for browsers without frame-ancestors, X-Content-Type-Options nosniff and
 * Referrer-Policy same-origin. Apply it once, first, to "*".
 */
export function securityHeaders(options: SecurityHeadersOptions = {}): MiddlewareHandler {
  const policy = contentSecurityPolicy(options.connectSrc);
  return async (c, next) => {
    await next();
    let headers = c.res.headers;
    try {
      headers.set("x-content-type-options", "nosniff");
    } catch {
      // an immutable response (e.g. a redirect made by Response.redirect): copy it once
      c.res = new Response(c.res.body, c.res);
      headers = c.res.headers;
      headers.set("x-content-type-options", "nosniff");
    }
    headers.set("content-security-policy", isInlinePdf(headers) ? INLINE_PDF_CSP : policy);
    headers.set("x-frame-options", "DENY");
    headers.set("referrer-policy", "same-origin");
  };
}
