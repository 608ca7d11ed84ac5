import { scrypt, timingSafeEqual } from "node:crypto";

// scrypt with N=2^14, r=8, p=1 (16 MiB, ~40 ms here): slow enough against guessing, fast enough
// that sign-in is not the bottleneck. The parameters are stored with each hash, so they can rise later.
const N = 16384;
const R = 8;
const P = 1;
const KEY_LEN = 32;

function derive(password: string, salt: Uint8Array, n: number, r: number, p: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_LEN,
      { N: n, r, p, maxmem: 64 * 1024 * 1024 },
      (err, key) => {
        if (err) reject(err);
        else resolve(new Uint8Array(key));
      },
    );
  });
}

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** Hashes a password as `scrypt$N$r$p$salt$hash` with a fresh 16-byte salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${b64(salt)}$${b64(key)}`;
}

/** True when password matches the stored hash (constant-time comparison). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !hash) return false;
  const expected = unb64(hash);
  const actual = await derive(password, unb64(salt), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | null = null;

/**
 * A hash of a random password. Checking an unknown username against it costs as much as a real
 * check, so response time does not reveal which usernames exist.
 */
export function getDummyHash(): Promise<string> {
  return dummyHash ??= hashPassword(crypto.randomUUID());
}
