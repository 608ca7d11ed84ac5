import assert from "node:assert/strict";
import { LocalBlobStore } from "../blobs/local_blob_store.ts";
import { manualClock } from "../clock.ts";
import { saveSettings } from "../kv/settings.ts";
import { completeTask, getTask, startTask } from "../kv/tasks.ts";
import { getLastCleanupRun, runCleanup } from "./cleanup_job.ts";

const DAY = 86_400_000;

async function setup() {
  const kv = await Deno.openKv(":memory:");
  const dir = await Deno.makeTempDir({ prefix: "cleanup-test-" });
  const blobs = new LocalBlobStore(`${dir}/blobs`);
  const clock = manualClock();
  return {
    kv,
    blobs,
    clock,
    dir,
    async task(finished: boolean) {
      const { task } = await startTask(kv, {
        type: "maintenance.cleanup",
        userId: 2,
        total: 1,
        now: clock.now(),
        message: (taskId) => ({ type: "maintenance.cleanup", taskId }),
      });
      await blobs.put(`tasks/${task.id}/out/a.docx`, new Uint8Array(100));
      await blobs.put(`tasks/${task.id}/b.pdf`, new Uint8Array(50));
      if (finished) await completeTask(kv, task.id, { now: clock.now() });
      return task.id;
    },
    /** A tmp blob whose file time is `ageMs` before the clock. */
    async tmpBlob(key: string, ageMs: number) {
      await blobs.put(key, new Uint8Array(10));
      const t = new Date(clock.now() - ageMs);
      await Deno.utime(`${dir}/blobs/${key}`, t, t);
    },
    [Symbol.asyncDispose]: async () => {
      kv.close();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

Deno.test("runCleanup() with auto_cleanup on removes old finished tasks, their blobs and stale tmp files", async () => {
  await using t = await setup();
  await saveSettings(t.kv, { auto_cleanup: true, cleanup_days: 30 });
  const oldDone = await t.task(true);
  const oldRunning = await t.task(false);
  t.clock.advance(31 * DAY);
  const recentDone = await t.task(true);
  await t.tmpBlob("tmp/old.xlsx", 2 * DAY);
  await t.tmpBlob("tmp/fresh.xlsx", 60_000);

  const run = await runCleanup(t, t.clock.now());
  assert.deepEqual(run, {
    at: t.clock.now(),
    skipped: false,
    tasksRemoved: 1,
    blobsRemoved: 3,
    bytesFreed: 160,
  });
  assert.equal(await getTask(t.kv, oldDone), null);
  assert.equal(await t.blobs.size(`tasks/${oldDone}/out/a.docx`), null);
  assert.equal((await t.kv.get(["tasks_by_user", 2, oldDone])).versionstamp, null);
  assert.equal((await getTask(t.kv, oldRunning))?.status, "pending", "unfinished tasks stay");
  assert.equal(await t.blobs.size(`tasks/${oldRunning}/b.pdf`), 50);
  assert.equal((await getTask(t.kv, recentDone))?.status, "done");
  assert.equal(await t.blobs.size("tmp/old.xlsx"), null);
  assert.equal(await t.blobs.size("tmp/fresh.xlsx"), 10);
  assert.deepEqual(await getLastCleanupRun(t.kv), run);

  // Running again finds nothing more to remove.
  const again = await runCleanup(t, t.clock.now());
  assert.deepEqual([again.tasksRemoved, again.blobsRemoved], [0, 0]);
});

Deno.test("runCleanup() with auto_cleanup off removes nothing and records that it was skipped", async () => {
  await using t = await setup();
  await saveSettings(t.kv, { auto_cleanup: false, cleanup_days: 1 });
  const oldDone = await t.task(true);
  t.clock.advance(40 * DAY);
  await t.tmpBlob("tmp/old.xlsx", 5 * DAY);
  const run = await runCleanup(t, t.clock.now());
  assert.deepEqual(run, {
    at: t.clock.now(),
    skipped: true,
    tasksRemoved: 0,
    blobsRemoved: 0,
    bytesFreed: 0,
  });
  assert.equal((await getTask(t.kv, oldDone))?.status, "done");
  assert.equal(await t.blobs.size("tmp/old.xlsx"), 10);
  assert.deepEqual(await getLastCleanupRun(t.kv), run);
});

Deno.test("runCleanup() honours cleanup_days", async () => {
  await using t = await setup();
  await saveSettings(t.kv, { auto_cleanup: true, cleanup_days: 7 });
  const task = await t.task(true);
  t.clock.advance(6 * DAY);
  assert.equal((await runCleanup(t, t.clock.now())).tasksRemoved, 0);
  t.clock.advance(2 * DAY);
  assert.equal((await runCleanup(t, t.clock.now())).tasksRemoved, 1);
  assert.equal(await getTask(t.kv, task), null);
});
