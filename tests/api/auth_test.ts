import assert from "node:assert/strict";
import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_LOCK_AFTER_ADDRESS,
  LOGIN_LOCK_AFTER_USERNAME,
  LOGIN_SLOWDOWN_AFTER,
  SESSION_IDLE_TIMEOUT_MS,
  TOKEN_RENEW_BEFORE_MS,
  TOKEN_TTL_MS,
} from "../../common/constants.ts";
import { PERMISSION_CODES, SUPER_ADMIN_ROLE } from "../../common/permissions.ts";
import { listLoginAttempts } from "../../server/kv/login_audit.ts";
import { getSession } from "../../server/kv/sessions.ts";
import { getUser } from "../../server/kv/users.ts";
import { loginDelayMs } from "../../server/services/auth/login_throttle.ts";
import { verifyToken } from "../../server/services/auth/tokens.ts";
import { ADMIN_PASSWORD, type TestApp, testApp } from "../helpers/test_app.ts";

async function newCaptcha(t: TestApp): Promise<string> {
  return (await (await t.request("GET", "/api/captcha/generate")).json()).captchaId;
}

/** Signs in through the API with a fresh captcha; `address` goes in as the socket's remote address. */
async function login(
  t: TestApp,
  username: string,
  password: string,
  options: { address?: string; captchaText?: string } = {},
): Promise<Response> {
  const json = {
    username,
    password,
    captchaId: await newCaptcha(t),
    captchaText: options.captchaText ?? "test",
  };
  const init = {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(json),
  };
  return await t.app.request("/api/auth/login", init, {
    remoteAddr: { hostname: options.address ?? "127.0.0.1" },
  });
}

async function loginToken(t: TestApp, username = "admin", password = ADMIN_PASSWORD): Promise<string> {
  const res = await login(t, username, password);
  assert.equal(res.status, 200);
  return (await res.json()).token;
}

/** Any route that needs a token (admin passes its permission check). */
function authedCall(t: TestApp, token: string) {
  return t.request("GET", "/api/invitation-codes", { as: token });
}

const WRONG = { success: false, code: "INVALID_CREDENTIALS", error: "用户名或密码错误" };

Deno.test("POST /api/auth/login signs in: token, user, session, lastLoginAt, audit", async () => {
  using t = await testApp();
  const res = await login(t, "admin", ADMIN_PASSWORD, { address: "10.1.2.3" });
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  const body = await res.json();
  assert.equal(body.success, true);
  assert.deepEqual(body.user, {
    id: 1,
    username: "admin",
    email: "admin@example.com",
    role: SUPER_ADMIN_ROLE,
    permissions: [...PERMISSION_CODES],
    domain: "",
  });
  const claims = await verifyToken(t.deps.signingKey, body.token, t.clock.now());
  assert.equal(claims.userId, 1);
  assert.equal((await getSession(t.kv, claims.sid))?.address, "10.1.2.3");
  assert.equal((await getUser(t.kv, 1))?.lastLoginAt, t.clock.now());
  assert.equal((await authedCall(t, body.token)).status, 200);
  const { entries } = await listLoginAttempts(t.kv);
  assert.deepEqual(entries.map((e) => [e.username, e.address, e.success, e.code, e.at]), [
    ["admin", "10.1.2.3", true, null, t.clock.now()],
  ]);
});

Deno.test("POST /api/auth/login: the username is case-insensitive, a member gets its role's permissions", async () => {
  using t = await testApp();
  const member = await t.userWith(["mediation"], { username: "Lawyer01", role: "律师" });
  const res = await login(t, "lawyer01", member.password);
  assert.equal(res.status, 200);
  const { user } = await res.json();
  assert.deepEqual(user, {
    id: member.user.id,
    username: "Lawyer01",
    email: "member@example.com",
    role: "律师",
    permissions: ["mediation"],
    domain: "",
  });
});

