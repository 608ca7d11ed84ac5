import { z } from "zod";
import { calendarDay } from "./day.ts";
import { ACTIVITY_PAGE_SIZES } from "../constants.ts";

/** What an administrative change can touch, with the label the audit-log page shows. */
export const AUDIT_ENTITIES = [
  "user",
  "role",
  "quota",
  "settings",
  "invitation_code",
  "register_gift",
  "login_feature",
  "ai_settings",
  "sensitive_word",
  "account",
  "storage_item",
] as const;
export type AuditEntity = typeof AUDIT_ENTITIES[number];

export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  user: "用户",
  role: "角色",
  quota: "使用额度",
  settings: "系统设置",
  invitation_code: "邀请码",
  register_gift: "注册赠送",
  login_feature: "登录页功能",
  ai_settings: "AI设置",
  sensitive_word: "敏感词",
  account: "个人账号",
  storage_item: "存储文件",
};

export const AUDIT_ACTIONS = ["create", "update", "delete"] as const;
export type AuditAction = typeof AUDIT_ACTIONS[number];
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: "新增",
  update: "修改",
  delete: "删除",
};

/** The audit log's page sizes (the activity table's). */
export const AUDIT_PAGE_SIZES = ACTIVITY_PAGE_SIZES;

const day = calendarDay("日期格式应为YYYY-MM-DD");

/**
 * GET /api/audit-log: `kind` admin (changes) or login (sign-ins), `actor` a part of the username,
 * `entity` what was changed (admin changes only), `result` success or failure (sign-ins only),
 * `from`/`to` China days (YYYY-MM-DD, inclusive).
 */
export const auditLogQuery = z.object({
  page: z.coerce.number().int("页码必须是整数").min(1, "页码至少为1").max(100_000).optional().default(1),
  pageSize: z.coerce.number().refine((n) => AUDIT_PAGE_SIZES.includes(n), "每页条数只能是10、20、50、100")
    .optional().default(20),
  kind: z.enum(["admin", "login"], "未知的日志类型").optional(),
  entity: z.enum(AUDIT_ENTITIES, "未知的操作对象").optional(),
  result: z.enum(["success", "failure"], "未知的登录结果").optional(),
  actor: z.string().trim().max(100, "搜索内容过长").optional().default(""),
  from: day.optional(),
  to: day.optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { message: "开始日期不能晚于结束日期", path: ["to"] });
export type AuditLogQuery = z.input<typeof auditLogQuery>;
