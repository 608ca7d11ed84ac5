import { z } from "zod";
import { QUOTA_KINDS } from "../constants.ts";

/** POST /api/member/check-limit (part 2 §7). */
export const checkLimitBody = z.object({
  type: z.enum(QUOTA_KINDS, "未知的额度类型"),
  amount: z.coerce.number().int("数量必须是整数").min(1, "数量至少为1").max(100_000).optional().default(1),
});
export type CheckLimitBody = z.input<typeof checkLimitBody>;
