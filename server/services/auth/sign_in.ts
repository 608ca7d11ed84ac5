import { clientRoleName } from "../../../common/permissions.ts";
import type { LoginBody, SessionUser } from "../../../common/schemas/auth.ts";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { randomToken } from "../../kv/ids.ts";
import { recordLoginAttempt } from "../../kv/login_audit.ts";
import { getRole } from "../../kv/roles.ts";
import { createSession } from "../../kv/sessions.ts";
import { getUserByUsername, updateUser, type UserRecord } from "../../kv/users.ts";
import { checkCaptcha } from "../captcha/captcha.ts";
import { checkLoginAllowed, clearLoginFailures, recordLoginFailure, waitFor } from "./login_throttle.ts";
import { getDummyHash, verifyPassword } from "./password_hash.ts";
import { signToken } from "./tokens.ts";

/** The user as the browser stores it after sign-in (part 1 §3). */
export type SignedInUser = Omit<SessionUser, "is_admin" | "is_super_admin">;

export interface SignInResult {
  token: string;
  user: SignedInUser;
}

type SignInDeps = Pick<AppDeps, "kv" | "clock" | "config" | "signingKey">;

/**
 * Signs in with username, password and a captcha. The captcha is used up first, whatever follows.
 * Then the throttle may refuse (LOGIN_LOCKED) or slow the attempt down. An unknown username is checked
 * against a dummy hash, so it gets the same INVALID_CREDENTIALS in about the same time. Every attempt
 * is recorded in the login audit, a wrong or expired captcha included.
 */
export async function signIn(deps: SignInDeps, input: LoginBody, address: string): Promise<SignInResult> {
  try {
    await checkCaptcha(deps, input, { consume: true });
  } catch (err) {
    const code = err instanceof AppError ? err.code : "CAPTCHA_INVALID";
    await recordSignInAttempt(deps, { username: input.username, address, code });
    throw err;
  }
  const subject = { username: input.username, address };
  let delay: number;
  try {
    delay = await checkLoginAllowed(deps.kv, subject, deps.clock.now());
  } catch (err) {
    await recordSignInAttempt(deps, { username: input.username, address, code: "LOGIN_LOCKED" });
    throw err;
  }
  await waitFor(deps.clock, delay);

  const user = await getUserByUsername(deps.kv, input.username);
  const ok = await verifyPassword(input.password, user?.passwordHash ?? await getDummyHash());
  if (!user || !ok) {
    await recordLoginFailure(deps.kv, subject, deps.clock.now());
    await recordSignInAttempt(deps, { username: input.username, address, code: "INVALID_CREDENTIALS" });
    throw new AppError("INVALID_CREDENTIALS");
  }
  await clearLoginFailures(deps.kv, subject);
  const result = await startSession(deps, user, address);
  await recordSignInAttempt(deps, { username: user.username, address, code: null });
  return result;
}

/**
 * Opens a session for a user who just proved who they are (sign-in or registration): the session,
 * its token, and lastLoginAt.
 */
export async function startSession(
  deps: SignInDeps,
  user: UserRecord,
  address: string,
): Promise<SignInResult> {
  const now = deps.clock.now();
  const sid = randomToken();
  await createSession(deps.kv, { sid, userId: user.id, createdAt: now, lastSeenAt: now, address });
  const token = await signToken(deps.signingKey, { userId: user.id, sid }, now);
  const updated = await updateUser(deps.kv, user.id, { lastLoginAt: now }, now);
  const role = await getRole(deps.kv, updated.roleId);
  return {
    token,
    user: {
      id: updated.id,
      username: updated.username,
      email: updated.email,
      role: clientRoleName(role),
      permissions: role?.permissions ?? [],
      domain: updated.domain,
    },
  };
}

/** Records a sign-in attempt in the login audit; `code` null means it succeeded. */
export async function recordSignInAttempt(
  deps: Pick<AppDeps, "kv" | "clock">,
  attempt: { username: string; address: string; code: string | null; kind?: "login" | "register" },
): Promise<void> {
  await recordLoginAttempt(deps.kv, {
    username: attempt.username,
    address: attempt.address,
    success: attempt.code === null,
    kind: attempt.kind ?? "login",
    code: attempt.code,
    at: deps.clock.now(),
  });
}
