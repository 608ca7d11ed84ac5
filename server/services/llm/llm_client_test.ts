import assert from "node:assert/strict";
import { z } from "zod";
import {
  fakeAnswer,
  fakeError,
  type FakeOpenAi,
  sentText,
  startFakeOpenAi,
} from "../../../tests/helpers/fake_openai.ts";
import { AppError } from "../../errors.ts";
import { getAiSettings, saveAiSettings } from "../../kv/ai_settings.ts";
import { createSensitiveWord } from "../../kv/sensitive_words.ts";
import {
  createLlmClient,
  getLlmClient,
  type LlmClientOptions,
  type LlmSettings,
  requireLlmClient,
} from "./llm_client.ts";
import { loadSecretKey, sealSecret } from "./secret_box.ts";
import type { ChatMessage, LlmClient } from "./types.ts";

function settingsFor(fake: FakeOpenAi, over: Partial<LlmSettings> = {}): LlmSettings {
  return {
    model: "fake-chat",
    apiKey: "sk-test-key-0001",
    baseUrl: fake.baseUrl,
    temperature: 0.3,
    maxTokens: 1500,
    systemPrompt: "你是一名法律助理。",
    sensitiveWords: [],
    maskPersonalData: true,
    ...over,
  };
}

function clientFor(
  fake: FakeOpenAi,
  over: Partial<LlmSettings> = {},
  options: LlmClientOptions = {},
): LlmClient {
  return createLlmClient(settingsFor(fake, over), { retryDelayMs: 10, ...options });
}

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const piece of stream) out.push(piece);
  return out;
}

async function rejectsWith(p: Promise<unknown>, code: string): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof AppError, `expected AppError ${code}, got ${err}`);
    assert.equal(err.code, code, err.message);
    return err;
  }
  assert.fail(`expected ${code}, but the call succeeded`);
}

const USER: ChatMessage[] = [{ role: "user", content: "请写一段事实与理由" }];

Deno.test("chatStream() yields the deltas in order; one system message first; settings' temperature and max_tokens; no stream_options", async () => {
  await using fake = await startFakeOpenAi({ apiKey: "sk-test-key-0001" });
  fake.script(fakeAnswer("原告与被告于2024年签订借款合同。", {
    chunks: ["原告与被告", "于2024年", "签订借款合同。"],
    reasoning: "先想一想",
  }));
  const llm = clientFor(fake);
  const pieces = await collect(llm.chatStream([{ role: "system", content: "按要素式写作。" }, ...USER]));
  assert.equal(pieces.join(""), "原告与被告于2024年签订借款合同。");
  assert.ok(pieces.length >= 2, "streamed in pieces");
  const body = fake.chatRequests[0].body;
  assert.equal(body.stream, true);
  assert.equal(body.stream_options, undefined);
  assert.equal(body.temperature, 0.3);
  assert.equal(body.max_tokens, 1500);
  assert.deepEqual(body.messages.map((m: ChatMessage) => m.role), ["system", "user"]);
  assert.equal(body.messages[0].content, "你是一名法律助理。\n\n按要素式写作。");
  await new Promise((r) => setTimeout(r, 30));
  assert.equal(fake.chatRequests[0].aborted, false, "a finished answer is not an abort");
});

Deno.test("chat() returns the whole answer without reasoning; call options override the settings", async () => {
  await using fake = await startFakeOpenAi();
  fake.script(fakeAnswer("<think>推理</think>答案", { reasoning: "隐藏的推理" }));
  const llm = clientFor(fake, { systemPrompt: "" });
  assert.equal(await llm.chat(USER, { temperature: 0, maxTokens: 200 }), "答案");
  const body = fake.chatRequests[0].body;
  assert.equal(body.temperature, 0);
  assert.equal(body.max_tokens, 200);
  assert.deepEqual(body.messages.map((m: ChatMessage) => m.role), ["user"]);
});

Deno.test("the sensitive-word filter replaces words both ways, also a word split across streamed chunks", async () => {
  await using fake = await startFakeOpenAi();
  fake.script(fakeAnswer("", { chunks: ["关于赌", "博网", "站的问题，", "赌博应当禁止。"] }));
  const llm = clientFor(fake, {
    sensitiveWords: [{ word: "赌博", replacement: "某行为" }, { word: "赌博网站", replacement: "某网站" }],
  });
  const text = (await collect(llm.chatStream([{ role: "user", content: "被告经营赌博网站，涉及赌博。" }])))
    .join("");
  assert.equal(text, "关于某网站的问题，某行为应当禁止。");
  const sent = sentText(fake);
  assert.ok(!sent.includes("赌博"), sent);
  assert.ok(sent.includes("被告经营某网站，涉及某行为。"));
});

