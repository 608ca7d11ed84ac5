import { ADMIN_ROLE } from "../../common/permissions.ts";

/** Chinese labels for role keys that are not words a user reads (the role name stays the key). */
const ROLE_LABELS: Record<string, string> = { [ADMIN_ROLE]: "管理员" };

/** The role as people read it: 管理员 for `admin`; any other role name (already Chinese) as it is. */
export function roleLabel(role: string): string {
  return Object.hasOwn(ROLE_LABELS, role) ? ROLE_LABELS[role] : role;
}

/** The label with the key after it when they differ, for screens that manage roles: 管理员（admin）. */
export function roleLabelWithKey(role: string): string {
  const label = roleLabel(role);
  return label === role ? role : `${label}（${role}）`;
}
