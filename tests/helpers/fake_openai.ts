/**
 * A fake OpenAI-compatible provider: a real HTTP server on 127.0.0.1 and a random port speaking the
 * chat-completions API (streamed and not) and GET /models, scripted per test, recording every request
 * it got (so a test can assert that sensitive words and ID numbers never left).
 *
 *   await using fake = await startFakeOpenAi();          // or { apiKey: "sk-…" }: other keys get 401
 *   fake.script(fakeAnswer("你好", { chunks: ["你", "好"] }), fakeStatus(429, "rate"));
 *   settings.base_url = fake.baseUrl;                     // "http://127.0.0.1:<port>/v1"
 *   … fake.requests[0].body.messages …
 *
 * Each chat request takes the next scripted step; with none left, `fallback` answers (default: the
 * text "好的"). A step can also be a function of the request (e.g. echo what it was sent).
 */

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | null;
  // deno-lint-ignore no-explicit-any
  body: any;
  /** Set when the client went away (aborted) before the answer finished. */
  aborted: boolean;
  /** Set when the whole answer was handed over. */
  finished: boolean;
}

export type FakeStep =
  /** An answer; streamed in `chunks` (default: the text in 3 pieces) when the request asks for a stream. */
  | {
    kind: "answer";
    text: string;
    chunks?: string[];
    reasoning?: string;
    finishReason?: string;
    /** Pause before each streamed chunk (default 0). */
    chunkDelayMs?: number;
  }
  /** An HTTP error with a JSON body. */
  | { kind: "status"; status: number; body: unknown }
  /** Never answers (until the client aborts or the fake closes). */
  | { kind: "hang" }
  /** Streams these chunks, then stops sending without ending the response. */
  | { kind: "stall"; chunks: string[] }
  /** 200 with a body that is not valid JSON (or, streamed, an SSE frame that is not). */
  | { kind: "malformed" }
  /** A 200 stream with these chunks, then an error frame `{error:{…}}`. */
  | {
    kind: "errorFrame";
    chunks: string[];
    error: { message: string; type?: string; code?: string | number };
  }
  /** A 200 HTML page (a wrong base path on some gateways). */
  | { kind: "html" };

export type FakeResponder = FakeStep | ((req: RecordedRequest) => FakeStep);

export interface FakeOpenAi extends AsyncDisposable {
  readonly baseUrl: string;
  readonly requests: RecordedRequest[];
  /** Chat requests only. */
  readonly chatRequests: RecordedRequest[];
  script(...steps: FakeResponder[]): void;
  fallback: FakeResponder;
  close(): Promise<void>;
}

/** An answer step. */
export function fakeAnswer(
  text: string,
  options: { chunks?: string[]; reasoning?: string; finishReason?: string; chunkDelayMs?: number } = {},
): FakeStep {
  return { kind: "answer", text, ...options };
}

/**
 * An HTTP error as providers send it. `kind` picks a realistic body: "auth" (401), "rate" (429 rate
 * limit), "balance" (429 insufficient_quota, OpenAI style), "balance402" (DeepSeek 402),
 * "deepseekFilter" (400 Content Exists Risk), "dashscopeFilter" (400 data_inspection_failed),
 * "zhipuFilter" (400 with 1301 in the message), "context" (400 context_length_exceeded), "server" (500).
 */