Deno.test("ID, phone and bank card numbers never leave and come back in the answer, also split across chunks", async () => {
  await using fake = await startFakeOpenAi();
  fake.fallback = (req) => {
    // Echo the placeholders the model was given, split awkwardly.
    const user = req.body.messages.at(-1).content as string;
    const holders = user.match(/〔[^〕]+〕/g) ?? [];
    const text = `借款人身份证${holders[0]}，电话${holders[1]}，卡号${holders[2]}。`;
    return fakeAnswer(text, { chunks: [...text].map((c) => c) });
  };
  const llm = clientFor(fake);
  const question = "借款人张三，身份证号110101199003071234，手机13812345678，银行卡6222 0212 3456 7890 123。";
  const answer = (await collect(llm.chatStream([{ role: "user", content: question }]))).join("");
  assert.equal(answer, "借款人身份证110101199003071234，电话13812345678，卡号6222 0212 3456 7890 123。");
  const sent = sentText(fake);
  for (const secret of ["110101199003071234", "13812345678", "6222 0212 3456 7890 123"]) {
    assert.ok(!sent.includes(secret), `${secret} left the server`);
  }
  assert.match(sent, /〔身份证1〕/);
  assert.match(sent, /占位符/, "the model is told to keep the placeholders");
  // The same for a whole (non-streamed) answer.
  assert.equal(
    await llm.chat([{ role: "user", content: question }]),
    "借款人身份证110101199003071234，电话13812345678，卡号6222 0212 3456 7890 123。",
  );
});

Deno.test("provider errors become the Chinese catalogue; content filters and unpaid balances are never retried", async () => {
  await using fake = await startFakeOpenAi();
  const llm = clientFor(fake);
  const cases: [Parameters<typeof fakeError>[0], string, string][] = [
    ["auth", "AI_AUTH_FAILED", "API密钥无效"],
    ["balance", "AI_BALANCE", "AI服务账户余额不足，请联系管理员充值"],
    ["balance402", "AI_BALANCE", "AI服务账户余额不足，请联系管理员充值"],
    [
      "deepseekFilter",
      "AI_CONTENT_FILTERED",
      "内容未通过AI服务的安全审核（触发审核的是您发送的消息「请写一段事实与理由」），请修改相关内容后重试",
    ],
    ["dashscopeFilter", "AI_CONTENT_FILTERED", ""],
    ["zhipuFilter", "AI_CONTENT_FILTERED", ""],
    ["context", "AI_CONTEXT_TOO_LONG", "内容超出模型的上下文长度，请缩短内容或开始新的对话"],
  ];
  for (const [kind, code, message] of cases) {
    const before = fake.chatRequests.length;
    fake.script(fakeError(kind));
    const err = await rejectsWith(llm.chat(USER), code);
    if (message) assert.equal(err.message, message);
    assert.equal(fake.chatRequests.length - before, 1, `${kind} must not be retried`);
    fake.script(fakeError(kind));
    await rejectsWith(collect(llm.chatStream(USER)), code);
  }
});

Deno.test("a rate limit or a 500 is retried once and then succeeds; twice in a row it is reported", async () => {
  await using fake = await startFakeOpenAi();
  const llm = clientFor(fake);
  fake.script(fakeError("rate"), fakeAnswer("第二次成功"));
  assert.equal(await llm.chat(USER), "第二次成功");
  assert.equal(fake.chatRequests.length, 2);
  fake.script(fakeError("server"), fakeAnswer("流式成功"));
  assert.equal((await collect(llm.chatStream(USER))).join(""), "流式成功");
  fake.script(fakeError("rate"), fakeError("rate"));
  const err = await rejectsWith(llm.chat(USER), "AI_RATE_LIMITED");
  assert.equal(err.message, "AI服务请求过于频繁，请稍后重试");
  assert.equal(fake.chatRequests.length, 6);
});

Deno.test("a hanging provider or a stalled stream ends in AI_TIMEOUT", async () => {
  await using fake = await startFakeOpenAi();
  const llm = clientFor(fake, {}, { maxRetries: 0 });
  fake.script({ kind: "hang" });
  await rejectsWith(llm.chat(USER, { timeoutMs: 200 }), "AI_TIMEOUT");
  fake.script({ kind: "hang" });
  await rejectsWith(collect(llm.chatStream(USER, { timeoutMs: 200 })), "AI_TIMEOUT");
  fake.script({ kind: "stall", chunks: ["已经写了", "一半"] });
  const got: string[] = [];
  const err = await rejectsWith(
    (async () => {
      for await (const p of llm.chatStream(USER, { timeoutMs: 300 })) got.push(p);
    })(),
    "AI_TIMEOUT",
  );
  assert.equal(err.message, "AI服务响应超时，请稍后重试");
  assert.equal(got.join(""), "已经写了一半");
});

