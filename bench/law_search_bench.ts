/**
 * Law search on the whole national part of the corpus (issue #14 numbers): import time, index build
 * time at start (from KV and the blob store, as the server does), memory, and search latency p50/p95.
 *
 *   deno run -A bench/law_search_bench.ts [NATIONAL_DIR]
 *
 * Without NATIONAL_DIR it unpacks ../shared/data/laws/national.tar.xz into a temporary folder. The
 * queries are the dev questions and citations (search only; the labels are not used here). Prints
 * figures, asserts nothing. Under `deno bench` (deno task bench) it only times search on the test fixtures.
 */
import { LocalBlobStore } from "../server/blobs/local_blob_store.ts";
import { systemClock } from "../server/clock.ts";
import { checkCitationsIn } from "../server/services/laws/check_citations.ts";
import { importLawFolder } from "../server/services/laws/import_laws.ts";
import { getLawLibrary } from "../server/services/laws/library_store.ts";
import { searchLaws } from "../server/services/laws/search.ts";
import { buildLibraryFromFiles } from "../server/services/laws/build_library.ts";
import { parseLawFolder } from "../server/services/laws/load_folder.ts";
import { parseCsv } from "../scripts/eval_regions.ts";

const DATA = new URL("../../shared/data/laws/", import.meta.url).pathname;
const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

/** CPU time (user + system) of this process in ms, from /proc (Linux): unlike wall time, not inflated by other load. */
function cpuMs(): number {
  try {
    const fields = Deno.readTextFileSync("/proc/self/stat").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

function loadAverage(): string {
  try {
    return Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
  } catch {
    return "?";
  }
}

async function nationalDir(): Promise<string> {
  const arg = Deno.args[0] ?? Deno.env.get("NATIONAL_DIR");
  if (arg) return arg;
  const tmp = await Deno.makeTempDir({ prefix: "laws-national-" });
  const res = await new Deno.Command("tar", { args: ["-xJf", `${DATA}national.tar.xz`, "-C", tmp] }).output();
  if (!res.success) throw new Error("could not unpack national.tar.xz");
  return `${tmp}/national`;
}

/** In a fresh process: the server's start-up (library from KV + blobs), memory, latencies. */
async function measureStartup(dataDir: string): Promise<void> {
  const kv = await Deno.openKv(`${dataDir}/kv.sqlite3`);
  const deps = { kv, blobs: new LocalBlobStore(`${dataDir}/blobs`), clock: systemClock };
  const rssBefore = Deno.memoryUsage().rss;
  const cpu0 = cpuMs();
  const t = performance.now();
  const lib = await getLawLibrary(deps);
  const buildMs = performance.now() - t;
  const buildCpu = cpuMs() - cpu0;
  (globalThis as { gc?: () => void }).gc?.();
  const mem = Deno.memoryUsage();
  console.log(
    `start-up (fresh process, KV + blobs -> index): ${lib.versions.length} versions, ${lib.index.size} articles in ${
      (buildMs / 1000).toFixed(1)
    } s wall, ${(buildCpu / 1000).toFixed(1)} s CPU (load average ${loadAverage()}); memory: rss ${
      mb(mem.rss)
    } (process before loading ${mb(rssBefore)}), heap used ${mb(mem.heapUsed)}`,
  );
  const questions = parseCsv(await Deno.readTextFile(`${DATA}questions-dev.csv`)).slice(1).map((r) => r[1])
    .filter(Boolean);
  const times: number[] = [];
  const searchCpu0 = cpuMs();
  for (let round = 0; round < 3; round++) {
    for (const q of questions) {
      const s = performance.now();
      searchLaws(lib, { q, pageSize: 20 });
      times.push(performance.now() - s);
    }
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))].toFixed(1);
  const searchCpu = (cpuMs() - searchCpu0) / times.length;
  console.log(
    `search latency over ${times.length} searches: p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${
      pct(1)
    } ms wall; ` +
      `mean CPU ${searchCpu.toFixed(1)} ms per search (load average ${loadAverage()})`,
  );
  const citations = parseCsv(await Deno.readTextFile(`${DATA}citations-dev.csv`)).slice(1).map((r) => r[1])
    .filter(Boolean);
  const ct: number[] = [];
  for (const c of citations) {
    const s = performance.now();
    checkCitationsIn(lib, c);
    ct.push(performance.now() - s);
  }
  ct.sort((a, b) => a - b);
  console.log(
    `citation check latency over ${ct.length} sentences: p50 ${
      ct[Math.floor(ct.length / 2)].toFixed(1)
    } ms, p95 ${ct[Math.floor(ct.length * 0.95)].toFixed(1)} ms`,
  );
  console.log(`rss after the searches: ${mb(Deno.memoryUsage().rss)}`);
  kv.close();
}

/** Imports the national corpus, then measures start-up in a fresh process. */
async function main(): Promise<void> {
  const dir = await nationalDir();
  const dataDir = await Deno.makeTempDir({ prefix: "laws-bench-" });
  const kv = await Deno.openKv(`${dataDir}/kv.sqlite3`);
  const deps = { kv, blobs: new LocalBlobStore(`${dataDir}/blobs`), clock: systemClock };

  const t = performance.now();
  const report = await importLawFolder(deps, dir);
  const importMs = performance.now() - t;
  const articles = report.imported.reduce((s, l) => s + l.articleCount, 0);
  console.log(
    `import: ${report.imported.length} law versions, ${articles} articles (${report.duplicates.length} duplicate files skipped) in ${
      (importMs / 1000).toFixed(1)
    } s (parse, segment, store, first index build)`,
  );
  kv.close();
  const child = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--v8-flags=--expose-gc", new URL(import.meta.url).pathname, "--startup", dataDir],
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (!child.success) console.error("start-up measurement failed");
  await Deno.remove(dataDir, { recursive: true });
}

if (import.meta.main) {
  if (Deno.args[0] === "--startup") await measureStartup(Deno.args[1]);
  else await main();
} else {
  // Under `deno task bench`: search latency on the test fixtures (the national run is a script).
  const fixtures = new URL("../tests/fixtures/laws/", import.meta.url).pathname;
  const lib = await buildLibraryFromFiles(await parseLawFolder(fixtures), "2026-01-01");
  const queries = [
    "借钱不还 利息怎么算",
    "民法典第1165条",
    "起诉必须符合下列条件",
    "高空抛物 物业责任",
    "离昏冷静期",
  ];
  Deno.bench("searchLaws() on the fixture library, 5 queries", () => {
    for (const q of queries) searchLaws(lib, { q, pageSize: 20 });
  });
}
