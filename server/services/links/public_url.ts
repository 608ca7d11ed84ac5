/**
 * Link rewriting (part 2 §7): links handed to users point at the user's own domain when one is set,
 * with the port of the feature (config.linkPorts: PDF converter 3000, generation 65502).
 */

export interface PublicBaseInput {
  /** The user's custom domain as stored (`example.com` or `example.com:8443`); "" means none. */
  domain: string;
  /** The feature's link port. 0 means "no port, https"; 443 gives https, 80 http. */
  port: number;
  /** The URL of the request being answered: its origin is used when the user has no domain. */
  requestUrl: string;
}

/**
 * The origin links start with, without a trailing slash:
 * - no domain: the origin the user reached us on (the request URL), so the link works as is;
 * - a domain carrying its own port keeps it (`http://example.com:8443`);
 * - otherwise `http://domain:port`, `https://domain` for port 443 or 0, `http://domain` for 80.
 */
export function publicBaseUrl(input: PublicBaseInput): string {
  const domain = input.domain.trim().replace(/^https?:\/\//i, "").replace(/\/+$/, "");
  if (domain === "") return new URL(input.requestUrl).origin;
  if (/:\d+$/.test(domain)) return `http://${domain}`;
  if (input.port === 0 || input.port === 443) return `https://${domain}`;
  if (input.port === 80) return `http://${domain}`;
  return `http://${domain}:${input.port}`;
}

/** `publicBaseUrl(input) + path` (path starts with "/"). */
export function publicUrl(input: PublicBaseInput, path: string): string {
  return publicBaseUrl(input) + path;
}