Deno.test("POST /api/auth/login validates the form in Chinese", async () => {
  using t = await testApp();
  const captchaId = await newCaptcha(t);
  const base = { username: "admin", password: ADMIN_PASSWORD, captchaId, captchaText: "test" };
  const cases: [unknown, string, string][] = [
    [{ ...base, username: "ab" }, "用户名长度在 3 到 15 个字符", "username"],
    [{ ...base, username: "a".repeat(16) }, "用户名长度在 3 到 15 个字符", "username"],
    [{ ...base, username: "" }, "请输入用户名（3-15个字符）", "username"],
    [{ ...base, username: undefined }, "请输入用户名（3-15个字符）", "username"],
    [{ ...base, password: "12345" }, "密码长度在 6 到 20 个字符", "password"],
    [{ ...base, password: "x".repeat(21) }, "密码长度在 6 到 20 个字符", "password"],
    [{ ...base, password: "" }, "请输入密码", "password"],
    [{ ...base, captchaText: "" }, "请输入验证码", "captchaText"],
  ];
  for (const [json, error, field] of cases) {
    const res = await t.request("POST", "/api/auth/login", { json });
    assert.equal(res.status, 400, error);
    assert.deepEqual(await res.json(), { success: false, code: "VALIDATION_FAILED", error, field });
  }
  const notJson = await t.app.request("/api/auth/login", {
    method: "POST",
    body: "{",
    headers: { "content-type": "application/json" },
  });
  assert.equal(notJson.status, 400);
  assert.equal((await notJson.json()).code, "VALIDATION_FAILED");
});

Deno.test("POST /api/auth/login with a wrong captcha answers CAPTCHA_INVALID, uses the captcha up, is audited", async () => {
  using t = await testApp();
  const captchaId = await newCaptcha(t);
  const body = { username: "admin", password: ADMIN_PASSWORD, captchaId };
  const wrong = await t.request("POST", "/api/auth/login", { json: { ...body, captchaText: "nope" } });
  assert.equal(wrong.status, 400);
  assert.deepEqual(await wrong.json(), {
    success: false,
    code: "CAPTCHA_INVALID",
    error: "验证码错误",
    field: "captchaText",
  });
  const retry = await t.request("POST", "/api/auth/login", { json: { ...body, captchaText: "test" } });
  assert.equal(retry.status, 400);
  assert.equal((await retry.json()).code, "CAPTCHA_EXPIRED");
  assert.equal((await getUser(t.kv, 1))?.lastLoginAt, null);
  const { entries } = await listLoginAttempts(t.kv);
  assert.deepEqual(
    entries.map((e) => [e.username, e.success, e.code]),
    [["admin", false, "CAPTCHA_EXPIRED"], ["admin", false, "CAPTCHA_INVALID"]],
    "both failed sign-ins are in the login audit",
  );
});

Deno.test("POST /api/auth/login: one captcha serves one attempt, successful or not", async () => {
  using t = await testApp();
  const captchaId = await newCaptcha(t);
  const json = { username: "admin", password: ADMIN_PASSWORD, captchaId, captchaText: "test" };
  assert.equal((await t.request("POST", "/api/auth/login", { json })).status, 200);
  const second = await t.request("POST", "/api/auth/login", { json });
  assert.equal(second.status, 400);
  assert.deepEqual(await second.json(), {
    success: false,
    code: "CAPTCHA_EXPIRED",
    error: "验证码已过期，请点击图片刷新",
    field: "captchaText",
  });

  const failedId = await newCaptcha(t);
  const failed = { ...json, password: "wrong-pass", captchaId: failedId };
  assert.deepEqual(await (await t.request("POST", "/api/auth/login", { json: failed })).json(), WRONG);
  const reuse = await t.request("POST", "/api/auth/login", { json: { ...json, captchaId: failedId } });
  assert.equal((await reuse.json()).code, "CAPTCHA_EXPIRED");
});

Deno.test("POST /api/auth/login: concurrent attempts with one captcha, only one gets past it", async () => {
  using t = await testApp();
  const captchaId = await newCaptcha(t);
  const json = { username: "admin", password: ADMIN_PASSWORD, captchaId, captchaText: "test" };
  const results = await Promise.all(
    Array.from({ length: 5 }, () => t.request("POST", "/api/auth/login", { json }).then((r) => r.status)),
  );
  assert.deepEqual(results.sort(), [200, 400, 400, 400, 400]);
});

Deno.test("POST /api/auth/login: wrong password and unknown username get the same answer", async () => {
  using t = await testApp();
  const wrong = await login(t, "admin", "wrong-pass");
  assert.equal(wrong.status, 400);
  assert.deepEqual(await wrong.json(), WRONG);
  const unknown = await login(t, "nobody", "whatever1");
  assert.equal(unknown.status, 400);
  assert.deepEqual(await unknown.json(), WRONG);
  const { entries } = await listLoginAttempts(t.kv);
  assert.deepEqual(entries.map((e) => [e.username, e.success, e.code]), [
    ["nobody", false, "INVALID_CREDENTIALS"],
    ["admin", false, "INVALID_CREDENTIALS"],
  ]);
});