export function fakeError(
  kind:
    | "auth"
    | "rate"
    | "balance"
    | "balance402"
    | "deepseekFilter"
    | "dashscopeFilter"
    | "zhipuFilter"
    | "context"
    | "server",
): FakeStep {
  const bodies: Record<typeof kind, [number, unknown]> = {
    auth: [401, {
      error: {
        message: "Incorrect API key provided",
        type: "invalid_request_error",
        code: "invalid_api_key",
      },
    }],
    rate: [429, {
      error: { message: "Rate limit reached for requests", type: "requests", code: "rate_limit_exceeded" },
    }],
    balance: [429, {
      error: {
        message: "You exceeded your current quota",
        type: "insufficient_quota",
        code: "insufficient_quota",
      },
    }],
    balance402: [402, {
      error: { message: "Insufficient Balance", type: "unknown_error", code: "invalid_request_error" },
    }],
    deepseekFilter: [400, {
      error: { message: "Content Exists Risk", type: "invalid_request_error", code: "invalid_request_error" },
    }],
    dashscopeFilter: [400, {
      error: {
        message: "Input data may contain inappropriate content.",
        type: "data_inspection_failed",
        code: "data_inspection_failed",
      },
    }],
    zhipuFilter: [400, {
      error: {
        code: "1301",
        message:
          "系统检测到输入或生成内容可能包含不安全或敏感内容，请您避免输入易产生敏感内容的提示语，感谢您的配合。",
      },
    }],
    context: [400, {
      error: {
        message: "This model's maximum context length is 65536 tokens. However, you requested 70000 tokens.",
        type: "invalid_request_error",
        code: "context_length_exceeded",
      },
    }],
    server: [500, { error: { message: "Internal server error", type: "server_error" } }],
  };
  const [status, body] = bodies[kind];
  return { kind: "status", status, body };
}

/** Splits a text into n nearly equal pieces (at least one). */
export function splitInto(text: string, n: number): string[] {
  const chars = [...text];
  const size = Math.max(1, Math.ceil(chars.length / n));
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(""));
  return out.length > 0 ? out : [""];
}

