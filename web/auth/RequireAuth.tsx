import { App } from "antd";
import { type ComponentType, type ReactNode, Suspense, useEffect, useRef } from "react";
import { useLocation, useNavigate, useNavigationType, useOutlet } from "react-router";
import { getProfile } from "../api/profile.ts";
import { ChunkErrorBoundary } from "../components/ChunkErrorBoundary.tsx";
import { loadSiteSettings } from "../components/site_settings.ts";
import { ForbiddenResult } from "./ForbiddenResult.tsx";
import { decideAccess, firstAllowedLanding } from "./guard.ts";
import { consumeEndedByApp, getCachedSettings, getUser, setUser, useSession } from "./session.ts";

interface Props {
  /** The shell around every signed-in page (lazy). */
  layout: ComponentType<{ children?: ReactNode }>;
}

interface Shown {
  path: string;
  search: string;
  outlet: ReactNode;
}

let profileRequest: Promise<unknown> | null = null;

/**
 * Reads the user again on every page change (and so on every page load), so a changed role or a
 * role that lost a permission shows in the menu and the guard without signing in again. The stored
 * user is replaced only when it differs, so an unchanged profile re-renders nothing.
 */
function refreshProfile(): void {
  if (profileRequest) return;
  profileRequest = getProfile().then(({ user }) => {
    if (JSON.stringify(user) !== JSON.stringify(getUser())) setUser(user);
  }).catch(() => {
    // 401 and friends are handled by the API client; anything else keeps the stored user.
  }).finally(() => {
    profileRequest = null;
  });
}

/**
 * The route guard of part 1 §4 around the signed-in layout. A denied page is never rendered: the
 * previous page stays on screen and the address goes back to it ("the user stays put"); on a first
 * load there is no previous page, so the content area shows a 403 result with the guard's message.
 */
export function RequireAuth({ layout: Layout }: Props) {
  const { token, user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const outlet = useOutlet();
  const { message } = App.useApp();
  const lastShown = useRef<Shown | null>(null);
  const handled = useRef("");

  const signedIn = token !== null && user !== null;
  const fromLogin = (location.state as { fromLogin?: boolean } | null)?.fromLogin === true;
  const decision = decideAccess(location.pathname, signedIn ? user : null, { fromLogin });
  const decisionKey = JSON.stringify(decision);

  useEffect(() => {
    if (!getCachedSettings()?.siteTitle) loadSiteSettings().catch(() => {});
  }, []);

  useEffect(() => {
    if (signedIn) refreshProfile();
  }, [signedIn, location.pathname]);

  useEffect(() => {
    const key = `${location.key}|${decisionKey}`;
    if (handled.current === key) return;
    handled.current = key;
    if (decision.kind === "allow") {
      lastShown.current = { path: location.pathname, search: location.search, outlet };
      return;
    }
    if (decision.kind === "login") {
      if (!consumeEndedByApp()) message.warning({ content: decision.message, key: "guard" });
      navigate("/login", { replace: true });
      return;
    }
    message.error({ content: decision.message, key: "guard" });
    const previous = lastShown.current;
    // The page shown lost its access (a fresher profile): stay, without the page (no redirect loop).
    if (previous?.path === location.pathname) return;
    if (decision.redirectTo) navigate(decision.redirectTo, { replace: true });
    else if (previous && navigationType === "PUSH") navigate(-1);
    else if (previous) navigate(previous.path + previous.search, { replace: true });
  });

  if (decision.kind === "login") return null;
  const previous = lastShown.current;
  const content = decision.kind === "allow"
    ? outlet
    : previous && previous.path !== location.pathname
    ? previous.outlet
    : (
      <ForbiddenResult
        message={decision.message}
        landing={user ? firstAllowedLanding(user) : "/dashboard"}
      />
    );
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={null}>
        <Layout>{content}</Layout>
      </Suspense>
    </ChunkErrorBoundary>
  );
}
