import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { API_ACCESS, hasAccess } from "../../common/permissions.ts";
import type { AppEnv } from "../deps.ts";
import { AppError } from "../errors.ts";
import { authenticateToken } from "../services/auth/authenticate.ts";

/** "METHOD /path" of the handler this request was routed to, or null when nothing matched. */
export function routeKeyOf(c: Context): string | null {
  // Only API handlers count: the web build's catch-all `GET *` also matches /api paths.
  const handlers = matchedRoutes(c).filter((r) => r.method !== "ALL" && r.path.startsWith("/api/"));
  const last = handlers.at(-1);
  if (!last) return null;
  return `${last.method} ${last.path}`;
}

function bearerToken(c: Context): string | null {
  const header = c.req.header("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * Enforces common/permissions.ts API_ACCESS on every /api request. Identity comes only from the
 * verified token; user-id or username headers are ignored. A route missing from the table is refused.
 */
export function accessControl(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("user", null);
    const routeKey = routeKeyOf(c);
    if (!routeKey) return await next();
    const access = API_ACCESS[routeKey];
    if (access === undefined) {
      console.error(`[access] ${routeKey} is not listed in API_ACCESS; refusing`);
      throw new AppError("FORBIDDEN");
    }
    const token = bearerToken(c);
    if (access === "public") {
      // A stale token must not break public pages; it just does not identify anyone.
      if (token) {
        const found = await authenticateToken(c.var.deps, token).catch(() => null);
        c.set("user", found?.user ?? null);
      }
      return await next();
    }
    if (!token) throw new AppError("AUTH_REQUIRED");
    const { user, renewedToken } = await authenticateToken(c.var.deps, token);
    c.set("user", user);
    if (!hasAccess(user, access)) {
      throw new AppError(
        access === "super_admin" ? "SUPER_ADMIN_ONLY" : access === "admin" ? "ADMIN_ONLY" : "FORBIDDEN",
      );
    }
    if (renewedToken) c.header("new-token", renewedToken);
    await next();
  };
}

/** The signed-in user of a route that is not public (the access middleware guarantees one). */
export function currentUser(c: Context<AppEnv>) {
  const user = c.var.user;
  if (!user) throw new AppError("AUTH_REQUIRED");
  return user;
}
