import assert from "node:assert/strict";
import { DEFAULT_SYSTEM_PROMPT } from "../../common/schemas/ai_settings.ts";
import { listAuditEntries } from "../../server/kv/audit_log.ts";
import { type TestApp, testApp } from "../helpers/test_app.ts";

const KEY = "sk-live-secret-key-0123456789abcd";
const SETTINGS = {
  model: "deepseek-chat",
  api_key: KEY,
  base_url: "https://api.deepseek.com/v1",
  temperature: 0.3,
  max_tokens: 1500,
  system_prompt: "你是一名法律助理。",
  enable_sensitive_filter: true,
};

async function kvDump(t: TestApp): Promise<string> {
  const parts: string[] = [];
  for await (const e of t.kv.list({ prefix: [] })) {
    parts.push(JSON.stringify(e.value, (_k, v) => typeof v === "bigint" ? String(v) : v));
  }
  return parts.join("\n");
}

Deno.test("AI settings routes answer 401 without a token and 403 SUPER_ADMIN_ONLY to an 'admin'-role user", async () => {
  using t = await testApp();
  const admin = await t.userWith(["system_settings"], { role: "admin" });
  const calls: [string, string, unknown][] = [
    ["GET", "/api/ai/settings", undefined],
    ["PUT", "/api/ai/settings", SETTINGS],
    ["POST", "/api/ai/test-connection", {}],
    ["GET", "/api/ai/sensitive-words", undefined],
    ["POST", "/api/ai/sensitive-words", { word: "a", replacement: "b" }],
    ["PUT", "/api/ai/sensitive-words/x", { word: "a", replacement: "b" }],
    ["DELETE", "/api/ai/sensitive-words/x", undefined],
  ];
  for (const [method, path, json] of calls) {
    assert.equal((await t.request(method, path, { json })).status, 401, path);
    const res = await t.request(method, path, { as: admin, json });
    assert.equal(res.status, 403, path);
    assert.deepEqual(await res.json(), {
      success: false,
      code: "SUPER_ADMIN_ONLY",
      error: "只有超级管理员可以访问此页面",
    });
  }
});

Deno.test("GET /api/ai/settings answers the part 3 defaults before anything is saved", async () => {
  using t = await testApp();
  const res = await t.request("GET", "/api/ai/settings", { as: "admin" });
  assert.equal(res.status, 200);
  assert.deepEqual((await res.json()).settings, {
    model: "deepseek-chat",
    api_key: "",
    base_url: "https://api.deepseek.com/v1",
    temperature: 0.7,
    max_tokens: 2000,
    system_prompt: DEFAULT_SYSTEM_PROMPT,
    enable_sensitive_filter: true,
    has_api_key: false,
  });
});

Deno.test("PUT /api/ai/settings stores the key encrypted, masks it on read and keeps it when the mask is sent back", async () => {
  using t = await testApp({ aiSecretKey: "test-ai-secret-key-material" });
  const put = await t.request("PUT", "/api/ai/settings", { as: "admin", json: SETTINGS });
  assert.equal(put.status, 200);
  const read = await (await t.request("GET", "/api/ai/settings", { as: "admin" })).json();
  assert.equal(read.settings.api_key, "sk-****abcd");
  assert.equal(read.settings.has_api_key, true);
  assert.equal(read.settings.temperature, 0.3);
  const dump = await kvDump(t);
  assert.ok(!dump.includes(KEY), "the plain key is nowhere in KV");
  assert.ok(!dump.includes("0123456789"), "no fragment of the key's middle either");

  // Sending the masked value back keeps the stored key.
  const again = await t.request("PUT", "/api/ai/settings", {
    as: "admin",
    json: { ...SETTINGS, api_key: "sk-****abcd", max_tokens: 4000 },
  });
  assert.equal(again.status, 200);
  const after = (await (await t.request("GET", "/api/ai/settings", { as: "admin" })).json()).settings;
  assert.equal(after.api_key, "sk-****abcd");
  assert.equal(after.max_tokens, 4000);
  const { entries } = await listAuditEntries(t.kv);
  assert.equal(entries[0].entity, "ai_settings");
  assert.equal((entries[0].after as { keyChanged: boolean }).keyChanged, false);
  assert.ok(!JSON.stringify(entries).includes(KEY));

  // A new key replaces it.
  await t.request("PUT", "/api/ai/settings", {
    as: "admin",
    json: { ...SETTINGS, api_key: "sk-new-key-zzzz9999" },
  });
  assert.equal(
    (await (await t.request("GET", "/api/ai/settings", { as: "admin" })).json()).settings.api_key,
    "sk-****9999",
  );
});

