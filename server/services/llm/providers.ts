/**
 * What each OpenAI-compatible provider accepts (AI-NOTES.md), keyed on the base URL's host and the
 * model name. Unknown providers get the cautious defaults: no JSON mode (the prompt and zod carry the
 * shape), no images. `stream_options` is never sent: it broke some providers and gateways.
 */
export interface ProviderCapabilities {
  /** A short provider name for logs. */
  provider: string;
  /** `response_format: {type: "json_object"}` works. */
  jsonMode: boolean;
  /** The model reads images. */
  vision: boolean;
  /** Qwen3 on DashScope: non-streaming calls need `enable_thinking: false`. */
  disableThinkingWhenNotStreaming: boolean;
}

interface ProviderRule {
  provider: string;
  host: RegExp;
  jsonMode: boolean;
  vision: (model: string) => boolean;
}

const RULES: ProviderRule[] = [
  // DeepSeek takes no images.
  { provider: "deepseek", host: /(^|\.)deepseek\.com$/i, jsonMode: true, vision: () => false },
  {
    provider: "dashscope",
    host: /(^|\.)dashscope(-intl)?\.aliyuncs\.com$/i,
    jsonMode: true,
    vision: (m) => /-vl|vl-|qvq/i.test(m),
  },
  {
    provider: "moonshot",
    host: /(^|\.)moonshot\.(cn|ai)$/i,
    jsonMode: true,
    vision: (m) => /vision/i.test(m),
  },
  // Zhipu: JSON mode only on some models; rely on the prompt. Zhipu wants max_tokens (always sent).
  {
    provider: "zhipu",
    host: /(^|\.)bigmodel\.cn$/i,
    jsonMode: false,
    vision: (m) => /4v|-v\b|vision/i.test(m),
  },
  {
    provider: "openai",
    host: /(^|\.)openai\.com$/i,
    jsonMode: true,
    vision: (m) => /gpt-4o|gpt-4\.1|gpt-5|vision/i.test(m),
  },
  // A local Ollama (port 11434) supports json_object through its OpenAI-compatible API.
  { provider: "ollama", host: /:11434$/, jsonMode: true, vision: (m) => /llava|vision|-vl/i.test(m) },
];

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl || "https://api.openai.com/v1").host;
  } catch {
    return "";
  }
}

/** The capabilities for a base URL and model (see the module comment for the defaults). */
export function providerCapabilities(baseUrl: string, model: string): ProviderCapabilities {
  const host = hostOf(baseUrl);
  const hostname = host.replace(/:\d+$/, "");
  const rule = RULES.find((r) => r.host.test(hostname) || r.host.test(host));
  if (!rule) {
    return { provider: "generic", jsonMode: false, vision: false, disableThinkingWhenNotStreaming: false };
  }
  return {
    provider: rule.provider,
    jsonMode: rule.jsonMode,
    vision: rule.vision(model),
    disableThinkingWhenNotStreaming: rule.provider === "dashscope" && /qwen3/i.test(model),
  };
}
