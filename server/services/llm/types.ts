/**
 * The model client's contract (issue #10 §3). Every feature that calls a model goes through it
 * (services/llm/llm_client.ts builds it from the AI settings); none imports the openai SDK itself.
 * getLlmClient() returns null when no model is configured: a normal state, not an error.
 */
import type { z } from "zod";

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface ChatOptions {
  /** Per-call time-out; defaults per feature (chat ~120 s, extraction ~90 s). */
  timeoutMs?: number;
  temperature?: number;
  maxTokens?: number;
  signal?: AbortSignal;
}

/** chatJson's options: an example of the expected JSON is shown to the model in the prompt. */
export interface ChatJsonOptions extends ChatOptions {
  example?: unknown;
}

/** What the configured provider accepts (services/llm/providers.ts). */
export interface LlmCapabilities {
  provider: string;
  jsonMode: boolean;
  /** The model reads images; otherwise images go through OCR first. */
  vision: boolean;
}

export interface LlmClient {
  /** The configured model name. */
  readonly model: string;
  /** What the provider accepts; absent on test doubles. */
  readonly capabilities?: LlmCapabilities;
  /** Streams the answer's text in pieces (sensitive words replaced, masked values restored). */
  chatStream(messages: ChatMessage[], options?: ChatOptions): AsyncIterable<string>;
  /** Whole answer as text. */
  chat(messages: ChatMessage[], options?: ChatOptions): Promise<string>;
  /**
   * Asks for JSON (JSON mode where the provider has it), validates it with the schema, re-asks once
   * on a malformed or invalid answer; throws AppError("AI_BAD_RESPONSE") after that.
   */
  chatJson<T>(messages: ChatMessage[], schema: z.ZodType<T>, options?: ChatJsonOptions): Promise<T>;
}
