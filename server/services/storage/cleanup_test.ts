import assert from "node:assert/strict";
import { LocalBlobStore } from "../../blobs/local_blob_store.ts";
import { manualClock } from "../../clock.ts";
import { saveSettings } from "../../kv/settings.ts";
import { completeTask, getTask, startTask } from "../../kv/tasks.ts";
import { getTemplate, saveTemplate } from "../../kv/word_templates.ts";
import { getLastCleanupRun, runCleanup } from "./cleanup.ts";

const DAY = 86_400_000;
const NO_ITEMS = { generated: 0, excel_batch: 0, case_split: 0, pdf_links: 0 };

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
    /** A temporary template of /mediation-form uploaded now (KV record and its file). */
    async tempTemplate(ownerId: number, id: string) {
      const blobKey = `users/${ownerId}/temp_templates/${id}/template.docx`;
      await blobs.put(blobKey, new Uint8Array(300));
      await saveTemplate(kv, {
        id,
        scope: "temp",
        ownerId,
        fileName: "调解书.docx",
        variables: ["申请人"],
        size: 300,
        blobKey,
        uploadedBy: ownerId,
        createdAt: clock.now(),
      });
      return { scope: "temp" as const, ownerId, id };
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
    tempTemplatesRemoved: 0,
    itemsRemoved: NO_ITEMS,
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
    tempTemplatesRemoved: 0,
    itemsRemoved: NO_ITEMS,
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

Deno.test("runCleanup() removes temporary templates older than a day with their files, and keeps newer ones", async () => {
  await using t = await setup();
  await saveSettings(t.kv, { auto_cleanup: true, cleanup_days: 30 });
  const old = await t.tempTemplate(5, "0000000000000000000a");
  const otherUser = await t.tempTemplate(6, "0000000000000000000b");
  t.clock.advance(DAY - 60_000);
  const fresh = await t.tempTemplate(5, "0000000000000000000c");
  await t.blobs.put("users/5/templates/0000000000000000000d/template.docx", new Uint8Array(7));
  t.clock.advance(2 * 60_000);

  const run = await runCleanup(t, t.clock.now());
  assert.deepEqual(
    [run.tempTemplatesRemoved, run.blobsRemoved, run.bytesFreed, run.tasksRemoved],
    [2, 2, 600, 0],
  );
  assert.equal(await getTemplate(t.kv, old), null);
  assert.equal(await getTemplate(t.kv, otherUser), null);
  assert.equal(await t.blobs.size("users/5/temp_templates/0000000000000000000a/template.docx"), null);
  assert.equal(await t.blobs.size("users/6/temp_templates/0000000000000000000b/template.docx"), null);
  assert.equal((await getTemplate(t.kv, fresh))?.fileName, "调解书.docx", "a template under a day old stays");
  assert.equal(await t.blobs.size("users/5/temp_templates/0000000000000000000c/template.docx"), 300);
  assert.equal(
    await t.blobs.size("users/5/templates/0000000000000000000d/template.docx"),
    7,
    "personal templates stay",
  );

  t.clock.advance(DAY);
  assert.equal((await runCleanup(t, t.clock.now())).tempTemplatesRemoved, 1);
  assert.equal(await getTemplate(t.kv, fresh), null);
});

Deno.test("runCleanup() deletes an old task of a feature item but not the item's folder (a retried batch keeps its files)", async () => {
  await using t = await setup();
  await saveSettings(t.kv, { auto_cleanup: true, cleanup_days: 30 });
  const prefix = "users/2/generated/0000000000000000000e";
  const { task } = await startTask(t.kv, {
    type: "mediation.generate",
    userId: 2,
    total: 1,
    now: t.clock.now(),
    blobPrefix: prefix,
    message: (taskId) => ({
      type: "mediation.generate",
      taskId,
      batchId: "0000000000000000000e",
      userId: 2,
      attempt: 1,
    }),
  });
  await t.blobs.put(`${prefix}/rows.json`, new Uint8Array(20));
  await completeTask(t.kv, task.id, { now: t.clock.now() });
  t.clock.advance(31 * DAY);

  const run = await runCleanup(t, t.clock.now());
  assert.deepEqual([run.tasksRemoved, run.blobsRemoved], [1, 0]);
  assert.equal(await getTask(t.kv, task.id), null);
  assert.equal(await t.blobs.size(`${prefix}/rows.json`), 20);
});
