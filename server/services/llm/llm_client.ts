/**
 * The model client (issue #10 §3): the one way the server talks to a model.
 *
 * Usage:
 *   const llm = await getLlmClient(deps);            // null: no model or key configured (normal)
 *   if (!llm) throw new AppError("AI_NOT_CONFIGURED"); // or: const llm = await requireLlmClient(deps);
 *   for await (const piece of llm.chatStream(messages, { signal })) send(piece);
 *   const text = await llm.chat(messages);
 *   const data = await llm.chatJson(messages, zodSchema, { example: { 姓名: "张三" } });
 *
 * Every call: the settings' system prompt goes first, temperature and max_tokens come from the
 * settings unless the call gives its own; ID/phone/bank numbers are masked as 〔身份证1〕… before the
 * text leaves and restored in the answer (AI_MASK_PERSONAL_DATA); with enable_sensitive_filter on,
 * every listed word is replaced both ways (streamed words split across chunks included). At most
 * AI_MAX_CONCURRENT_CALLS calls run per server and AI_MAX_CALLS_PER_USER per user (a client made with
 * `user`), slots shared round-robin across waiting users (semaphore.ts); a person over the per-user cap
 * is refused with AI_USER_BUSY, a job waits. A caller's signal ends any wait.
 * Time-outs: chat AI_CHAT_TIMEOUT_MS to the first chunk and between chunks, chatJson
 * AI_EXTRACTION_TIMEOUT_MS. One retry for a rate limit, 5xx or refused connection, before any text
 * was streamed; never for a content filter or an unpaid balance. Every failure is an AppError from
 * the AI_* catalogue (llm_errors.ts), e.g. AI_AUTH_FAILED, AI_BALANCE, AI_CONTENT_FILTERED (naming
 * the message that triggered it), AI_TIMEOUT, AI_BAD_RESPONSE, AI_CANCELLED (the caller's signal).
 */
import OpenAI from "openai";
import type { z } from "zod";
import {
  AI_CHAT_TIMEOUT_MS,
  AI_EXTRACTION_TIMEOUT_MS,
  AI_MASK_PERSONAL_DATA,
  AI_MAX_CALLS_PER_USER,
  AI_MAX_CONCURRENT_CALLS,
} from "../../../common/constants.ts";
import { modelAddressProblem } from "../../../common/model_address.ts";
import type { AppConfig } from "../../config.ts";
import { AppError } from "../../errors.ts";
import { getAiSettings } from "../../kv/ai_settings.ts";
import { listSensitiveWords } from "../../kv/sensitive_words.ts";
import { normaliseJsonStrings, readJsonAnswer, stripReasoning } from "./json_answer.ts";
import { isRetryable, outputFilteredError, toLlmError } from "./llm_errors.ts";
import { createMaskSession } from "./pii_mask.ts";
import { type ProviderCapabilities, providerCapabilities } from "./providers.ts";
import { loadSecretKey, openSecret } from "./secret_box.ts";
import { type AcquireOptions, Semaphore } from "./semaphore.ts";
import {
  chainRewriters,
  createWordFilter,
  IDENTITY_REWRITER,
  type TextRewriter,
  type WordRule,
} from "./sensitive_filter.ts";
import type { ChatJsonOptions, ChatMessage, ChatOptions, LlmClient } from "./types.ts";

/** Everything a client needs, read from the AI settings (or given directly in tests). */
export interface LlmSettings {
  model: string;
  apiKey: string;
  /** Empty means the SDK's default (the OpenAI API). */
  baseUrl: string;
  temperature: number;
  maxTokens: number;
  systemPrompt: string;
  /** The words to replace both ways; empty when the filter is off. */
  sensitiveWords: WordRule[];
  maskPersonalData: boolean;
}

export interface LlmClientOptions {
  /** The per-server cap shared by every client of this server. */
  semaphore?: Semaphore;
  /** The user the calls are made for: their calls count against AI_MAX_CALLS_PER_USER. */
  user?: number;
  /** A person waiting ("refuse", the default: AI_USER_BUSY when over the cap) or a job ("wait"). */
  whenBusy?: AcquireOptions["whenBusy"];
  /** Pause before the one retry (default 1 s). */
  retryDelayMs?: number;
  /** 0 turns the one retry off. */
  maxRetries?: 0 | 1;
  /** Overrides the provider map (an administrator's knowledge, or a test against a local fake). */
  capabilities?: Partial<ProviderCapabilities>;
}

/** One semaphore per server: keyed on the server's KV handle (one per app, fresh in each test). */
const SEMAPHORES = new WeakMap<Deno.Kv, Semaphore>();

