import assert from "node:assert/strict";
import { Semaphore } from "./semaphore.ts";

function code(err: unknown): string | undefined {
  return (err as { code?: string }).code;
}

/** Lets granted waiters run. */
function tick(): Promise<void> {
  return new Promise((r) => setTimeout(r, 0));
}

Deno.test("Semaphore: a person over the per-user cap is refused at once; another user still gets a slot", async () => {
  const s = new Semaphore(4, 2);
  const a1 = await s.acquire({ user: 1 });
  const a2 = await s.acquire({ user: 1 });
  await assert.rejects(() => s.acquire({ user: 1 }), (e) => code(e) === "AI_USER_BUSY");
  assert.equal(s.isBusy(1), true);
  const b1 = await s.acquire({ user: 2 });
  assert.equal(s.active, 3);
  a1();
  a1(); // a second call gives nothing back twice
  assert.equal(s.active, 2);
  assert.equal(s.isBusy(1), false);
  const a3 = await s.acquire({ user: 1 });
  for (const release of [a2, a3, b1]) release();
  assert.equal(s.active, 0);
});

Deno.test("Semaphore: one user's waiting jobs do not hold every slot; freed slots go round-robin across users", async () => {
  const s = new Semaphore(3, 2);
  const order: string[] = [];
  const held: (() => void)[] = [];
  const take = (user: number, name: string) =>
    s.acquire({ user, whenBusy: "wait" }).then((release) => {
      order.push(name);
      held.push(release);
      return release;
    });
  const a = [take(1, "a1"), take(1, "a2"), take(1, "a3"), take(1, "a4")];
  await tick();
  assert.deepEqual(order, ["a1", "a2"], "user 1 holds its 2, not the 3rd slot");
  const b = [take(2, "b1"), take(2, "b2"), take(2, "b3")];
  await tick();
  assert.deepEqual(order, ["a1", "a2", "b1"], "user 2 gets the free slot at once");
  (await a[0])();
  await tick();
  assert.deepEqual(
    order.at(-1),
    "a3",
    "user 1 is under its cap again; user 2 is at 1 of 2 but no slot is free",
  );
  (await b[0])();
  await tick();
  assert.equal(order.at(-1), "b2");
  (await a[1])();
  await tick();
  assert.equal(order.at(-1), "a4", "users take turns");
  for (const release of [...held]) release();
  await Promise.all([...a, ...b]);
  for (const release of held) release();
  assert.equal(s.active, 0);
});

Deno.test("Semaphore: a waiter whose signal aborts leaves the queue with AI_CANCELLED", async () => {
  const s = new Semaphore(1, 2);
  const first = await s.acquire({ user: 1 });
  const abort = new AbortController();
  const waiting = s.acquire({ user: 2, signal: abort.signal });
  abort.abort();
  await assert.rejects(() => waiting, (e) => code(e) === "AI_CANCELLED");
  assert.equal(s.pendingFor(2), 0);
  first();
  const next = await s.acquire({ user: 2 });
  next();
  assert.equal(s.active, 0);
});

Deno.test("Semaphore: calls without a user share one lane with no per-user cap", async () => {
  const s = new Semaphore(3, 1);
  const releases = await Promise.all([s.acquire(), s.acquire(), s.acquire()]);
  assert.equal(s.active, 3);
  for (const r of releases) r();
});
