import { z } from "zod";
import { INVITATION_MAX_USES_MAX, INVITATION_MAX_USES_MIN } from "../constants.ts";

/** The time choices of the generate dialog (part 3 §5); the default is the last. */
export const EXPIRY_TIME_CHOICES = ["00:00", "08:00", "12:00", "16:00", "20:00", "23:59:59"] as const;

/**
 * `YYYY-MM-DD HH:mm[:ss]` (what antd's date picker and most Chinese back ends send), read as the same
 * local date-time in ISO form; the server takes a time without offset as China time.
 */
const spacedDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/, "过期时间格式错误")
  .transform((value) => value.replace(" ", "T"))
  .pipe(z.iso.datetime({ local: true, error: "过期时间格式错误" }));

/**
 * POST /api/invitation-codes. expiredAt is an ISO date-time, `YYYY-MM-DD HH:mm:ss`, or empty/null for
 * a permanent code.
 */
export const invitationBody = z.object({
  maxUses: z.coerce.number({ error: "请输入最大使用次数" }).int("最大使用次数必须是整数")
    .min(INVITATION_MAX_USES_MIN, "最大使用次数为1-100")
    .max(INVITATION_MAX_USES_MAX, "最大使用次数为1-100"),
  expiredAt: z.union([
    z.literal(""),
    z.null(),
    z.iso.datetime({ offset: true, local: true, error: "过期时间格式错误" }),
    spacedDateTime,
  ], { error: "过期时间格式错误" })
    .optional(),
  remark: z.string().trim().max(200, "备注不能超过200个字符").optional().default(""),
});
export type InvitationBody = z.input<typeof invitationBody>;

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100, "每页最多100条").optional().default(10),
});

/** An invitation code as stored and as the code table shows it (part 3 §3). */
export interface InvitationCode {
  id: string;
  code: string;
  remark: string;
  max_uses: number;
  used_count: number;
  created_by_name: string;
  /** ISO date-time */
  created_at: string;
  /** ISO date-time, or null for a permanent code */
  expired_at: string | null;
}

/** Who registered with a code (GET /api/invitation-codes/{id}/users). */
export interface InvitationUserRow {
  username: string;
  /** ISO date-time */
  used_at: string;
}
