import { z } from "zod";
import { PERMISSION_CODES } from "../permissions.ts";

export const roleBody = z.object({
  name: z.string({ error: "请输入角色名称" }).trim()
    .min(1, "请输入角色名称")
    .min(2, "角色名称长度为2-50个字符")
    .max(50, "角色名称长度为2-50个字符"),
  description: z.string().trim().max(200, "描述不能超过200个字符").optional().default(""),
  permissions: z.array(z.enum(PERMISSION_CODES, "未知的权限代码"), { error: "请至少选择一个权限" })
    .min(1, "请至少选择一个权限"),
});
export type RoleBody = z.input<typeof roleBody>;
