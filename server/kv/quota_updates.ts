// Keys:  ["quota_updated_at", userId] -> number (ms of the last administrator change to a user's quotas)

/** Notes when an administrator last changed a user's quotas (the quota table's lastUpdated). */
export async function markQuotaUpdated(kv: Deno.Kv, userId: number, at: number): Promise<void> {
  const res = await kv.atomic().set(["quota_updated_at", userId], at).commit();
  if (!res.ok) throw new Error("could not record the quota change time");
}

/** The last change time per user id (users never changed by an administrator are absent). */
export async function listQuotaUpdateTimes(kv: Deno.Kv): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for await (const e of kv.list<number>({ prefix: ["quota_updated_at"] })) {
    out.set(e.key[1] as number, e.value);
  }
  return out;
}
