import assert from "node:assert/strict";
import { AppError } from "../../errors.ts";
import { getQuotas, setQuota } from "../../kv/quotas.ts";
import { getUsageStats, listUsageRecords } from "../../kv/usage.ts";
import { chinaDay } from "../../clock.ts";
import { addAiUseSuccess, applyAiRefund, planAiRefund } from "../../kv/ai_uses.ts";
import { assertAiUsesLeft, chargeAiUses, recordAiUse, refundAiUse } from "./ai_metering.ts";

async function withKv(fn: (kv: Deno.Kv) => Promise<void>): Promise<void> {
  const kv = await Deno.openKv(":memory:");
  try {
    await fn(kv);
  } finally {
    kv.close();
  }
}

const AT = Date.UTC(2026, 0, 5, 4);

Deno.test("chargeAiUses() deducts and commits the caller's writes in the same commit", () =>
  withKv(async (kv) => {
    await setQuota(kv, { userId: 3, kind: "ai", value: 5 });
    const left = await chargeAiUses(kv, {
      userId: 3,
      amount: 3,
      extend: (op, l) => op.set(["runs", "r1"], { left: l }),
    });
    assert.equal(left, 2);
    assert.equal((await getQuotas(kv, 3)).aiLimit, 2);
    assert.deepEqual((await kv.get(["runs", "r1"])).value, { left: 2 });
  }));

Deno.test("chargeAiUses() refuses with AI使用次数不足 and writes nothing when too few uses are left", () =>
  withKv(async (kv) => {
    await setQuota(kv, { userId: 3, kind: "ai", value: 2 });
    await assert.rejects(
      chargeAiUses(kv, { userId: 3, amount: 3, extend: (op) => op.set(["runs", "r1"], 1) }),
      (err: AppError) => {
        assert.equal(err.code, "AI_QUOTA_INSUFFICIENT");
        assert.equal(err.status, 402);
        assert.equal(err.message, "AI使用次数不足。需要 3 次，当前剩余 2 次");
        return true;
      },
    );
    assert.equal((await getQuotas(kv, 3)).aiLimit, 2);
    assert.equal((await kv.get(["runs", "r1"])).versionstamp, null);
    // A user with no counter at all has zero left.
    await assert.rejects(
      chargeAiUses(kv, { userId: 99, amount: 1 }),
      /AI使用次数不足。需要 1 次，当前剩余 0 次/,
    );
    await assert.rejects(assertAiUsesLeft(kv, { userId: 3, amount: 3 }), /AI使用次数不足/);
    assert.equal(await assertAiUsesLeft(kv, { userId: 3, amount: 2 }), 2);
  }));

Deno.test("chargeAiUses(): 100 concurrent charges of 2 against 51 uses -> 25 succeed, 1 use is left", () =>
  withKv(async (kv) => {
    await setQuota(kv, { userId: 4, kind: "ai", value: 51 });
    const results = await Promise.allSettled(
      Array.from(
        { length: 100 },
        (_, i) => chargeAiUses(kv, { userId: 4, amount: 2, extend: (op) => op.set(["runs", i], true) }),
      ),
    );
    const ok = results.filter((r) => r.status === "fulfilled");
    assert.equal(ok.length, 25);
    for (const r of results) {
      if (r.status === "rejected") assert.equal((r.reason as AppError).code, "AI_QUOTA_INSUFFICIENT");
    }
    assert.equal((await getQuotas(kv, 4)).aiLimit, 1);
    let runs = 0;
    for await (const _ of kv.list({ prefix: ["runs"] })) runs++;
    assert.equal(runs, 25, "exactly the successful charges wrote their records");
  }));

Deno.test("refundAiUse() gives a failed item's use back once, with a failed usage record", () =>
  withKv(async (kv) => {
    await setQuota(kv, { userId: 5, kind: "ai", value: 2 });
    await chargeAiUses(kv, { userId: 5, amount: 2 });
    const input = {
      refundId: "run1:0",
      userId: 5,
      usage: { username: "lisi", type: "aiocr" as const, description: "OCR识别失败：a.png" },
      at: AT,
    };
    // A job delivered three times at once still refunds one use.
    const results = await Promise.all([
      refundAiUse(kv, input),
      refundAiUse(kv, input),
      refundAiUse(kv, input),
    ]);
    assert.deepEqual(results.filter(Boolean).length, 1);
    assert.equal(await refundAiUse(kv, input), false);
    assert.equal((await getQuotas(kv, 5)).aiLimit, 1);
    const { records } = await listUsageRecords(kv, { userId: 5, pageSize: 10 });
    assert.equal(records.length, 1);
    assert.equal(records[0].status, "failed");
    assert.equal(records[0].type, "aiocr");
    // Failed uses do not count in the dashboard's figures.
    const stats = await getUsageStats(kv, { userId: 5, today: chinaDay(AT) });
    assert.equal(stats.aiocr.total, 0);
    // Another item of the same run has its own refund.
    assert.equal(await refundAiUse(kv, { ...input, refundId: "run1:1" }), true);
    assert.equal((await getQuotas(kv, 5)).aiLimit, 2);
  }));

Deno.test("planAiRefund() + applyAiRefund() join the caller's commit; a stale plan fails that commit", () =>
  withKv(async (kv) => {
    await setQuota(kv, { userId: 6, kind: "ai", value: 0 });
    const plan = await planAiRefund(kv, { refundId: "x", userId: 6, at: AT });
    assert.ok(plan);
    const stale = await planAiRefund(kv, { refundId: "x", userId: 6, at: AT });
    const ok = await applyAiRefund(kv.atomic().set(["file", "x"], "failed"), plan).commit();
    assert.ok(ok.ok);
    assert.equal((await getQuotas(kv, 6)).aiLimit, 1);
    const again = await applyAiRefund(kv.atomic().set(["file", "x"], "again"), stale!).commit();
    assert.equal(again.ok, false);
    assert.equal((await kv.get(["file", "x"])).value, "failed");
    assert.equal(await planAiRefund(kv, { refundId: "x", userId: 6, at: AT }), null);
  }));

Deno.test("recordAiUse() and addAiUseSuccess() count in the type's stats and recent activities", () =>
  withKv(async (kv) => {
    await recordAiUse(kv, {
      userId: 8,
      username: "w",
      type: "ocrextract",
      description: "OCR信息提取",
      at: AT,
    });
    const op = kv.atomic();
    addAiUseSuccess(op, {
      userId: 8,
      username: "w",
      type: "aiocr",
      description: "OCR识别：a.png",
      at: AT,
      count: 2,
    });
    assert.ok((await op.commit()).ok);
    const stats = await getUsageStats(kv, { userId: 8, today: chinaDay(AT) });
    assert.deepEqual(stats.ocrextract, { total: 1, today: 1 });
    assert.deepEqual(stats.aiocr, { total: 2, today: 2 });
    const { records } = await listUsageRecords(kv, { userId: 8, pageSize: 10 });
    assert.deepEqual(records.map((r) => r.type).sort(), ["aiocr", "ocrextract"]);
  }));
