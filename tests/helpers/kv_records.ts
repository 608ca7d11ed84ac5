/**
 * What a delete left behind, read straight from KV and the blob store (not through the features):
 * for tests that check an item went with every record naming it while usage and quota stayed.
 */
import type { TestApp } from "./test_app.ts";

/** Every usage and quota entry (counts, records, refunds): deleting an item must leave them as they are. */
export async function meteringEntries(t: TestApp): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const e of t.kv.list({ prefix: [] })) {
    if (/^(usage|quota)/.test(String(e.key[0]))) out.push([e.key, e.value]);
  }
  return out;
}

/** Keys (other than usage and quota ones) with a part equal to one of `needles`. */
export async function keysNaming(t: TestApp, needles: string[]): Promise<Deno.KvKey[]> {
  const out: Deno.KvKey[] = [];
  for await (const e of t.kv.list({ prefix: [] })) {
    if (/^(usage|quota)/.test(String(e.key[0]))) continue;
    if (e.key.some((part) => needles.includes(String(part)))) out.push(e.key);
  }
  return out;
}

/** The keys of the blobs under a prefix. */
export async function blobKeys(t: TestApp, prefix: string): Promise<string[]> {
  return (await Array.fromAsync(t.deps.blobs.list(prefix))).map((b) => b.key);
}
