import { z } from "zod";

/**
 * The icons a login feature may use (@ant-design/icons names). The login page can render exactly
 * these (web/components/feature_icons.tsx maps each to its component), so the server accepts no other.
 */
export const LOGIN_FEATURE_ICONS = [
  "ApartmentOutlined",
  "AuditOutlined",
  "BankOutlined",
  "BarChartOutlined",
  "BookOutlined",
  "CheckCircleOutlined",
  "CloudUploadOutlined",
  "DatabaseOutlined",
  "FileDoneOutlined",
  "FileExcelOutlined",
  "FileOutlined",
  "FilePdfOutlined",
  "FileProtectOutlined",
  "FileSearchOutlined",
  "FileTextOutlined",
  "FileWordOutlined",
  "FolderOpenOutlined",
  "LinkOutlined",
  "LockOutlined",
  "MessageOutlined",
  "RobotOutlined",
  "SafetyCertificateOutlined",
  "ScanOutlined",
  "SearchOutlined",
  "StarOutlined",
  "TeamOutlined",
  "ThunderboltOutlined",
] as const;
export type LoginFeatureIcon = typeof LOGIN_FEATURE_ICONS[number];

export const loginFeatureBody = z.object({
  icon: z.string({ error: "请选择图标" }).trim().min(1, "请选择图标").max(50, "图标名称不能超过50个字符")
    .refine((v) => (LOGIN_FEATURE_ICONS as readonly string[]).includes(v), "请从列表中选择图标"),
  title: z.string({ error: "请输入标题" }).trim().min(1, "请输入标题").max(50, "标题不能超过50个字符"),
  order: z.coerce.number().int().min(0).max(9999).optional(),
});
export type LoginFeatureBody = z.input<typeof loginFeatureBody>;
export type LoginFeatureInput = z.output<typeof loginFeatureBody>;

/** POST /api/login-features/reorder: every feature's id, in the new display order. */
export const loginFeatureOrderBody = z.object({
  ids: z.array(z.string().max(40), "请提供功能项顺序").min(1, "请提供功能项顺序").max(200, "功能项过多"),
}).refine((b) => new Set(b.ids).size === b.ids.length, { message: "功能项不能重复", path: ["ids"] });
export type LoginFeatureOrderBody = z.input<typeof loginFeatureOrderBody>;
