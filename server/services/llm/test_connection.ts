import OpenAI from "openai";
import { AppError } from "../../errors.ts";

/** How long a connection test may take before it counts as failed. */
export const CONNECTION_TEST_TIMEOUT_MS = 10_000;

export interface ConnectionTarget {
  model: string;
  apiKey: string;
  /** Empty means the SDK's default (the OpenAI API). */
  baseUrl: string;
}

/** A Chinese reason for a failed call, from the SDK's error classes. */
function reasonOf(err: unknown): string {
  if (err instanceof OpenAI.APIConnectionTimeoutError) return "连接超时，请检查接口地址或网络";
  if (err instanceof OpenAI.APIConnectionError) return "无法连接到AI服务，请检查接口地址或网络";
  if (err instanceof OpenAI.AuthenticationError) return "API密钥无效";
  if (err instanceof OpenAI.PermissionDeniedError) return "API密钥没有访问权限";
  if (err instanceof OpenAI.NotFoundError) return "模型或接口地址不存在";
  if (err instanceof OpenAI.RateLimitError) return "请求过于频繁或余额不足";
  if (err instanceof OpenAI.APIError) return `AI服务返回错误（状态码 ${err.status ?? "未知"}）`;
  return "未知错误";
}

/**
 * Makes a one-token chat call with the given model, key and address (10 s time-out, no retries).
 * Throws AI_CONNECTION_FAILED {reason} with a Chinese reason; the key never appears in the reason.
 */
export async function testConnection(target: ConnectionTarget): Promise<void> {
  const client = new OpenAI({
    apiKey: target.apiKey,
    baseURL: target.baseUrl || undefined,
    timeout: CONNECTION_TEST_TIMEOUT_MS,
    maxRetries: 0,
  });
  try {
    await client.chat.completions.create({
      model: target.model,
      messages: [{ role: "user", content: "ping" }],
      max_tokens: 1,
    });
  } catch (err) {
    throw new AppError("AI_CONNECTION_FAILED", { reason: reasonOf(err) });
  }
}