/** The per-server model slots (AI_MAX_CONCURRENT_CALLS, AI_MAX_CALLS_PER_USER each, shared fairly). */
export function serverSemaphore(kv: Deno.Kv): Semaphore {
  let s = SEMAPHORES.get(kv);
  if (!s) {
    s = new Semaphore(AI_MAX_CONCURRENT_CALLS, AI_MAX_CALLS_PER_USER);
    SEMAPHORES.set(kv, s);
  }
  return s;
}

/** The settings the client uses, or null when no model or key is configured (or the key is unreadable). */
export async function readLlmSettings(
  deps: { kv: Deno.Kv; config: Pick<AppConfig, "aiSecretKey" | "dataDir"> },
): Promise<LlmSettings | null> {
  const stored = await getAiSettings(deps.kv);
  if (!stored.model.trim() || !stored.apiKeySealed) return null;
  // Saved before link-local addresses were refused: never called (common/model_address.ts).
  if (modelAddressProblem(stored.base_url) !== null) return null;
  const apiKey = await openSecret(await loadSecretKey(deps.config), stored.apiKeySealed);
  if (!apiKey) return null;
  const words = stored.enable_sensitive_filter ? await listSensitiveWords(deps.kv) : [];
  return {
    model: stored.model,
    apiKey,
    baseUrl: stored.base_url,
    temperature: stored.temperature,
    maxTokens: stored.max_tokens,
    systemPrompt: stored.system_prompt,
    sensitiveWords: words.map((w) => ({ word: w.word, replacement: w.replacement })),
    maskPersonalData: AI_MASK_PERSONAL_DATA,
  };
}

/**
 * The client for the stored AI settings, or null when no model or key is configured: a normal
 * state. Callers that need a model answer AppError("AI_NOT_CONFIGURED") (requireLlmClient does).
 * With `user` and whenBusy "refuse" (a person waiting), a user who already has
 * AI_MAX_CALLS_PER_USER calls running or waiting is refused here, before anything is charged
 * (AI_USER_BUSY); each call checks again when it takes its slot.
 */
export async function getLlmClient(
  deps: { kv: Deno.Kv; config: Pick<AppConfig, "aiSecretKey" | "dataDir"> },
  options: LlmClientOptions = {},
): Promise<LlmClient | null> {
  const settings = await readLlmSettings(deps);
  if (!settings) return null;
  const semaphore = options.semaphore ?? serverSemaphore(deps.kv);
  if (
    options.user !== undefined && (options.whenBusy ?? "refuse") === "refuse" &&
    semaphore.isBusy(options.user)
  ) {
    throw new AppError("AI_USER_BUSY");
  }
  return createLlmClient(settings, { ...options, semaphore });
}

/** getLlmClient(), throwing AI_NOT_CONFIGURED (管理员尚未配置AI模型) instead of answering null. */
export async function requireLlmClient(
  deps: { kv: Deno.Kv; config: Pick<AppConfig, "aiSecretKey" | "dataDir"> },
  options: LlmClientOptions = {},
): Promise<LlmClient> {
  const client = await getLlmClient(deps, options);
  if (!client) throw new AppError("AI_NOT_CONFIGURED");
  return client;
}

const MASK_NOTE = "文本中形如〔身份证1〕〔手机号1〕〔银行卡1〕〔电话1〕的内容是为保护隐私替换的占位符，" +
  "回答中需要提到这些号码时请原样写出占位符，不要改写、编造或省略。";

const JSON_NOTE = "请只输出一个JSON对象，不要输出解释、Markdown代码块或其他文字；没有的值填空字符串。";

/** Messages ready to send, and how to turn the answer back into what users see. */
interface Prepared {
  messages: OpenAI.Chat.ChatCompletionMessageParam[];
  inbound: TextRewriter;
  /** "您发送的消息「…」": names the message a content filter refused. */
  requestLabel: string;
}

function shorten(text: string, max = 20): string {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length > max ? `${one.slice(0, max)}…` : one;
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}

