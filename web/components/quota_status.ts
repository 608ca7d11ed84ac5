import { QUOTA_FULL_SCALE, QUOTA_LOW_THRESHOLD } from "../../common/constants.ts";

/** antd Progress status of a quota tile (part 3 §4). */
export type QuotaStatus = "exception" | "warning" | "success";

/** exception at 0 or less, warning at 10 or less, otherwise success (part 3 §4, §9). */
export function quotaStatus(left: number): QuotaStatus {
  if (left <= 0) return "exception";
  if (left <= QUOTA_LOW_THRESHOLD) return "warning";
  return "success";
}

/** The tile's fill in percent against the full scale of 1000 (capped at 100, whole numbers). */
export function quotaPercent(left: number): number {
  if (!(left > 0)) return 0;
  return Math.min(100, Math.round((left / QUOTA_FULL_SCALE) * 100));
}

/** True when any of the quotas is 10 or less: the low-quota notice (part 3 §2). */
export function hasLowQuota(
  limits: { pdfConvertLimit: number; mediationLimit: number; aiLimit: number },
): boolean {
  return [limits.pdfConvertLimit, limits.mediationLimit, limits.aiLimit].some((n) =>
    n <= QUOTA_LOW_THRESHOLD
  );
}
