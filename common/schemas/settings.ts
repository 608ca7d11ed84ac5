import { z } from "zod";
import { DEFAULT_CLEANUP_DAYS, DEFAULT_MAX_USES } from "../constants.ts";
import { DOMAIN_MESSAGE, isValidDomain, normalizeDomain } from "./users.ts";

export interface FooterLink {
  text: string;
  url: string;
}

/** Every system setting (part 1 §3, part 3 §3). */
export interface SystemSettings {
  system_name: string;
  site_title: string;
  logo_url: string;
  favicon_url: string;
  login_title: string;
  login_subtitle: string;
  footer_copyright: string;
  footer_icp: string;
  footer_links: FooterLink[];
  auto_cleanup: boolean;
  cleanup_days: number;
  invitation_enabled: boolean;
  default_max_uses: number;
  default_domain: string;
}

/** Fields anyone may read: what the login page and the shell need. */
export const PUBLIC_SETTING_FIELDS = [
  "system_name",
  "site_title",
  "logo_url",
  "favicon_url",
  "login_title",
  "login_subtitle",
  "footer_copyright",
  "footer_icp",
  "footer_links",
  "invitation_enabled",
] as const satisfies readonly (keyof SystemSettings)[];
export type PublicSettings = Pick<SystemSettings, typeof PUBLIC_SETTING_FIELDS[number]>;

export const DEFAULT_SETTINGS: SystemSettings = {
  // One name everywhere by default: the side menu (system_name), the title bar (site_title) and the
  // login page (login_title) must not disagree (#16 item 9).
  system_name: "法务文书批量处理系统",
  site_title: "法务文书批量处理系统",
  logo_url: "",
  favicon_url: "",
  login_title: "法务文书批量处理系统",
  login_subtitle: "调解与散诉案件文书，一次生成数百份",
  footer_copyright: "",
  footer_icp: "",
  footer_links: [],
  auto_cleanup: false,
  cleanup_days: DEFAULT_CLEANUP_DAYS,
  invitation_enabled: false,
  default_max_uses: DEFAULT_MAX_USES,
  default_domain: "",
};

const footerLink = z.object({
  text: z.string().trim().min(1, "链接文字不能为空").max(50, "链接文字不能超过50个字符"),
  url: z.string().trim().min(1, "链接地址不能为空").max(500, "链接地址过长")
    .refine((v) => /^(https?:\/\/|\/(?!\/))/i.test(v), "链接地址必须以 http://、https:// 或 / 开头"),
});

/** A logo or favicon address: empty, an uploaded file, or an http(s) address (never javascript: or data:). */
const imageUrl = z.string().trim().max(500, "图片地址过长")
  .refine((v) => v === "" || /^(https?:\/\/|\/api\/settings\/files\/)/i.test(v), "图片地址格式错误");

/** footer_links may arrive as JSON text (part 1 §3) or as a list. */
const footerLinks = z.preprocess((value) => {
  if (typeof value !== "string") return value;
  if (value.trim() === "") return [];
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}, z.array(footerLink, "页脚链接格式错误").max(20, "页脚链接最多20个"));

/** POST /api/system/settings (part 3 §5). Fields not sent keep their stored value. */
export const settingsBody = z.object({
  system_name: z.string().trim().min(1, "请输入系统名称").min(2, "系统名称长度为2-50个字符")
    .max(50, "系统名称长度为2-50个字符"),
  site_title: z.string().trim().min(1, "请输入网站标题").min(2, "网站标题长度为2-100个字符")
    .max(100, "网站标题长度为2-100个字符"),
  login_title: z.string().trim().min(1, "请输入登录页标题").min(2, "登录页标题长度为2-200个字符")
    .max(200, "登录页标题长度为2-200个字符"),
  login_subtitle: z.string().trim().min(1, "请输入登录页副标题").min(2, "登录页副标题长度为2-200个字符")
    .max(200, "登录页副标题长度为2-200个字符"),
  logo_url: imageUrl.optional(),
  favicon_url: imageUrl.optional(),
  footer_copyright: z.string().trim().max(200, "版权信息不能超过200个字符").optional(),
  footer_icp: z.string().trim().max(100, "备案号不能超过100个字符").optional(),
  footer_links: footerLinks.optional(),
  auto_cleanup: z.boolean().optional(),
  cleanup_days: z.coerce.number().int("清理天数必须是整数").min(1, "清理天数至少为1天")
    .max(3650, "清理天数不能超过3650天").optional(),
  invitation_enabled: z.boolean().optional(),
  default_max_uses: z.coerce.number().int("默认使用次数必须是整数").min(1, "默认使用次数至少为1").max(100)
    .optional(),
  default_domain: z.string().trim().max(300).transform(normalizeDomain).refine(isValidDomain, DOMAIN_MESSAGE)
    .optional(),
}).partial({ system_name: true, site_title: true, login_title: true, login_subtitle: true });
export type SettingsBody = z.input<typeof settingsBody>;