Deno.test("loginDelayMs() is zero up to the slowdown point, then 500 ms per failure up to 3 s", () => {
  assert.equal(loginDelayMs(0), 0);
  assert.equal(loginDelayMs(LOGIN_SLOWDOWN_AFTER - 1), 0);
  assert.equal(loginDelayMs(LOGIN_SLOWDOWN_AFTER), 500);
  assert.equal(loginDelayMs(LOGIN_SLOWDOWN_AFTER + 1), 1000);
  assert.equal(loginDelayMs(LOGIN_SLOWDOWN_AFTER + 5), 3000);
  assert.equal(loginDelayMs(100), 3000);
});

Deno.test("POST /api/auth/login slows down after failures, locks the username, unlocks after the window", async () => {
  using t = await testApp();
  const delays: number[] = [];
  for (let i = 0; i < LOGIN_LOCK_AFTER_USERNAME; i++) {
    const before = t.clock.now();
    assert.deepEqual(await (await login(t, "admin", "wrong-pass")).json(), WRONG);
    delays.push(t.clock.now() - before);
  }
  assert.deepEqual(delays, [0, 0, 0, 500, 1000]);

  const locked = await login(t, "ADMIN", ADMIN_PASSWORD);
  assert.equal(locked.status, 429);
  assert.deepEqual(await locked.json(), {
    success: false,
    code: "LOGIN_LOCKED",
    error: "登录失败次数过多，请15分钟后再试",
  });
  t.clock.advance(LOGIN_FAILURE_WINDOW_MS - 5 * 60_000);
  assert.equal(
    (await (await login(t, "admin", ADMIN_PASSWORD)).json()).error,
    "登录失败次数过多，请5分钟后再试",
  );
  // another username from the same address is not locked
  const other = await t.userWith(["dashboard"], { username: "other1" });
  assert.equal((await login(t, "other1", other.password)).status, 200);

  t.clock.advance(5 * 60_000);
  const before = t.clock.now();
  const res = await login(t, "admin", ADMIN_PASSWORD);
  assert.equal(res.status, 200);
  assert.equal(t.clock.now() - before, 0, "no delay once the window has passed");
  const { entries } = await listLoginAttempts(t.kv, { limit: 3 });
  assert.deepEqual(entries.map((e) => [e.username, e.code]), [["admin", null], ["other1", null], [
    "admin",
    "LOGIN_LOCKED",
  ]]);
});

Deno.test("POST /api/auth/login: a success clears the username's failures (the address keeps its own)", async () => {
  using t = await testApp();
  const a = { address: "192.0.2.1" };
  const b = { address: "192.0.2.2" };
  for (let i = 0; i < LOGIN_LOCK_AFTER_USERNAME - 1; i++) await login(t, "admin", "wrong-pass", a);
  assert.equal((await login(t, "admin", ADMIN_PASSWORD, a)).status, 200);
  for (let i = 0; i < LOGIN_LOCK_AFTER_USERNAME - 1; i++) {
    const before = t.clock.now();
    assert.equal((await login(t, "admin", "wrong-pass", b)).status, 400);
    assert.equal(t.clock.now() - before, loginDelayMs(i), `failure ${i + 1} from a fresh address`);
  }
  assert.equal(
    (await login(t, "admin", ADMIN_PASSWORD, b)).status,
    200,
    "4 failures since the success: not locked",
  );
  // address a still has its failures, so an attempt from it is slowed
  const before = t.clock.now();
  await login(t, "admin", ADMIN_PASSWORD, a);
  assert.equal(t.clock.now() - before, loginDelayMs(LOGIN_LOCK_AFTER_USERNAME - 1));
});

Deno.test("POST /api/auth/login locks an address after many failures, other addresses still sign in", async () => {
  using t = await testApp();
  for (let i = 0; i < LOGIN_LOCK_AFTER_ADDRESS; i++) {
    const res = await login(t, `guess${i % 5}`, "wrong-pass", { address: "203.0.113.9" });
    assert.equal(res.status, 400, `attempt ${i + 1}`);
  }
  const locked = await login(t, "admin", ADMIN_PASSWORD, { address: "203.0.113.9" });
  assert.equal(locked.status, 429);
  assert.equal((await locked.json()).code, "LOGIN_LOCKED");
  assert.equal((await login(t, "admin", ADMIN_PASSWORD, { address: "198.51.100.1" })).status, 200);
});

Deno.test("POST /api/auth/login without a socket address records 'unknown'", async () => {
  using t = await testApp();
  const json = {
    username: "admin",
    password: ADMIN_PASSWORD,
    captchaId: await newCaptcha(t),
    captchaText: "test",
  };
  const res = await t.app.request("/api/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(json),
  });
  assert.equal(res.status, 200);
  assert.equal((await listLoginAttempts(t.kv)).entries[0].address, "unknown");
});

