import type { QuotaKind } from "../../common/constants.ts";
import { QUOTA_FIELDS, QUOTA_KINDS } from "../../common/constants.ts";

// Keys:  ["quotas", userId, kind] -> number (remaining uses of one counter)
//        ["quota_refunds", refundId] -> { userId, kind, amount, at } (one refund per id)

export function quotaKey(userId: number, kind: QuotaKind): Deno.KvKey {
  return ["quotas", userId, kind];
}

export interface QuotaSet {
  mediationLimit: number;
  pdfConvertLimit: number;
  aiLimit: number;
}

/** The three remaining-use counters of a user (absent counters read as 0). */
export async function getQuotas(kv: Deno.Kv, userId: number): Promise<QuotaSet> {
  const entries = await kv.getMany<number[]>(QUOTA_KINDS.map((k) => quotaKey(userId, k)));
  const set: QuotaSet = { mediationLimit: 0, pdfConvertLimit: 0, aiLimit: 0 };
  QUOTA_KINDS.forEach((kind, i) => {
    set[QUOTA_FIELDS[kind]] = entries[i].value ?? 0;
  });
  return set;
}
