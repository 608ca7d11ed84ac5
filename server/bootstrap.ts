import type { BuiltinRole, PermissionCode } from "../common/permissions.ts";
import {
  ADMIN_ROLE,
  DEFAULT_MEMBER_ROLE,
  PERMISSION_CODES,
  SUPER_ADMIN_ID,
  SUPER_ADMIN_ROLE,
} from "../common/permissions.ts";
import type { AppDeps } from "./deps.ts";
import { seedLoginFeatures } from "./kv/login_features.ts";
import {
  createRole,
  getBuiltinRole,
  getDefaultRoleId,
  getRoleByName,
  markBuiltinRole,
  type Role,
  type RoleInput,
  setDefaultRoleId,
} from "./kv/roles.ts";
import { createUser, getUser } from "./kv/users.ts";
import { hashPassword } from "./services/auth/password_hash.ts";

/** What a newly registered member may use until an administrator changes the role. */
export const DEFAULT_MEMBER_PERMISSIONS: PermissionCode[] = [
  "dashboard",
  "member_center",
  "pdf_converter",
  "mediation",
  "my_template",
  "excel_batch_generate",
  "excel_template_manage",
  "excel_case_split",
];

/**
 * First start: the three built-in roles, the default login-page features, and user id 1 (super
 * administrator). Safe to run on every start; it only fills in what is missing. Returns the
 * generated password when it made one.
 */
export async function ensureInitialData(
  deps: Pick<AppDeps, "kv" | "config" | "clock">,
): Promise<{ generatedPassword: string | null }> {
  const { kv, config } = deps;
  const now = deps.clock.now();
  const superRole = await ensureBuiltinRole(kv, "super_admin", {
    name: SUPER_ADMIN_ROLE,
    description: "拥有全部权限，不可编辑或删除",
    permissions: [...PERMISSION_CODES],
    isSystem: true,
  }, now);
  await ensureBuiltinRole(kv, "admin", {
    name: ADMIN_ROLE,
    description: "管理员",
    permissions: [...PERMISSION_CODES],
    isSystem: true,
  }, now);
  if (await getDefaultRoleId(kv) === null) {
    const member = await getRoleByName(kv, DEFAULT_MEMBER_ROLE) ??
      await createRole(kv, {
        name: DEFAULT_MEMBER_ROLE,
        description: "新注册用户的默认角色",
        permissions: DEFAULT_MEMBER_PERMISSIONS,
        isSystem: true,
        builtin: "member",
      }, now);
    await setDefaultRoleId(kv, member.id);
  }

  await seedLoginFeatures(kv, now);

  if (await getUser(kv, SUPER_ADMIN_ID)) return { generatedPassword: null };
  const generatedPassword = config.adminPassword ? null : generatePassword();
  await createUser(kv, {
    username: config.adminUsername,
    // A placeholder the e-mail rule accepts, so the record saves unchanged in the user manager and /account.
    email: "admin@example.com",
    passwordHash: await hashPassword(config.adminPassword ?? generatedPassword!),
    roleId: superRole.id,
  }, { id: SUPER_ADMIN_ID, now, quotas: { mediation: 99_999, pdf_convert: 99_999, ai: 99_999 } });
  // keep the users counter past id 1
  await kv.set(
    ["counters", "users"],
    Math.max(SUPER_ADMIN_ID, (await kv.get<number>(["counters", "users"])).value ?? 0),
  );
  return { generatedPassword };
}

function generatePassword(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(14));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}

/**
 * The built-in role with this key: found by its key, else (a database from before the key) by its
 * first name on a system role, which then gets the key, else created. Found by key, a renamed built-in
 * role is not created again under its old name.
 */
async function ensureBuiltinRole(
  kv: Deno.Kv,
  key: BuiltinRole,
  input: RoleInput,
  now: number,
): Promise<Role> {
  const found = await getBuiltinRole(kv, key);
  if (found) return found;
  const named = await getRoleByName(kv, input.name);
  if (named?.isSystem) {
    await markBuiltinRole(kv, named.id, key);
    return { ...named, builtin: key };
  }
  return await createRole(kv, { ...input, builtin: key }, now);
}
