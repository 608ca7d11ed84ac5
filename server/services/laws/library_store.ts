/**
 * The one in-memory library per KV store: loaded on first use (or at start) from KV records and text
 * blobs, rebuilt after the library changes. Requests meanwhile keep using the previous build. A build
 * runs on the server thread in slices of a few milliseconds (LawLibrary.build), so sign-in and every
 * other route answer while the national corpus is indexed (issue #24); until the first build is ready,
 * peekLawLibrary() says so and law search answers 法规库正在加载.
 */
import type { AppDeps } from "../../deps.ts";
import { listLawRecords, readLawText } from "../../kv/laws.ts";
import { LawLibrary, type LibraryEntry } from "./library.ts";
import { warmSearch } from "./search.ts";
import { homophoneTableSteps } from "./homophones.ts";
import { type Pause, runStepsPausing } from "./search_index.ts";

export type LawDeps = Pick<AppDeps, "kv" | "blobs" | "clock">;

interface Slot {
  current: Promise<LawLibrary>;
  /** The build `current` resolved to, once it has (null while the first build runs). */
  ready: LawLibrary | null;
  /** Bumped on every change, so only the newest rebuild replaces `current`. */
  generation: number;
}

const slots = new WeakMap<Deno.Kv, Slot>();

/** Longest stretch a build keeps the thread before letting requests in. */
const SLICE_MS = 8;

/**
 * A pause for LawLibrary.build that yields to the event loop (a timer turn, so pending I/O is served)
 * once the current slice has run SLICE_MS, and costs nothing otherwise.
 */
export function slicedPause(sliceMs = SLICE_MS): Pause {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
    since = performance.now();
  };
}

/**
 * Texts read (and parsed) at a time, a pause between batches: the national corpus's blobs are tens of
 * megabytes of JSON and reads that complete together are parsed in one go.
 */
const READ_BATCH = 4;

/** Set by holdLawLibraryBuilds (browser tests): every build waits for it before it starts. */
let hold: Promise<void> | null = null;

/**
 * Test hook (LAW_LIBRARY_HOLD_FILE, main.ts): builds wait until `until` resolves, so a browser test can
 * look at the 法规库正在加载 state without racing the build, and end it when it chooses.
 */
export function holdLawLibraryBuilds(until: Promise<void>): void {
  hold = until;
}

async function loadLibrary(deps: LawDeps): Promise<LawLibrary> {
  if (hold) await hold;
  const pause = slicedPause();
  const records = await listLawRecords(deps.kv);
  const entries: LibraryEntry[] = [];
  for (let i = 0; i < records.length; i += READ_BATCH) {
    await pause();
    const batch = records.slice(i, i + READ_BATCH);
    const texts = await Promise.all(batch.map((r) => readLawText(deps.blobs, r.id)));
    batch.forEach((record, j) => {
      const text = texts[j];
      if (text) entries.push({ record, text });
      else console.error(`[laws] text of ${record.id} (${record.title}) is missing; left out`);
    });
  }
  const lib = await LawLibrary.build(entries, pause);
  // The sound tables of typo correction, so the first search does not pay for them (the homophone table
  // in steps; the synonym words' sounds are a few hundred words).
  await runStepsPausing(homophoneTableSteps(lib.chars), pause);
  await pause();
  warmSearch(lib);
  return lib;
}

function newSlot(kv: Deno.Kv, build: Promise<LawLibrary>): Slot {
  const slot: Slot = { current: build, ready: null, generation: 0 };
  slots.set(kv, slot);
  build.then((lib) => {
    if (slot.current === build) slot.ready = lib;
  }, () => {
    if (slots.get(kv) === slot) slots.delete(kv);
  });
  return slot;
}

/** The library as stored now (built once, then shared by every request). */
export function getLawLibrary(deps: LawDeps): Promise<LawLibrary> {
  return (slots.get(deps.kv) ?? newSlot(deps.kv, loadLibrary(deps))).current;
}

/**
 * The library when a build is ready (the newest, or the previous one while a rebuild runs); null while
 * the first build runs (started here if none has). Routes that must not wait seconds use it.
 */
export function peekLawLibrary(deps: LawDeps): LawLibrary | null {
  getLawLibrary(deps).catch(() => {}); // starts the first build; its failure is reported where awaited
  return slots.get(deps.kv)?.ready ?? null;
}

/**
 * After an import, edit or delete: builds afresh; requests keep the previous build until the new one
 * is ready (the national corpus takes seconds), then get the new one. Resolves with the new build.
 */
export function invalidateLawLibrary(deps: LawDeps): Promise<LawLibrary> {
  const slot = slots.get(deps.kv);
  const next = loadLibrary(deps);
  if (!slot) return newSlot(deps.kv, next).current;
  const generation = ++slot.generation;
  // Registered before the caller awaits `next`, so the slot is updated when the caller resumes.
  next.then((lib) => {
    if (slot.generation !== generation) return;
    slot.current = Promise.resolve(lib);
    slot.ready = lib;
  }, (err) => console.error("[laws] rebuilding the library failed; the previous build stays:", err));
  return next;
}
