/**
 * Links to generated files (part 2 §3 wordUrl/pdfUrl, word_url/pdf_url): signed, short-lived
 * addresses that open without a token (a token never goes into a URL), on the user's own domain
 * when one is set (part 2 §7 link rewriting, port config.linkPorts.generation).
 *
 *   /api/mediation/file/<batchNo>/<row index>/<word|pdf>?u=<userId>&e=<expiry, s>&s=<HMAC>
 */

import { publicUrl } from "../links/public_url.ts";
import { type LinkClaims, linkExpiry, signLink, verifyLink } from "../links/signed_links.ts";

/** How long a handed-out link works; lists and progress hand out fresh ones on every read. */
export const FILE_LINK_TTL_MS = 24 * 60 * 60_000;

export type FileKind = "word" | "pdf";

export interface FileLinkTarget {
  userId: number;
  batchNo: string;
  index: number;
  kind: FileKind;
}

const AREA = "mediation-file";

function claimsOf(t: FileLinkTarget, expires: number): LinkClaims {
  return { area: AREA, payload: `${t.userId}:${t.batchNo}:${t.index}:${t.kind}`, expires };
}

/** The path and query of a signed link valid until `now + FILE_LINK_TTL_MS`. */
export async function signedFilePath(
  secret: Uint8Array,
  target: FileLinkTarget,
  now: number,
): Promise<string> {
  const expires = linkExpiry(now, FILE_LINK_TTL_MS);
  const sig = await signLink(secret, claimsOf(target, expires));
  return `/api/mediation/file/${encodeURIComponent(target.batchNo)}/${target.index}/${target.kind}` +
    `?u=${target.userId}&e=${expires}&s=${sig}`;
}

/** True when `sig` signs the target and `expires` (seconds) has not passed. */
export function verifyFileLink(
  secret: Uint8Array,
  input: { target: FileLinkTarget; expires: number; sig: string; now: number },
): Promise<boolean> {
  return verifyLink(secret, {
    claims: claimsOf(input.target, input.expires),
    sig: input.sig,
    now: input.now,
  });
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
