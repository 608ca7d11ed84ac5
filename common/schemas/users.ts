import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN, USER_USERNAME_MAX, USER_USERNAME_MIN } from "../constants.ts";
import { email } from "./auth.ts";

export const DOMAIN_MESSAGE = "请输入有效的域名，例如 example.com 或 https://example.com";
const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(:\d{1,5})?$/i;

/**
 * Strips an http(s) scheme and trailing slashes from a domain (part 3 §5), so both the form and
 * the server store `example.com`.
 */
export function normalizeDomain(value: string): string {
  return value.trim().replace(/^https?:\/\//i, "").replace(/\/+$/, "");
}

/** True for an empty value ("default domain") or a bare host name with an optional port. */
export function isValidDomain(value: string): boolean {
  return value === "" || DOMAIN_PATTERN.test(value);
}

/** An optional custom domain: empty means "default domain". */
export const domain = z.string().trim().max(300).optional().default("")
  .transform(normalizeDomain)
  .refine(isValidDomain, DOMAIN_MESSAGE);

const userUsername = z.string({ error: "请输入用户名" }).trim()
  .min(1, "请输入用户名")
  .min(USER_USERNAME_MIN, "用户名长度在 3 到 20 个字符")
  .max(USER_USERNAME_MAX, "用户名长度在 3 到 20 个字符");

const userPassword = z.string()
  .min(PASSWORD_MIN, "密码长度在 6 到 20 个字符")
  .max(PASSWORD_MAX, "密码长度在 6 到 20 个字符");

const role = z.string({ error: "请选择角色" }).trim().min(1, "请选择角色");

/** User manager: create (part 3 §5). */
export const createUserBody = z.object({
  username: userUsername,
  email,
  password: z.string({ error: "请输入密码" }).min(1, "请输入密码").pipe(userPassword),
  role,
  domain,
});
export type CreateUserBody = z.input<typeof createUserBody>;

/** User manager: edit. Username is locked; a blank password means unchanged. */
export const updateUserBody = z.object({
  username: z.string().optional(),
  email,
  password: z.union([z.literal(""), userPassword]).optional(),
  role,
  domain,
});
export type UpdateUserBody = z.input<typeof updateUserBody>;

/** A user as the user manager lists it (part 3 §3); times are ISO strings, domain "" is the default. */
export interface UserRow {
  id: number;
  username: string;
  email: string;
  role: string;
  last_login: string | null;
  created_at: string;
  domain: string;
}
