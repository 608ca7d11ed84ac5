/**
 * Issue #25 finding 5: the stored model key never follows a new address, and the model address is
 * never link-local (where cloud metadata services answer).
 */
import assert from "node:assert/strict";
import { getAiSettings, saveAiSettings } from "../../server/kv/ai_settings.ts";
import { assertModelAddressAllowed } from "../../server/services/llm/model_address.ts";
import { fakeAnswer, startFakeOpenAi } from "../helpers/fake_openai.ts";
import { testApp } from "../helpers/test_app.ts";

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
const LINK_LOCAL = "接口地址不能使用链路本地地址（169.254.0.0/16、fe80::/10）";

Deno.test("PUT /api/ai/settings: a new base_url with the masked key is refused; the key never reaches the new host", async () => {
  using t = await testApp({ aiSecretKey: "test-ai-secret-key-material" });
  await using fake = await startFakeOpenAi();
  fake.fallback = fakeAnswer("p");
  assert.equal((await t.request("PUT", "/api/ai/settings", { as: "admin", json: SETTINGS })).status, 200);
  const masked =
    (await (await t.request("GET", "/api/ai/settings", { as: "admin" })).json()).settings.api_key;
  const moved = await t.request("PUT", "/api/ai/settings", {
    as: "admin",
    json: { ...SETTINGS, api_key: masked, base_url: fake.baseUrl },
  });
  assert.equal(moved.status, 400);
  assert.deepEqual(await moved.json(), {
    success: false,
    code: "AI_KEY_REQUIRED_FOR_NEW_URL",
    error: "接口地址已更改，请重新输入API密钥",
    field: "api_key",
  });
  assert.equal((await getAiSettings(t.kv)).base_url, SETTINGS.base_url);
  await t.request("POST", "/api/ai/test-connection", { as: "admin" });
  assert.deepEqual(fake.requests.map((r) => r.authorization), [], "nothing was sent to the new host");

  // The masked key with the same address keeps the key; the key typed again may go to a new address.
  const same = await t.request("PUT", "/api/ai/settings", {
    as: "admin",
    json: { ...SETTINGS, api_key: masked },
  });
  assert.equal(same.status, 200);
  const typed = await t.request("PUT", "/api/ai/settings", {
    as: "admin",
    json: { ...SETTINGS, api_key: "sk-new-key-for-the-new-host-9999", base_url: fake.baseUrl },
  });
  assert.equal(typed.status, 200);
  assert.equal((await t.request("POST", "/api/ai/test-connection", { as: "admin" })).status, 200);
  assert.deepEqual(fake.chatRequests.map((r) => r.authorization), [
    "Bearer sk-new-key-for-the-new-host-9999",
  ]);
});

Deno.test("PUT /api/ai/settings refuses link-local model addresses in every spelling", async () => {
  using t = await testApp({ aiSecretKey: "test-ai-secret-key-material" });
  for (
    const base_url of [
      "http://169.254.169.254/v1",
      "http://169.254.0.1:8080",
      "http://2852039166/latest",
      "http://0xa9fea9fe/",
      "http://[fe80::1]/v1",
      "http://[febf::abcd]:443/v1",
      "http://[::ffff:169.254.169.254]/",
    ]
  ) {
    const res = await t.request("PUT", "/api/ai/settings", { as: "admin", json: { ...SETTINGS, base_url } });
    assert.equal(res.status, 400, base_url);
    assert.deepEqual(await res.json(), {
      success: false,
      code: "VALIDATION_FAILED",
      error: LINK_LOCAL,
      field: "base_url",
    }, base_url);
  }
  for (const base_url of ["http://127.0.0.1:8080/v1", "http://[fec0::1]/v1", "https://api.deepseek.com/v1"]) {
    const res = await t.request("PUT", "/api/ai/settings", { as: "admin", json: { ...SETTINGS, base_url } });
    assert.equal(res.status, 200, base_url);
  }
});

Deno.test("POST /api/ai/test-connection refuses a stored link-local address before connecting", async () => {
  using t = await testApp({ aiSecretKey: "test-ai-secret-key-material" });
  assert.equal((await t.request("PUT", "/api/ai/settings", { as: "admin", json: SETTINGS })).status, 200);
  // Saved before the rule existed.
  await saveAiSettings(t.kv, { ...await getAiSettings(t.kv), base_url: "http://169.254.169.254/v1" });
  const res = await t.request("POST", "/api/ai/test-connection", { as: "admin" });
  assert.equal(res.status, 400);
  assert.deepEqual(await res.json(), { success: false, code: "AI_BASE_URL_FORBIDDEN", error: LINK_LOCAL });
});

Deno.test("assertModelAddressAllowed() refuses a host name that resolves to a link-local address", async () => {
  const resolve = (host: string, type: "A" | "AAAA") =>
    Promise.resolve(host === "metadata.example" && type === "A" ? ["169.254.169.254"] : []);
  await assert.rejects(
    () => assertModelAddressAllowed("http://metadata.example/v1", resolve),
    (err: Error & { code?: string }) => err.code === "AI_BASE_URL_FORBIDDEN",
  );
  await assertModelAddressAllowed("https://api.example/v1", resolve);
  const failing = () => Promise.reject(new Error("no DNS"));
  await assertModelAddressAllowed("https://api.example/v1", failing);
});