Deno.test("malformed JSON, an HTML page and an error frame after 200 are reported, not crashed on", async () => {
  await using fake = await startFakeOpenAi();
  const llm = clientFor(fake, {}, { maxRetries: 0 });
  fake.script({ kind: "malformed" });
  await rejectsWith(llm.chat(USER), "AI_BAD_RESPONSE");
  fake.script({ kind: "malformed" });
  await rejectsWith(collect(llm.chatStream(USER)), "AI_BAD_RESPONSE");
  fake.script({ kind: "html" });
  await rejectsWith(llm.chat(USER), "AI_BAD_RESPONSE");
  fake.script({
    kind: "errorFrame",
    chunks: ["被告"],
    error: { code: "1301", message: "系统检测到输入或生成内容可能包含不安全或敏感内容" },
  });
  const got: string[] = [];
  await rejectsWith(
    (async () => {
      for await (const p of llm.chatStream(USER)) got.push(p);
    })(),
    "AI_CONTENT_FILTERED",
  );
  assert.equal(got.join(""), "被告");
  fake.script(fakeAnswer("部分", { finishReason: "content_filter" }));
  const out = await rejectsWith(collect(llm.chatStream(USER)), "AI_CONTENT_FILTERED");
  assert.match(out.message, /AI生成的回答/);
});

Deno.test("an unreachable address is AI_UNREACHABLE", async () => {
  const fake = await startFakeOpenAi();
  const llm = clientFor(fake, {}, { maxRetries: 0 });
  await fake.close();
  const err = await rejectsWith(llm.chat(USER), "AI_UNREACHABLE");
  assert.equal(err.message, "无法连接到AI服务，请检查接口地址或网络");
});

Deno.test("the caller's signal stops a stream and the provider sees the request go away", async () => {
  await using fake = await startFakeOpenAi();
  const llm = clientFor(fake);
  fake.script({ kind: "stall", chunks: ["第一段"] });
  const ctl = new AbortController();
  const got: string[] = [];
  await rejectsWith(
    (async () => {
      for await (const p of llm.chatStream(USER, { signal: ctl.signal })) {
        got.push(p);
        ctl.abort();
      }
    })(),
    "AI_CANCELLED",
  );
  assert.equal(got.join(""), "第一段");
  for (let i = 0; i < 50 && !fake.chatRequests[0].aborted; i++) await new Promise((r) => setTimeout(r, 10));
  assert.equal(fake.chatRequests[0].aborted, true);
});

Deno.test("breaking out of a stream early aborts the provider call", async () => {
  await using fake = await startFakeOpenAi();
  const llm = clientFor(fake);
  fake.script({ kind: "stall", chunks: ["开头"] });
  for await (const _ of llm.chatStream(USER)) break;
  for (let i = 0; i < 50 && !fake.chatRequests[0].aborted; i++) await new Promise((r) => setTimeout(r, 10));
  assert.equal(fake.chatRequests[0].aborted, true);
});

const PARTY = z.object({ 姓名: z.string(), 身份证号: z.string(), 金额: z.number() });

Deno.test("chatJson() validates with zod, reads fenced JSON, normalises 未知 to empty and restores masked numbers", async () => {
  await using fake = await startFakeOpenAi();
  fake.fallback = (req) => {
    const holder = (req.body.messages.at(-1).content as string).match(/〔身份证1〕/)?.[0] ?? "?";
    return fakeAnswer('好的：\n```json\n{"姓名": "未知", "身份证号": "' + holder + '", "金额": 50000}\n```');
  };
  const llm = clientFor(fake, {}, { capabilities: { jsonMode: true } });
  const value = await llm.chatJson(
    [{ role: "user", content: "借款人身份证号110101199003071234，借款50000元" }],
    PARTY,
    { example: { 姓名: "张三", 身份证号: "", 金额: 0 } },
  );
  assert.deepEqual(value, { 姓名: "", 身份证号: "110101199003071234", 金额: 50000 });
  const body = fake.chatRequests[0].body;
  assert.deepEqual(body.response_format, { type: "json_object" });
  assert.equal(body.stream, false);
  assert.match(body.messages[0].content, /输出示例（JSON）/);
  assert.ok(!sentText(fake).includes("110101199003071234"));
});

