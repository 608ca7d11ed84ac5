import { timingSafeEqual } from "node:crypto";
import {
  RESET_CODE_LENGTH,
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_RESEND_SECONDS,
  RESET_CODE_TTL_MS,
} from "../../../common/constants.ts";
import type { ResetPasswordBody, SendCodeBody } from "../../../common/schemas/auth.ts";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import {
  addResetAttempt,
  getResetCodeEntry,
  type ResetCode,
  saveResetCode,
  takeResetCode,
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
 * the last code, MAIL_FAILED when the mail cannot be sent (the code is then dropped). A new code
 * replaces the previous one and its wrong-try count.
 */
export async function sendResetCode(deps: ResetDeps, input: SendCodeBody): Promise<void> {
  const user = await getUserByUsername(deps.kv, input.username);
  if (!user || user.email.trim().toLowerCase() !== input.email.trim().toLowerCase()) {
    throw new AppError("RESET_USER_MISMATCH");
  }
  const now = deps.clock.now();
  const previous = await getResetCodeEntry(deps.kv, user.id);
  const waitMs = previous.value ? previous.value.sentAt + RESET_CODE_RESEND_SECONDS * 1000 - now : 0;
  if (waitMs > 0) throw new AppError("RESET_CODE_TOO_FREQUENT", { seconds: Math.ceil(waitMs / 1000) });

  const code = randomResetCode();
  const record: ResetCode = {
    codeHash: hex(await hashResetCode(deps.signingKey, user.id, code)),
    sentAt: now,
    expiresAt: now + RESET_CODE_TTL_MS,
    attempts: 0,
  };
  const saved = await saveResetCode(deps.kv, user.id, previous, record);
  if (!saved) throw new AppError("RESET_CODE_TOO_FREQUENT", { seconds: RESET_CODE_RESEND_SECONDS });
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
 * Sets a new password with a mailed code. A wrong code counts a try; after RESET_CODE_MAX_ATTEMPTS
 * the code is void (RESET_CODE_ATTEMPTS) until a new one is sent. An unknown user, a missing or expired
 * code answer RESET_CODE_INVALID. Success uses the code up and ends all the user's sessions.
 */
export async function resetPassword(deps: ResetDeps, input: ResetPasswordBody): Promise<void> {
  const invalid = () => new AppError("RESET_CODE_INVALID", {}, { field: "code" });
  const user = await getUserByUsername(deps.kv, input.username);
  if (!user) throw invalid();
  const now = deps.clock.now();
  const found = await getResetCodeEntry(deps.kv, user.id);
  if (!found.value || found.value.expiresAt <= now) throw invalid();
  const entry = found as Deno.KvEntry<ResetCode>;
  if (entry.value.attempts >= RESET_CODE_MAX_ATTEMPTS) {
    throw new AppError("RESET_CODE_ATTEMPTS", {}, { field: "code" });
  }

  const actual = await hashResetCode(deps.signingKey, user.id, input.code);
  const expected = unhex(entry.value.codeHash);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    // A lost race means another try was counted meanwhile; this one is still refused.
    await addResetAttempt(deps.kv, entry, now);
    if (entry.value.attempts + 1 >= RESET_CODE_MAX_ATTEMPTS) {
      throw new AppError("RESET_CODE_ATTEMPTS", {}, { field: "code" });
    }
    throw invalid();
  }
  const passwordHash = await hashPassword(input.newPassword);
  if (!await takeResetCode(deps.kv, entry)) throw invalid();
  await updateUser(deps.kv, user.id, { passwordHash }, now);
  await deleteUserSessions(deps.kv, user.id);
}
