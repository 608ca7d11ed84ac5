import type { UsageType } from "../../common/constants.ts";
import { addUsageRecord, type UsageRecord } from "./usage.ts";
import { applyRefund, planRefund } from "./quotas.ts";

/**
 * The writes of AI metering that go into other modules' commits (the data layer's part of
 * services/ai_metering/ai_metering.ts, which charges and refunds on its own): a success's usage record,
 * and a refund planned from KV then applied inside the commit that stores an item's failure. Kept here
 * so that kv modules settling AI items (ocr_runs, ocr_batches) need no service.
 *
 * Keys: those of kv/usage.ts (usage records) and kv/quotas.ts (the ai counter and refund markers).
 */

/** Usage types of AI features (common/constants.ts USAGE_TYPES; the dashboard sums them in its AI card). */
export type AiUsageType = Extract<
  UsageType,
  "ai" | "aiocr" | "aiextract" | "ocrextract" | "ai_law_search" | "ai_document"
>;

/** Who a usage record is for and what it says (recent activities show `description`). */
export interface AiUsageInfo {
  userId: number;
  username: string;
  type: AiUsageType;
  description: string;
  at: number;
}

/**
 * Adds a successful use's usage record (status success, `count` uses) to the caller's commit, so the
 * dashboard's AI card and the type's own figure count it. The commit fails if the record id collides:
 * check `ok`.
 */
export function addAiUseSuccess(
  op: Deno.AtomicOperation,
  input: AiUsageInfo & { count?: number },
): UsageRecord {
  return addUsageRecord(op, { ...input, status: "success", count: input.count ?? 1 });
}

export interface AiRefundInput {
  /** Unique per charged item (a run id plus file index, an answer id): one refund per id, ever. */
  refundId: string;
  userId: number;
  /** Uses to give back (1 for one failed file or answer). */
  amount?: number;
  /** The failed usage record written with the refund (recent activities show it). */
  usage?: Omit<AiUsageInfo, "userId" | "at">;
  at: number;
}

/** What applyAiRefund() will write; null means `refundId` was refunded before. */
export interface AiRefundPlan {
  plan: NonNullable<Awaited<ReturnType<typeof planRefund>>>;
  input: AiRefundInput;
}

/** Reads what a refund needs; null when this `refundId` has already been refunded. */
export async function planAiRefund(kv: Deno.Kv, input: AiRefundInput): Promise<AiRefundPlan | null> {
  const plan = await planRefund(kv, {
    refundId: `ai:${input.refundId}`,
    userId: input.userId,
    kind: "ai",
    amount: input.amount ?? 1,
    at: input.at,
  });
  return plan ? { plan, input } : null;
}

/**
 * Adds a planned refund (counter up, refund id marked used, failed usage record) to the caller's commit,
 * e.g. the one that stores a file's failure. The commit fails if the counter or marker changed since
 * planning: re-plan and retry.
 */
export function applyAiRefund(op: Deno.AtomicOperation, refund: AiRefundPlan): Deno.AtomicOperation {
  applyRefund(op, refund.plan);
  const { usage, userId, at, amount } = refund.input;
  if (usage) addUsageRecord(op, { ...usage, userId, at, status: "failed", count: amount ?? 1 });
  return op;
}