/** A deadline that can be pushed back (streams: time to the first chunk, then between chunks). */
class Deadline {
  readonly controller = new AbortController();
  timedOut = false;
  cancelled = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #onUserAbort = () => {
    this.cancelled = true;
    this.controller.abort();
  };

  constructor(readonly ms: number, readonly userSignal?: AbortSignal) {
    if (userSignal?.aborted) this.#onUserAbort();
    userSignal?.addEventListener("abort", this.#onUserAbort, { once: true });
    this.touch();
  }

  touch(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort();
    }, this.ms);
  }

  /** The error to throw when the call ended because of this deadline or the caller's signal. */
  reason(): AppError | null {
    if (this.cancelled) return new AppError("AI_CANCELLED");
    if (this.timedOut) return new AppError("AI_TIMEOUT");
    return null;
  }

  dispose(): void {
    clearTimeout(this.#timer);
    this.userSignal?.removeEventListener("abort", this.#onUserAbort);
  }
}

/** A client for the given settings (getLlmClient reads them from KV). */
export function createLlmClient(settings: LlmSettings, options: LlmClientOptions = {}): LlmClient {
  const caps: ProviderCapabilities = {
    ...providerCapabilities(settings.baseUrl, settings.model),
    ...options.capabilities,
  };
  const semaphore = options.semaphore ?? new Semaphore(AI_MAX_CONCURRENT_CALLS);
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const maxRetries = options.maxRetries ?? 1;
  const words = createWordFilter(settings.sensitiveWords);
  const slotFor = (signal?: AbortSignal): AcquireOptions => ({
    signal,
    user: options.user,
    whenBusy: options.whenBusy,
  });
  const sdk = new OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseUrl || undefined,
    maxRetries: 0, // our own single retry below knows which failures must never be repeated
    timeout: 10 * AI_CHAT_TIMEOUT_MS, // our Deadline ends calls; this only backs it up
    logLevel: "off", // failures reach the caller as catalogue errors; the SDK would print raw frames
  });

  function prepare(messages: ChatMessage[], extraSystem: string[] = []): Prepared {
    const mask = settings.maskPersonalData ? createMaskSession() : null;
    const outbound = (text: string) => words.apply(mask ? mask.mask(text) : text);
    const system: string[] = [];
    if (settings.systemPrompt.trim()) system.push(outbound(settings.systemPrompt));
    const rest: OpenAI.Chat.ChatCompletionMessageParam[] = [];
    for (const m of messages) {
      // Only role and content travel: reasoning_content or other fields never go back to the provider.
      if (m.role === "system") system.push(outbound(m.content));
      else rest.push({ role: m.role, content: outbound(m.content) });
    }
    system.push(...extraSystem);
    if (mask && mask.size > 0) system.push(MASK_NOTE);
    const out: OpenAI.Chat.ChatCompletionMessageParam[] = [];
    // One system message, first: some providers refuse several or a late one.
    if (system.length > 0) out.push({ role: "system", content: system.join("\n\n") });
    out.push(...rest);
    const lastUser = [...messages].reverse().find((m) => m.role === "user");
    return {
      messages: out,
      inbound: mask
        ? chainRewriters(words, mask.restorer)
        : words === IDENTITY_REWRITER
        ? IDENTITY_REWRITER
        : words,
      requestLabel: lastUser ? `您发送的消息「${shorten(lastUser.content)}」` : "",
    };
  }

  function body(prepared: Prepared, options: ChatOptions) {
    return {
      model: settings.model,
      messages: prepared.messages,
      temperature: options.temperature ?? settings.temperature,
      max_tokens: options.maxTokens ?? settings.maxTokens,
    };
  }

  /** Runs `attempt` with the semaphore held, retrying once when the failure allows it. */
  async function withRetry<T>(
    options: ChatOptions,
    attempt: (try_: number) => Promise<T>,
  ): Promise<T> {
    const release = await semaphore.acquire(slotFor(options.signal));
    try {
      for (let n = 0;; n++) {
        try {
          return await attempt(n);
        } catch (err) {
          const mapped = err as AppError;
          if (n < maxRetries && isRetryable(mapped) && !options.signal?.aborted) {
            await delay(retryDelayMs, options.signal);
            continue;
          }
          throw mapped;
        }
      }
    } finally {
      release();
    }
  }

  /** One non-streamed completion: the raw content (masked, unfiltered), reasoning dropped. */
  /** Set when the provider refused response_format once: later calls of this client leave it out. */
  let jsonModeRefused = false;

  async function complete(prepared: Prepared, options: ChatOptions, json: boolean, defaultTimeout: number) {
    try {
      return await completeOnce(prepared, options, json && caps.jsonMode && !jsonModeRefused, defaultTimeout);
    } catch (err) {
      // A provider marked as JSON-capable that rejects response_format (400): ask again without it.
      if (
        json && caps.jsonMode && !jsonModeRefused && err instanceof AppError &&
        err.code === "AI_PROVIDER_ERROR" &&
        err.params.status === 400
      ) {
        jsonModeRefused = true;
        return await completeOnce(prepared, options, false, defaultTimeout);
      }
      throw err;
    }
  }

  async function completeOnce(
    prepared: Prepared,
    options: ChatOptions,
    jsonMode: boolean,
    defaultTimeout: number,
  ) {
    return await withRetry(options, async () => {
      const deadline = new Deadline(options.timeoutMs ?? defaultTimeout, options.signal);
      try {
        const params: Record<string, unknown> = { ...body(prepared, options), stream: false };
        if (jsonMode) params.response_format = { type: "json_object" };
        if (caps.disableThinkingWhenNotStreaming) params.enable_thinking = false;
        const res = await sdk.chat.completions.create(
          params as unknown as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming,
          { signal: deadline.controller.signal },
        );
        const choice = (res as Partial<OpenAI.Chat.ChatCompletion>)?.choices?.[0];
        if (!choice || typeof choice !== "object") throw new AppError("AI_BAD_RESPONSE");
        const finish = choice.finish_reason as string | null;
        if (finish === "content_filter" || finish === "sensitive") throw outputFilteredError();
        const content = choice.message?.content;
        return stripReasoning(typeof content === "string" ? content : "");
      } catch (err) {
        throw deadline.reason() ?? toLlmError(err, { requestLabel: prepared.requestLabel });
      } finally {
        deadline.dispose();
      }
    });
  }

  async function* chatStream(messages: ChatMessage[], options: ChatOptions = {}): AsyncGenerator<string> {
    const prepared = prepare(messages);
    const release = await semaphore.acquire(slotFor(options.signal));
    try {
      for (let n = 0;; n++) {
        const deadline = new Deadline(options.timeoutMs ?? AI_CHAT_TIMEOUT_MS, options.signal);
        const rewriter = prepared.inbound.stream();
        let yielded = false;
        try {
          const stream = await sdk.chat.completions.create(
            { ...body(prepared, options), stream: true },
            { signal: deadline.controller.signal },
          );
          let chunks = 0;
          for await (const chunk of stream) {
            deadline.touch();
            chunks++;
            const choice = chunk.choices?.[0];
            // delta.reasoning_content (reasoning models) is dropped: only the answer is shown and kept.
            const piece = choice?.delta?.content;
            if (typeof piece === "string" && piece !== "") {
              const out = rewriter.push(piece);
              if (out) {
                yielded = true;
                yield out;
              }
            }
            const finish = choice?.finish_reason as string | null | undefined;
            if (finish === "content_filter" || finish === "sensitive") throw outputFilteredError();
          }
          const stopped = deadline.reason();
          if (stopped) throw stopped;
          if (chunks === 0) throw new AppError("AI_BAD_RESPONSE");
          const tail = rewriter.flush();
          if (tail) yield tail;
          return;
        } catch (err) {
          const mapped = deadline.reason() ?? toLlmError(err, { requestLabel: prepared.requestLabel });
          if (!yielded && n < maxRetries && isRetryable(mapped) && !options.signal?.aborted) {
            await delay(retryDelayMs, options.signal);
            continue;
          }
          throw mapped;
        } finally {
          deadline.dispose();
        }
      }
    } finally {
      release();
    }
  }

  return {
    model: settings.model,
    capabilities: { provider: caps.provider, jsonMode: caps.jsonMode, vision: caps.vision },
    chatStream,

    async chat(messages, options = {}) {
      const prepared = prepare(messages);
      return prepared.inbound.apply(await complete(prepared, options, false, AI_CHAT_TIMEOUT_MS));
    },

    async chatJson<T>(
      messages: ChatMessage[],
      schema: z.ZodType<T>,
      options: ChatJsonOptions = {},
    ): Promise<T> {
      const note = options.example === undefined
        ? JSON_NOTE
        : `${JSON_NOTE}\n输出示例（JSON）：\n${JSON.stringify(options.example, null, 2)}`;
      const prepared = prepare(messages, [note]);
      for (let round = 0; round < 2; round++) {
        const raw = await complete(prepared, options, true, AI_EXTRACTION_TIMEOUT_MS);
        const read = readJsonAnswer(raw);
        let problem: string;
        if (read.ok) {
          const value = normaliseJsonStrings(read.value, (s) => prepared.inbound.apply(s));
          const checked = schema.safeParse(value);
          if (checked.success) return checked.data;
          problem = `不符合要求：${
            checked.error.issues.slice(0, 5).map((i) => `${i.path.join(".") || "根"} ${i.message}`).join("；")
          }`;
        } else {
          problem = read.problem;
        }
        // One re-ask: the answer as given, and what was wrong with it.
        prepared.messages.push(
          { role: "assistant", content: raw.trim() || "（空）" },
          { role: "user", content: `你上面的回答${problem}。请只输出符合要求的JSON对象。` },
        );
      }
      throw new AppError("AI_BAD_RESPONSE");
    },
  };
}
