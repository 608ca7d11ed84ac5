import { z } from "zod";

/** Settings read from the environment at start (DEVELOPERS.md "test hooks"). */
export interface AppConfig {
  port: number;
  dataDir: string;
  /** A KV path or KV Connect URL; empty means `<dataDir>/kv.sqlite3`. */
  kvPath: string;
  adminUsername: string;
  /** Unset means: generate one on first boot and print it once. */
  adminPassword: string | null;
  jwtSecret: string | null;
  /** When set, every captcha's answer is this text (tests only). */
  captchaTestText: string | null;
  smtp: SmtpConfig | null;
  /** Default quotas of a newly created account, per counter. */
  defaultQuotas: { mediation: number; pdf_convert: number; ai: number };
  /** Key material for encrypting the AI provider key at rest; null means `<dataDir>/ai_secret.key`. */
  aiSecretKey: string | null;
  /** Port put into links on a user's own domain (part 2 §7): PDF converter 3000, generation 65502. */
  linkPorts: { pdf: number; generation: number };
  /**
   * The law library imported at the first start into an empty library (main.ts): a folder (LAWS_DIR),
   * else the built-in national corpus unless LAWS_BUILTIN=false (browser tests), else nothing.
   */
  firstStartLaws: { kind: "dir"; dir: string } | { kind: "builtin" } | null;
  /**
   * Browser tests only (LAW_LIBRARY_HOLD_FILE): the law library's builds wait until this file exists, so
   * a test sees the 法规库正在加载 state for as long as it needs, then ends it by creating the file.
   */
  lawLibraryHoldFile: string | null;
}

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
  from: string;
}

const intFromEnv = (name: string, fallback: number, max: number) =>
  z.string().optional().transform((v, ctx) => {
    if (v === undefined || v.trim() === "") return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || n > max) {
      ctx.addIssue({
        code: "custom",
        message: `${name} must be a whole number from 0 to ${max}, got "${v}"`,
      });
      return z.NEVER;
    }
    return n;
  });

const optionalText = z.string().optional().transform((v) => (v && v.trim() !== "" ? v.trim() : null));

const envSchema = z.object({
  PORT: intFromEnv("PORT", 8000, 65535),
  DATA_DIR: z.string().optional().transform((v) => v?.trim() || "./data"),
  KV_PATH: z.string().optional().transform((v) => v?.trim() || ""),
  ADMIN_USERNAME: z.string().optional().transform((v) => v?.trim() || "admin")
    .refine((v) => v.length >= 3 && v.length <= 15, "ADMIN_USERNAME must be 3 to 15 characters"),
  ADMIN_PASSWORD: optionalText.refine(
    (v) => v === null || (v.length >= 6 && v.length <= 20),
    "ADMIN_PASSWORD must be 6 to 20 characters",
  ),
  JWT_SECRET: optionalText.refine(
    (v) => v === null || v.length >= 32,
    "JWT_SECRET must be at least 32 characters",
  ),
  CAPTCHA_TEST_TEXT: optionalText,
  SMTP_HOST: optionalText,
  SMTP_PORT: intFromEnv("SMTP_PORT", 465, 65535),
  SMTP_SECURE: z.string().optional().transform((v) => v === undefined ? null : v === "true" || v === "1"),
  SMTP_USER: z.string().optional().default(""),
  SMTP_PASS: z.string().optional().default(""),
  SMTP_FROM: z.string().optional().default(""),
  DEFAULT_MEDIATION_LIMIT: intFromEnv("DEFAULT_MEDIATION_LIMIT", 100, 99_999),
  DEFAULT_PDF_CONVERT_LIMIT: intFromEnv("DEFAULT_PDF_CONVERT_LIMIT", 100, 99_999),
  DEFAULT_AI_LIMIT: intFromEnv("DEFAULT_AI_LIMIT", 50, 99_999),
  PDF_LINK_PORT: intFromEnv("PDF_LINK_PORT", 3000, 65535),
  GENERATION_LINK_PORT: intFromEnv("GENERATION_LINK_PORT", 65502, 65535),
  LAWS_DIR: optionalText,
  LAW_LIBRARY_HOLD_FILE: optionalText,
  LAWS_BUILTIN: z.string().optional().transform((v, ctx) => {
    const t = v?.trim().toLowerCase() ?? "";
    if (t === "" || t === "true" || t === "1") return true;
    if (t === "false" || t === "0") return false;
    ctx.addIssue({ code: "custom", message: `LAWS_BUILTIN must be true or false, got "${v}"` });
    return z.NEVER;
  }),
  AI_SECRET_KEY: optionalText.refine(
    (v) => v === null || v.length >= 16,
    "AI_SECRET_KEY must be at least 16 characters",
  ),
});

export class ConfigError extends Error {}

/**
 * Reads and validates the configuration. A bad value throws ConfigError naming the variable,
 * so the server refuses to start with a clear message instead of failing later.
 */
export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    dataDir: e.DATA_DIR,
    kvPath: e.KV_PATH,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    jwtSecret: e.JWT_SECRET,
    captchaTestText: e.CAPTCHA_TEST_TEXT,
    smtp: e.SMTP_HOST
      ? {
        host: e.SMTP_HOST,
        port: e.SMTP_PORT,
        secure: e.SMTP_SECURE ?? e.SMTP_PORT === 465,
        user: e.SMTP_USER,
        pass: e.SMTP_PASS,
        from: e.SMTP_FROM || e.SMTP_USER,
      }
      : null,
    defaultQuotas: {
      mediation: e.DEFAULT_MEDIATION_LIMIT,
      pdf_convert: e.DEFAULT_PDF_CONVERT_LIMIT,
      ai: e.DEFAULT_AI_LIMIT,
    },
    aiSecretKey: e.AI_SECRET_KEY,
    linkPorts: { pdf: e.PDF_LINK_PORT, generation: e.GENERATION_LINK_PORT },
    firstStartLaws: e.LAWS_DIR
      ? { kind: "dir", dir: e.LAWS_DIR }
      : e.LAWS_BUILTIN
      ? { kind: "builtin" }
      : null,
    lawLibraryHoldFile: e.LAW_LIBRARY_HOLD_FILE,
  };
}
