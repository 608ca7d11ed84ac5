import { Hono } from "hono";
import { auditLogQuery } from "../../common/schemas/audit_log.ts";
import type { AppEnv } from "../deps.ts";
import type { AuditEntry } from "../kv/audit_log.ts";
import type { LoginAuditEntry } from "../kv/login_audit.ts";
import { getUser } from "../kv/users.ts";
import { validate } from "../middleware/validate.ts";
import { describeTarget, quotaUserId } from "../services/audit/describe_target.ts";

/** At most this many entries of each kind are read for one query (the rest of a huge range is cut). */
const SCAN_LIMIT = 20_000;
const CHINA_OFFSET_MS = 8 * 60 * 60_000;

/** The id prefix (ms in 12 hex digits) at the start of a China day, `extraDays` later. */
function dayStartId(value: string, extraDays = 0): string {
  const ms = Date.parse(`${value}T00:00:00Z`) - CHINA_OFFSET_MS + extraDays * 86_400_000;
  return Math.max(0, ms).toString(16).padStart(12, "0");
}

async function scan<T>(kv: Deno.Kv, prefix: string, range: { from?: string; to?: string }): Promise<T[]> {
  const start = range.from ? [prefix, dayStartId(range.from)] : undefined;
  const end = range.to ? [prefix, dayStartId(range.to, 1)] : undefined;
  const selector: Deno.KvListSelector = start
    ? end ? { start, end } : { prefix: [prefix], start }
    : end
    ? { prefix: [prefix], end }
    : { prefix: [prefix] };
  const out: T[] = [];
  for await (const e of kv.list<T>(selector, { reverse: true, limit: SCAN_LIMIT })) out.push(e.value);
  return out;
}

function adminView(e: AuditEntry, usernames: Map<number, string>) {
  return {
    id: e.id,
    kind: "admin" as const,
    created_at: new Date(e.at).toISOString(),
    actor: e.actorName,
    actorId: e.actorId,
    action: e.action,
    entity: e.entity,
    entityId: e.entityId,
    target: describeTarget(e, (id) => usernames.get(id)),
    before: e.before,
    after: e.after,
  };
}

function loginView(e: LoginAuditEntry) {
  return {
    id: e.id,
    kind: "login" as const,
    created_at: new Date(e.at).toISOString(),
    actor: e.username,
    action: e.kind,
    success: e.success,
    address: e.address,
    code: e.code,
  };
}

export const auditLogRoutes = new Hono<AppEnv>()
  .get("/audit-log", validate("query", auditLogQuery), async (c) => {
    const { kv } = c.var.deps;
    const q = c.req.valid("query");
    const needle = q.actor.toLowerCase();
    // An entity narrows to changes, a result to sign-ins.
    const wantAdmin = q.kind !== "login" && !q.result;
    const wantLogin = q.kind !== "admin" && !q.entity;
    const admin = wantAdmin
      ? (await scan<AuditEntry>(kv, "audit_log", q)).filter((e) => !q.entity || e.entity === q.entity)
      : [];
    const login = wantLogin
      ? (await scan<LoginAuditEntry>(kv, "login_audit", q))
        .filter((e) => !q.result || e.success === (q.result === "success")).map(loginView)
      : [];
    const all: (AuditEntry | ReturnType<typeof loginView>)[] = [
      ...admin.filter((e) => needle === "" || e.actorName.toLowerCase().includes(needle)),
      ...login.filter((e) => needle === "" || e.actor.toLowerCase().includes(needle)),
    ].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    const start = (q.page - 1) * q.pageSize;
    const page = all.slice(start, start + q.pageSize);
    // Quota entries name their owner: look up only the users on this page.
    const usernames = new Map<number, string>();
    for (const e of page) {
      const id = "entity" in e ? quotaUserId(e) : null;
      if (id === null || usernames.has(id)) continue;
      const user = await getUser(kv, id);
      if (user) usernames.set(id, user.username);
    }
    const entries = page.map((e) => ("entity" in e ? adminView(e, usernames) : e));
    return c.json({ success: true, entries, total: all.length });
  });
