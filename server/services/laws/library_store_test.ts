/**
 * The library is built without holding the server thread (issue #24): while a large stored library is
 * indexed, timers (and so requests) run within a few milliseconds, peekLawLibrary() says it is not ready,
 * and the build is the same library a one-go build makes.
 */
import assert from "node:assert/strict";
import { LocalBlobStore } from "../../blobs/local_blob_store.ts";
import { createLaw } from "../../kv/laws.ts";
import { LawLibrary } from "./library.ts";
import { getLawLibrary, invalidateLawLibrary, peekLawLibrary } from "./library_store.ts";
import { searchLaws } from "./search.ts";
import type { LawArticle, LawRecord, LawText } from "./types.ts";

const LAWS = 40;
const ARTICLES = 600;

/** Deterministic articles of 120 Han characters (pseudo-random over 400 characters, as many bigrams as laws have). */
function syntheticText(seed: number): LawText {
  let x = seed * 7919 + 1;
  const next = () => (x = (x * 1103515245 + 12345) % 2147483648);
  const articles: LawArticle[] = [];
  for (let i = 1; i <= ARTICLES; i++) {
    let s = "";
    for (let k = 0; k < 120; k++) s += String.fromCharCode(0x4e00 + next() % 400);
    articles.push({ number: `第${i}条`, num: i, sub: 0, path: ["第一章 总则"], paragraphs: [s] });
  }
  return { articles, body: "", history: [], words: articles.map(() => []) };
}

function syntheticRecord(i: number): LawRecord {
  return {
    id: `law${i}`,
    title: `测试法规第${i}号`,
    shortNames: [],
    level: "法律",
    issuer: "",
    publishDate: "2020-01-01",
    effectiveDate: "2020-01-01",
    status: "现行有效",
    statusBasis: "",
    statusManual: false,
    successor: null,
    folder: null,
    sources: [],
    sha256: `sha${i}`,
    articleCount: ARTICLES,
    importedAt: i,
    repeals: [],
  };
}

async function storedLibrary() {
  const dir = await Deno.makeTempDir({ prefix: "law-store-test-" });
  const kv = await Deno.openKv(":memory:");
  const deps = { kv, blobs: new LocalBlobStore(`${dir}/blobs`), clock: { now: () => Date.now() } };
  for (let i = 1; i <= LAWS; i++) await createLaw(kv, deps.blobs, syntheticRecord(i), syntheticText(i));
  return {
    deps,
    [Symbol.asyncDispose]: async () => {
      kv.close();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

/**
 * Runs a 5 ms timer until `done` settles; resolves with the longest delay a tick saw beyond its 5 ms and
 * the number of ticks.
 */
async function longestStall(done: Promise<unknown>): Promise<{ worst: number; ticks: number }> {
  let worst = 0;
  let ticks = 0;
  let last = performance.now();
  let finished = false;
  done.finally(() => finished = true).catch(() => {});
  while (!finished) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    const now = performance.now();
    worst = Math.max(worst, now - last - 5);
    last = now;
    ticks++;
  }
  return { worst, ticks };
}

Deno.test("getLawLibrary() builds a large library while timers keep running; peekLawLibrary() is null until it is ready", async () => {
  await using store = await storedLibrary();
  const { deps } = store;
  const started = performance.now();
  const build = getLawLibrary(deps);
  assert.equal(peekLawLibrary(deps), null);
  const { worst, ticks } = await longestStall(build);
  const lib = await build;
  const took = performance.now() - started;
  assert.equal(lib.index.size, LAWS * ARTICLES);
  assert.equal(peekLawLibrary(deps), lib);
  console.log(
    `built ${lib.index.size} articles in ${Math.round(took)} ms; ${ticks} timer ticks meanwhile, ` +
      `longest stall ${Math.round(worst)} ms`,
  );
  // Built in one go, the longest stall would be most of the build. The bound is relative because a
  // busy machine (tests run in parallel on 2 cores) stretches every slice; on an idle one it is ~10 ms.
  assert.ok(took > 300, `the library must take a while to build for this test to mean anything (${took} ms)`);
  assert.ok(
    worst < Math.max(100, took / 8),
    `the event loop was held ${Math.round(worst)} ms during a ${Math.round(took)} ms build`,
  );
  assert.ok(ticks >= 20, `only ${ticks} timer ticks ran during the build`);

  // A rebuild (after an import) keeps the previous build available meanwhile, then replaces it.
  const rebuild = invalidateLawLibrary(deps);
  assert.equal(peekLawLibrary(deps), lib);
  const next = await rebuild;
  assert.notEqual(next, lib);
  assert.equal(peekLawLibrary(deps), next);
});

Deno.test("LawLibrary.build() makes the same library and index as the one-go constructor", async () => {
  const entries = [1, 2, 3].map((i) => ({ record: syntheticRecord(i), text: syntheticText(i) }));
  const once = new LawLibrary(entries);
  const stepped = await LawLibrary.build(entries, () => new Promise((resolve) => setTimeout(resolve, 0)));
  assert.equal(stepped.index.size, once.index.size);
  assert.deepEqual(stepped.chars, once.chars);
  assert.deepEqual(stepped.docVersion, once.docVersion);
  assert.deepEqual(stepped.docArticle, once.docArticle);
  assert.deepEqual([...stepped.groups.keys()], [...once.groups.keys()]);
  assert.deepEqual([...stepped.aliases], [...once.aliases]);
  assert.equal(stepped.byId.get("law2")?.docStart, once.byId.get("law2")?.docStart);
  const q = entries[1].text.articles[7].paragraphs[0].slice(10, 30);
  const hits = (lib: LawLibrary) =>
    searchLaws(lib, { q, pageSize: 5, memory: null }).results.map((h) => h.score);
  assert.deepEqual(hits(stepped), hits(once));
  assert.equal(searchLaws(stepped, { q, pageSize: 1, memory: null }).results[0].articleNumber, "第8条");
});
