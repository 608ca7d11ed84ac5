/**
 * Direct addresses of generated files (part 2 §7: /api/excel-batch/download-direct/{id} on the
 * product's own host), as the results table exports them to CSV. No token travels in a URL, so the
 * address itself is the credential: an HMAC (server signing key, under its own label) over the file
 * id, its owner and an expiry.
 *
 *   /api/excel-batch/download-direct/<fileId>?u=<userId>&e=<expiry, s>&s=<HMAC, 32 hex>
 */

import { EXCEL_BATCH_LINK_TTL_MS } from "../../../common/constants.ts";
import { linkExpiry, parseLinkNumber, signLink, verifyLink } from "../links/signed_links.ts";

const AREA = "excel-batch-file";

/** The path and query of a direct address valid until `now + EXCEL_BATCH_LINK_TTL_MS`. */
export async function signedDirectPath(
  secret: Uint8Array,
  target: { fileId: string; userId: number },
  now: number,
): Promise<string> {
  const expires = linkExpiry(now, EXCEL_BATCH_LINK_TTL_MS);
  const sig = await signLink(secret, { area: AREA, payload: `${target.fileId}:${target.userId}`, expires });
  return `/api/excel-batch/download-direct/${target.fileId}?u=${target.userId}&e=${expires}&s=${sig}`;
}

/** The owner named by a genuine, unexpired address of `fileId`; null otherwise. */
export async function verifyDirectLink(
  secret: Uint8Array,
  input: { fileId: string; query: { u?: string; e?: string; s?: string }; now: number },
): Promise<number | null> {
  const userId = parseLinkNumber(input.query.u, 9);
  const expires = parseLinkNumber(input.query.e);
  if (userId === null || expires === null) return null;
  const claims = { area: AREA, payload: `${input.fileId}:${userId}`, expires };
  return await verifyLink(secret, { claims, sig: input.query.s ?? "", now: input.now }) ? userId : null;
}
