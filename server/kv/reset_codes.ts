import { RESET_CODE_TTL_MS } from "../../common/constants.ts";

// Keys:  ["reset_codes", userId] -> ResetCode (one live code per user; expireIn RESET_CODE_TTL_MS,
//        and `expiresAt` is checked against the app clock too)
// Only a keyed hash of the code is stored, never the code.

export interface ResetCode {
  codeHash: string;
  sentAt: number;
  expiresAt: number;
  /** Wrong codes tried so far. */
  attempts: number;
}

function resetKey(userId: number): Deno.KvKey {
  return ["reset_codes", userId];
}

export async function getResetCodeEntry(kv: Deno.Kv, userId: number): Promise<Deno.KvEntryMaybe<ResetCode>> {
  return await kv.get<ResetCode>(resetKey(userId));
}

/**
 * Stores a new code for a user, replacing the one read as `previous` (or none). False when another
 * request stored one meanwhile (the caller answers "too frequent").
 */
export async function saveResetCode(
  kv: Deno.Kv,
  userId: number,
  previous: Deno.KvEntryMaybe<ResetCode>,
  code: ResetCode,
): Promise<Deno.KvEntry<ResetCode> | null> {
  const res = await kv.atomic().check(previous).set(resetKey(userId), code, { expireIn: RESET_CODE_TTL_MS })
    .commit();
  return res.ok ? { key: resetKey(userId), value: code, versionstamp: res.versionstamp } : null;
}

/** Counts one wrong try, keeping the code's expiry. False when the entry changed meanwhile. */
export async function addResetAttempt(
  kv: Deno.Kv,
  entry: Deno.KvEntry<ResetCode>,
  now: number,
): Promise<boolean> {
  const next: ResetCode = { ...entry.value, attempts: entry.value.attempts + 1 };
  const res = await kv.atomic().check(entry)
    .set(entry.key, next, { expireIn: Math.max(1, entry.value.expiresAt - now) })
    .commit();
  return res.ok;
}

/** Deletes the code if it is still the one read as `entry`; false when someone else used or replaced it. */
export async function takeResetCode(kv: Deno.Kv, entry: Deno.KvEntry<ResetCode>): Promise<boolean> {
  return (await kv.atomic().check(entry).delete(entry.key).commit()).ok;
}
