import { AppError } from "../../errors.ts";
import type { UsageRecord } from "../../kv/usage.ts";
import { getQuotas, spendQuota } from "../../kv/quotas.ts";
import {
  addAiUseSuccess,
  type AiRefundInput,
  type AiUsageInfo,
  applyAiRefund,
  planAiRefund,
} from "../../kv/ai_uses.ts";

/**
 * The one place AI uses are charged (part 4 §1, §9: each processed file or answer costs one AI use).
 *
 * The pattern every AI feature follows:
 * 1. `chargeAiUses()` before anything runs: deducts N uses in ONE commit with the caller's own writes
 *    (run record, task, queue message) through `extend`, or throws AI_QUOTA_INSUFFICIENT
 *    (`AI使用次数不足。需要 N 次，当前剩余 M 次`) and writes nothing.
 * 2. For each item that succeeds, `addAiUseSuccess(op, …)` (kv/ai_uses.ts) in the commit that stores
 *    its result (or `recordAiUse()` on its own): a usage record of the feature's type, so the dashboard
 *    counts it.
 * 3. For each item that fails, `refundAiUse()` (or `planAiRefund()` + `applyAiRefund()` from
 *    kv/ai_uses.ts inside the commit that stores the failure): gives the use back exactly once per
 *    `refundId`, however often a job is delivered, and writes a failed usage record with it.
 */

/** Remaining AI uses of a user. */
export async function getAiUsesLeft(kv: Deno.Kv, userId: number): Promise<number> {
  return (await getQuotas(kv, userId)).aiLimit;
}

/**
 * Throws AI_QUOTA_INSUFFICIENT unless `amount` AI uses are left. A check only (for a friendly early
 * answer, e.g. before a stream opens): the charge itself must still go through chargeAiUses().
 */
export async function assertAiUsesLeft(
  kv: Deno.Kv,
  input: { userId: number; amount: number },
): Promise<number> {
  const left = await getAiUsesLeft(kv, input.userId);
  if (left < input.amount) throw new AppError("AI_QUOTA_INSUFFICIENT", { need: input.amount, left });
  return left;
}

export interface ChargeAiUsesInput {
  userId: number;
  /** Uses to deduct: one per file, or one per answer. */
  amount: number;
  /** The caller's writes for the same commit (run record, task, enqueue), given the uses that will remain. */
  extend?: (op: Deno.AtomicOperation, left: number) => void;
}

/**
 * Deducts `amount` AI uses atomically with the caller's writes and returns the uses left. Concurrent
 * charges never overspend (compare-and-set on the counter). Throws AI_QUOTA_INSUFFICIENT
 * ({need, left}) before anything is written, QUOTA_BUSY when the counter stays contended, and
 * CommitRejected (kv/quotas.ts) when a check the caller added in `extend` fails.
 */
export async function chargeAiUses(kv: Deno.Kv, input: ChargeAiUsesInput): Promise<number> {
  try {
    return await spendQuota(kv, {
      userId: input.userId,
      kind: "ai",
      amount: input.amount,
      extend: input.extend,
    });
  } catch (err) {
    if (err instanceof AppError && err.code === "QUOTA_INSUFFICIENT") {
      throw new AppError("AI_QUOTA_INSUFFICIENT", { need: err.params.need, left: err.params.left });
    }
    throw err;
  }
}

/** Writes a successful use's usage record in a commit of its own. */
export async function recordAiUse(
  kv: Deno.Kv,
  input: AiUsageInfo & { count?: number },
): Promise<UsageRecord> {
  const op = kv.atomic();
  const record = addAiUseSuccess(op, input);
  if (!(await op.commit()).ok) throw new Error("usage record id collision");
  return record;
}

/**
 * Gives back the uses of one failed item, exactly once per `refundId`: a second call (a job delivered
 * twice) returns false and changes nothing. Writes the failed usage record in the same commit.
 */
export async function refundAiUse(kv: Deno.Kv, input: AiRefundInput): Promise<boolean> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const refund = await planAiRefund(kv, input);
    if (!refund) return false;
    if ((await applyAiRefund(kv.atomic(), refund).commit()).ok) return true;
    await new Promise((r) => setTimeout(r, Math.random() * Math.min(20, 1 + attempt)));
  }
  throw new AppError("QUOTA_BUSY");
}
