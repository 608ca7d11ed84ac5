import type { QuotaKind } from "../../../common/constants.ts";
import { assertQuotaLeft, getQuotas, type QuotaSet } from "../../kv/quotas.ts";

/**
 * POST /api/member/check-limit: the user's quota set when `amount` uses of `kind` are left, else
 * QUOTA_INSUFFICIENT. Deducts nothing: the real deduction happens when the work starts (spendQuota),
 * so a passed check is advice, not a reservation.
 */
export async function checkLimit(
  kv: Deno.Kv,
  input: { userId: number; kind: QuotaKind; amount: number },
): Promise<QuotaSet> {
  await assertQuotaLeft(kv, input);
  return await getQuotas(kv, input.userId);
}