Deno.test("chatJson() re-asks once after a malformed or invalid answer, then gives AI_BAD_RESPONSE", async () => {
  await using fake = await startFakeOpenAi();
  const llm = clientFor(fake);
  fake.script(fakeAnswer("{姓名: 张三"), fakeAnswer('{"姓名":"张三","身份证号":"","金额":1}'));
  assert.deepEqual(await llm.chatJson(USER, PARTY), { 姓名: "张三", 身份证号: "", 金额: 1 });
  const reask = fake.chatRequests[1].body.messages;
  assert.equal(reask.at(-2).role, "assistant");
  assert.equal(reask.at(-2).content, "{姓名: 张三");
  assert.match(reask.at(-1).content, /不是有效的JSON/);
  assert.equal(fake.chatRequests[0].body.response_format, undefined, "no JSON mode for an unknown provider");

  fake.script(fakeAnswer(""), fakeAnswer('{"姓名":"张三","金额":"很多"}'));
  const err = await rejectsWith(llm.chatJson(USER, PARTY), "AI_BAD_RESPONSE");
  assert.equal(err.message, "AI服务返回的内容格式不正确，请重试");
  assert.match(fake.chatRequests[3].body.messages.at(-1).content, /是空的/);
  assert.equal(fake.chatRequests.length, 4);
});

Deno.test("getLlmClient() is null without a model or key, and builds a working client from the stored settings", async () => {
  using kv = await Deno.openKv(":memory:");
  const config = { aiSecretKey: "a-test-secret-of-enough-length", dataDir: "/nonexistent" };
  assert.equal(await getLlmClient({ kv, config }), null);
  await rejectsWith(requireLlmClient({ kv, config }), "AI_NOT_CONFIGURED");
  await using fake = await startFakeOpenAi({ apiKey: "sk-stored-key-42" });
  await saveAiSettings(kv, {
    model: "deepseek-chat",
    apiKeySealed: await sealSecret(await loadSecretKey(config), "sk-stored-key-42"),
    base_url: fake.baseUrl,
    temperature: 0.5,
    max_tokens: 800,
    system_prompt: "系统提示",
    enable_sensitive_filter: true,
    updatedAt: 1,
  });
  await createSensitiveWord(kv, { word: "机密", replacement: "**" });
  const llm = await getLlmClient({ kv, config });
  assert.ok(llm);
  assert.equal(llm.model, "deepseek-chat");
  fake.script(fakeAnswer("这是机密"));
  assert.equal(await llm.chat([{ role: "user", content: "机密文件" }]), "这是**");
  const body = fake.chatRequests[0].body;
  assert.equal(body.temperature, 0.5);
  assert.equal(body.max_tokens, 800);
  assert.equal(body.messages[0].content, "系统提示");
  assert.equal(body.messages[1].content, "**文件");
  // The filter switched off: words travel unchanged.
  await saveAiSettings(kv, { ...(await getAiSettings(kv)), enable_sensitive_filter: false });
  fake.script(fakeAnswer("机密"));
  assert.equal(await (await getLlmClient({ kv, config }))!.chat([{ role: "user", content: "机密" }]), "机密");
});

Deno.test("calls beyond the per-server cap wait for a free slot", async () => {
  await using fake = await startFakeOpenAi();
  const { Semaphore } = await import("./semaphore.ts");
  const semaphore = new Semaphore(1);
  const llm = clientFor(fake, {}, { semaphore });
  fake.script(fakeAnswer("一", { chunks: ["一"], chunkDelayMs: 150 }), fakeAnswer("二"));
  const first = collect(llm.chatStream(USER));
  await new Promise((r) => setTimeout(r, 50));
  const second = llm.chat(USER);
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(fake.chatRequests.length, 1, "the second call waits");
  assert.equal((await first).join(""), "一");
  assert.equal(await second, "二");
  assert.equal(semaphore.active, 0);
});

Deno.test("chatJson() asks again without response_format when a provider refuses JSON mode", async () => {
  await using fake = await startFakeOpenAi();
  const llm = clientFor(fake, {}, { capabilities: { jsonMode: true } });
  fake.script(
    {
      kind: "status",
      status: 400,
      body: { error: { message: "response_format is not supported", type: "invalid_request_error" } },
    },
    fakeAnswer('{"姓名":"张三","身份证号":"","金额":1}'),
    fakeAnswer('{"姓名":"李四","身份证号":"","金额":2}'),
  );
  assert.deepEqual(await llm.chatJson(USER, PARTY), { 姓名: "张三", 身份证号: "", 金额: 1 });
  assert.deepEqual(fake.chatRequests[0].body.response_format, { type: "json_object" });
  assert.equal(fake.chatRequests[1].body.response_format, undefined);
  assert.deepEqual(await llm.chatJson(USER, PARTY), { 姓名: "李四", 身份证号: "", 金额: 2 });
  assert.equal(fake.chatRequests[2].body.response_format, undefined, "remembered for this client");
  // Any other 400 is reported as it is.
  fake.script(fakeError("deepseekFilter"));
  await rejectsWith(llm.chatJson(USER, PARTY), "AI_CONTENT_FILTERED");
});
