/**
 * The one signer of links that open without a bearer token (a token never goes into a URL, so the
 * link itself is the credential). Each feature keeps its own path and payload and signs it here
 * under its own area label with the server's signing key:
 *
 *   signature = first 128 bits, hex, of HMAC-SHA256(key, "<area>:<payload>:<expires>")
 *
 * The area keeps a signature made for one feature from opening another's files; `expires` is in
 * whole seconds since the epoch and travels in the link beside the signature.
 */

/** What a link signs: the feature's area label, its payload and its expiry (s since epoch). */
export interface LinkClaims {
  area: string;
  payload: string;
  expires: number;
}

/** A signature is this many hex characters (128 bits). */
export const LINK_SIGNATURE_LENGTH = 32;

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
      ["sign"],
    );
    keys.set(secret, key);
  }
  return key;
}

/**
 * A user id or expiry read from a link, accepted only in the form links are written in: decimal
 * digits without a leading zero, at most `maxDigits` ("5", never "05", "+5", "5.0", "0x5" or "5e0").
 * Null for anything else, so one link has exactly one spelling.
 */
export function parseLinkNumber(text: string | undefined | null, maxDigits = 12): number | null {
  if (typeof text !== "string" || text.length > maxDigits || !/^[1-9][0-9]*$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

/** The expiry (s since epoch) of a link handed out at `now` (ms) that lives `ttlMs`. */
export function linkExpiry(now: number, ttlMs: number): number {
  return Math.floor((now + ttlMs) / 1000);
}

/** The hex signature of `claims` (LINK_SIGNATURE_LENGTH characters). */
export async function signLink(secret: Uint8Array, claims: LinkClaims): Promise<string> {
  const mac = await crypto.subtle.sign(
    "HMAC",
    await hmacKey(secret),
    encoder.encode(`${claims.area}:${claims.payload}:${claims.expires}`),
  );
  return Array.from(
    new Uint8Array(mac, 0, LINK_SIGNATURE_LENGTH / 2),
    (b) => b.toString(16).padStart(2, "0"),
  ).join("");
}

/**
 * True when `sig` is the signature of `claims` and the expiry has not been reached at `now` (ms).
 * A malformed signature or expiry is simply false; the comparison takes the same time whichever
 * character differs.
 */
export async function verifyLink(
  secret: Uint8Array,
  input: { claims: LinkClaims; sig: string; now: number },
): Promise<boolean> {
  const { claims, sig, now } = input;
  if (!Number.isSafeInteger(claims.expires) || claims.expires * 1000 <= now) return false;
  if (sig.length !== LINK_SIGNATURE_LENGTH || !/^[0-9a-f]+$/.test(sig)) return false;
  const expected = await signLink(secret, claims);
  let diff = 0;
  for (let i = 0; i < LINK_SIGNATURE_LENGTH; i++) diff |= expected.charCodeAt(i) ^ sig.charCodeAt(i);
  return diff === 0;
}
