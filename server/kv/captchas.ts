import { CAPTCHA_TTL_MS } from "../../common/constants.ts";
import { randomToken } from "./ids.ts";

// Keys:  ["captchas", id] -> StoredCaptcha (expireIn CAPTCHA_TTL_MS; `expiresAt` is also checked
//        against the app clock, because KV's own expiry is lazy and tests move a manual clock)

export interface StoredCaptcha {
  /** The answer, lower-cased (answers are case-insensitive). */
  answer: string;
  expiresAt: number;
  /** Wrong answers given to the verify call so far. */
  wrongTries: number;
}

/** Stores a new captcha answer, valid for CAPTCHA_TTL_MS from `now`; returns its unguessable id. */
export async function saveCaptcha(kv: Deno.Kv, answer: string, now: number): Promise<string> {
  const id = randomToken();
  const captcha: StoredCaptcha = {
    answer: answer.toLowerCase(),
    expiresAt: now + CAPTCHA_TTL_MS,
    wrongTries: 0,
  };
  const res = await kv.set(["captchas", id], captcha, { expireIn: CAPTCHA_TTL_MS });
  if (!res.ok) throw new Error("could not store the captcha");
  return id;
}

export async function getCaptchaEntry(kv: Deno.Kv, id: string): Promise<Deno.KvEntryMaybe<StoredCaptcha>> {
  return await kv.get<StoredCaptcha>(["captchas", id]);
}

/**
 * Deletes the captcha if nobody changed or used it since `entry` was read. False means another
 * request got there first, so one captcha can never serve two sign-in attempts.
 */
export async function takeCaptcha(kv: Deno.Kv, entry: Deno.KvEntry<StoredCaptcha>): Promise<boolean> {
  const res = await kv.atomic().check(entry).delete(entry.key).commit();
  return res.ok;
}

/** Counts one wrong answer; the captcha keeps its original expiry. */
export async function recordWrongCaptcha(
  kv: Deno.Kv,
  entry: Deno.KvEntry<StoredCaptcha>,
  now: number,
): Promise<void> {
  const next: StoredCaptcha = { ...entry.value, wrongTries: entry.value.wrongTries + 1 };
  await kv.atomic().check(entry).set(entry.key, next, { expireIn: Math.max(1, entry.value.expiresAt - now) })
    .commit();
}
