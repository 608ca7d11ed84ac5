import { AppError } from "../../errors.ts";
import { LINK_SIGNATURE_LENGTH, signLink, verifyLink } from "../links/signed_links.ts";

/**
 * Signed links for a split task's region files. Part 4 §7 opens a region file in a new tab from
 * `downloadUrl`, where no bearer token travels, so the link itself is the credential: a signature
 * (links/signed_links.ts, under this feature's area) over the task, its owner and an expiry. One
 * signature covers all files of a task; the file is chosen by its index in the path.
 */

export interface DownloadClaims {
  taskId: string;
  userId: number;
  /** ms since epoch (links expire on whole seconds) */
  expiresAt: number;
}

const AREA = "case-split-download";
const TOKEN = new RegExp(
  // user id and expiry without leading zeros: one spelling per link (signed_links.ts parseLinkNumber)
  `^([0-9a-f]{20})\\.([1-9][0-9]{0,8})\\.([1-9a-z][0-9a-z]{0,8})\\.([0-9a-f]{${LINK_SIGNATURE_LENGTH}})$`,
);

/** A token for the task's files: `<taskId>.<userId>.<expiry, s in base 36>.<signature>` (URL-safe). */
export async function signDownloadToken(key: Uint8Array, claims: DownloadClaims): Promise<string> {
  const expires = Math.floor(claims.expiresAt / 1000);
  const sig = await signLink(key, { area: AREA, payload: `${claims.taskId}.${claims.userId}`, expires });
  return `${claims.taskId}.${claims.userId}.${expires.toString(36)}.${sig}`;
}

/** The claims of a genuine, unexpired token; CASE_SPLIT_LINK_INVALID otherwise. */
export async function verifyDownloadToken(
  key: Uint8Array,
  token: string,
  now: number,
): Promise<DownloadClaims> {
  const match = TOKEN.exec(token);
  if (!match) throw new AppError("CASE_SPLIT_LINK_INVALID");
  const [, taskId, userId, expiry, sig] = match;
  const expires = parseInt(expiry, 36);
  const claims = { area: AREA, payload: `${taskId}.${userId}`, expires };
  if (!await verifyLink(key, { claims, sig, now })) throw new AppError("CASE_SPLIT_LINK_INVALID");
  return { taskId, userId: Number(userId), expiresAt: expires * 1000 };
}
