/**
 * First-start import of the built-in national corpus, as main.ts runs it on a fresh install: a KV file
 * and a blob folder in a temporary DATA_DIR, importLawsAtFirstStart(), then the library and its search
 * index built. Prints the phases' times; run it under /usr/bin/time for CPU seconds and peak RSS:
 *
 *   /usr/bin/time -v deno run -A bench/first_start_laws.ts
 */
import { LocalBlobStore } from "../server/blobs/local_blob_store.ts";
import { systemClock } from "../server/clock.ts";
import { describeImportReport } from "../common/schemas/law_search.ts";
import { getLawImportStatus, importLawsAtFirstStart } from "../server/services/laws/first_start_laws.ts";
import { getLawLibrary } from "../server/services/laws/library_store.ts";
import { searchLaws } from "../server/services/laws/search.ts";

const dataDir = await Deno.makeTempDir({ prefix: "first-start-laws-" });
const kv = await Deno.openKv(`${dataDir}/kv.sqlite3`);
const deps = { kv, blobs: new LocalBlobStore(`${dataDir}/blobs`), clock: systemClock };
try {
  const t0 = performance.now();
  let last = "";
  const timer = setInterval(() => {
    const s = getLawImportStatus(kv);
    const line = s ? `${s.phase} ${s.done}/${s.total}` : "";
    if (line && line !== last) console.log(`  ${Math.round((performance.now() - t0) / 1000)} s: ${line}`);
    last = line;
  }, 1000);
  const report = await importLawsAtFirstStart(deps, { kind: "builtin" });
  clearInterval(timer);
  const t1 = performance.now();
  const lib = await getLawLibrary(deps);
  const t2 = performance.now();
  console.log(report ? describeImportReport(report) : "nothing imported");
  console.log(
    `import + index: ${((t1 - t0) / 1000).toFixed(1)} s; library: ${lib.versions.length} versions, ` +
      `${lib.index.size} articles (${Math.round(t2 - t1)} ms more); rss now ${
        Math.round(Deno.memoryUsage().rss / 1e6)
      } MB`,
  );
  const s = performance.now();
  const hits = searchLaws(lib, { q: "借钱不还", pageSize: 3 }).results;
  console.log(
    `search 借钱不还 (${Math.round(performance.now() - s)} ms): ` +
      hits.map((h) => `${h.title}${h.articleNumber}`).join("; "),
  );
} finally {
  kv.close();
  await Deno.remove(dataDir, { recursive: true });
}
