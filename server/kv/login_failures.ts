import { LOGIN_FAILURE_WINDOW_MS } from "../../common/constants.ts";

// Keys:  ["login_failures", "username", lower-cased username] -> FailureCount
//        ["login_failures", "address", client address] -> FailureCount
//        ["login_failures", "username_address", lower-cased username, client address] -> FailureCount
// Each entry expires LOGIN_FAILURE_WINDOW_MS after its latest failure (sliding window); readers also
// compare `lastAt` with the app clock, since KV's expiry is lazy and tests move a manual clock.

export interface FailureCount {
  count: number;
  lastAt: number;
}

export type FailureScope = "username" | "address" | "username_address";

/** What a count is kept for: a username, an address, or a username typed from one address. */
export type FailureSubject = string | { username: string; address: string };

function normalUsername(username: string): string {
  return username.trim().toLowerCase();
}

function failureKey(scope: FailureScope, subject: FailureSubject): Deno.KvKey {
  if (typeof subject !== "string") {
    return ["login_failures", scope, normalUsername(subject.username), subject.address];
  }
  return ["login_failures", scope, scope === "username" ? normalUsername(subject) : subject];
}

/** The failures inside the window ending at `now` (null when none). */
export async function getFailures(
  kv: Deno.Kv,
  scope: FailureScope,
  subject: FailureSubject,
  now: number,
): Promise<FailureCount | null> {
  const value = (await kv.get<FailureCount>(failureKey(scope, subject))).value;
  return value && now - value.lastAt < LOGIN_FAILURE_WINDOW_MS ? value : null;
}

/** Adds one failure (starting afresh when the window has passed); retries on concurrent writes. */
export async function addFailure(
  kv: Deno.Kv,
  scope: FailureScope,
  subject: FailureSubject,
  now: number,
): Promise<number> {
  const key = failureKey(scope, subject);
  for (let attempt = 0; attempt < 20; attempt++) {
    const entry = await kv.get<FailureCount>(key);
    const live = entry.value && now - entry.value.lastAt < LOGIN_FAILURE_WINDOW_MS ? entry.value.count : 0;
    const next: FailureCount = { count: live + 1, lastAt: now };
    const res = await kv.atomic().check(entry).set(key, next, { expireIn: LOGIN_FAILURE_WINDOW_MS }).commit();
    if (res.ok) return next.count;
  }
  throw new Error("login failure counter is too contended");
}

export async function clearFailures(
  kv: Deno.Kv,
  scope: FailureScope,
  subject: FailureSubject,
): Promise<void> {
  await kv.delete(failureKey(scope, subject));
}
