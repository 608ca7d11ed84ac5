import { newId } from "./ids.ts";

// Keys:  ["login_audit", id] -> LoginAuditEntry (time-sortable id: list with reverse for newest first;
//        each entry expires after LOGIN_AUDIT_RETENTION_MS)

export interface LoginAuditEntry {
  id: string;
  username: string;
  address: string;
  success: boolean;
  /** "login" or "register" (a registration signs the new user in). */
  kind: "login" | "register";
  /** The error code of a failed attempt (INVALID_CREDENTIALS, LOGIN_LOCKED). */
  code: string | null;
  /** ms since epoch */
  at: number;
}

const LOGIN_AUDIT_RETENTION_MS = 180 * 24 * 60 * 60_000;

/** Records one sign-in attempt. */
export async function recordLoginAttempt(
  kv: Deno.Kv,
  attempt: Omit<LoginAuditEntry, "id">,
): Promise<LoginAuditEntry> {
  const entry: LoginAuditEntry = { id: newId(attempt.at), ...attempt };
  const res = await kv.set(["login_audit", entry.id], entry, { expireIn: LOGIN_AUDIT_RETENTION_MS });
  if (!res.ok) throw new Error("could not record the sign-in attempt");
  return entry;
}

/** A page of attempts, newest first; pass the returned cursor to get the next page ("" at the end). */
export async function listLoginAttempts(
  kv: Deno.Kv,
  options: { limit?: number; cursor?: string } = {},
): Promise<{ entries: LoginAuditEntry[]; cursor: string }> {
  const iter = kv.list<LoginAuditEntry>({ prefix: ["login_audit"] }, {
    reverse: true,
    limit: options.limit ?? 50,
    cursor: options.cursor || undefined,
  });
  const entries: LoginAuditEntry[] = [];
  for await (const entry of iter) entries.push(entry.value);
  return { entries, cursor: iter.cursor };
}
