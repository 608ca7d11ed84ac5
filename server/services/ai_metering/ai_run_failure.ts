import { AppError } from "../../errors.ts";
import { addUsageRecord } from "../../kv/usage.ts";
import { type AiRefundInput, type AiRefundPlan, planAiRefund } from "../../kv/ai_uses.ts";

/**
 * Ending an AI run (an OCR识别 run, an OCR信息提取 batch, a custom OCR record) as failed when its job
 * stops outside its per-file handling: every file not yet settled is marked failed and its AI use given
 * back, in the commit that changes the run, with the same refund id the per-file settlement uses. So
 * whichever comes first (this or a per-file settlement of a redelivered message) settles the file, and
 * the other finds it settled: no file is refunded twice or charged for nothing.
 */

/** How one run record is failed. Built per run by the job kind (server/services/ai_metering/ai_run_kinds.ts). */
export interface AiRunTarget<R> {
  /** The run's record. */
  key: Deno.KvKey;
  /** True while the run can still change; a finished or failed run is left as it is. */
  isOpen(run: R): boolean;
  /** Indexes of the files neither completed nor failed (their uses are still charged). */
  unsettled(run: R): number[];
  /** The refund of one unsettled file: the refund id its own settlement would use, and its failed usage record. */
  refundOf(run: R, input: { index: number; error: string }): Omit<AiRefundInput, "at">;
  /**
   * The run with these files failed (each with `error`). `final`: no unsettled file is left after them,
   * so the run itself ends failed with `error`.
   */
  failFiles(run: R, input: { indexes: number[]; error: string; now: number; final: boolean }): R;
}

/** Files failed per commit: 20 files stay far below KV's 100 checks and 1000 mutations per commit. */
const FILES_PER_COMMIT = 20;

/**
 * Plans the refunds of several items of one user for one commit; refund ids used before are left out.
 * Apply them with applyAiRefunds(), never one by one with applyAiRefund() (each would set the counter
 * to its own reading plus one).
 */
export async function planAiRefunds(kv: Deno.Kv, inputs: AiRefundInput[]): Promise<AiRefundPlan[]> {
  const plans: AiRefundPlan[] = [];
  for (const input of inputs) {
    const plan = await planAiRefund(kv, input);
    if (plan) plans.push(plan);
  }
  if (new Set(plans.map((p) => p.input.userId)).size > 1) {
    throw new Error("planAiRefunds: one user per commit");
  }
  return plans;
}

/**
 * Adds planned refunds of one user to the caller's commit: the counter goes up by their sum once, each
 * refund id is marked used, and each writes its failed usage record. The commit fails when the counter
 * changed after the first plan was read or a refund id was used meanwhile: re-plan and retry.
 */
export function applyAiRefunds(op: Deno.AtomicOperation, refunds: AiRefundPlan[]): Deno.AtomicOperation {
  if (refunds.length === 0) return op;
  // Any later change of the counter also fails this check, so one reading serves every plan.
  const counter = refunds[0].plan.counter;
  const total = refunds.reduce((sum, r) => sum + r.plan.refund.amount, 0);
  op.check(counter).set(counter.key, (counter.value ?? 0) + total);
  for (const { plan, input } of refunds) {
    op.check(plan.marker).set(plan.marker.key, plan.refund);
    if (input.usage) {
      addUsageRecord(op, {
        ...input.usage,
        userId: input.userId,
        at: input.at,
        status: "failed",
        count: input.amount ?? 1,
      });
    }
  }
  return op;
}

/**
 * Ends an open run as failed with the Chinese `error`: its unsettled files failed and refunded (once
 * each, however often this is called or whatever settles them concurrently), then the run itself. A
 * run that is gone, finished or already failed is left alone. Returns the uses given back by this call.
 */
export async function failAiRun<R>(
  kv: Deno.Kv,
  target: AiRunTarget<R>,
  input: { error: string; now: number },
): Promise<number> {
  let refunded = 0;
  for (let attempt = 0; attempt < 100; attempt++) {
    const entry = await kv.get<R>(target.key);
    const run = entry.value;
    if (!run || !target.isOpen(run)) return refunded;
    const pending = target.unsettled(run);
    const indexes = pending.slice(0, FILES_PER_COMMIT);
    const final = indexes.length === pending.length;
    const refunds = await planAiRefunds(
      kv,
      indexes.map((index) => ({ ...target.refundOf(run, { index, error: input.error }), at: input.now })),
    );
    const op = kv.atomic().check(entry)
      .set(target.key, target.failFiles(run, { indexes, error: input.error, now: input.now, final }));
    applyAiRefunds(op, refunds);
    if ((await op.commit()).ok) {
      refunded += refunds.reduce((sum, r) => sum + (r.input.amount ?? 1), 0);
      if (final) return refunded;
      continue;
    }
    await new Promise((r) => setTimeout(r, Math.random() * Math.min(20, 1 + attempt)));
  }
  throw new AppError("QUOTA_BUSY");
}
