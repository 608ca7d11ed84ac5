import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "../constants.ts";
import { email } from "./auth.ts";

/** PUT /api/account/password: the old password is required; the new one is 6-20 characters. */
export const changePasswordBody = z.object({
  oldPassword: z.string({ error: "请输入原密码" }).min(1, "请输入原密码").max(200, "请输入原密码"),
  newPassword: z.string({ error: "请输入新密码" }).min(1, "请输入新密码")
    .min(PASSWORD_MIN, "密码长度在 6 到 20 个字符").max(PASSWORD_MAX, "密码长度在 6 到 20 个字符"),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** PUT /api/account/email. */
export const changeEmailBody = z.object({ email });
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;
