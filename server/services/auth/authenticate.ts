import { type AccessSubject, clientRoleName } from "../../../common/permissions.ts";
import { SESSION_IDLE_TIMEOUT_MS, TOKEN_RENEW_BEFORE_MS } from "../../../common/constants.ts";
import type { AppDeps, CurrentUser } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { getRole } from "../../kv/roles.ts";
import { deleteSession, getSession, touchSession } from "../../kv/sessions.ts";
import { getUser } from "../../kv/users.ts";
import { signToken, verifyToken } from "./tokens.ts";

/**
 * What access decisions need about a user, read fresh from KV (role changes apply at once), or null
 * when the user no longer exists. Used where no token is involved, e.g. the owner of a signed link.
 */
export async function accessSubjectOf(kv: Deno.Kv, userId: number): Promise<AccessSubject | null> {
  const record = await getUser(kv, userId);
  if (!record) return null;
  const role = await getRole(kv, record.roleId);
  return {
    id: record.id,
    role: clientRoleName(role),
    permissions: role?.permissions ?? [],
    builtinRole: role?.builtin ?? null,
  };
}

/** Activity is written at most this often per session. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Turns a bearer token into the current user, read fresh from KV (so role changes apply at once).
 * Throws TOKEN_EXPIRED, SESSION_TIMEOUT (idle too long) or TOKEN_INVALID (bad signature, logged out,
 * password changed since, user deleted). Returns a renewed token when the current one is near expiry.
 */
export async function authenticateToken(
  deps: Pick<AppDeps, "kv" | "clock" | "signingKey">,
  token: string,
): Promise<{ user: CurrentUser; renewedToken: string | null }> {
  const now = deps.clock.now();
  const claims = await verifyToken(deps.signingKey, token, now);
  const session = await getSession(deps.kv, claims.sid);
  if (!session || session.userId !== claims.userId) throw new AppError("TOKEN_INVALID");
  if (now - session.lastSeenAt > SESSION_IDLE_TIMEOUT_MS) {
    await deleteSession(deps.kv, session);
    throw new AppError("SESSION_TIMEOUT");
  }
  const record = await getUser(deps.kv, claims.userId);
  if (!record || record.passwordChangedAt > session.createdAt) throw new AppError("TOKEN_INVALID");
  const role = await getRole(deps.kv, record.roleId);
  if (now - session.lastSeenAt > TOUCH_EVERY_MS) await touchSession(deps.kv, session, now);
  const renewedToken = claims.expiresAt - now < TOKEN_RENEW_BEFORE_MS
    ? await signToken(deps.signingKey, { userId: record.id, sid: session.sid }, now)
    : null;
  return {
    user: {
      id: record.id,
      username: record.username,
      email: record.email,
      role: clientRoleName(role),
      roleId: record.roleId,
      builtinRole: role?.builtin ?? null,
      permissions: role?.permissions ?? [],
      domain: record.domain,
      sid: session.sid,
    },
    renewedToken,
  };
}
