/**
 * GET /api/dashboard/stats with 100 and with 100 000 usage records on an in-memory KV.
 * The figures come from constant-time counters, so both should take about the same time.
 * Records are seeded through recordUsage in batches of concurrent writers, spread over 60 days
 * and all usage types. Run: deno bench -A bench/dashboard_stats_bench.ts
 */
import { USAGE_TYPES } from "../common/constants.ts";
import { recordUsage } from "../server/kv/usage.ts";
import { testApp } from "../tests/helpers/test_app.ts";

const WRITERS = 32;
const DAY_MS = 86_400_000;

async function seededApp(records: number) {
  const t = await testApp();
  const now = t.clock.now();
  const started = performance.now();
  for (let base = 0; base < records; base += WRITERS) {
    const batch = [];
    for (let i = base; i < Math.min(records, base + WRITERS); i++) {
      batch.push(recordUsage(t.kv, {
        userId: 2 + (i % 50),
        username: `user${i % 50}`,
        type: USAGE_TYPES[i % USAGE_TYPES.length],
        description: "批量生成文书",
        status: i % 10 === 0 ? "failed" : "success",
        at: now - (i % 60) * DAY_MS - (i % 1000),
      }));
    }
    await Promise.all(batch);
  }
  console.log(`seeded ${records} records in ${Math.round(performance.now() - started)} ms`);
  return t;
}

const small = await seededApp(100);
const large = await seededApp(100_000);
globalThis.addEventListener("unload", () => {
  small[Symbol.dispose]();
  large[Symbol.dispose]();
});

for (const [name, t] of [["100 records", small], ["100 000 records", large]] as const) {
  Deno.bench(`GET /api/dashboard/stats, admin, ${name}`, { group: "stats" }, async () => {
    const res = await t.request("GET", "/api/dashboard/stats", { as: "admin" });
    await res.body?.cancel();
  });
}
