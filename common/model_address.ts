/**
 * Which addresses the model client may be pointed at (AI设置's base_url, issue #25 finding 5).
 * Link-local addresses (IPv4 169.254.0.0/16, IPv6 fe80::/10, and IPv4 link-local written as an
 * IPv4-mapped IPv6 address) are refused: that is where cloud metadata services answer (the
 * server's own credentials), never a model provider. Shared by the settings form and the server.
 */

import { errorMessage } from "./errors.ts";

export const LINK_LOCAL_MESSAGE = errorMessage("AI_BASE_URL_FORBIDDEN");

/** True for an IP literal in 169.254.0.0/16 or fe80::/10 (with or without IPv6 brackets). */
export function isLinkLocalIp(address: string): boolean {
  const host = address.replace(/^\[|\]$/g, "").toLowerCase();
  if (/^169\.254\.\d{1,3}\.\d{1,3}$/.test(host)) return true;
  if (!host.includes(":")) return false;
  const first = host.startsWith("::") ? 0 : parseInt(host.split(":")[0], 16);
  if (first >= 0xfe80 && first <= 0xfebf) return true;
  // IPv4-mapped: ::ffff:169.254.x.y, which the URL parser writes as ::ffff:a9fe:xxxx
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(?:([0-9a-f]{1,4}):[0-9a-f]{1,4}|(\d+\.\d+\.\d+\.\d+))$/.exec(host);
  if (mapped?.[1]) return parseInt(mapped[1], 16) === 0xa9fe;
  if (mapped?.[2]) return isLinkLocalIp(mapped[2]);
  return false;
}

/**
 * Why a model address is refused (LINK_LOCAL_MESSAGE), or null. The host is read as the URL parser
 * reads it, so other spellings of 169.254.169.254 (2852039166, 0xa9fea9fe, 0251.0376.0251.0376)
 * are caught as well. An unparsable address is left to the caller's own format check.
 */
export function modelAddressProblem(baseUrl: string): string | null {
  if (baseUrl === "") return null;
  let host: string;
  try {
    host = new URL(baseUrl).hostname;
  } catch {
    return null;
  }
  return isLinkLocalIp(host) ? LINK_LOCAL_MESSAGE : null;
}
