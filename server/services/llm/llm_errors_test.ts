import assert from "node:assert/strict";
import OpenAI from "openai";
import { connectionFailureReason, isRetryable, toLlmError } from "./llm_errors.ts";
import { providerCapabilities } from "./providers.ts";

function apiError(status: number | undefined, body: unknown) {
  return OpenAI.APIError.generate(status as number, { error: body }, undefined, new Headers());
}

Deno.test("toLlmError() maps provider shapes to one catalogue", () => {
  const cases: [unknown, string][] = [
    [apiError(401, { message: "bad key" }), "AI_AUTH_FAILED"],
    [apiError(403, { message: "forbidden" }), "AI_PERMISSION_DENIED"],
    [apiError(404, { message: "model not found" }), "AI_MODEL_NOT_FOUND"],
    [apiError(402, { message: "Insufficient Balance" }), "AI_BALANCE"],
    [apiError(429, { message: "quota", code: "insufficient_quota" }), "AI_BALANCE"],
    [apiError(429, { message: "您的账户已欠费", code: "1113" }), "AI_BALANCE"],
    [apiError(400, { message: "Arrearage", code: "Arrearage" }), "AI_BALANCE"],
    [apiError(429, { message: "Too many requests" }), "AI_RATE_LIMITED"],
    [apiError(400, { message: "Content Exists Risk" }), "AI_CONTENT_FILTERED"],
    [
      apiError(400, {
        code: "data_inspection_failed",
        message: "Input data may contain inappropriate content.",
      }),
      "AI_CONTENT_FILTERED",
    ],
    [
      apiError(400, { code: "1301", message: "系统检测到输入或生成内容可能包含不安全或敏感内容" }),
      "AI_CONTENT_FILTERED",
    ],
    [
      apiError(400, { code: "context_length_exceeded", message: "maximum context length" }),
      "AI_CONTEXT_TOO_LONG",
    ],
    [apiError(400, { code: "1261", message: "Prompt 超过最大长度" }), "AI_CONTEXT_TOO_LONG"],
    [apiError(502, { message: "bad gateway" }), "AI_UNAVAILABLE"],
    [apiError(400, { message: "unknown parameter" }), "AI_PROVIDER_ERROR"],
    [new OpenAI.APIConnectionTimeoutError(), "AI_TIMEOUT"],
    [new OpenAI.APIConnectionError({ message: "refused" }), "AI_UNREACHABLE"],
    [new OpenAI.APIUserAbortError(), "AI_CANCELLED"],
    [new SyntaxError("bad json"), "AI_BAD_RESPONSE"],
  ];
  for (const [err, code] of cases) assert.equal(toLlmError(err).code, code, String(err));
  // An error frame inside a 200 stream arrives without a status.
  const frame = new OpenAI.APIError(undefined, { message: "Content Exists Risk" }, undefined, undefined);
  assert.equal(toLlmError(frame).code, "AI_CONTENT_FILTERED");
});

Deno.test("a content filter names the message that triggered it; only passing trouble is retryable", () => {
  const err = toLlmError(apiError(400, { message: "Content Exists Risk" }), {
    requestLabel: "您发送的消息「被告人张某」",
  });
  assert.equal(
    err.message,
    "内容未通过AI服务的安全审核（触发审核的是您发送的消息「被告人张某」），请修改相关内容后重试",
  );
  assert.equal(isRetryable(err), false);
  assert.equal(isRetryable(toLlmError(apiError(429, { code: "insufficient_quota", message: "x" }))), false);
  assert.equal(isRetryable(toLlmError(apiError(429, { message: "slow down" }))), true);
  assert.equal(isRetryable(toLlmError(apiError(503, { message: "x" }))), true);
  assert.equal(connectionFailureReason(apiError(401, { message: "x" })), "API密钥无效");
});

Deno.test("providerCapabilities() knows the providers of AI-NOTES.md and is cautious otherwise", () => {
  assert.deepEqual(providerCapabilities("https://api.deepseek.com/v1", "deepseek-chat"), {
    provider: "deepseek",
    jsonMode: true,
    vision: false,
    disableThinkingWhenNotStreaming: false,
  });
  const qwen = providerCapabilities("https://dashscope.aliyuncs.com/compatible-mode/v1", "qwen3-32b");
  assert.equal(qwen.provider, "dashscope");
  assert.equal(qwen.disableThinkingWhenNotStreaming, true);
  assert.equal(
    providerCapabilities("https://dashscope.aliyuncs.com/compatible-mode/v1", "qwen-vl-max").vision,
    true,
  );
  assert.equal(providerCapabilities("https://open.bigmodel.cn/api/paas/v4", "glm-4v").vision, true);
  assert.equal(providerCapabilities("https://open.bigmodel.cn/api/paas/v4", "glm-4").jsonMode, false);
  assert.equal(providerCapabilities("http://localhost:11434/v1", "qwen2.5").provider, "ollama");
  assert.deepEqual(providerCapabilities("http://10.0.0.5:8000/v1", "my-vllm"), {
    provider: "generic",
    jsonMode: false,
    vision: false,
    disableThinkingWhenNotStreaming: false,
  });
});
