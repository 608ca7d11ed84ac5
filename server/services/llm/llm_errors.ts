import OpenAI from "openai";
import type { ErrorCode } from "../../../common/errors.ts";
import { AppError } from "../../errors.ts";

/**
 * The one mapping from a provider failure to our Chinese catalogue (common/errors.ts AI_*).
 * Providers differ in shape and place (AI-NOTES.md): `{error:{message,type,code}}` bodies, Zhipu's
 * business codes inside the message (1301 content filter, 1113 arrears, 1261 prompt too long),
 * DashScope's `data_inspection_failed`, DeepSeek's "Content Exists Risk" and 402 Insufficient Balance,
 * OpenAI's `insufficient_quota` 429, and error frames inside a 200 stream (the SDK throws those as an
 * APIError without a status). Order matters: content filter and balance are recognised before the
 * status, since providers send them as 400, 403 or 429.
 */

/** Where a content filter fired, for the message ("您发送的第2条消息「…」" or "AI生成的回答"). */
export interface FilterContext {
  /** The text shown when the request was refused (usually the last user message, shortened). */
  requestLabel?: string;
}

const CONTENT_FILTER = [
  /data_inspection_failed/i,
  /content exists risk/i,
  /content[_ ]?filter/i,
  /content_policy_violation/i,
  /\b1301\b/,
  /sensitive/i,
  /不安全或敏感|敏感内容|内容安全|违规|审核/,
];
const BALANCE = [
  /insufficient[_ ]balance/i,
  /insufficient_quota/i,
  /arrearage/i,
  /\b1113\b/,
  /余额不足|欠费|账户已欠费|quota exceeded|exceeded your current quota/i,
];
const CONTEXT = [
  /context_length_exceeded/i,
  /maximum context length/i,
  /context length/i,
  /too many tokens|prompt is too long|input is too long|range of input length/i,
  /\b1261\b/,
  /超出.*长度|长度超过|超过.*最大/,
];
const AUTH = [
  /invalid_api_key|incorrect api key|invalid api key|authentication/i,
  /\b100[0-4]\b.*(令牌|token|key)/i,
];

/** All text a provider error carries: message, code, type, and the raw body. */
function errorText(err: InstanceType<typeof OpenAI.APIError>): string {
  const body = err.error as Record<string, unknown> | undefined;
  const parts = [err.message, String(err.code ?? ""), String(err.type ?? "")];
  if (body && typeof body === "object") {
    parts.push(JSON.stringify(body));
  }
  return parts.join(" ");
}

function matches(patterns: RegExp[], text: string): boolean {
  return patterns.some((p) => p.test(text));
}

/** Whether the SDK error is a refusal of the content (never retried). */
export function isContentFilterText(text: string): boolean {
  return matches(CONTENT_FILTER, text);
}

function filtered(ctx: FilterContext): AppError {
  const where = ctx.requestLabel ? `触发审核的是${ctx.requestLabel}` : "触发审核的是发送的内容";
  return new AppError("AI_CONTENT_FILTERED", { where, source: "input" });
}

/** The error for an answer the provider cut off with finish_reason "content_filter". */
export function outputFilteredError(): AppError {
  return new AppError("AI_CONTENT_FILTERED", { where: "触发审核的是AI生成的回答", source: "output" });
}

/**
 * Turns anything a call to the provider threw into an AppError from the catalogue. AppErrors pass
 * through; a SyntaxError from a malformed stream becomes AI_BAD_RESPONSE; unknown errors
 * AI_PROVIDER_ERROR with status "未知".
 */
export function toLlmError(err: unknown, ctx: FilterContext = {}): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof OpenAI.APIUserAbortError) return new AppError("AI_CANCELLED");
  if (err instanceof OpenAI.APIConnectionTimeoutError) return new AppError("AI_TIMEOUT");
  if (err instanceof OpenAI.APIConnectionError) return new AppError("AI_UNREACHABLE");
  if (err instanceof OpenAI.APIError) {
    const text = errorText(err);
    const status = err.status;
    if (matches(CONTENT_FILTER, text) && status !== 401) return filtered(ctx);
    if (status === 402 || matches(BALANCE, text)) return new AppError("AI_BALANCE");
    if (matches(CONTEXT, text) && (status === undefined || status === 400 || status === 413)) {
      return new AppError("AI_CONTEXT_TOO_LONG");
    }
    if (status === 413) return new AppError("AI_CONTEXT_TOO_LONG");
    if (status === 401 || (status === undefined && matches(AUTH, text))) {
      return new AppError("AI_AUTH_FAILED");
    }
    if (status === 403) return new AppError("AI_PERMISSION_DENIED");
    if (status === 404) return new AppError("AI_MODEL_NOT_FOUND");
    if (status === 408) return new AppError("AI_TIMEOUT");
    if (status === 429) return new AppError("AI_RATE_LIMITED");
    if (status !== undefined && status >= 500) return new AppError("AI_UNAVAILABLE");
    if (status === undefined) return new AppError("AI_UNAVAILABLE");
    return new AppError("AI_PROVIDER_ERROR", { status });
  }
  if (err instanceof SyntaxError) return new AppError("AI_BAD_RESPONSE");
  if (err instanceof OpenAI.OpenAIError) return new AppError("AI_BAD_RESPONSE");
  return new AppError("AI_PROVIDER_ERROR", { status: "未知" });
}

/** Catalogue codes worth one more try: passing trouble, never a refusal or an unpaid bill. */
const RETRYABLE: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  "AI_RATE_LIMITED",
  "AI_UNAVAILABLE",
  "AI_UNREACHABLE",
]);

/** Whether a mapped failure may be retried once (rate limit, 5xx, refused connection). */
export function isRetryable(err: AppError): boolean {
  return RETRYABLE.has(err.code);
}

/** The Chinese reason for a failed connection test (the same catalogue's message). */
export function connectionFailureReason(err: unknown): string {
  return toLlmError(err).message;
}
