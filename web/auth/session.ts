/**
 * The browser session (part 1 §3 "Stored locally"): token, user and a small copy of the system
 * settings, kept in localStorage under the keys token, user and systemSettings. React reads it through
 * useSession(); everything else through the plain getters.
 */
import { useSyncExternalStore } from "react";
import type { SessionUser } from "../../common/schemas/auth.ts";

export type { SessionUser };

/** The part of the system settings the shell caches (part 1 §3). */
export interface CachedSettings {
  systemName: string;
  siteTitle: string;
  logoUrl: string;
}

export interface Session {
  token: string | null;
  user: SessionUser | null;
}

const TOKEN_KEY = "token";
const USER_KEY = "user";
const SETTINGS_KEY = "systemSettings";

const listeners = new Set<() => void>();
let snapshot: Session = readSession();
/** Set when the app itself ended the session (logout, 401): the guard then skips 请先登录. */
let endedByApp = false;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function readJson<T>(key: string): T | null {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

function readSession(): Session {
  const token = storage()?.getItem(TOKEN_KEY) || null;
  const user = readJson<SessionUser>(USER_KEY);
  return { token, user: isSessionUser(user) ? user : null };
}

/** What can be stored as the user: an object with a numeric id (not `undefined`, not `{}`). */
function isSessionUser(value: unknown): value is SessionUser {
  return typeof value === "object" && value !== null && typeof (value as SessionUser).id === "number";
}

function publish(): void {
  snapshot = readSession();
  for (const listener of listeners) listener();
}

globalThis.addEventListener?.("storage", (event: StorageEvent) => {
  if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) publish();
});

export function getToken(): string | null {
  return snapshot.token;
}

export function getUser(): SessionUser | null {
  return snapshot.user;
}

/** Signed in means a token and a user are both stored. */
export function isSignedIn(): boolean {
  return snapshot.token !== null && snapshot.user !== null;
}

/** Stores a fresh sign-in (login, register). */
export function startSession(token: string, user: SessionUser): void {
  storage()?.setItem(TOKEN_KEY, token);
  storage()?.setItem(USER_KEY, JSON.stringify(user));
  endedByApp = false;
  publish();
}

/** Replaces the token (the `new-token` response header). */
export function setToken(token: string): void {
  if (token === snapshot.token) return;
  storage()?.setItem(TOKEN_KEY, token);
  publish();
}

/**
 * Replaces the stored user (profile refresh on load, so a role change shows without re-login). Anything
 * but a user is ignored: every open tab reads this key, and a bad value would sign them all out.
 */
export function setUser(user: SessionUser): void {
  if (!isSessionUser(user)) return;
  storage()?.setItem(USER_KEY, JSON.stringify(user));
  publish();
}

/** Clears token and user. The caller shows its own message and goes to /login. */
export function clearSession(): void {
  storage()?.removeItem(TOKEN_KEY);
  storage()?.removeItem(USER_KEY);
  endedByApp = true;
  publish();
}

/** True once after clearSession(): lets the guard redirect without a second message. */
export function consumeEndedByApp(): boolean {
  const value = endedByApp;
  endedByApp = false;
  return value;
}

export function getCachedSettings(): CachedSettings | null {
  return readJson<CachedSettings>(SETTINGS_KEY);
}

export function setCachedSettings(settings: CachedSettings): void {
  storage()?.setItem(SETTINGS_KEY, JSON.stringify(settings));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): Session {
  return snapshot;
}

/** The session as React state: re-renders on sign-in, sign-out, token and user changes. */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
