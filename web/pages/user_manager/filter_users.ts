/**
 * The user manager's filter (part 3 §2): the list comes whole from GET /api/users and is filtered
 * and paged on the client, so the rules live here as a pure function.
 */
import type { UserRow } from "../../api/users.ts";

export interface UserFilters {
  id?: number | string | null;
  username?: string;
  role?: string;
  domain?: string;
  email?: string;
  /** Created-time range, inclusive, as epoch ms (start of the first day, end of the last day). */
  createdFrom?: number | null;
  createdTo?: number | null;
}

function contains(value: string, needle: string | undefined): boolean {
  const n = (needle ?? "").trim().toLowerCase();
  return n === "" || value.toLowerCase().includes(n);
}

/** Users matching every filled filter; text filters match a part, case-insensitive; the ID matches exactly. */
export function filterUsers(users: readonly UserRow[], filters: UserFilters): UserRow[] {
  const idText = String(filters.id ?? "").trim();
  const id = idText === "" ? null : Number(idText);
  return users.filter((u) => {
    if (id !== null && u.id !== id) return false;
    if (filters.role && u.role !== filters.role) return false;
    if (!contains(u.username, filters.username)) return false;
    if (!contains(u.email, filters.email)) return false;
    if (!contains(u.domain, filters.domain)) return false;
    const created = Date.parse(u.created_at);
    if (filters.createdFrom != null && created < filters.createdFrom) return false;
    if (filters.createdTo != null && created > filters.createdTo) return false;
    return true;
  });
}
