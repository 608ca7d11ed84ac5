import type { QuotaKind } from "../../common/constants.ts";
import { AppError } from "../errors.ts";
import { nextSequence } from "./ids.ts";
import { quotaKey } from "./quotas.ts";
import type { Role } from "./roles.ts";

// Keys:  ["users", id] -> UserRecord
//        ["users_by_username", lowercase username] -> id (unique, case-insensitive)
//        ["role_user_counts", roleId] -> number (users holding each role)
//        ["quotas", id, kind] -> number (initial quotas, written with the user)

export interface UserRecord {
  id: number;
  username: string;
  email: string;
  passwordHash: string;
  roleId: number;
  domain: string;
  createdAt: number;
  lastLoginAt: number | null;
  /** Bumped when the password changes; sessions made before it are refused. */
  passwordChangedAt: number;
}

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string;
  roleId: number;
  domain?: string;
}

export interface CreateUserOptions {
  now?: number;
  /** Initial remaining uses per counter. */
  quotas?: Partial<Record<QuotaKind, number>>;
  /** Force an id (first boot creates user 1). */
  id?: number;
  /** Adds checks and writes to the same atomic commit (e.g. an invitation code's use). */
  extend?: (op: Deno.AtomicOperation, user: UserRecord) => void;
}

function usernameKey(username: string): Deno.KvKey {
  return ["users_by_username", username.trim().toLowerCase()];
}

export async function getUser(kv: Deno.Kv, id: number): Promise<UserRecord | null> {
  return (await kv.get<UserRecord>(["users", id])).value;
}

export async function getUserByUsername(kv: Deno.Kv, username: string): Promise<UserRecord | null> {
  const id = (await kv.get<number>(usernameKey(username))).value;
  return id === null ? null : await getUser(kv, id);
}

/** All users, by id. */
export async function listUsers(kv: Deno.Kv): Promise<UserRecord[]> {
  const users: UserRecord[] = [];
  for await (const entry of kv.list<UserRecord>({ prefix: ["users"] })) users.push(entry.value);
  return users;
}

/**
 * Creates a user with its username index, role count and initial quotas in one commit.
 * Throws USERNAME_TAKEN when the name (case-insensitive) exists, ROLE_NOT_FOUND when the role is gone.
 * When the commit fails for another reason (an `extend` check, a concurrent role change) it throws
 * CommitConflict: the caller re-validates its own state and calls again.
 */
export async function createUser(
  kv: Deno.Kv,
  input: NewUser,
  options: CreateUserOptions = {},
): Promise<UserRecord> {
  const now = options.now ?? Date.now();
  const id = options.id ?? await nextSequence(kv, "users");
  const user: UserRecord = {
    id,
    username: input.username.trim(),
    email: input.email.trim(),
    passwordHash: input.passwordHash,
    roleId: input.roleId,
    domain: input.domain ?? "",
    createdAt: now,
    lastLoginAt: null,
    passwordChangedAt: now,
  };
  const role = await kv.get<Role>(["roles", input.roleId]);
  if (!role.value) throw new AppError("ROLE_NOT_FOUND", {}, { field: "role" });
  const count = await kv.get<number>(["role_user_counts", input.roleId]);
  const op = kv.atomic()
    .check({ key: usernameKey(user.username), versionstamp: null })
    .check({ key: ["users", id], versionstamp: null })
    .check(role, count)
    .set(["users", id], user)
    .set(usernameKey(user.username), id)
    .set(["role_user_counts", input.roleId], (count.value ?? 0) + 1);
  for (const [kind, amount] of Object.entries(options.quotas ?? {})) {
    op.set(quotaKey(id, kind as QuotaKind), amount);
  }
  options.extend?.(op, user);
  const res = await op.commit();
  if (res.ok) return user;
  if ((await kv.get(usernameKey(user.username))).value !== null) {
    throw new AppError("USERNAME_TAKEN", {}, { field: "username" });
  }
  throw new CommitConflict();
}

/** A commit lost a race on something other than the username; the caller re-reads and retries. */
export class CommitConflict extends Error {
  constructor() {
    super("commit conflict");
  }
}

export type UserPatch = Partial<
  Pick<UserRecord, "email" | "passwordHash" | "roleId" | "domain" | "lastLoginAt">
>;

/** Updates a user (never the username), keeping role counts right. Retries on concurrent writes. */
export async function updateUser(
  kv: Deno.Kv,
  id: number,
  patch: UserPatch,
  now = Date.now(),
): Promise<UserRecord> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const entry = await kv.get<UserRecord>(["users", id]);
    if (!entry.value) throw new AppError("USER_NOT_FOUND");
    const user: UserRecord = { ...entry.value, ...patch };
    if (patch.passwordHash && patch.passwordHash !== entry.value.passwordHash) user.passwordChangedAt = now;
    const op = kv.atomic().check(entry).set(["users", id], user);
    if (user.roleId !== entry.value.roleId) {
      const role = await kv.get<Role>(["roles", user.roleId]);
      if (!role.value) throw new AppError("ROLE_NOT_FOUND", {}, { field: "role" });
      const [oldCount, newCount] = await kv.getMany<number[]>([
        ["role_user_counts", entry.value.roleId],
        ["role_user_counts", user.roleId],
      ]);
      op.check(role, oldCount, newCount)
        .set(["role_user_counts", entry.value.roleId], Math.max(0, (oldCount.value ?? 1) - 1))
        .set(["role_user_counts", user.roleId], (newCount.value ?? 0) + 1);
    }
    if ((await op.commit()).ok) return user;
  }
  throw new AppError("QUOTA_BUSY");
}

/** Deletes a user, its username index, its quotas, and its place in its role's count. */
export async function deleteUser(kv: Deno.Kv, id: number): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const entry = await kv.get<UserRecord>(["users", id]);
    if (!entry.value) throw new AppError("USER_NOT_FOUND");
    const count = await kv.get<number>(["role_user_counts", entry.value.roleId]);
    const op = kv.atomic().check(entry, count)
      .delete(["users", id])
      .delete(usernameKey(entry.value.username))
      .set(["role_user_counts", entry.value.roleId], Math.max(0, (count.value ?? 1) - 1));
    for (const kind of ["mediation", "pdf_convert", "ai"] as const) op.delete(quotaKey(id, kind));
    if ((await op.commit()).ok) return;
  }
  throw new AppError("QUOTA_BUSY");
}
