import assert from "node:assert/strict";
import { CAPTCHA_MAX_WRONG_TRIES, CAPTCHA_TTL_MS } from "../../common/constants.ts";
import type { StoredCaptcha } from "../../server/kv/captchas.ts";
import { ADMIN_PASSWORD, type TestApp, testApp } from "../helpers/test_app.ts";

async function newCaptcha(t: TestApp): Promise<string> {
  const res = await t.request("GET", "/api/captcha/generate");
  assert.equal(res.status, 200);
  return (await res.json()).captchaId;
}

function verify(t: TestApp, captchaId: string, captchaText: string) {
  return t.request("POST", "/api/captcha/verify", { json: { captchaId, captchaText } });
}

const INVALID = { success: false, code: "CAPTCHA_INVALID", error: "验证码错误", field: "captchaText" };
const EXPIRED = {
  success: false,
  code: "CAPTCHA_EXPIRED",
  error: "验证码已过期，请点击图片刷新",
  field: "captchaText",
};

Deno.test("GET /api/captcha/generate answers an id and an SVG image, without a token", async () => {
  using t = await testApp();
  const res = await t.request("GET", "/api/captcha/generate");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  assert.equal(res.headers.get("cache-control"), "no-store");
  const body = await res.json();
  assert.equal(body.success, true);
  assert.match(body.captchaId, /^[0-9a-f]{32}$/);
  assert.match(body.captchaImage, /^<svg[\s\S]*<\/svg>$/);
  const second = await (await t.request("GET", "/api/captcha/generate")).json();
  assert.notEqual(second.captchaId, body.captchaId);
});

Deno.test("captchaTestText makes every captcha's answer that text", async () => {
  using t = await testApp({ captchaTestText: "ab12" });
  const id = await newCaptcha(t);
  const stored = await t.kv.get<StoredCaptcha>(["captchas", id]);
  assert.equal(stored.value?.answer, "ab12");
  assert.equal((await verify(t, id, "AB12")).status, 200);
});

Deno.test("a real captcha (no test text) has a random 4-character answer, checked case-insensitively", async () => {
  using t = await testApp({ captchaTestText: null });
  const id = await newCaptcha(t);
  const answer = (await t.kv.get<StoredCaptcha>(["captchas", id])).value?.answer ?? "";
  assert.match(answer, /^[a-z2-9]{4}$/i);
  assert.equal(answer, answer.toLowerCase());
  assert.deepEqual(
    await (await verify(t, id, "test")).json(),
    answer === "test" ? { success: true } : INVALID,
  );
  const res = await verify(t, id, ` ${answer.toUpperCase()} `);
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { success: true });
});

Deno.test("POST /api/captcha/verify does not use the captcha up: the sign-in after it succeeds", async () => {
  using t = await testApp();
  const id = await newCaptcha(t);
  assert.deepEqual(await (await verify(t, id, "TEST")).json(), { success: true });
  assert.deepEqual(await (await verify(t, id, "test")).json(), { success: true });
  const login = await t.request("POST", "/api/auth/login", {
    json: { username: "admin", password: ADMIN_PASSWORD, captchaId: id, captchaText: "test" },
  });
  assert.equal(login.status, 200);
  assert.equal((await login.json()).success, true);
  // the sign-in did use it up
  const again = await verify(t, id, "test");
  assert.equal(again.status, 400);
  assert.deepEqual(await again.json(), EXPIRED);
});

Deno.test("POST /api/captcha/verify refuses a wrong answer, and voids the captcha after too many", async () => {
  using t = await testApp();
  const id = await newCaptcha(t);
  for (let i = 0; i < CAPTCHA_MAX_WRONG_TRIES; i++) {
    const res = await verify(t, id, "nope");
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), INVALID);
  }
  assert.deepEqual(await (await verify(t, id, "test")).json(), EXPIRED);
});

Deno.test("POST /api/captcha/verify: one wrong answer leaves the captcha usable", async () => {
  using t = await testApp();
  const id = await newCaptcha(t);
  assert.deepEqual(await (await verify(t, id, "nope")).json(), INVALID);
  assert.deepEqual(await (await verify(t, id, "test")).json(), { success: true });
});

Deno.test("a captcha expires after CAPTCHA_TTL_MS", async () => {
  using t = await testApp();
  const id = await newCaptcha(t);
  t.clock.advance(CAPTCHA_TTL_MS - 1);
  assert.deepEqual(await (await verify(t, id, "test")).json(), { success: true });
  t.clock.advance(1);
  const res = await verify(t, id, "test");
  assert.equal(res.status, 400);
  assert.deepEqual(await res.json(), EXPIRED);
  assert.equal((await t.kv.get(["captchas", id])).value, null, "an expired captcha is deleted");
});

Deno.test("POST /api/captcha/verify with an unknown id answers CAPTCHA_EXPIRED", async () => {
  using t = await testApp();
  const res = await verify(t, "0".repeat(32), "test");
  assert.equal(res.status, 400);
  assert.deepEqual(await res.json(), EXPIRED);
});

Deno.test("POST /api/captcha/verify validates its body in Chinese", async () => {
  using t = await testApp();
  const id = await newCaptcha(t);
  const cases: [unknown, string, string][] = [
    [{ captchaId: id }, "请输入验证码", "captchaText"],
    [{ captchaId: id, captchaText: "  " }, "请输入验证码", "captchaText"],
    [{ captchaText: "test" }, "请刷新验证码", "captchaId"],
    [{ captchaId: "x".repeat(5000), captchaText: "test" }, "请刷新验证码", "captchaId"],
  ];
  for (const [json, error, field] of cases) {
    const res = await t.request("POST", "/api/captcha/verify", { json });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { success: false, code: "VALIDATION_FAILED", error, field });
  }
});
