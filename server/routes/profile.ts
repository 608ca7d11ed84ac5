import { Hono } from "hono";
import { isAdmin, isSuperAdmin, PERMISSION_CODES } from "../../common/permissions.ts";
import type { AppEnv } from "../deps.ts";
import { currentUser } from "../middleware/access.ts";

export const profileRoutes = new Hono<AppEnv>()
  .get("/user/profile", (c) => {
    // c.var.user is read from KV on this request, so role and permission changes show at once.
    const user = currentUser(c);
    const superAdmin = isSuperAdmin(user);
    return c.json({
      success: true,
      user: {
        id: user.id,
        username: user.username,
        email: user.email,
        role: user.role,
        // User 1 passes every check (part 3 §6), so it holds every code whatever its role says.
        permissions: superAdmin ? [...PERMISSION_CODES] : user.permissions,
        domain: user.domain,
        is_admin: isAdmin(user),
        is_super_admin: superAdmin,
      },
    });
  });
