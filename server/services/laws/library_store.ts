/**
 * The one in-memory library per KV store: loaded on first use (or at start) from KV records and text
 * blobs, rebuilt after the library changes. Requests meanwhile keep using the previous build.
 */
import type { AppDeps } from "../../deps.ts";
import { listLawRecords, readLawText } from "../../kv/laws.ts";
import { LawLibrary, type LibraryEntry } from "./library.ts";
import { warmSearch } from "./search.ts";

export type LawDeps = Pick<AppDeps, "kv" | "blobs" | "clock">;

interface Slot {
  current: Promise<LawLibrary>;
  /** Bumped on every change, so only the newest rebuild replaces `current`. */
  generation: number;
}

const slots = new WeakMap<Deno.Kv, Slot>();

async function loadLibrary(deps: LawDeps): Promise<LawLibrary> {
  const records = await listLawRecords(deps.kv);
  const entries: LibraryEntry[] = [];
  for (let i = 0; i < records.length; i += 64) {
    const batch = records.slice(i, i + 64);
    const texts = await Promise.all(batch.map((r) => readLawText(deps.blobs, r.id)));
    batch.forEach((record, j) => {
      const text = texts[j];
      if (text) entries.push({ record, text });
      else console.error(`[laws] text of ${record.id} (${record.title}) is missing; left out`);
    });
  }
  const lib = new LawLibrary(entries);
  warmSearch(lib);
  return lib;
}

/** The library as stored now (built once, then shared by every request). */
export function getLawLibrary(deps: LawDeps): Promise<LawLibrary> {
  let slot = slots.get(deps.kv);
  if (!slot) {
    slot = { current: loadLibrary(deps), generation: 0 };
    slots.set(deps.kv, slot);
    slot.current.catch(() => slots.delete(deps.kv));
  }
  return slot.current;
}

/**
 * After an import, edit or delete: builds afresh; requests keep the previous build until the new one
 * is ready (the national corpus takes seconds), then get the new one. Resolves with the new build.
 */
export function invalidateLawLibrary(deps: LawDeps): Promise<LawLibrary> {
  let slot = slots.get(deps.kv);
  const next = loadLibrary(deps);
  if (!slot) {
    slot = { current: next, generation: 0 };
    slots.set(deps.kv, slot);
    return next;
  }
  const generation = ++slot.generation;
  const target = slot;
  // Registered before the caller awaits `next`, so the slot is updated when the caller resumes.
  next.then((lib) => {
    if (target.generation === generation) target.current = Promise.resolve(lib);
  }, (err) => console.error("[laws] rebuilding the library failed; the previous build stays:", err));
  return next;
}
