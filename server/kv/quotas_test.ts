import assert from "node:assert/strict";
import { AppError } from "../errors.ts";
import {
  addQuota,
  CommitRejected,
  getQuotas,
  quotaKey,
  refundQuota,
  setQuota,
  spendQuota,
} from "./quotas.ts";

async function withKv(fn: (kv: Deno.Kv) => Promise<void>): Promise<void> {
  const kv = await Deno.openKv(":memory:");
  try {
    await fn(kv);
  } finally {
    kv.close();
  }
}

Deno.test("spendQuota(): 200 parallel spends of a counter at 50 -> exactly 50 succeed, it ends at 0", () =>
  withKv(async (kv) => {
    await setQuota(kv, { userId: 7, kind: "mediation", value: 50 });
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () => spendQuota(kv, { userId: 7, kind: "mediation", amount: 1 })),
    );
    const ok = results.filter((r) => r.status === "fulfilled");
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    assert.equal(ok.length, 50);
    assert.ok(failed.every((r) => r.reason instanceof AppError && r.reason.code === "QUOTA_INSUFFICIENT"));
    // Each success saw a distinct remaining count: no use was spent twice.
    const lefts = ok.map((r) => (r as PromiseFulfilledResult<number>).value).sort((a, b) => a - b);
    assert.deepEqual(lefts, Array.from({ length: 50 }, (_, i) => i));
    assert.equal((await kv.get(quotaKey(7, "mediation"))).value, 0);
  }));

Deno.test("spendQuota() throws QUOTA_INSUFFICIENT with label, need and left, and deducts nothing", () =>
  withKv(async (kv) => {
    await setQuota(kv, { userId: 2, kind: "pdf_convert", value: 3 });
    await assert.rejects(spendQuota(kv, { userId: 2, kind: "pdf_convert", amount: 5 }), (err: AppError) => {
      assert.equal(err.code, "QUOTA_INSUFFICIENT");
      assert.deepEqual(err.params, { label: "PDF转换", need: 5, left: 3 });
      assert.equal(err.message, "PDF转换使用次数不足。需要 5 次，当前剩余 3 次");
      return true;
    });
    assert.equal((await getQuotas(kv, 2)).pdfConvertLimit, 3);
    assert.equal(await spendQuota(kv, { userId: 2, kind: "pdf_convert", amount: 3 }), 0);
  }));

Deno.test("spendQuota() commits the caller's extend() writes with the deduction, or neither", () =>
  withKv(async (kv) => {
    await setQuota(kv, { userId: 2, kind: "ai", value: 1 });
    const left = await spendQuota(kv, {
      userId: 2,
      kind: "ai",
      amount: 1,
      extend: (op, left) => op.set(["probe", "a"], left),
    });
    assert.equal(left, 0);
    assert.equal((await kv.get(["probe", "a"])).value, 0);
    await assert.rejects(
      spendQuota(kv, { userId: 2, kind: "ai", amount: 1, extend: (op) => op.set(["probe", "b"], 1) }),
    );
    assert.equal((await kv.get(["probe", "b"])).versionstamp, null);
    // A failing check of the caller's own is reported, not retried forever, and spends nothing.
    await setQuota(kv, { userId: 2, kind: "ai", value: 5 });
    await kv.set(["probe", "c"], 1);
    await assert.rejects(
      spendQuota(kv, {
        userId: 2,
        kind: "ai",
        amount: 1,
        extend: (op) => op.check({ key: ["probe", "c"], versionstamp: null }),
      }),
      CommitRejected,
    );
    assert.equal((await getQuotas(kv, 2)).aiLimit, 5);
  }));

Deno.test("refundQuota() adds back once per refund id, even when called twice at once", () =>
  withKv(async (kv) => {
    await setQuota(kv, { userId: 4, kind: "mediation", value: 10 });
    await spendQuota(kv, { userId: 4, kind: "mediation", amount: 6 });
    const input = { refundId: "task-1", userId: 4, kind: "mediation" as const, amount: 6 };
    const [a, b] = await Promise.all([refundQuota(kv, input), refundQuota(kv, input)]);
    assert.deepEqual([a, b].sort(), [false, true]);
    assert.equal(await refundQuota(kv, input), false);
    assert.equal((await getQuotas(kv, 4)).mediationLimit, 10);
  }));

Deno.test("setQuota() and addQuota() keep counters within 0..99999", () =>
  withKv(async (kv) => {
    assert.deepEqual(await getQuotas(kv, 9), { mediationLimit: 0, pdfConvertLimit: 0, aiLimit: 0 });
    assert.equal(await setQuota(kv, { userId: 9, kind: "ai", value: 99_990 }), 99_990);
    assert.equal(await addQuota(kv, { userId: 9, kind: "ai", amount: 9 }), 99_999);
    for (const bad of [-1, 100_000, 1.5]) {
      await assert.rejects(setQuota(kv, { userId: 9, kind: "ai", value: bad }), {
        code: "QUOTA_OUT_OF_RANGE",
      });
    }
    await assert.rejects(addQuota(kv, { userId: 9, kind: "ai", amount: 1 }), {
      code: "QUOTA_OUT_OF_RANGE",
      message: "额度必须是0到99999之间的整数",
    });
    await assert.rejects(addQuota(kv, { userId: 9, kind: "ai", amount: 0 }), { code: "QUOTA_OUT_OF_RANGE" });
    assert.deepEqual(await getQuotas(kv, 9), { mediationLimit: 0, pdfConvertLimit: 0, aiLimit: 99_999 });
  }));
