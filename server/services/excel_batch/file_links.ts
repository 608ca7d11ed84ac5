/**
 * Direct addresses of generated files (part 2 §7: /api/excel-batch/download-direct/{id} on the
 * product's own host), as the results table exports them to CSV. No token travels in a URL, so the
 * address itself is the credential: an HMAC (server signing key, under its own label) over the file
 * id, its owner and an expiry.
 *
 *   /api/excel-batch/download-direct/<fileId>?u=<userId>&e=<expiry, s>&s=<HMAC, 32 hex>
 */

import { EXCEL_BATCH_LINK_TTL_MS } from "../../../common/constants.ts";

const LABEL = "excel-batch-file:";
const encoder = new TextEncoder();
const keys = new WeakMap<Uint8Array, Promise<CryptoKey>>();

function hmacKey(secret: Uint8Array): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      "raw",
      secret as Uint8Array<ArrayBuffer>,
      { name: "HMAC", hash: "SHA-256" },
      false,
      [
        "sign",
      ],
    );
    keys.set(secret, key);
  }
  return key;
}

async function signature(
  secret: Uint8Array,
  fileId: string,
  userId: number,
  expires: number,
): Promise<string> {
  const mac = await crypto.subtle.sign(
    "HMAC",
    await hmacKey(secret),
    encoder.encode(`${LABEL}${fileId}:${userId}:${expires}`),
  );
  return Array.from(new Uint8Array(mac).slice(0, 16), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The path and query of a direct address valid until `now + EXCEL_BATCH_LINK_TTL_MS`. */
export async function signedDirectPath(
  secret: Uint8Array,
  target: { fileId: string; userId: number },
  now: number,
): Promise<string> {
  const expires = Math.floor((now + EXCEL_BATCH_LINK_TTL_MS) / 1000);
  const sig = await signature(secret, target.fileId, target.userId, expires);
  return `/api/excel-batch/download-direct/${target.fileId}?u=${target.userId}&e=${expires}&s=${sig}`;
}

/** The owner named by a genuine, unexpired address of `fileId`; null otherwise. */
export async function verifyDirectLink(
  secret: Uint8Array,
  input: { fileId: string; query: { u?: string; e?: string; s?: string }; now: number },
): Promise<number | null> {
  const { u = "", e = "", s = "" } = input.query;
  if (!/^\d{1,9}$/.test(u) || !/^\d{1,12}$/.test(e) || !/^[0-9a-f]{32}$/.test(s)) return null;
  const expires = Number(e);
  if (expires * 1000 < input.now) return null;
  const expected = await signature(secret, input.fileId, Number(u), expires);
  let diff = 0;
  for (let i = 0; i < 32; i++) diff |= expected.charCodeAt(i) ^ s.charCodeAt(i);
  return diff === 0 ? Number(u) : null;
}
