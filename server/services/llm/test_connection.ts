import OpenAI from "openai";
import { AppError } from "../../errors.ts";
import { connectionFailureReason } from "./llm_errors.ts";

/** How long a connection test may take before it counts as failed. */
export const CONNECTION_TEST_TIMEOUT_MS = 10_000;

export interface ConnectionTarget {
  model: string;
  apiKey: string;
  /** Empty means the SDK's default (the OpenAI API). */
  baseUrl: string;
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
    throw new AppError("AI_CONNECTION_FAILED", { reason: connectionFailureReason(err) });
  }
}
