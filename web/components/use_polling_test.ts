import assert from "node:assert/strict";
import { startPolling } from "./use_polling.ts";

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `ready()` holds (a loaded machine delays timers), failing after 10 s. */
async function until(ready: () => boolean): Promise<void> {
  for (const start = Date.now(); !ready(); await wait(5)) {
    if (Date.now() - start > 10_000) throw new Error("condition not met in 10 s");
  }
}

Deno.test("startPolling() asks at once, then one interval after each answer, until an answer is done", async () => {
  const answers = ["processing", "processing", "completed", "never asked"];
  const seen: string[] = [];
  let asked = 0;
  startPolling({
    fetch: () => Promise.resolve(answers[asked++]),
    onValue: (v) => seen.push(v),
    done: (v) => v === "completed",
    intervalMs: 5,
  });
  assert.equal(asked, 1, "the first request goes at once");
  await until(() => seen.length === 3);
  await wait(30);
  assert.deepEqual(seen, ["processing", "processing", "completed"]);
  assert.equal(asked, 3);
});

Deno.test("startPolling() never overlaps a slow request", async () => {
  let inFlight = 0;
  let most = 0;
  let asked = 0;
  const stop = startPolling({
    fetch: async () => {
      asked++;
      most = Math.max(most, ++inFlight);
      await wait(20);
      inFlight--;
      return asked;
    },
    done: (n) => n >= 3,
    intervalMs: 1,
  });
  await until(() => asked === 3 && inFlight === 0);
  await wait(30);
  stop();
  assert.equal(most, 1);
  assert.equal(asked, 3);
});

Deno.test("startPolling() stops after a failure without retryMs, and retries after retryMs with it", async () => {
  const errors: unknown[] = [];
  let asked = 0;
  startPolling({
    fetch: () => {
      asked++;
      return Promise.reject(new Error("offline"));
    },
    done: () => false,
    intervalMs: 1,
    onError: (e) => errors.push(e),
  });
  await until(() => errors.length === 1);
  await wait(30);
  assert.equal(asked, 1);
  assert.equal(errors.length, 1);

  let tries = 0;
  const values: string[] = [];
  startPolling({
    fetch: () => ++tries < 3 ? Promise.reject(new Error("busy")) : Promise.resolve("completed"),
    onValue: (v) => values.push(v),
    done: () => true,
    intervalMs: 1,
    retryMs: 5,
  });
  await until(() => values.length === 1);
  await wait(30);
  assert.equal(tries, 3);
  assert.deepEqual(values, ["completed"]);
});

Deno.test("startPolling() with delayFirst waits one interval; stop() drops a late answer and the next request", async () => {
  let asked = 0;
  const seen: number[] = [];
  let release = () => {};
  const stop = startPolling({
    fetch: () => {
      asked++;
      return new Promise<number>((resolve) => (release = () => resolve(asked)));
    },
    onValue: (v) => seen.push(v),
    done: () => false,
    intervalMs: 10,
    delayFirst: true,
  });
  assert.equal(asked, 0);
  await until(() => asked === 1);
  stop();
  release();
  await wait(40);
  assert.deepEqual(seen, []);
  assert.equal(asked, 1);
});
