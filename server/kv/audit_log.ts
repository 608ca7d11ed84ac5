import type { AuditAction, AuditEntity } from "../../common/schemas/audit_log.ts";
import { newId } from "./ids.ts";

// Keys:  ["audit_log", id] -> AuditEntry (time-sortable id: list with reverse for newest first)
// Values stay small: callers pass plain records without secrets (never password hashes).

export type { AuditAction, AuditEntity };

export interface AuditEntry {
  id: string;
  at: number;
  actorId: number;
  actorName: string;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string;
  before: unknown;
  after: unknown;
}

export type NewAuditEntry = Omit<AuditEntry, "id" | "before" | "after"> & {
  before?: unknown;
  after?: unknown;
};

/** Keys that never reach the log, at any depth (the user record's hash, provider keys). */
const SECRET_KEYS = new Set(["passwordHash", "password", "api_key", "apiKey"]);

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== "object") return value ?? null;
  return Object.fromEntries(
    Object.entries(value).filter(([k]) => !SECRET_KEYS.has(k)).map(([k, v]) => [k, withoutSecrets(v)]),
  );
}

/**
 * Records one administrative change: who, which entity and id, the state before and after, and when.
 * Secret fields (password hashes, keys) are dropped from before/after wherever they appear.
 */
export async function recordAudit(kv: Deno.Kv, entry: NewAuditEntry): Promise<AuditEntry> {
  const op = kv.atomic();
  const record = addAuditEntry(op, entry);
  const res = await op.commit();
  if (!res.ok) throw new Error(`audit id collision: ${record.id}`);
  return record;
}

/**
 * Adds an audit entry to the caller's commit, so the change and its record land together (or
 * neither does). Same secret stripping as recordAudit.
 */
export function addAuditEntry(op: Deno.AtomicOperation, entry: NewAuditEntry): AuditEntry {
  const record: AuditEntry = {
    ...entry,
    id: newId(entry.at),
    before: withoutSecrets(entry.before),
    after: withoutSecrets(entry.after),
  };
  op.check({ key: ["audit_log", record.id], versionstamp: null }).set(["audit_log", record.id], record);
  return record;
}

/** Audit entries, newest first; `cursor` continues a previous page. */
export async function listAuditEntries(
  kv: Deno.Kv,
  options: { limit?: number; cursor?: string } = {},
): Promise<{ entries: AuditEntry[]; cursor: string | null }> {
  const iter = kv.list<AuditEntry>({ prefix: ["audit_log"] }, {
    reverse: true,
    limit: options.limit ?? 50,
    cursor: options.cursor || undefined,
  });
  const entries: AuditEntry[] = [];
  for await (const entry of iter) entries.push(entry.value);
  return { entries, cursor: entries.length === (options.limit ?? 50) ? iter.cursor : null };
}