Deno.test("PUT /api/ai/settings validates every field with the part 3 messages", async () => {
  using t = await testApp();
  const cases: [Record<string, unknown>, string, string][] = [
    [{ ...SETTINGS, model: "" }, "请选择AI模型", "model"],
    [{ ...SETTINGS, api_key: " " }, "请输入API密钥", "api_key"],
    [{ ...SETTINGS, temperature: 1.1 }, "温度参数必须在0-1之间", "temperature"],
    [{ ...SETTINGS, temperature: 0.25 }, "温度参数必须在0-1之间", "temperature"],
    [{ ...SETTINGS, max_tokens: 50 }, "Token数必须在100-4000之间", "max_tokens"],
    [{ ...SETTINGS, max_tokens: 4100 }, "Token数必须在100-4000之间", "max_tokens"],
    [{ ...SETTINGS, max_tokens: 150 }, "Token数必须在100-4000之间", "max_tokens"],
    [{ ...SETTINGS, system_prompt: "" }, "请输入系统提示词", "system_prompt"],
    [{ ...SETTINGS, base_url: "ftp://x" }, "请输入有效的接口地址（http或https开头）", "base_url"],
  ];
  for (const [json, error, field] of cases) {
    const res = await t.request("PUT", "/api/ai/settings", { as: "admin", json });
    assert.equal(res.status, 400, JSON.stringify(json));
    assert.deepEqual(await res.json(), { success: false, code: "VALIDATION_FAILED", error, field });
  }
  for (const edge of [{ temperature: 0, max_tokens: 100 }, { temperature: 1, max_tokens: 4000 }]) {
    assert.equal(
      (await t.request("PUT", "/api/ai/settings", { as: "admin", json: { ...SETTINGS, ...edge } })).status,
      200,
    );
  }
});

/** A fake OpenAI-compatible server on 127.0.0.1 that accepts one key. */
function fakeProvider(acceptedKey: string) {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const url = new URL(req.url);
    if (req.method !== "POST" || url.pathname !== "/v1/chat/completions") {
      return new Response("no", { status: 404 });
    }
    await req.body?.cancel();
    if (req.headers.get("authorization") !== `Bearer ${acceptedKey}`) {
      return Response.json({ error: { message: "invalid key", type: "invalid_request_error" } }, {
        status: 401,
      });
    }
    return Response.json({
      id: "c1",
      object: "chat.completion",
      created: 1,
      model: "deepseek-chat",
      choices: [{ index: 0, message: { role: "assistant", content: "p" }, finish_reason: "length" }],
    });
  });
  return { server, baseUrl: `http://127.0.0.1:${server.addr.port}/v1` };
}

Deno.test("POST /api/ai/test-connection succeeds against a provider that accepts the key", async () => {
  using t = await testApp();
  const fake = fakeProvider(KEY);
  try {
    await t.request("PUT", "/api/ai/settings", {
      as: "admin",
      json: { ...SETTINGS, base_url: fake.baseUrl },
    });
    const res = await t.request("POST", "/api/ai/test-connection", { as: "admin" });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { success: true, message: "连接成功" });
  } finally {
    await fake.server.shutdown();
  }
});

