import type { BuiltinRole, PermissionCode } from "../../common/permissions.ts";
import {
  ADMIN_ROLE,
  isPermissionCode,
  isReservedRoleName,
  SUPER_ADMIN_ROLE,
} from "../../common/permissions.ts";
import type { RoleBody } from "../../common/schemas/roles.ts";
import { AppError } from "../errors.ts";
import { nextSequence } from "./ids.ts";

// Keys:  ["roles", id] -> Role
//        ["roles_by_name", name] -> id (unique)
//        ["role_user_counts", roleId] -> number of users holding the role (kept by kv/users.ts)
//        ["meta", "default_role_id"] -> id of the role new registrations get

export interface Role {
  id: number;
  name: string;
  description: string;
  isSystem: boolean;
  /** Set on the built-in roles only (bootstrap); what isAdmin and the protections follow, never the name. */
  builtin?: BuiltinRole;
  permissions: PermissionCode[];
  createdAt: number;
}

export type RoleInput = Omit<RoleBody, "description"> & { description?: string; isSystem?: boolean };

/** The built-in role with this key, whatever it is called now. */
export async function getBuiltinRole(kv: Deno.Kv, key: BuiltinRole): Promise<Role | null> {
  for await (const entry of kv.list<Role>({ prefix: ["roles"] })) {
    if (entry.value.builtin === key) return entry.value;
  }
  return null;
}

/** Throws ROLE_NAME_RESERVED when `name` is admin or 超级管理员 and the role is not the built-in one of that name. */
function assertNameAllowed(name: string, builtin: BuiltinRole | undefined): void {
  if (!isReservedRoleName(name)) return;
  const own = (builtin === "admin" && name === ADMIN_ROLE) ||
    (builtin === "super_admin" && name === SUPER_ADMIN_ROLE);
  if (!own) throw new AppError("ROLE_NAME_RESERVED", { name }, { field: "name" });
}

/**
 * Marks an existing role as a built-in one (bootstrap; databases made before the key existed).
 * Does nothing when the role already carries a key.
 */
export async function markBuiltinRole(kv: Deno.Kv, id: number, key: BuiltinRole): Promise<void> {
  const entry = await kv.get<Role>(["roles", id]);
  if (!entry.value || entry.value.builtin) return;
  const res = await kv.atomic().check(entry).set(["roles", id], { ...entry.value, builtin: key }).commit();
  if (!res.ok) return markBuiltinRole(kv, id, key);
}

export async function getRole(kv: Deno.Kv, id: number): Promise<Role | null> {
  return (await kv.get<Role>(["roles", id])).value;
}

export async function getRoleByName(kv: Deno.Kv, name: string): Promise<Role | null> {
  const id = (await kv.get<number>(["roles_by_name", name])).value;
  return id === null ? null : await getRole(kv, id);
}

/** All roles, by id. */
export async function listRoles(kv: Deno.Kv): Promise<Role[]> {
  const roles: Role[] = [];
  for await (const entry of kv.list<Role>({ prefix: ["roles"] })) roles.push(entry.value);
  return roles;
}

/**
 * Creates a role; throws ROLE_NAME_TAKEN when the name exists, ROLE_NAME_RESERVED for admin and
 * 超级管理员 unless `builtin` makes it that built-in role.
 */
export async function createRole(
  kv: Deno.Kv,
  input: RoleInput & { builtin?: BuiltinRole },
  now = Date.now(),
): Promise<Role> {
  assertNameAllowed(input.name.trim(), input.builtin);
  const id = await nextSequence(kv, "roles");
  const role: Role = {
    id,
    name: input.name.trim(),
    description: input.description ?? "",
    isSystem: input.isSystem ?? false,
    ...(input.builtin ? { builtin: input.builtin } : {}),
    permissions: uniqueCodes(input.permissions),
    createdAt: now,
  };
  const res = await kv.atomic()
    .check({ key: ["roles_by_name", role.name], versionstamp: null })
    .set(["roles", id], role)
    .set(["roles_by_name", role.name], id)
    .commit();
  if (!res.ok) throw new AppError("ROLE_NAME_TAKEN", {}, { field: "name" });
  return role;
}

/**
 * Replaces name, description and permissions. The 超级管理员 role cannot be edited; admin and
 * 超级管理员 are no other role's name (ROLE_NAME_RESERVED), though the built-in admin role may take its
 * own name back.
 */
export async function updateRole(kv: Deno.Kv, id: number, input: RoleInput): Promise<Role> {
  const entry = await kv.get<Role>(["roles", id]);
  if (!entry.value) throw new AppError("ROLE_NOT_FOUND");
  if (isSuperAdminRole(entry.value)) throw new AppError("ROLE_PROTECTED_EDIT");
  const name = input.name.trim();
  assertNameAllowed(name, entry.value.builtin);
  const role: Role = {
    ...entry.value,
    name,
    description: input.description ?? "",
    permissions: uniqueCodes(input.permissions),
  };
  const op = kv.atomic().check(entry).set(["roles", id], role);
  if (name !== entry.value.name) {
    op.check({ key: ["roles_by_name", name], versionstamp: null })
      .delete(["roles_by_name", entry.value.name])
      .set(["roles_by_name", name], id);
  }
  const res = await op.commit();
  if (!res.ok) {
    const taken = name !== entry.value.name && (await kv.get(["roles_by_name", name])).value !== null;
    if (taken) throw new AppError("ROLE_NAME_TAKEN", {}, { field: "name" });
    return updateRole(kv, id, input);
  }
  return role;
}

/** How many users hold a role. */
export async function countRoleUsers(kv: Deno.Kv, roleId: number): Promise<number> {
  return (await kv.get<number>(["role_user_counts", roleId])).value ?? 0;
}

/**
 * Deletes a role. Refused for 超级管理员, for the default registration role, and while users hold it
 * (the message says how many).
 */
export async function deleteRole(kv: Deno.Kv, id: number): Promise<void> {
  const entry = await kv.get<Role>(["roles", id]);
  if (!entry.value) throw new AppError("ROLE_NOT_FOUND");
  if (isSuperAdminRole(entry.value)) throw new AppError("ROLE_PROTECTED_DELETE");
  if ((await getDefaultRoleId(kv)) === id) throw new AppError("ROLE_DEFAULT_UNDELETABLE");
  const holders = await kv.get<number>(["role_user_counts", id]);
  if ((holders.value ?? 0) > 0) throw new AppError("ROLE_IN_USE", { count: holders.value });
  // A user given this role meanwhile changes the counter, so the commit fails and we look again.
  const res = await kv.atomic()
    .check(entry, holders)
    .delete(["role_user_counts", id])
    .delete(["roles", id])
    .delete(["roles_by_name", entry.value.name])
    .commit();
  if (!res.ok) return deleteRole(kv, id);
}

export async function getDefaultRoleId(kv: Deno.Kv): Promise<number | null> {
  return (await kv.get<number>(["meta", "default_role_id"])).value;
}

export async function setDefaultRoleId(kv: Deno.Kv, id: number): Promise<void> {
  await kv.set(["meta", "default_role_id"], id);
}

/** The built-in 超级管理员 role (its name cannot change, the key is checked as well). */
export function isSuperAdminRole(role: Pick<Role, "name" | "builtin">): boolean {
  return role.builtin === "super_admin" || role.name === SUPER_ADMIN_ROLE;
}

function uniqueCodes(codes: readonly string[]): PermissionCode[] {
  return [...new Set(codes)].filter(isPermissionCode);
}
