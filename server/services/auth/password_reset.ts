import { timingSafeEqual } from "node:crypto";
import {
  RESET_CODE_LENGTH,
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_MAX_SENDS_PER_ACCOUNT_DAY,
  RESET_CODE_MAX_SENDS_PER_ADDRESS_DAY,
  RESET_CODE_RESEND_SECONDS,
  RESET_CODE_TTL_MS,
} from "../../../common/constants.ts";
import type { ResetPasswordBody, SendCodeBody } from "../../../common/schemas/auth.ts";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import {
  addResetAttempt,
  clearResetAttempts,
  getResetAttempts,
  getResetCodeEntry,
  type ResetCode,
  saveResetCode,
  takeResetCode,
  takeResetSend,
} from "../../kv/reset_codes.ts";
import { deleteUserSessions } from "../../kv/sessions.ts";
import { getUserByUsername, updateUser } from "../../kv/users.ts";
import { hashPassword } from "./password_hash.ts";

type ResetDeps = Pick<AppDeps, "kv" | "clock" | "mailer" | "signingKey">;

/** A crypto-random code of RESET_CODE_LENGTH digits (rejection sampling: no modulo bias). */
export function randomResetCode(): string {
  const limit = 10 ** RESET_CODE_LENGTH;
  const ceiling = Math.floor(0x1_0000_0000 / limit) * limit;
  const buf = new Uint32Array(1);
  do crypto.getRandomValues(buf); while (buf[0] >= ceiling);
  return String(buf[0] % limit).padStart(RESET_CODE_LENGTH, "0");
}

/** HMAC of the code with the signing key, bound to the user: a KV dump does not reveal live codes. */
async function hashResetCode(key: Uint8Array, userId: number, code: string): Promise<Uint8Array> {
  const hmacKey = await crypto.subtle.importKey(
    "raw",
    key as BufferSource,
    { name: "HMAC", hash: "SHA-256" },
    false,
    [
      "sign",
    ],
  );
  const mac = await crypto.subtle.sign("HMAC", hmacKey, new TextEncoder().encode(`reset:${userId}:${code}`));
  return new Uint8Array(mac);
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
const unhex = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (h) => parseInt(h, 16));

/**
 * Mails a reset code when username and email (case-insensitive) belong to one account.
 * Throws RESET_USER_MISMATCH, RESET_CODE_TOO_FREQUENT {seconds} within RESET_CODE_RESEND_SECONDS of
 * the last code, RESET_CODE_DAILY_LIMIT past RESET_CODE_MAX_SENDS_PER_ADDRESS_DAY requests from the
 * address (every request counts, so username/email pairs cannot be tried in bulk) or
 * RESET_CODE_MAX_SENDS_PER_ACCOUNT_DAY mails to the account, MAIL_FAILED when the mail cannot be sent
 * (the code is then dropped). A new code replaces the previous one and clears the wrong-try count.
 */
export async function sendResetCode(
  deps: ResetDeps,
  input: SendCodeBody & { /** The client address the request came from. */ address: string },
): Promise<void> {
  const now = deps.clock.now();
  const perAddress = {
    scope: "address" as const,
    subject: input.address,
    max: RESET_CODE_MAX_SENDS_PER_ADDRESS_DAY,
  };
  if (!await takeResetSend(deps.kv, perAddress, now)) throw new AppError("RESET_CODE_DAILY_LIMIT");
  const user = await getUserByUsername(deps.kv, input.username);
  if (!user || user.email.trim().toLowerCase() !== input.email.trim().toLowerCase()) {
    throw new AppError("RESET_USER_MISMATCH");
  }
  const previous = await getResetCodeEntry(deps.kv, user.id);
  const waitMs = previous.value ? previous.value.sentAt + RESET_CODE_RESEND_SECONDS * 1000 - now : 0;
  if (waitMs > 0) throw new AppError("RESET_CODE_TOO_FREQUENT", { seconds: Math.ceil(waitMs / 1000) });
  const perAccount = { scope: "user" as const, subject: user.id, max: RESET_CODE_MAX_SENDS_PER_ACCOUNT_DAY };
  if (!await takeResetSend(deps.kv, perAccount, now)) throw new AppError("RESET_CODE_DAILY_LIMIT");

  const code = randomResetCode();
  const record: ResetCode = {
    codeHash: hex(await hashResetCode(deps.signingKey, user.id, code)),
    sentAt: now,
    expiresAt: now + RESET_CODE_TTL_MS,
  };
  const saved = await saveResetCode(deps.kv, user.id, previous, record);
  if (!saved) throw new AppError("RESET_CODE_TOO_FREQUENT", { seconds: RESET_CODE_RESEND_SECONDS });
  await clearResetAttempts(deps.kv, input.username);
  const minutes = Math.round(RESET_CODE_TTL_MS / 60_000);
  try {
    await deps.mailer.send({
      to: user.email,
      subject: "密码重置验证码",
      text: `${user.username}，您好：\n\n您正在重置登录密码，验证码为：${code}\n` +
        `验证码${minutes}分钟内有效，请勿告诉他人。如非本人操作，请忽略本邮件。`,
    });
  } catch (err) {
    console.error("[password] reset mail failed:", err);
    await takeResetCode(deps.kv, saved);
    throw new AppError("MAIL_FAILED");
  }
}

/**
 * Sets a new password with a mailed code. It answers the same whether or not the username exists or
 * has a live code (no enumeration): a wrong, missing or expired code is RESET_CODE_INVALID and counts
 * a try for the username typed; after RESET_CODE_MAX_ATTEMPTS tries every attempt is
 * RESET_CODE_ATTEMPTS until a new code is sent or RESET_CODE_TTL_MS passes. Success uses the code up
 * and ends all the user's sessions.
 */
export async function resetPassword(deps: ResetDeps, input: ResetPasswordBody): Promise<void> {
  const attemptsError = () => new AppError("RESET_CODE_ATTEMPTS", {}, { field: "code" });
  const now = deps.clock.now();
  if (await getResetAttempts(deps.kv, input.username, now) >= RESET_CODE_MAX_ATTEMPTS) throw attemptsError();
  const user = await getUserByUsername(deps.kv, input.username);
  const found = user ? await getResetCodeEntry(deps.kv, user.id) : null;
  const live = found?.value && found.value.expiresAt > now ? found as Deno.KvEntry<ResetCode> : null;
  // The HMAC is computed in every case, so the answer takes as long with or without a code.
  const actual = await hashResetCode(deps.signingKey, user?.id ?? 0, input.code);
  const expected = live ? unhex(live.value.codeHash) : new Uint8Array(actual.length);
  const matches = live !== null && actual.length === expected.length && timingSafeEqual(actual, expected);
  if (!matches || !user || !live) {
    const tries = await addResetAttempt(deps.kv, input.username, now);
    if (tries >= RESET_CODE_MAX_ATTEMPTS) throw attemptsError();
    throw new AppError("RESET_CODE_INVALID", {}, { field: "code" });
  }
  const passwordHash = await hashPassword(input.newPassword);
  if (!await takeResetCode(deps.kv, live)) throw new AppError("RESET_CODE_INVALID", {}, { field: "code" });
  await clearResetAttempts(deps.kv, input.username);
  await updateUser(deps.kv, user.id, { passwordHash }, now);
  await deleteUserSessions(deps.kv, user.id);
}
