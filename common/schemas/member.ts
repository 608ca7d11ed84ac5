import { z } from "zod";
import { isCalendarDay } from "./day.ts";
import { QUOTA_KINDS, QUOTA_MAX } from "../constants.ts";

/** POST /api/member/check-limit (part 2 §7). */
export const checkLimitBody = z.object({
  type: z.enum(QUOTA_KINDS, "未知的额度类型"),
  amount: z.coerce.number().int("数量必须是整数").min(1, "数量至少为1").max(100_000).optional().default(1),
});
export type CheckLimitBody = z.input<typeof checkLimitBody>;

/** Member table page sizes (part 3 §9); the export asks for page 1 with USAGE_EXPORT_MAX rows. */
export const USAGE_EXPORT_MAX = 10_000;
export const USAGE_RANGE_MAX_DAYS = 30;
export const USAGE_RANGE_MESSAGE = "时间范围不能超过30天";

/** GET /api/member/usage-records (part 3 §7). `timeRange` is "start,end" (YYYY-MM-DD, China days). */
export const usageRecordsQuery = z.object({
  page: z.coerce.number().int("页码必须是整数").min(1, "页码至少为1").max(100_000).optional().default(1),
  pageSize: z.coerce.number().int("每页条数必须是整数").min(1, "每页条数至少为1")
    .max(USAGE_EXPORT_MAX, `每页最多${USAGE_EXPORT_MAX}条`).optional().default(10),
  timeType: z.enum(["day", "month", "lastMonth", "custom"], "未知的时间类型").optional(),
  timeRange: z.string().max(100).optional(),
  userId: z.coerce.number().int().min(1).optional(),
}).transform((q, ctx) => {
  if (q.timeType !== "custom") return { ...q, from: undefined, to: undefined };
  const parts = (q.timeRange ?? "").split(",").map((s) => s.trim());
  const [from, to] = parts.map((s) => s.slice(0, 10));
  if (
    parts.length !== 2 || !isCalendarDay(from) || !isCalendarDay(to) || from > to
  ) {
    ctx.addIssue({ code: "custom", message: "请选择正确的时间范围", path: ["timeRange"] });
    return z.NEVER;
  }
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 > USAGE_RANGE_MAX_DAYS) {
    ctx.addIssue({ code: "custom", message: USAGE_RANGE_MESSAGE, path: ["timeRange"] });
    return z.NEVER;
  }
  return { ...q, from, to };
});
export type UsageRecordsQuery = z.input<typeof usageRecordsQuery>;

/** GET /api/member/users-limits: optional username search. */
export const usersLimitsQuery = z.object({
  username: z.string().trim().max(100, "搜索内容过长").optional().default(""),
});

const userId = z.coerce.number({ error: "请选择用户" }).int("请选择用户").min(1, "请选择用户");
const quotaType = z.enum(QUOTA_KINDS, "未知的额度类型");
const QUOTA_RANGE_MESSAGE = `额度必须是0到${QUOTA_MAX}之间的整数`;

/** POST /api/member/update-limit: set one counter to 0..99999 (part 3 §5). */
export const updateLimitBody = z.object({
  userId,
  type: quotaType,
  limit: z.coerce.number({ error: QUOTA_RANGE_MESSAGE }).int(QUOTA_RANGE_MESSAGE)
    .min(0, QUOTA_RANGE_MESSAGE).max(QUOTA_MAX, QUOTA_RANGE_MESSAGE),
});
export type UpdateLimitBody = z.input<typeof updateLimitBody>;

/** POST /api/member/quick-add-limit: add `amount` (+10 in the table, +10/+50/+100 in the dialog). */
export const quickAddLimitBody = z.object({
  userId,
  type: quotaType,
  amount: z.coerce.number({ error: "增加数量必须是正整数" }).int("增加数量必须是正整数")
    .min(1, "增加数量必须是正整数").max(QUOTA_MAX, QUOTA_RANGE_MESSAGE).optional().default(10),
});
export type QuickAddLimitBody = z.input<typeof quickAddLimitBody>;
