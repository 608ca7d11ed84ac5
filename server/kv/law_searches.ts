/**
 * Recent law searches per user (the screen's list of recent searches). One entry per distinct query,
 * the newest time kept; at most RECENT_KEEP per user.
 *
 * Keys:  ["law_searches", userId, query] -> { q, at }
 */
const RECENT_KEEP = 20;

export interface RecentLawSearch {
  q: string;
  at: number;
}

export async function recordLawSearch(kv: Deno.Kv, userId: number, q: string, at: number): Promise<void> {
  const query = q.trim().slice(0, 200);
  if (!query) return;
  await kv.set(["law_searches", userId, query], { q: query, at } satisfies RecentLawSearch);
  const all = await listAll(kv, userId);
  if (all.length > RECENT_KEEP) {
    const op = kv.atomic();
    for (const old of all.slice(RECENT_KEEP)) op.delete(["law_searches", userId, old.q]);
    await op.commit();
  }
}

async function listAll(kv: Deno.Kv, userId: number): Promise<RecentLawSearch[]> {
  const out: RecentLawSearch[] = [];
  for await (const e of kv.list<RecentLawSearch>({ prefix: ["law_searches", userId] })) out.push(e.value);
  return out.sort((a, b) => b.at - a.at);
}

/** Newest first, at most `limit`. */
export async function listRecentLawSearches(
  kv: Deno.Kv,
  userId: number,
  limit = 10,
): Promise<RecentLawSearch[]> {
  return (await listAll(kv, userId)).slice(0, limit);
}
