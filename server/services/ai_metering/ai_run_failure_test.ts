import assert from "node:assert/strict";
import { aiRunKinds } from "./ai_run_kinds.ts";
import {
  addOcrRun,
  getOcrRun,
  type OcrRun,
  settleOcrFileFailure,
  settleOcrFileSuccess,
} from "../../kv/ocr_runs.ts";
import { getQuotas, setQuota } from "../../kv/quotas.ts";
import { listUsageRecords } from "../../kv/usage.ts";
import { chargeAiUses, refundAiUse } from "./ai_metering.ts";
import { applyAiRefunds, failAiRun, planAiRefunds } from "./ai_run_failure.ts";

async function withKv(fn: (kv: Deno.Kv) => Promise<void>): Promise<void> {
  const kv = await Deno.openKv(":memory:");
  try {
    await fn(kv);
  } finally {
    kv.close();
  }
}

const AT = Date.UTC(2026, 0, 5, 4);

async function seedRun(kv: Deno.Kv, files: number): Promise<OcrRun> {
  const run: OcrRun = {
    id: `run${files}`,
    userId: 3,
    username: "clerk",
    status: "processing",
    files: Array.from({ length: files }, (_, index) => ({
      index,
      fileName: `f${index}.docx`,
      size: 1,
      blobKey: `in-${index}`,
      status: "pending" as const,
    })),
    blobPrefix: "p",
    createdAt: AT,
    updatedAt: AT,
  };
  await chargeAiUses(kv, { userId: 3, amount: files, extend: (op) => addOcrRun(op, run) });
  return run;
}

const target = (run: OcrRun) => aiRunKinds["ocr.run"].target({ type: "ocr.run", runId: run.id, userId: 3 });

async function usageStatuses(kv: Deno.Kv): Promise<string[]> {
  const { records } = await listUsageRecords(kv, { userId: 3, pageSize: 200 });
  return records.map((r) => r.status);
}

Deno.test("planAiRefunds() + applyAiRefunds(): several refunds of one user in one commit add up, once per id", () =>
  withKv(async (kv) => {
    await setQuota(kv, { userId: 3, kind: "ai", value: 1 });
    assert.equal(await refundAiUse(kv, { refundId: "r:0", userId: 3, at: AT }), true);
    const inputs = [0, 1, 2].map((i) => ({
      refundId: `r:${i}`,
      userId: 3,
      at: AT,
      usage: { username: "clerk", type: "aiocr" as const, description: `失败 ${i}` },
    }));
    const plans = await planAiRefunds(kv, inputs);
    assert.deepEqual(plans.map((p) => p.input.refundId), ["r:1", "r:2"], "r:0 was refunded before");
    assert.equal((await applyAiRefunds(kv.atomic(), plans).commit()).ok, true);
    assert.equal((await getQuotas(kv, 3)).aiLimit, 4, "1 + r:0 + r:1 + r:2");
    assert.deepEqual(await usageStatuses(kv), ["failed", "failed"]);
    // The same plans again: the ids are used now, so the commit is refused and nothing changes.
    assert.equal((await applyAiRefunds(kv.atomic(), plans).commit()).ok, false);
    assert.deepEqual(await planAiRefunds(kv, inputs), []);
    // A plan read before the counter changed is refused as well.
    const stale = await planAiRefunds(kv, [{ refundId: "r:3", userId: 3, at: AT }]);
    await setQuota(kv, { userId: 3, kind: "ai", value: 9 });
    assert.equal((await applyAiRefunds(kv.atomic(), stale).commit()).ok, false);
    assert.equal((await getQuotas(kv, 3)).aiLimit, 9);
  }));

Deno.test("failAiRun() fails 45 unsettled files over several commits, each refunded once; a second call does nothing", () =>
  withKv(async (kv) => {
    await setQuota(kv, { userId: 3, kind: "ai", value: 60 });
    const run = await seedRun(kv, 50);
    for (let index = 0; index < 5; index++) {
      await settleOcrFileSuccess(kv, {
        runId: run.id,
        index,
        now: AT,
        resultKey: "r",
        pageCount: 1,
        scanned: false,
      });
    }
    assert.equal((await getQuotas(kv, 3)).aiLimit, 10);
    assert.equal(await failAiRun(kv, target(run), { error: "处理中断", now: AT }), 45);
    const failed = (await getOcrRun(kv, run.id))!;
    assert.equal(failed.status, "failed");
    assert.equal(failed.error, "处理中断");
    assert.deepEqual(
      failed.files.map((f) => f.status),
      [...Array(5).fill("completed"), ...Array(45).fill("failed")],
    );
    assert.equal((await getQuotas(kv, 3)).aiLimit, 55);
    const statuses = await usageStatuses(kv);
    assert.deepEqual([statuses.filter((s) => s === "success").length, statuses.length], [5, 50]);
    assert.equal(await failAiRun(kv, target(run), { error: "处理中断", now: AT }), 0);
    assert.equal((await getQuotas(kv, 3)).aiLimit, 55);
    assert.equal((await usageStatuses(kv)).length, 50);
  }));

Deno.test("failAiRun() racing the per-file settlements: every file settled once, uses back exactly for the files not read", () =>
  withKv(async (kv) => {
    await setQuota(kv, { userId: 3, kind: "ai", value: 30 });
    const run = await seedRun(kv, 30);
    await Promise.all([
      failAiRun(kv, target(run), { error: "处理中断", now: AT }),
      ...run.files.map((f) =>
        f.index % 2
          ? settleOcrFileSuccess(kv, {
            runId: run.id,
            index: f.index,
            now: AT,
            resultKey: "r",
            pageCount: 1,
            scanned: false,
          })
          : settleOcrFileFailure(kv, { runId: run.id, index: f.index, now: AT, error: "文件已损坏" })
      ),
      failAiRun(kv, target(run), { error: "处理中断", now: AT }),
    ]);
    const after = (await getOcrRun(kv, run.id))!;
    const read = after.files.filter((f) => f.status === "completed").length;
    assert.ok(after.files.every((f) => f.status === "completed" || f.status === "failed"));
    assert.equal((await getQuotas(kv, 3)).aiLimit, 30 - read);
    const refunds = await Array.fromAsync(kv.list({ prefix: ["quota_refunds"] }));
    assert.equal(refunds.length, 30 - read);
    const statuses = await usageStatuses(kv);
    assert.deepEqual([statuses.filter((s) => s === "success").length, statuses.length], [read, 30]);
  }));
