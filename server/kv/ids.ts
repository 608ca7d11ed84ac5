/**
 * Ids. Records use time-sortable ids so `kv.list({ prefix }, { reverse: true })` is newest-first.
 * Users and roles use small sequential numbers (the spec's user id 1 is the super admin).
 */

let lastMs = 0;
let seq = 0;

/** A 20-character id that sorts by creation time: 12 hex digits of ms, 8 of sequence/randomness. */
export function newId(now: number = Date.now()): string {
  if (now === lastMs) seq++;
  else {
    lastMs = now;
    seq = Math.floor(Math.random() * 0x10000);
  }
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
