import type { z } from "zod";
import { canAssignRole, SUPER_ADMIN_ID, SUPER_ADMIN_ROLE } from "../../../common/permissions.ts";
import type { createUserBody, updateUserBody, UserRow } from "../../../common/schemas/users.ts";
import type { AppDeps, CurrentUser } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { recordAudit } from "../../kv/audit_log.ts";
import { randomToken } from "../../kv/ids.ts";
import { getRole, getRoleByName, type Role } from "../../kv/roles.ts";
import { createSession, deleteUserSessions } from "../../kv/sessions.ts";
import {
  CommitConflict,
  createUser,
  deleteUser,
  getUser,
  updateUser,
  type UserPatch,
  type UserRecord,
} from "../../kv/users.ts";
import { hashPassword } from "../auth/password_hash.ts";
import { signToken } from "../auth/tokens.ts";

type Deps = Pick<AppDeps, "kv" | "clock" | "config" | "signingKey">;
type Actor = Pick<CurrentUser, "id" | "username" | "sid" | "role" | "permissions">;

/** A user as the user manager shows it (part 3 §3). */
export function toUserView(user: UserRecord, roleName: string): UserRow {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: roleName,
    last_login: user.lastLoginAt === null ? null : new Date(user.lastLoginAt).toISOString(),
    created_at: new Date(user.createdAt).toISOString(),
    domain: user.domain,
  };
}

/** What the audit log keeps of a user: everything but the password hash. */
function auditUser(user: UserRecord, roleName: string) {
  return { ...toUserView(user, roleName), roleId: user.roleId };
}

async function roleNamed(deps: Deps, name: string): Promise<Role> {
  const role = await getRoleByName(deps.kv, name);
  if (!role) throw new AppError("ROLE_NOT_FOUND", {}, { field: "role" });
  return role;
}

/** A role the actor may hand out (common/permissions.ts canAssignRole), or ROLE_ASSIGN_FORBIDDEN. */
async function assignableRole(deps: Deps, actor: Actor, name: string): Promise<Role> {
  const role = await roleNamed(deps, name);
  if (!canAssignRole(actor, role)) throw new AppError("ROLE_ASSIGN_FORBIDDEN", {}, { field: "role" });
  return role;
}

/**
 * Refuses to touch an account whose role is above the actor's (USER_ABOVE_ACTOR): a member with
 * user_manage cannot reset an administrator's password, change their role or delete them.
 */
async function assertUserWithinReach(deps: Deps, actor: Actor, user: UserRecord): Promise<void> {
  if (user.id === actor.id) return;
  const role = await getRole(deps.kv, user.roleId);
  if (role && !canAssignRole(actor, role)) throw new AppError("USER_ABOVE_ACTOR");
}

/**
 * Creates an account from the user manager with the configured default quotas.
 * Throws USERNAME_TAKEN (case-insensitive), ROLE_NOT_FOUND or ROLE_ASSIGN_FORBIDDEN.
 */
export async function createManagedUser(
  deps: Deps,
  options: { actor: Actor; input: z.output<typeof createUserBody> },
): Promise<UserRow> {
  const { actor, input } = options;
  const passwordHash = await hashPassword(input.password);
  for (let attempt = 0; attempt < 10; attempt++) {
    const role = await assignableRole(deps, actor, input.role);
    try {
      const now = deps.clock.now();
      const user = await createUser(deps.kv, {
        username: input.username,
        email: input.email,
        passwordHash,
        roleId: role.id,
        domain: input.domain,
      }, { now, quotas: { ...deps.config.defaultQuotas } });
      const view = toUserView(user, role.name);
      await recordAudit(deps.kv, {
        at: now,
        actorId: actor.id,
        actorName: actor.username,
        action: "create",
        entity: "user",
        entityId: String(user.id),
        after: auditUser(user, role.name),
      });
      return view;
    } catch (err) {
      if (!(err instanceof CommitConflict)) throw err;
    }
  }
  throw new AppError("QUOTA_BUSY");
}