function completion(model: string, text: string, reasoning?: string, finishReason = "stop") {
  const message: Record<string, unknown> = { role: "assistant", content: text };
  if (reasoning) message.reasoning_content = reasoning;
  return {
    id: "chatcmpl-fake",
    object: "chat.completion",
    created: 1,
    model,
    choices: [{ index: 0, message, finish_reason: finishReason }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

function chunkFrame(model: string, delta: Record<string, unknown>, finish: string | null = null): string {
  const data = {
    id: "chatcmpl-fake",
    object: "chat.completion.chunk",
    created: 1,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
  return `data: ${JSON.stringify(data)}\n\n`;
}

/** Starts the fake on 127.0.0.1 and a free port. */
export function startFakeOpenAi(options: { apiKey?: string; models?: string[] } = {}): Promise<FakeOpenAi> {
  const requests: RecordedRequest[] = [];
  const queue: FakeResponder[] = [];
  const closing = new AbortController();
  const encoder = new TextEncoder();
  const api: { fallback: FakeResponder } = { fallback: fakeAnswer("好的") };
  const signals = new WeakMap<RecordedRequest, AbortSignal>();

  function untilClosedOr(signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      if (signal.aborted || closing.signal.aborted) return resolve();
      signal.addEventListener("abort", () => resolve(), { once: true });
      closing.signal.addEventListener("abort", () => resolve(), { once: true });
    });
  }

  async function handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const path = url.pathname.replace(/^\/v1/, "");
    const text = await req.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    const record: RecordedRequest = {
      method: req.method,
      path,
      authorization: req.headers.get("authorization"),
      body,
      aborted: false,
      finished: false,
    };
    requests.push(record);
    signals.set(record, req.signal);
    // Deno.serve also aborts the signal after a successful response (legacy behaviour): only an
    // abort before the answer was handed over counts as the client going away.
    req.signal.addEventListener("abort", () => {
      if (!record.finished) record.aborted = true;
    }, { once: true });
    const response = await answer(req, record);
    if (
      !(response.body instanceof ReadableStream) ||
      response.headers.get("content-type") !== "text/event-stream"
    ) {
      record.finished = true;
    }
    return response;
  }

  async function answer(req: Request, record: RecordedRequest): Promise<Response> {
    const { path, body } = record;
    if (options.apiKey && record.authorization !== `Bearer ${options.apiKey}`) {
      return Response.json(
        {
          error: {
            message: "Incorrect API key provided",
            type: "invalid_request_error",
            code: "invalid_api_key",
          },
        },
        { status: 401 },
      );
    }
    if (req.method === "GET" && path === "/models") {
      return Response.json({
        object: "list",
        data: (options.models ?? ["fake-model"]).map((id) => ({
          id,
          object: "model",
          created: 1,
          owned_by: "fake",
        })),
      });
    }
    if (req.method !== "POST" || path !== "/chat/completions") {
      return new Response("<html><body>404 Not Found</body></html>", {
        status: 404,
        headers: { "content-type": "text/html" },
      });
    }
    const responder = queue.shift() ?? api.fallback;
    const step = typeof responder === "function" ? responder(record) : responder;
    // deno-lint-ignore no-explicit-any
    const model = String((body as any)?.model ?? "fake-model");
    // deno-lint-ignore no-explicit-any
    const streamed = (body as any)?.stream === true;
    switch (step.kind) {
      case "status":
        return Response.json(step.body, { status: step.status });
      case "html":
        return new Response("<html><body>网关错误页</body></html>", {
          status: 200,
          headers: { "content-type": "text/html" },
        });
      case "hang":
        await untilClosedOr(req.signal);
        return new Response("closed", { status: 503 });
      case "malformed":
        if (streamed) return sse(["data: {not json\n\n"], record);
        return new Response('{"id": "x", "choices": [ {', {
          status: 200,
          headers: { "content-type": "application/json" },
        });
      case "stall":
        return sse(step.chunks.map((c) => chunkFrame(model, { content: c })), record, { stall: true });
      case "errorFrame":
        return sse(
          [
            ...step.chunks.map((c) => chunkFrame(model, { content: c })),
            `data: ${JSON.stringify({ error: step.error })}\n\n`,
          ],
          record,
        );
      case "answer": {
        if (!streamed) return Response.json(completion(model, step.text, step.reasoning, step.finishReason));
        const pieces = step.chunks ?? splitInto(step.text, 3);
        const frames = [chunkFrame(model, { role: "assistant", content: "" })];
        if (step.reasoning) frames.push(chunkFrame(model, { reasoning_content: step.reasoning }));
        for (const p of pieces) frames.push(chunkFrame(model, { content: p }));
        frames.push(chunkFrame(model, {}, step.finishReason ?? "stop"), "data: [DONE]\n\n");
        return sse(frames, record, { chunkDelayMs: step.chunkDelayMs });
      }
    }
  }

  function sse(
    frames: string[],
    record: RecordedRequest,
    opts: { stall?: boolean; chunkDelayMs?: number } = {},
  ): Response {
    const signal = signals.get(record)!;
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        try {
          for (const f of frames) {
            if (opts.chunkDelayMs) await new Promise((r) => setTimeout(r, opts.chunkDelayMs));
            if (signal.aborted || closing.signal.aborted) break;
            controller.enqueue(encoder.encode(f));
          }
          if (opts.stall) await untilClosedOr(signal);
          if (!signal.aborted && !opts.stall) record.finished = true;
          controller.close();
        } catch {
          // the client went away
        }
      },
    });
    return new Response(stream, {
      headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
    });
  }

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, handle);
  const fake: FakeOpenAi = {
    baseUrl: `http://127.0.0.1:${server.addr.port}/v1`,
    requests,
    get chatRequests() {
      return requests.filter((r) => r.path === "/chat/completions");
    },
    script: (...steps) => void queue.push(...steps),
    get fallback() {
      return api.fallback;
    },
    set fallback(r: FakeResponder) {
      api.fallback = r;
    },
    async close() {
      closing.abort();
      await server.shutdown();
    },
    async [Symbol.asyncDispose]() {
      await fake.close();
    },
  };
  return Promise.resolve(fake);
}

/** Every text the fake was sent in chat messages, joined (to assert what never left). */
export function sentText(fake: FakeOpenAi): string {
  return fake.chatRequests
    // deno-lint-ignore no-explicit-any
    .flatMap((r) => (r.body?.messages ?? []).map((m: any) => String(m.content ?? "")))
    .join("\n");
}
