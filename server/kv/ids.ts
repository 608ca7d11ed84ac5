/**
 * Ids. Records use time-sortable ids so `kv.list({ prefix }, { reverse: true })` is newest-first.
 * Users and roles use small sequential numbers (the spec's user id 1 is the super admin).
 */

/** The last sequence number used in each recent millisecond, oldest first (at most RECENT_MS kept). */
const recentSeq = new Map<number, number>();
const RECENT_MS = 1024;

/**
 * A 20-character id that sorts by creation time: 12 hex digits of ms, 8 of sequence/randomness. Ids made
 * for the same millisecond sort in the order they were made, even when ids for other times come between
 * (callers pass their clock's `now`, a test's manual clock among them); a millisecond's sequence starts at
 * random in the lower half so that it does not wrap.
 */
export function newId(now: number = Date.now()): string {
  const last = recentSeq.get(now);
  const seq = last === undefined ? Math.floor(Math.random() * 0x8000) : last + 1;
  recentSeq.delete(now);
  recentSeq.set(now, seq);
  if (recentSeq.size > RECENT_MS) recentSeq.delete(recentSeq.keys().next().value!);
  const rand = Math.floor(Math.random() * 0x10000);
  return now.toString(16).padStart(12, "0") + (seq & 0xffff).toString(16).padStart(4, "0") +
    rand.toString(16).padStart(4, "0");
}

/** An unguessable token (128 bits, hex) for links, codes and session ids. */
export function randomToken(bytes = 16): string {
  const buf = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(buf, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Takes the next number of a named counter atomically (`["counters", name]`).
 * Concurrent callers each get a distinct number.
 */
export async function nextSequence(kv: Deno.Kv, name: string): Promise<number> {
  const key = ["counters", name];
  for (let attempt = 0; attempt < 50; attempt++) {
    const current = await kv.get<number>(key);
    const next = (current.value ?? 0) + 1;
    const res = await kv.atomic().check(current).set(key, next).commit();
    if (res.ok) return next;
  }
  throw new Error(`counter ${name} is too contended`);
}
