import { z } from "zod";
import { INVITATION_PAGE_SIZES, QUOTA_MAX } from "../constants.ts";

/**
 * Registration gift (/register-gift, permission register_gift_manage): the remaining uses a newly
 * registered account starts with, per counter. One default set, and optionally a set per invitation
 * code that replaces the default for accounts registered with that code. Without a default set the
 * server's DEFAULT_*_LIMIT configuration applies.
 */

export const GIFT_RANGE_MESSAGE = `赠送次数必须是0到${QUOTA_MAX}之间的整数`;

function giftCount(label: string) {
  return z.coerce.number({ error: `请输入${label}赠送次数` }).int(GIFT_RANGE_MESSAGE)
    .min(0, GIFT_RANGE_MESSAGE).max(QUOTA_MAX, GIFT_RANGE_MESSAGE);
}

/** PUT /api/register-gift and PUT /api/register-gift/codes/:codeId (field names of the quota set). */
export const registerGiftBody = z.object({
  mediationLimit: giftCount("文书生成"),
  pdfConvertLimit: giftCount("PDF转换"),
  aiLimit: giftCount("AI功能"),
});
export type RegisterGiftBody = z.input<typeof registerGiftBody>;
export type RegisterGiftValues = z.output<typeof registerGiftBody>;

/** A stored gift as the API answers it. */
export interface RegisterGiftView extends RegisterGiftValues {
  /** ISO date-time of the last change. */
  updated_at: string;
  updated_by_name: string;
}

/** Where a new account's quotas came from. */
export type GiftSource = "code" | "default" | "config";

/** GET /api/register-gift/codes: the invitation codes with their gift, paged like the code table. */
export const giftCodesQuery = z.object({
  page: z.coerce.number().int("页码必须是整数").min(1, "页码至少为1").max(100_000).optional().default(1),
  pageSize: z.coerce.number().refine((n) => INVITATION_PAGE_SIZES.includes(n), "每页条数只能是10、20、30、50")
    .optional().default(10),
});
