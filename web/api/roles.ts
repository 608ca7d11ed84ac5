import type { PermissionCode } from "../../common/permissions.ts";
import type { RoleBody } from "../../common/schemas/roles.ts";
import { api } from "./client.ts";

/** A permission with its Chinese name, description and picker group (part 3 §2, §3). */
export interface PermissionItem {
  code: PermissionCode;
  name: string;
  description: string;
  group: string;
}

/** A role as the role manager shows it (part 3 §3), with how many users hold it. */
export interface RoleRow {
  id: number;
  name: string;
  description: string;
  is_system: boolean;
  permissions: Omit<PermissionItem, "group">[];
  user_count: number;
}

/** Role list. GET /api/roles */
export function listRoles() {
  return api.get<{ success: true; roles: RoleRow[] }>("/api/roles", { silent: true });
}

/** Create a role. POST /api/roles */
export function createRole(body: RoleBody) {
  return api.post<{ success: true; role: RoleRow }>("/api/roles", body, { silent: true });
}

/** Replace a role's name, description and permissions. PUT /api/roles/{id} */
export function updateRole(id: number, body: RoleBody) {
  return api.put<{ success: true; role: RoleRow }>(`/api/roles/${id}`, body, { silent: true });
}

/** Delete a role. DELETE /api/roles/{id} */
export function deleteRole(id: number) {
  return api.delete<{ success: true }>(`/api/roles/${id}`, { silent: true });
}

/** Every permission code. GET /api/permissions */
export function listPermissions() {
  return api.get<{ success: true; permissions: PermissionItem[] }>("/api/permissions", { silent: true });
}
