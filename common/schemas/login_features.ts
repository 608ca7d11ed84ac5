import { z } from "zod";

export const loginFeatureBody = z.object({
  icon: z.string({ error: "请选择图标" }).trim().min(1, "请选择图标").max(50, "图标名称不能超过50个字符"),
  title: z.string({ error: "请输入标题" }).trim().min(1, "请输入标题").max(50, "标题不能超过50个字符"),
  order: z.coerce.number().int().min(0).max(9999).optional(),
});
export type LoginFeatureBody = z.input<typeof loginFeatureBody>;
export type LoginFeatureInput = z.output<typeof loginFeatureBody>;
