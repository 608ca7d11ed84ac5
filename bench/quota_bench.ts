/**
 * Quota deductions under contention on one user's counter, and recordUsage throughput, on an
 * in-memory KV and on a file-backed KV in a temporary folder. Each iteration does SPENDS operations:
 * operations per second = SPENDS / (time per iteration). Run: deno bench -A bench/quota_bench.ts
 */
import { recordUsage } from "../server/kv/usage.ts";
import { setQuota, spendQuota } from "../server/kv/quotas.ts";

const SPENDS = 256;
const dir = await Deno.makeTempDir({ prefix: "quota-bench-" });
const kvs = {
  memory: await Deno.openKv(":memory:"),
  file: await Deno.openKv(`${dir}/kv.sqlite3`),
};
globalThis.addEventListener("unload", () => {
  for (const kv of Object.values(kvs)) kv.close();
  Deno.removeSync(dir, { recursive: true });
});

/** `concurrency` spenders take SPENDS uses between them from one counter. */
async function spendAll(kv: Deno.Kv, concurrency: number): Promise<void> {
  await setQuota(kv, { userId: 1, kind: "mediation", value: SPENDS });
  const perSpender = SPENDS / concurrency;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    for (let i = 0; i < perSpender; i++) await spendQuota(kv, { userId: 1, kind: "mediation", amount: 1 });
  }));
}

/** SPENDS usage records, 8 writers at a time. */
async function recordAll(kv: Deno.Kv): Promise<void> {
  let at = Date.UTC(2026, 0, 5);
  await Promise.all(Array.from({ length: 8 }, async (_, w) => {
    for (let i = 0; i < SPENDS / 8; i++) {
      await recordUsage(kv, {
        userId: 2 + w,
        username: `u${w}`,
        type: "mediation",
        description: "批量生成文书",
        status: "success",
        count: 3,
        at: at++,
      });
    }
  }));
}

for (const [name, kv] of Object.entries(kvs)) {
  for (const concurrency of [1, 8, 32]) {
    Deno.bench({
      name: `${SPENDS} spendQuota, ${concurrency} concurrent, ${name} KV`,
      group: `spend-${name}`,
      baseline: concurrency === 1,
      n: 30,
      warmup: 3,
      async fn() {
        await spendAll(kv, concurrency);
      },
    });
  }
  Deno.bench({
    name: `${SPENDS} recordUsage, 8 concurrent, ${name} KV`,
    group: `usage-${name}`,
    n: 30,
    warmup: 3,
    async fn() {
      await recordAll(kv);
    },
  });
}
