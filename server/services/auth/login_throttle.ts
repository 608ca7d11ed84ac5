import {
  LOGIN_DELAY_MAX_MS,
  LOGIN_DELAY_STEP_MS,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_LOCK_AFTER_ADDRESS,
  LOGIN_LOCK_AFTER_USERNAME,
  LOGIN_SLOWDOWN_AFTER,
} from "../../../common/constants.ts";
import type { Clock } from "../../clock.ts";
import { AppError } from "../../errors.ts";
import { addFailure, clearFailures, type FailureCount, getFailures } from "../../kv/login_failures.ts";

/** Who is trying to sign in: the username typed and the client address. */
export interface LoginSubject {
  username: string;
  address: string;
}

/**
 * How long an attempt waits after `failures` recent failures: nothing up to LOGIN_SLOWDOWN_AFTER,
 * then LOGIN_DELAY_STEP_MS per failure beyond it, capped at LOGIN_DELAY_MAX_MS.
 */
export function loginDelayMs(failures: number): number {
  const extra = failures - LOGIN_SLOWDOWN_AFTER + 1;
  return extra <= 0 ? 0 : Math.min(LOGIN_DELAY_MAX_MS, extra * LOGIN_DELAY_STEP_MS);
}

function minutesLeft(failure: FailureCount, now: number): number {
  return Math.max(1, Math.ceil((failure.lastAt + LOGIN_FAILURE_WINDOW_MS - now) / 60_000));
}

/**
 * Refuses with LOGIN_LOCKED {minutes} when this username from this address has
 * LOGIN_LOCK_AFTER_USERNAME recent failures, or the address LOGIN_LOCK_AFTER_ADDRESS over all
 * usernames; otherwise returns how long this attempt should wait. The hard lock is never per username
 * alone, so nobody can lock an account (admin included) out from another address; failures for the
 * username from anywhere still slow every attempt down. A refused attempt is not itself counted, so
 * the lock ends one window after the last real failure.
 */
export async function checkLoginAllowed(kv: Deno.Kv, subject: LoginSubject, now: number): Promise<number> {
  const [byName, byAddress, byPair] = await Promise.all([
    getFailures(kv, "username", subject.username, now),
    getFailures(kv, "address", subject.address, now),
    getFailures(kv, "username_address", subject, now),
  ]);
  if (byPair && byPair.count >= LOGIN_LOCK_AFTER_USERNAME) {
    throw new AppError("LOGIN_LOCKED", { minutes: minutesLeft(byPair, now) });
  }
  if (byAddress && byAddress.count >= LOGIN_LOCK_AFTER_ADDRESS) {
    throw new AppError("LOGIN_LOCKED", { minutes: minutesLeft(byAddress, now) });
  }
  return loginDelayMs(Math.max(byName?.count ?? 0, byAddress?.count ?? 0, byPair?.count ?? 0));
}

/** Counts a failed attempt against the username, the address, and the two together. */
export async function recordLoginFailure(kv: Deno.Kv, subject: LoginSubject, now: number): Promise<void> {
  await Promise.all([
    addFailure(kv, "username", subject.username, now),
    addFailure(kv, "address", subject.address, now),
    addFailure(kv, "username_address", subject, now),
  ]);
}

/** A successful sign-in clears the username's counts (the address keeps its own). */
export async function clearLoginFailures(kv: Deno.Kv, subject: LoginSubject): Promise<void> {
  await Promise.all([
    clearFailures(kv, "username", subject.username),
    clearFailures(kv, "username_address", subject),
  ]);
}

/**
 * Waits `ms`. A manual clock (tests) is advanced instead, so tests stay fast and can measure
 * the delay by reading the clock before and after.
 */
export async function waitFor(clock: Clock, ms: number): Promise<void> {
  if (ms <= 0) return;
  const manual = clock as Clock & { advance?: (ms: number) => void };
  if (typeof manual.advance === "function") {
    manual.advance(ms);
    return;
  }
  await new Promise((resolve) => setTimeout(resolve, ms));
}
