import { z } from "zod";
import {
  LOGIN_USERNAME_MAX,
  LOGIN_USERNAME_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  RESET_CODE_LENGTH,
} from "../constants.ts";

/** Username of the login and register form (part 1 §5: 3-15). */
export const loginUsername = z.string({ error: "请输入用户名（3-15个字符）" })
  .trim()
  .min(1, "请输入用户名（3-15个字符）")
  .min(LOGIN_USERNAME_MIN, "用户名长度在 3 到 15 个字符")
  .max(LOGIN_USERNAME_MAX, "用户名长度在 3 到 15 个字符");

export const password = z.string({ error: "请输入密码" })
  .min(1, "请输入密码")
  .min(PASSWORD_MIN, "密码长度在 6 到 20 个字符")
  .max(PASSWORD_MAX, "密码长度在 6 到 20 个字符");

export const email = z.string({ error: "请输入邮箱" })
  .trim()
  .min(1, "请输入邮箱")
  .pipe(z.email("请输入正确的邮箱格式"));

export const captchaFields = {
  captchaId: z.string({ error: "请刷新验证码" }).min(1, "请刷新验证码").max(64, "请刷新验证码"),
  captchaText: z.string({ error: "请输入验证码" }).trim().min(1, "请输入验证码").max(20, "验证码错误"),
};

export const captchaVerifyBody = z.object(captchaFields);
export type CaptchaVerifyBody = z.infer<typeof captchaVerifyBody>;

export const loginBody = z.object({ username: loginUsername, password, ...captchaFields });
export type LoginBody = z.infer<typeof loginBody>;

export const registerBody = z.object({
  username: loginUsername,
  password,
  email,
  invitationCode: z.string().trim().max(64).optional().default(""),
  ...captchaFields,
});
export type RegisterBody = z.input<typeof registerBody>;

export const sendCodeBody = z.object({ username: loginUsername, email });
export type SendCodeBody = z.infer<typeof sendCodeBody>;

export const resetCode = z.string({ error: "请输入验证码" })
  .trim()
  .min(1, "请输入验证码")
  .length(RESET_CODE_LENGTH, "验证码长度应为6位");

export const resetPasswordBody = z.object({
  username: loginUsername,
  code: resetCode,
  newPassword: password,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/**
 * The user as login and registration return it and the browser stores it (part 1 §3);
 * GET /api/user/profile adds the two admin flags.
 */
export interface SessionUser {
  id: number;
  username: string;
  email: string;
  role: string;
  permissions: string[];
  domain: string;
  is_admin?: boolean;
  is_super_admin?: boolean;
}
