import { z } from "zod";
import { LINK_LOCAL_MESSAGE, modelAddressProblem } from "../model_address.ts";

/** AI settings defaults (part 3 §3). */
export const AI_DEFAULTS = {
  model: "deepseek-chat",
  base_url: "https://api.deepseek.com/v1",
  temperature: 0.7,
  max_tokens: 2000,
  system_prompt: "",
  enable_sensitive_filter: true,
} as const;

const TEMPERATURE_MESSAGE = "温度参数必须在0-1之间";
const TOKENS_MESSAGE = "Token数必须在100-4000之间";

/** Multiples of `step` only (compared on tenths, so 0.3 is not refused by binary rounding). */
function onStep(value: number, step: number): boolean {
  const n = value / step;
  return Math.abs(n - Math.round(n)) < 1e-9;
}

/** PUT /api/ai/settings: a full replacement of the six fields, plus an optional base_url (part 3 §5). */
export const aiSettingsBody = z.object({
  model: z.string({ error: "请选择AI模型" }).trim().min(1, "请选择AI模型").max(100, "模型名称过长"),
  api_key: z.string({ error: "请输入API密钥" }).trim().min(1, "请输入API密钥").max(500, "API密钥过长"),
  base_url: z.string().trim().max(500, "接口地址过长").optional().default("")
    .refine(
      (v) => v === "" || (/^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v)),
      "请输入有效的接口地址（http或https开头）",
    )
    .refine((v) => modelAddressProblem(v) === null, LINK_LOCAL_MESSAGE)
    .transform((v) => v.replace(/\/+$/, "")),
  temperature: z.number({ error: TEMPERATURE_MESSAGE }).min(0, TEMPERATURE_MESSAGE).max(
    1,
    TEMPERATURE_MESSAGE,
  )
    .refine((v) => onStep(v, 0.1), TEMPERATURE_MESSAGE),
  max_tokens: z.number({ error: TOKENS_MESSAGE }).int(TOKENS_MESSAGE).min(100, TOKENS_MESSAGE)
    .max(4000, TOKENS_MESSAGE).refine((v) => v % 100 === 0, TOKENS_MESSAGE),
  system_prompt: z.string({ error: "请输入系统提示词" }).trim().min(1, "请输入系统提示词")
    .max(10_000, "系统提示词不能超过10000个字符"),
  enable_sensitive_filter: z.boolean({ error: "请选择是否启用敏感词过滤" }),
});
export type AiSettingsBody = z.input<typeof aiSettingsBody>;

const WORD_MESSAGE = "长度在 1 到 100 个字符";

/** POST/PUT /api/ai/sensitive-words: word and replacement, 1-100 characters each (part 3 §5). */
export const sensitiveWordBody = z.object({
  word: z.string({ error: "请输入敏感词" }).trim().min(1, "请输入敏感词").max(100, WORD_MESSAGE),
  replacement: z.string({ error: "请输入替换内容" }).trim().min(1, "请输入替换内容").max(100, WORD_MESSAGE),
});
export type SensitiveWordBody = z.infer<typeof sensitiveWordBody>;
