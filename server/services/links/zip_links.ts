/**
 * Short-lived signed links to a whole batch's zip, so the browser downloads it natively (streamed to
 * disk) instead of fetching hundreds of MB into memory with the bearer token. The page asks for a
 * link with its token, then navigates to it; the link carries no token, so it is the credential:
 *
 *   <path>?[feature query&]u=<owner id>&e=<expiry, s since epoch>&s=<HMAC, links/signed_links.ts>
 *
 * The signature covers the feature's area, the owner and the item (batch and content), so a link
 * opens one zip of one user only. A forged link answers DOWNLOAD_LINK_INVALID (403); a genuine one
 * past its expiry DOWNLOAD_LINK_EXPIRED (410), so the page can tell the user to click again.
 */

import { AppError } from "../../errors.ts";
import { linkExpiry, parseLinkNumber, signLink, verifyLink } from "./signed_links.ts";

/** A zip link must be opened within this time; the download itself may then take as long as it needs. */
export const ZIP_LINK_TTL_MS = 10 * 60_000;

/** What a zip link names: the feature (area), the owner and the feature's item (batch and content). */
export interface ZipLinkTarget {
  area: string;
  userId: number;
  item: string;
}

function claimsOf(target: ZipLinkTarget, expires: number) {
  return { area: target.area, payload: `${target.userId}:${target.item}`, expires };
}

/**
 * `path` with the signature query appended (after the path's own query, if any), valid until
 * `now + ZIP_LINK_TTL_MS`. The result is root-relative: the page opens it on the origin it runs on.
 */
export async function signZipLink(
  secret: Uint8Array,
  input: { target: ZipLinkTarget; path: string; now: number },
): Promise<string> {
  const expires = linkExpiry(input.now, ZIP_LINK_TTL_MS);
  const sig = await signLink(secret, claimsOf(input.target, expires));
  const joiner = input.path.includes("?") ? "&" : "?";
  return `${input.path}${joiner}u=${input.target.userId}&e=${expires}&s=${sig}`;
}

/**
 * The owner named by a genuine, unexpired link to `item` of `area`. Throws DOWNLOAD_LINK_INVALID when
 * the query is malformed or the signature does not match (another item, owner or expiry), and
 * DOWNLOAD_LINK_EXPIRED when the signature is genuine but the expiry has passed.
 */
export async function verifyZipLink(
  secret: Uint8Array,
  input: { area: string; item: string; query: { u?: string; e?: string; s?: string }; now: number },
): Promise<number> {
  const userId = parseLinkNumber(input.query.u, 9);
  const expires = parseLinkNumber(input.query.e);
  if (userId === null || expires === null) throw new AppError("DOWNLOAD_LINK_INVALID");
  const target = { area: input.area, userId, item: input.item };
  const claims = claimsOf(target, expires);
  // Checked at time 0 first, so a forged expiry reads as forged rather than as expired.
  const sig = input.query.s ?? "";
  if (!await verifyLink(secret, { claims, sig, now: 0 })) throw new AppError("DOWNLOAD_LINK_INVALID");
  if (claims.expires * 1000 <= input.now) throw new AppError("DOWNLOAD_LINK_EXPIRED");
  return target.userId;
}
