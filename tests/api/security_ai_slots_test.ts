/**
 * Issue #25 finding 4: one user could hold every model slot (six hanging chat answers took the four
 * server-wide slots and another user's answer waited). Now each user has at most
 * AI_MAX_CALLS_PER_USER calls and open streams; a person over it is told 请稍候，您已有进行中的AI请求
 * and nothing is charged, and the other users' calls start at once.
 */
import assert from "node:assert/strict";
import { AI_MAX_CALLS_PER_USER, AI_MAX_CONCURRENT_CALLS } from "../../common/constants.ts";
import { getQuotas } from "../../server/kv/quotas.ts";
import { type FakeOpenAi, startFakeOpenAi } from "../helpers/fake_openai.ts";
import { type SeededUser, type TestApp, testApp } from "../helpers/test_app.ts";

const BUSY = "请稍候，您已有进行中的AI请求";

async function configureAi(t: TestApp, fake: FakeOpenAi) {
  const res = await t.request("PUT", "/api/ai/settings", {
    as: "admin",
    json: {
      model: "fake-chat",
      api_key: "sk-test-0000000000001",
      base_url: fake.baseUrl,
      temperature: 0.3,
      max_tokens: 1500,
      system_prompt: "你是一名法律助理。",
      enable_sensitive_filter: false,
    },
  });
  assert.equal(res.status, 200);
}

/** Asks in a new conversation; a 200 answer stream is read in the background until cancelled. */
async function ask(t: TestApp, as: SeededUser) {
  const conv = await (await t.request("POST", "/api/ai-chat/conversations", { as, json: {} })).json();
  const res = await t.request("POST", `/api/ai-chat/conversations/${conv.conversation.id}/messages`, {
    as,
    json: { content: "写一份起诉状" },
  });
  if (res.status !== 200) {
    return { status: res.status, body: await res.json(), text: Promise.resolve(""), stop() {} };
  }
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const text = (async () => {
    let all = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return all;
        all += decoder.decode(value);
      }
    } catch {
      return all;
    }
  })();
  return { status: 200, body: null, text, stop: () => void reader.cancel().catch(() => {}) };
}

async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 10));
  }
  return check();
}

async function aiLeft(t: TestApp, u: SeededUser): Promise<number> {
  return (await getQuotas(t.kv, u.user.id)).aiLimit;
}

Deno.test("a user's hanging answers hold at most their share of model slots; another user's answer starts at once", async () => {
  assert.ok(AI_MAX_CALLS_PER_USER < AI_MAX_CONCURRENT_CALLS);
  using t = await testApp();
  await using fake = await startFakeOpenAi();
  fake.fallback = { kind: "hang" };
  await configureAi(t, fake);
  const a = await t.userWith(["ai_document"], { quotas: { ai: 10 } });
  const b = await t.userWith(["ai_document"], { quotas: { ai: 10 } });
  const open: { stop(): void; text: Promise<string> }[] = [];
  const statuses: number[] = [];
  const refusals: unknown[] = [];
  try {
    // One after another, as a person opens tab after tab: each of the first ones reaches the model.
    for (let i = 0; i < AI_MAX_CONCURRENT_CALLS; i++) {
      const r = await ask(t, a);
      statuses.push(r.status);
      if (r.status === 200) {
        open.push(r);
        await waitFor(() => fake.chatRequests.length === open.length, 2_000);
      } else refusals.push(r.body);
    }
    const started = performance.now();
    const other = await ask(t, b);
    open.push(other);
    const reached = await waitFor(() => fake.chatRequests.length === open.length, 2_000);
    assert.ok(
      reached,
      `another user's answer did not start within 2 s (${(performance.now() - started).toFixed(0)} ms)`,
    );
    assert.equal(other.status, 200);
    assert.deepEqual(statuses, [
      ...Array(AI_MAX_CALLS_PER_USER).fill(200),
      ...Array(AI_MAX_CONCURRENT_CALLS - AI_MAX_CALLS_PER_USER).fill(429),
    ]);
    for (const body of refusals) {
      assert.deepEqual(body, { success: false, code: "AI_USER_BUSY", error: BUSY });
    }
    assert.equal(await aiLeft(t, a), 10 - AI_MAX_CALLS_PER_USER, "a refused question costs nothing");
  } finally {
    for (const r of open) r.stop();
    await Promise.all(open.map((r) => r.text));
  }
  // The slots come back when the answers end: the user may ask again.
  await waitFor(() => fake.chatRequests.every((r) => r.aborted), 2_000);
  const again = await ask(t, a);
  assert.equal(again.status, 200);
  again.stop();
  await again.text;
});

Deno.test("a burst of questions from one user: only their share reaches the model, the rest are told to wait and refunded", async () => {
  using t = await testApp();
  await using fake = await startFakeOpenAi();
  fake.fallback = { kind: "hang" };
  await configureAi(t, fake);
  const a = await t.userWith(["ai_document"], { quotas: { ai: 10 } });
  const burst = await Promise.all(Array.from({ length: 5 }, () => ask(t, a)));
  try {
    await waitFor(() => fake.chatRequests.length >= AI_MAX_CALLS_PER_USER, 2_000);
    // every refused one ends (429 before the stream, or an error event in it) with the message
    const ended = burst.filter((r) => r.status !== 200);
    const streamed = burst.filter((r) => r.status === 200);
    const finished = await Promise.all(
      streamed.map((r) =>
        Promise.race([r.text, new Promise<null>((res) => setTimeout(() => res(null), 1_500))])
      ),
    );
    const refusedInStream = finished.filter((text) => text !== null);
    for (const text of refusedInStream) assert.match(text!, /请稍候，您已有进行中的AI请求/);
    for (const r of ended) assert.equal((r.body as { error: string }).error, BUSY);
    assert.equal(ended.length + refusedInStream.length, 5 - AI_MAX_CALLS_PER_USER);
    assert.equal(fake.chatRequests.length, AI_MAX_CALLS_PER_USER);
    assert.equal(await aiLeft(t, a), 10 - AI_MAX_CALLS_PER_USER, "refused questions are refunded");
  } finally {
    for (const r of burst) r.stop();
    await Promise.all(burst.map((r) => r.text));
  }
});