Deno.test("POST /api/ai/test-connection answers AI_CONNECTION_FAILED for a wrong key or an unreachable address", async () => {
  using t = await testApp();
  const fake = fakeProvider("sk-another-key-1111");
  try {
    await t.request("PUT", "/api/ai/settings", {
      as: "admin",
      json: { ...SETTINGS, base_url: fake.baseUrl },
    });
    const res = await t.request("POST", "/api/ai/test-connection", { as: "admin" });
    assert.equal(res.status, 502);
    assert.deepEqual(await res.json(), {
      success: false,
      code: "AI_CONNECTION_FAILED",
      error: "连接失败：API密钥无效",
    });
  } finally {
    await fake.server.shutdown();
  }
  // The server is gone now: nothing listens on that port.
  const gone = await t.request("POST", "/api/ai/test-connection", { as: "admin" });
  assert.equal(gone.status, 502);
  assert.deepEqual(await gone.json(), {
    success: false,
    code: "AI_CONNECTION_FAILED",
    error: "连接失败：无法连接到AI服务，请检查接口地址或网络",
  });
});

Deno.test("sensitive words: create, list, update, duplicate refused, delete", async () => {
  using t = await testApp();
  const created = await t.request("POST", "/api/ai/sensitive-words", {
    as: "admin",
    json: { word: "赌博", replacement: "抱歉，无法回答" },
  });
  assert.equal(created.status, 201);
  const { word } = await created.json();
  assert.deepEqual(Object.keys(word).sort(), ["id", "replacement", "word"]);
  const dup = await t.request("POST", "/api/ai/sensitive-words", {
    as: "admin",
    json: { word: "赌博", replacement: "x" },
  });
  assert.equal(dup.status, 409);
  assert.deepEqual(await dup.json(), {
    success: false,
    code: "SENSITIVE_WORD_TAKEN",
    error: "敏感词已存在",
    field: "word",
  });
  await t.request("POST", "/api/ai/sensitive-words", {
    as: "admin",
    json: { word: "毒品", replacement: "y" },
  });
  const clash = await t.request("PUT", `/api/ai/sensitive-words/${word.id}`, {
    as: "admin",
    json: { word: "毒品", replacement: "z" },
  });
  assert.equal(clash.status, 409);
  const upd = await t.request("PUT", `/api/ai/sensitive-words/${word.id}`, {
    as: "admin",
    json: { word: "博彩", replacement: "无法回答" },
  });
  assert.equal(upd.status, 200);
  const list = await (await t.request("GET", "/api/ai/sensitive-words", { as: "admin" })).json();
  assert.deepEqual(list.words.map((w: { word: string }) => w.word).sort(), ["博彩", "毒品"]);
  // The old word is free again.
  assert.equal(
    (await t.request("POST", "/api/ai/sensitive-words", {
      as: "admin",
      json: { word: "赌博", replacement: "q" },
    })).status,
    201,
  );
  const del = await t.request("DELETE", `/api/ai/sensitive-words/${word.id}`, { as: "admin" });
  assert.equal(del.status, 200);
  const again = await t.request("DELETE", `/api/ai/sensitive-words/${word.id}`, { as: "admin" });
  assert.equal(again.status, 404);
  assert.deepEqual(await again.json(), {
    success: false,
    code: "SENSITIVE_WORD_NOT_FOUND",
    error: "敏感词不存在",
  });
  const missing = await t.request("PUT", "/api/ai/sensitive-words/nope", {
    as: "admin",
    json: { word: "a", replacement: "b" },
  });
  assert.equal(missing.status, 404);
});

Deno.test("sensitive words are 1-100 characters each", async () => {
  using t = await testApp();
  const cases: [Record<string, unknown>, string, string][] = [
    [{ word: "a".repeat(101), replacement: "b" }, "长度在 1 到 100 个字符", "word"],
    [{ word: "a", replacement: "b".repeat(101) }, "长度在 1 到 100 个字符", "replacement"],
    [{ word: "", replacement: "b" }, "请输入敏感词", "word"],
    [{ word: "a" }, "请输入替换内容", "replacement"],
  ];
  for (const [json, error, field] of cases) {
    const res = await t.request("POST", "/api/ai/sensitive-words", { as: "admin", json });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { success: false, code: "VALIDATION_FAILED", error, field });
  }
  const edge = await t.request("POST", "/api/ai/sensitive-words", {
    as: "admin",
    json: { word: "a".repeat(100), replacement: "b" },
  });
  assert.equal(edge.status, 201);
});
