import { RESET_CODE_TTL_MS } from "../../common/constants.ts";

// Keys:  ["reset_codes", userId] -> ResetCode (one live code per user; expireIn RESET_CODE_TTL_MS,
//        and `expiresAt` is checked against the app clock too)
//        ["reset_attempts", lower-cased username] -> ResetAttempts (wrong codes for a username typed,
//        whether or not it exists or has a code; expireIn RESET_CODE_TTL_MS after the last one)
//        ["reset_sends", "user", userId, day] / ["reset_sends", "address", address, day] -> number of
//        send-code requests that day (day = Asia/Shanghai date; expireIn two days)
// Only a keyed hash of the code is stored, never the code.

export interface ResetCode {
  codeHash: string;
  sentAt: number;
  expiresAt: number;
}

export interface ResetAttempts {
  count: number;
  lastAt: number;
}

const DAY_MS = 86_400_000;
/** China has no daylight saving: a fixed offset gives the office's calendar day. */
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

function attemptsKey(username: string): Deno.KvKey {
  return ["reset_attempts", username.trim().toLowerCase()];
}

/** Wrong reset codes typed for this username within RESET_CODE_TTL_MS of the last one. */
export async function getResetAttempts(kv: Deno.Kv, username: string, now: number): Promise<number> {
  const value = (await kv.get<ResetAttempts>(attemptsKey(username))).value;
  return value && now - value.lastAt < RESET_CODE_TTL_MS ? value.count : 0;
}

/** Counts one wrong code for a username; returns the new count. */
export async function addResetAttempt(kv: Deno.Kv, username: string, now: number): Promise<number> {
  const key = attemptsKey(username);
  for (let tries = 0; tries < 20; tries++) {
    const entry = await kv.get<ResetAttempts>(key);
    const live = entry.value && now - entry.value.lastAt < RESET_CODE_TTL_MS ? entry.value.count : 0;
    const next: ResetAttempts = { count: live + 1, lastAt: now };
    const res = await kv.atomic().check(entry).set(key, next, { expireIn: RESET_CODE_TTL_MS }).commit();
    if (res.ok) return next.count;
  }
  throw new Error("reset attempt counter is too contended");
}

/** Forgets a username's wrong codes (a new code was sent, or the password was reset). */
export async function clearResetAttempts(kv: Deno.Kv, username: string): Promise<void> {
  await kv.delete(attemptsKey(username));
}

function sendsKey(scope: "user" | "address", subject: number | string, now: number): Deno.KvKey {
  const day = new Date(now + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
  return ["reset_sends", scope, subject, day];
}

/**
 * Counts one send-code request against `scope` for today unless it already reached `max`; false
 * (nothing counted) when it has.
 */
export async function takeResetSend(
  kv: Deno.Kv,
  target: { scope: "user" | "address"; subject: number | string; max: number },
  now: number,
): Promise<boolean> {
  const key = sendsKey(target.scope, target.subject, now);
  for (let tries = 0; tries < 20; tries++) {
    const entry = await kv.get<number>(key);
    const count = entry.value ?? 0;
    if (count >= target.max) return false;
    const res = await kv.atomic().check(entry).set(key, count + 1, { expireIn: 2 * DAY_MS }).commit();
    if (res.ok) return true;
  }
  throw new Error("reset send counter is too contended");
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

/** Deletes the code if it is still the one read as `entry`; false when someone else used or replaced it. */
export async function takeResetCode(kv: Deno.Kv, entry: Deno.KvEntry<ResetCode>): Promise<boolean> {
  return (await kv.atomic().check(entry).delete(entry.key).commit()).ok;
}
