/**
 * Links to generated files (part 2 §3 wordUrl/pdfUrl, word_url/pdf_url): signed, short-lived
 * addresses that open without a token (a token never goes into a URL), on the user's own domain
 * when one is set (part 2 §7 link rewriting, port config.linkPorts.generation).
 *
 *   /api/mediation/file/<batchNo>/<row index>/<word|pdf>?u=<userId>&e=<expiry, s>&s=<HMAC>
 */

import { publicUrl } from "../links/public_url.ts";

/** How long a handed-out link works; lists and progress hand out fresh ones on every read. */
export const FILE_LINK_TTL_MS = 24 * 60 * 60_000;

export type FileKind = "word" | "pdf";

export interface FileLinkTarget {
  userId: number;
  batchNo: string;
  index: number;
  kind: FileKind;
}

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
        "verify",
      ],
    );
    keys.set(secret, key);
  }
  return key;
}

function payload(t: FileLinkTarget, expires: number): Uint8Array {
  return encoder.encode(`mediation-file:${t.userId}:${t.batchNo}:${t.index}:${t.kind}:${expires}`);
}

function toHex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The path and query of a signed link valid until `now + FILE_LINK_TTL_MS`. */
export async function signedFilePath(
  secret: Uint8Array,
  target: FileLinkTarget,
  now: number,
): Promise<string> {
  const expires = Math.floor((now + FILE_LINK_TTL_MS) / 1000);
  const sig = await crypto.subtle.sign(
    "HMAC",
    await hmacKey(secret),
    payload(target, expires) as Uint8Array<ArrayBuffer>,
  );
  return `/api/mediation/file/${encodeURIComponent(target.batchNo)}/${target.index}/${target.kind}` +
    `?u=${target.userId}&e=${expires}&s=${toHex(sig).slice(0, 32)}`;
}

/** True when `sig` signs the target and `expires` (seconds) has not passed. */
export async function verifyFileLink(
  secret: Uint8Array,
  input: { target: FileLinkTarget; expires: number; sig: string; now: number },
): Promise<boolean> {
  if (!Number.isSafeInteger(input.expires) || input.expires * 1000 < input.now) return false;
  if (!/^[0-9a-f]{32}$/.test(input.sig)) return false;
  const expected = toHex(
    await crypto.subtle.sign(
      "HMAC",
      await hmacKey(secret),
      payload(input.target, input.expires) as Uint8Array<ArrayBuffer>,
    ),
  ).slice(0, 32);
  let diff = 0;
  for (let i = 0; i < 32; i++) diff |= expected.charCodeAt(i) ^ input.sig.charCodeAt(i);
  return diff === 0;
}

/** Makes the links of one user's files: absolute, on their domain when set. */
export function fileLinker(input: {
  secret: Uint8Array;
  userId: number;
  domain: string;
  port: number;
  requestUrl: string;
  now: number;
}) {
  return async (batchNo: string, index: number, kind: FileKind): Promise<string> => {
    const path = await signedFilePath(
      input.secret,
      { userId: input.userId, batchNo, index, kind },
      input.now,
    );
    return publicUrl({ domain: input.domain, port: input.port, requestUrl: input.requestUrl }, path);
  };
}
