import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { ErrorCode } from "../../common/errors.ts";
import { type Access, API_ACCESS, hasAccess } from "../../common/permissions.ts";
import type { AppEnv } from "../deps.ts";
import { AppError } from "../errors.ts";
import { accessSubjectOf, authenticateToken } from "../services/auth/authenticate.ts";

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

/**
 * Public routes that serve a file through a signed link (no token), and the access the link's owner
 * must still hold when the link is USED: the same as the routes that hand such links out. Add a line
 * for every new route of this kind and call requireLinkOwnerAccess in it.
 */
export const SIGNED_LINK_ACCESS: Record<string, Access> = {
  "GET /api/excel-case-split/download/:token": "excel_case_split",
  "GET /api/mediation/batch/:batch_no/zip": "mediation",
  "GET /api/mediation/file/:batch_no/:row/:kind": "mediation",
  "GET /api/excel-batch/task/:id/zip": "excel_batch_generate",
  "GET /api/excel-batch/download-direct/:id": "excel_batch_generate",
};

/**
 * Refuses (with the route's own link error) a signed link whose owner has been deleted or no longer
 * holds the route's SIGNED_LINK_ACCESS, so an old link stops working with the permission. A route
 * missing from the table is refused with FORBIDDEN, as API_ACCESS does.
 */
export async function requireLinkOwnerAccess(
  c: Context<AppEnv>,
  input: { ownerId: number; error: ErrorCode },
): Promise<void> {
  const routeKey = routeKeyOf(c);
  const access = routeKey ? SIGNED_LINK_ACCESS[routeKey] : undefined;
  if (access === undefined) {
    console.error(`[access] ${routeKey} is not listed in SIGNED_LINK_ACCESS; refusing`);
    throw new AppError("FORBIDDEN");
  }
  const owner = await accessSubjectOf(c.var.deps.kv, input.ownerId);
  if (!owner || !hasAccess(owner, access)) throw new AppError(input.error);
}
