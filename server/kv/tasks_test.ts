import assert from "node:assert/strict";
import { getQuotas, setQuota } from "./quotas.ts";
import { completeTask, failTask, getTask, listTasksByUser, startTask, updateTaskProgress } from "./tasks.ts";

async function withKv(fn: (kv: Deno.Kv) => Promise<void>): Promise<void> {
  const kv = await Deno.openKv(":memory:");
  try {
    await fn(kv);
  } finally {
    kv.close();
  }
}

const NOW = Date.UTC(2026, 0, 5);
const cleanupMessage = (taskId: string) => ({ type: "maintenance.cleanup" as const, taskId });

Deno.test("startTask() spends quota, writes the task and its index in one commit", () =>
  withKv(async (kv) => {
    await setQuota(kv, { userId: 5, kind: "mediation", value: 10 });
    const { task, left } = await startTask(kv, {
      type: "maintenance.cleanup",
      userId: 5,
      total: 4,
      now: NOW,
      quota: { kind: "mediation", amount: 4 },
      message: cleanupMessage,
    });
    assert.equal(left, 6);
    assert.deepEqual(await getTask(kv, task.id), {
      id: task.id,
      type: "maintenance.cleanup",
      userId: 5,
      status: "pending",
      done: 0,
      total: 4,
      quota: { kind: "mediation", amount: 4 },
      createdAt: NOW,
      updatedAt: NOW,
    });
    assert.deepEqual((await listTasksByUser(kv, 5)).map((t) => t.id), [task.id]);
  }));

Deno.test("startTask() with too little quota writes nothing", () =>
  withKv(async (kv) => {
    await setQuota(kv, { userId: 5, kind: "mediation", value: 3 });
    await assert.rejects(
      startTask(kv, {
        type: "maintenance.cleanup",
        userId: 5,
        total: 4,
        now: NOW,
        quota: { kind: "mediation", amount: 4 },
        message: cleanupMessage,
      }),
      { code: "QUOTA_INSUFFICIENT", message: "文书生成使用次数不足。需要 4 次，当前剩余 3 次" },
    );
    assert.deepEqual(await listTasksByUser(kv, 5), []);
    assert.equal((await getQuotas(kv, 5)).mediationLimit, 3);
  }));

Deno.test("failTask() stores the Chinese error and refunds the quota exactly once", () =>
  withKv(async (kv) => {
    await setQuota(kv, { userId: 5, kind: "pdf_convert", value: 10 });
    const { task } = await startTask(kv, {
      type: "maintenance.cleanup",
      userId: 5,
      total: 3,
      now: NOW,
      quota: { kind: "pdf_convert", amount: 3 },
      message: cleanupMessage,
    });
    assert.equal((await getQuotas(kv, 5)).pdfConvertLimit, 7);
    await updateTaskProgress(kv, task.id, { done: 1, now: NOW + 1 });
    const [a, b] = await Promise.all([
      failTask(kv, task.id, {
        code: "FILE_PARSE_FAILED",
        params: { reason: "表格中没有数据" },
        now: NOW + 2,
      }),
      failTask(kv, task.id, { code: "INTERNAL", now: NOW + 3 }),
    ]);
    assert.ok(a && b);
    const stored = await getTask(kv, task.id);
    assert.equal(stored?.status, "failed");
    assert.equal(stored?.done, 1);
    assert.ok(
      stored?.error?.message === "文件解析失败：表格中没有数据" ||
        stored?.error?.message === "服务器内部错误",
    );
    assert.equal((await getQuotas(kv, 5)).pdfConvertLimit, 10, "refunded once");
    // A finished task never changes again.
    await completeTask(kv, task.id, { now: NOW + 4 });
    await updateTaskProgress(kv, task.id, { done: 3, now: NOW + 5 });
    assert.deepEqual(await getTask(kv, task.id), stored);
    await failTask(kv, task.id, { code: "INTERNAL", now: NOW + 6 });
    assert.equal((await getQuotas(kv, 5)).pdfConvertLimit, 10);
  }));

Deno.test("updateTaskProgress() and completeTask() move a task to running, then done", () =>
  withKv(async (kv) => {
    const { task, left } = await startTask(kv, {
      type: "maintenance.cleanup",
      userId: 1,
      total: 2,
      now: NOW,
      message: cleanupMessage,
    });
    assert.equal(left, null);
    const running = await updateTaskProgress(kv, task.id, { done: 1, now: NOW + 10 });
    assert.deepEqual([running?.status, running?.done, running?.updatedAt], ["running", 1, NOW + 10]);
    const done = await completeTask(kv, task.id, { now: NOW + 20, result: { files: 2 } });
    assert.deepEqual([done?.status, done?.done, done?.result], ["done", 2, { files: 2 }]);
    assert.equal(await getTask(kv, "00000000000000000000"), null);
  }));
