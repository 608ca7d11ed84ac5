// Keys:  ["quota_updated_at", userId] -> number (ms of the last administrator change to a user's quotas)

/**
 * Notes, in the caller's commit, when an administrator last changed a user's quotas (the quota
 * table's lastUpdated); written with the change itself (services/quota/adjust_quota.ts).
 */
export function addQuotaUpdated(op: Deno.AtomicOperation, userId: number, at: number): Deno.AtomicOperation {
  return op.set(["quota_updated_at", userId], at);
}

/** The last change time per user id (users never changed by an administrator are absent). */
export async function listQuotaUpdateTimes(kv: Deno.Kv): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for await (const e of kv.list<number>({ prefix: ["quota_updated_at"] })) {
    out.set(e.key[1] as number, e.value);
  }
  return out;
}
