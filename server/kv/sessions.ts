// Keys:  ["sessions", sid] -> Session
//        ["sessions_by_user", userId, sid] -> sid (to end every session of a user)
// A session lives until logout, password change, idle time-out, or SESSION_RETENTION_MS of silence.

export interface Session {
  sid: string;
  userId: number;
  createdAt: number;
  lastSeenAt: number;
  address: string;
}

const SESSION_RETENTION_MS = 7 * 24 * 60 * 60_000;

export async function createSession(kv: Deno.Kv, session: Session): Promise<void> {
  await kv.atomic()
    .set(["sessions", session.sid], session, { expireIn: SESSION_RETENTION_MS })
    .set(["sessions_by_user", session.userId, session.sid], session.sid, { expireIn: SESSION_RETENTION_MS })
    .commit();
}

export async function getSession(kv: Deno.Kv, sid: string): Promise<Session | null> {
  return (await kv.get<Session>(["sessions", sid])).value;
}

/** Records activity; callers throttle it so a busy user does not write on every request. */
export async function touchSession(kv: Deno.Kv, session: Session, now: number): Promise<void> {
  await kv.set(["sessions", session.sid], { ...session, lastSeenAt: now }, {
    expireIn: SESSION_RETENTION_MS,
  });
}

export async function deleteSession(kv: Deno.Kv, session: Pick<Session, "sid" | "userId">): Promise<void> {
  await kv.atomic()
    .delete(["sessions", session.sid])
    .delete(["sessions_by_user", session.userId, session.sid])
    .commit();
}

/** Ends every session of a user (password reset, account deletion). */
export async function deleteUserSessions(kv: Deno.Kv, userId: number): Promise<void> {
  for await (const entry of kv.list<string>({ prefix: ["sessions_by_user", userId] })) {
    await deleteSession(kv, { sid: entry.value, userId });
  }
}
