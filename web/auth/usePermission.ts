import { type Access, hasAccess, isAdmin, isSuperAdmin } from "../../common/permissions.ts";
import { useSession } from "./session.ts";

export interface Permissions {
  /** True when the signed-in user satisfies `access` (user id 1 passes every check). */
  can: (access: Access) => boolean;
  isAdmin: boolean;
  isSuperAdmin: boolean;
}

/** Permission checks for the signed-in user. The UI only hides; the server checks every call. */
export function usePermission(): Permissions {
  const { user } = useSession();
  return {
    can: (access) => hasAccess(user, access),
    isAdmin: user ? isAdmin(user) : false,
    isSuperAdmin: user ? isSuperAdmin(user) : false,
  };
}
