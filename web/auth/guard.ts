/**
 * The route guard's decision (part 1 §4) as a pure function; RequireAuth.tsx carries it out.
 */
import { DENIAL_REDIRECTS_TO_DASHBOARD, FALLBACK_LANDING_ORDER } from "../../common/constants.ts";
import { type AccessSubject, hasAccess, isSuperAdmin, PAGE_ACCESS } from "../../common/permissions.ts";

export const NOT_SIGNED_IN_TEXT = "请先登录";
export const NO_ACCESS_TEXT = "没有访问权限";
export const SUPER_ADMIN_ONLY_TEXT = "只有超级管理员可以访问此页面";
const SUPER_ADMIN_PAGE = "/ai-settings";
const DEFAULT_LANDING = "/dashboard";

export type GuardDecision =
  | { kind: "allow" }
  | { kind: "login"; message: string }
  /** Denied: show `message`, then go to `redirectTo`, or stay on the current page when null. */
  | { kind: "deny"; message: string; redirectTo: string | null };

export interface GuardContext {
  /** The navigation started on /login (after sign-in, or a signed-in user opening /login). */
  fromLogin: boolean;
}

/** Decides what happens when `user` (null: not signed in) opens `path`. */
export function decideAccess(path: string, user: AccessSubject | null, context: GuardContext): GuardDecision {
  if (!user) return { kind: "login", message: NOT_SIGNED_IN_TEXT };
  if (path === "/") return { kind: "allow" };
  if (path === SUPER_ADMIN_PAGE && !isSuperAdmin(user)) {
    return { kind: "deny", message: SUPER_ADMIN_ONLY_TEXT, redirectTo: null };
  }
  const access = PAGE_ACCESS[path];
  // Unknown paths render the not-found page inside the layout.
  if (access === undefined || hasAccess(user, access)) return { kind: "allow" };

  let redirectTo: string | null = null;
  if (context.fromLogin) redirectTo = firstAllowedLanding(user);
  else if (DENIAL_REDIRECTS_TO_DASHBOARD.includes(path)) redirectTo = DEFAULT_LANDING;
  return { kind: "deny", message: NO_ACCESS_TEXT, redirectTo: redirectTo === path ? null : redirectTo };
}

/**
 * The first page of FALLBACK_LANDING_ORDER the user may open; else (beyond part 1, which stops
 * there) the first permission-gated page of the route table they may open, so a member who holds
 * only, say, template_manage lands on their page instead of a denied dashboard; /dashboard when none.
 */
export function firstAllowedLanding(user: AccessSubject): string {
  const allowed = (path: string) => hasAccess(user, PAGE_ACCESS[path] ?? "auth");
  return FALLBACK_LANDING_ORDER.find(allowed) ??
    Object.keys(PAGE_ACCESS).find((path) =>
      PAGE_ACCESS[path] !== "auth" && path !== SUPER_ADMIN_PAGE && allowed(path)
    ) ??
    DEFAULT_LANDING;
}
