import assert from "node:assert/strict";
import { LocalBlobStore } from "../blobs/local_blob_store.ts";
import { manualClock } from "../clock.ts";
import { loadConfig } from "../config.ts";
import type { AppDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import { getQuotas, setQuota } from "../kv/quotas.ts";
import { getTask, startTask, type TaskRecord } from "../kv/tasks.ts";
import { createDocxRenderPool } from "../services/docx/docx_render_pool.ts";
import { enqueueCleanup } from "./cleanup_job.ts";
import { getLastCleanupRun } from "../services/storage/cleanup.ts";
import { dispatchJob, type JobHandlers, startJobListener } from "./dispatch.ts";
import { jobHandlers } from "./handlers.ts";

async function makeDeps(): Promise<AppDeps & AsyncDisposable> {
  const kv = await Deno.openKv(":memory:");
  const dir = await Deno.makeTempDir({ prefix: "jobs-test-" });
  const docx = createDocxRenderPool({ size: 1 });
  return {
    kv,
    blobs: new LocalBlobStore(`${dir}/blobs`),
    clock: manualClock(),
    config: loadConfig({ DATA_DIR: dir }),
    mailer: { send: () => Promise.resolve() },
    signingKey: new Uint8Array(32),
    docx,
    [Symbol.asyncDispose]: () => {
      docx.close();
      return Deno.remove(dir, { recursive: true });
    },
  };
}

async function waitForTask(kv: Deno.Kv, id: string, done: (t: TaskRecord) => boolean): Promise<TaskRecord> {
  for (let i = 0; i < 200; i++) {
    const task = await getTask(kv, id);
    if (task && done(task)) return task;
    await new Promise((r) => setTimeout(r, 10));
  }
  assert.fail(`task ${id} did not finish`);
}

Deno.test("enqueue -> listenQueue -> handler -> task done, on a real in-memory queue", async () => {
  await using deps = await makeDeps();
  const listener = startJobListener(deps, jobHandlers);
  assert.throws(() => startJobListener(deps, jobHandlers), /already running/);
  const taskId = await enqueueCleanup(deps);
  const task = await waitForTask(deps.kv, taskId, (t) => t.status === "done");
  assert.equal(task.userId, 1);
  assert.equal(task.result?.skipped, true, "auto_cleanup is off by default");
  assert.equal((await getLastCleanupRun(deps.kv))?.at, deps.clock.now());
  deps.kv.close();
  await listener;
});

Deno.test("dispatchJob() fails the task and refunds its quota when the handler throws", async () => {
  await using deps = await makeDeps();
  try {
    await setQuota(deps.kv, { userId: 3, kind: "ai", value: 5 });
    const { task } = await startTask(deps.kv, {
      type: "maintenance.cleanup",
      userId: 3,
      total: 2,
      now: deps.clock.now(),
      quota: { kind: "ai", amount: 2 },
      message: (taskId) => ({ type: "maintenance.cleanup", taskId }),
    });
    assert.equal((await getQuotas(deps.kv, 3)).aiLimit, 3);
    let calls = 0;
    const failing: JobHandlers = {
      ...jobHandlers,
      "maintenance.cleanup": () => {
        calls++;
        return Promise.reject(new AppError("FILE_PARSE_FAILED", { reason: "表格中没有数据" }));
      },
    };
    const msg = { type: "maintenance.cleanup", taskId: task.id };
    await dispatchJob(deps, failing, msg);
    await dispatchJob(deps, failing, msg); // a redelivery
    const stored = await getTask(deps.kv, task.id);
    assert.equal(stored?.status, "failed");
    assert.deepEqual(stored?.error, { code: "FILE_PARSE_FAILED", message: "文件解析失败：表格中没有数据" });
    assert.equal((await getQuotas(deps.kv, 3)).aiLimit, 5, "refunded once");
    assert.equal(calls, 2);
    // The real handler returns at once on a finished task; unknown messages are dropped.
    await dispatchJob(deps, jobHandlers, msg);
    assert.equal(await getLastCleanupRun(deps.kv), null);
    await dispatchJob(deps, jobHandlers, { type: "no.such" });
    await dispatchJob(deps, jobHandlers, "junk");
  } finally {
    deps.kv.close();
  }
});
