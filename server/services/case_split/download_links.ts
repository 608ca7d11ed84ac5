import { AppError } from "../../errors.ts";

/**
 * Signed links for a split task's region files. Part 4 §7 opens a region file in a new tab from
 * `downloadUrl`, where no bearer token travels, so the link itself is the credential: an HMAC (with
 * the server's signing key, under its own label) over the task, its owner and an expiry. One
 * signature covers all files of a task; the file is chosen by its index in the path.
 */

export interface DownloadClaims {
  taskId: string;
  userId: number;
  /** ms since epoch */
  expiresAt: number;
}

const LABEL = "case_split_download:";
const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

async function mac(key: Uint8Array, payload: string): Promise<string> {
  const hmacKey = await crypto.subtle.importKey(
    "raw",
    key as Uint8Array<ArrayBuffer>,
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const sig = await crypto.subtle.sign("HMAC", hmacKey, encoder.encode(LABEL + payload));
  return base64url(new Uint8Array(sig));
}

/** A token for the task's files: `<taskId>.<userId>.<expiry>.<signature>` (URL-safe). */
export async function signDownloadToken(key: Uint8Array, claims: DownloadClaims): Promise<string> {
  const payload = `${claims.taskId}.${claims.userId}.${claims.expiresAt.toString(36)}`;
  return `${payload}.${await mac(key, payload)}`;
}

/** The claims of a genuine, unexpired token; CASE_SPLIT_LINK_INVALID otherwise. */
export async function verifyDownloadToken(
  key: Uint8Array,
  token: string,
  now: number,
): Promise<DownloadClaims> {
  const match = /^([0-9a-f]{20})\.(\d{1,9})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) throw new AppError("CASE_SPLIT_LINK_INVALID");
  const [, taskId, userId, expiry, signature] = match;
  const expected = await mac(key, `${taskId}.${userId}.${expiry}`);
  if (!timingSafeEqual(expected, signature)) throw new AppError("CASE_SPLIT_LINK_INVALID");
  const expiresAt = parseInt(expiry, 36);
  if (!(expiresAt > now)) throw new AppError("CASE_SPLIT_LINK_INVALID");
  return { taskId, userId: Number(userId), expiresAt };
}

function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