Deno.test("POST /api/auth/logout ends the session: the same token then answers TOKEN_INVALID", async () => {
  using t = await testApp();
  const token = await loginToken(t);
  const other = await loginToken(t);
  const res = await t.request("POST", "/api/auth/logout", { as: token });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { success: true });
  const after = await authedCall(t, token);
  assert.equal(after.status, 401);
  assert.deepEqual(await after.json(), {
    success: false,
    code: "TOKEN_INVALID",
    error: "Token已失效，请重新登录",
  });
  assert.equal((await t.request("POST", "/api/auth/logout", { as: token })).status, 401);
  assert.equal((await authedCall(t, other)).status, 200, "the user's other session stays");
});

Deno.test("POST /api/auth/logout without a token answers AUTH_REQUIRED", async () => {
  using t = await testApp();
  const res = await t.request("POST", "/api/auth/logout");
  assert.equal(res.status, 401);
  assert.deepEqual(await res.json(), { success: false, code: "AUTH_REQUIRED", error: "请先登录" });
});

Deno.test("user-id and username headers identify nobody", async () => {
  using t = await testApp();
  const headers = { "user-id": "1", "username": "admin", "userid": "1" };
  for (const [method, path] of [["POST", "/api/auth/logout"], ["GET", "/api/invitation-codes"]]) {
    const res = await t.request(method, path, { headers });
    assert.equal(res.status, 401, path);
    assert.equal((await res.json()).code, "AUTH_REQUIRED");
  }
  const member = await t.userWith(["dashboard"]);
  const res = await t.request("GET", "/api/invitation-codes", { as: member, headers });
  assert.equal(res.status, 403, "a member claiming to be user 1 is still the member");
});

Deno.test("a token near expiry is renewed through the new-token header while the session stays active", async () => {
  using t = await testApp();
  const token = await loginToken(t);
  const step = SESSION_IDLE_TIMEOUT_MS - 60_000;
  let elapsed = 0;
  let renewed: string | null = null;
  while (elapsed + step < TOKEN_TTL_MS) {
    t.clock.advance(step);
    elapsed += step;
    const res = await authedCall(t, token);
    assert.equal(res.status, 200, `after ${elapsed} ms`);
    const header = res.headers.get("new-token");
    if (elapsed <= TOKEN_TTL_MS - TOKEN_RENEW_BEFORE_MS) {
      assert.equal(header, null, `no renewal yet at ${elapsed} ms`);
    } else {
      assert.ok(header, `renewed at ${elapsed} ms`);
      renewed = header;
    }
  }
  assert.ok(renewed);
  const claims = await verifyToken(t.deps.signingKey, renewed, t.clock.now());
  assert.ok(claims.expiresAt > t.clock.now() + TOKEN_TTL_MS - 1000);

  // the old token runs out at TOKEN_TTL_MS; the renewed one keeps the same session going
  t.clock.advance(TOKEN_TTL_MS - elapsed);
  const expired = await authedCall(t, token);
  assert.equal(expired.status, 401);
  assert.deepEqual(await expired.json(), {
    success: false,
    code: "TOKEN_EXPIRED",
    error: "登录已过期，请重新登录",
  });
  const fresh = await authedCall(t, renewed);
  assert.equal(fresh.status, 200);
  assert.equal(fresh.headers.get("new-token"), null);
});

Deno.test("a session idle for SESSION_IDLE_TIMEOUT_MS answers SESSION_TIMEOUT, and stays ended", async () => {
  using t = await testApp();
  const token = await loginToken(t);
  t.clock.advance(SESSION_IDLE_TIMEOUT_MS - 1000);
  assert.equal((await authedCall(t, token)).status, 200);
  t.clock.advance(SESSION_IDLE_TIMEOUT_MS + 1);
  const res = await authedCall(t, token);
  assert.equal(res.status, 401);
  assert.deepEqual(await res.json(), {
    success: false,
    code: "SESSION_TIMEOUT",
    error: "会话已超时，请重新登录",
  });
  assert.equal((await (await authedCall(t, token)).json()).code, "TOKEN_INVALID");
});

Deno.test("a public route with a stale token still answers", async () => {
  using t = await testApp();
  const token = await loginToken(t);
  await t.request("POST", "/api/auth/logout", { as: token });
  const res = await t.request("GET", "/api/captcha/generate", { as: token });
  assert.equal(res.status, 200);
});