/**
 * Edits email, role, domain and (when not blank) the password; the username stays.
 * User 1 keeps 超级管理员 and only user 1 may edit user 1. A new password ends every session of the
 * user; when users change their own password, their current session is replaced and the new token
 * is returned so they stay signed in.
 */
export async function updateManagedUser(
  deps: Deps,
  options: { actor: Actor; id: number; input: z.output<typeof updateUserBody> },
): Promise<{ user: UserRow; newToken: string | null }> {
  const { actor, id, input } = options;
  const before = await getUser(deps.kv, id);
  if (!before) throw new AppError("USER_NOT_FOUND");
  if (id === SUPER_ADMIN_ID && actor.id !== SUPER_ADMIN_ID) throw new AppError("SUPER_ADMIN_EDIT_FORBIDDEN");
  await assertUserWithinReach(deps, actor, before);
  const role = before.roleId === (await getRoleByName(deps.kv, input.role))?.id
    ? await roleNamed(deps, input.role) // keeping one's role is always allowed
    : await assignableRole(deps, actor, input.role);
  if (id === SUPER_ADMIN_ID && role.name !== SUPER_ADMIN_ROLE) {
    throw new AppError("SUPER_ADMIN_ROLE_FIXED", {}, { field: "role" });
  }
  const patch: UserPatch = { email: input.email, roleId: role.id, domain: input.domain };
  if (input.password) patch.passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  const after = await updateUser(deps.kv, id, patch, now);
  let newToken: string | null = null;
  if (patch.passwordHash) {
    await deleteUserSessions(deps.kv, id);
    if (actor.id === id) newToken = await replaceSession(deps, { userId: id, now });
  }
  const beforeRole = before.roleId === role.id
    ? role.name
    : (await getRole(deps.kv, before.roleId))?.name ?? "";
  await recordAudit(deps.kv, {
    at: now,
    actorId: actor.id,
    actorName: actor.username,
    action: "update",
    entity: "user",
    entityId: String(id),
    before: auditUser(before, beforeRole),
    after: { ...auditUser(after, role.name), passwordChanged: Boolean(patch.passwordHash) },
  });
  return { user: toUserView(after, role.name), newToken };
}

/** A fresh session and token for a user whose password just changed. */
export async function replaceSession(deps: Deps, options: { userId: number; now: number }): Promise<string> {
  const sid = randomToken();
  await createSession(deps.kv, {
    sid,
    userId: options.userId,
    createdAt: options.now,
    lastSeenAt: options.now,
    address: "",
  });
  return await signToken(deps.signingKey, { userId: options.userId, sid }, options.now);
}

/**
 * Deletes an account and ends its sessions. User 1 cannot be deleted (SUPER_ADMIN_UNDELETABLE),
 * nor can the signed-in user delete themselves (CANNOT_DELETE_SELF).
 */
export async function deleteManagedUser(deps: Deps, options: { actor: Actor; id: number }): Promise<void> {
  const { actor, id } = options;
  if (id === SUPER_ADMIN_ID) throw new AppError("SUPER_ADMIN_UNDELETABLE");
  if (id === actor.id) throw new AppError("CANNOT_DELETE_SELF");
  const before = await getUser(deps.kv, id);
  if (!before) throw new AppError("USER_NOT_FOUND");
  await assertUserWithinReach(deps, actor, before);
  const roleName = (await getRole(deps.kv, before.roleId))?.name ?? "";
  await deleteUser(deps.kv, id);
  await deleteUserSessions(deps.kv, id);
  await recordAudit(deps.kv, {
    at: deps.clock.now(),
    actorId: actor.id,
    actorName: actor.username,
    action: "delete",
    entity: "user",
    entityId: String(id),
    before: auditUser(before, roleName),
  });
}
