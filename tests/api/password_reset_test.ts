import assert from "node:assert/strict";
import {
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_RESEND_SECONDS,
  RESET_CODE_TTL_MS,
} from "../../common/constants.ts";
import type { ResetCode } from "../../server/kv/reset_codes.ts";
import { randomResetCode } from "../../server/services/auth/password_reset.ts";
import { type SeededUser, type TestApp, testApp } from "../helpers/test_app.ts";

const MEMBER = { username: "lawyer", email: "member@example.com" };

function sendCode(t: TestApp, json: unknown = MEMBER) {
  return t.request("POST", "/api/password/send-code", { json });
}

function resetPassword(t: TestApp, code: string, newPassword = "brand-new-1", username = MEMBER.username) {
  return t.request("POST", "/api/password/reset-password", { json: { username, code, newPassword } });
}

/** The code in the last mail sent. */
function lastCode(t: TestApp): string {
  const mail = t.sent.at(-1);
  assert.ok(mail, "a mail was sent");
  const match = /验证码为：(\d{6})/.exec(mail.text);
  assert.ok(match, mail.text);
  return match[1];
}

async function loginStatus(t: TestApp, password: string): Promise<number> {
  const captchaId = (await (await t.request("GET", "/api/captcha/generate")).json()).captchaId;
  const json = { username: MEMBER.username, password, captchaId, captchaText: "test" };
  return (await t.request("POST", "/api/auth/login", { json })).status;
}

async function seedMember(t: TestApp): Promise<SeededUser> {
  return await t.userWith(["dashboard"], { username: MEMBER.username });
}

function codeError(code: string, error: string) {
  return { success: false, code, error, field: "code" };
}

Deno.test("randomResetCode() gives 6 digits", () => {
  const codes = new Set(Array.from({ length: 200 }, () => randomResetCode()));
  for (const code of codes) assert.match(code, /^\d{6}$/);
  assert.ok(codes.size > 190);
});

Deno.test("POST /api/password/send-code mails a 6-digit code and keeps only its hash", async () => {
  using t = await testApp();
  const member = await seedMember(t);
  const res = await sendCode(t, { username: "LAWYER", email: "Member@Example.COM" });
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  assert.deepEqual(await res.json(), { success: true, message: "验证码已发送到您的邮箱" });
  assert.equal(t.sent.length, 1);
  assert.equal(t.sent[0].to, "member@example.com");
  assert.equal(t.sent[0].subject, "密码重置验证码");
  assert.match(t.sent[0].text, /10分钟内有效/);
  const code = lastCode(t);
  const stored = (await t.kv.get<ResetCode>(["reset_codes", member.user.id])).value;
  assert.ok(stored);
  assert.equal(stored.expiresAt, t.clock.now() + RESET_CODE_TTL_MS);
  assert.ok(!JSON.stringify(stored).includes(code), "the code itself is not stored");
});

Deno.test("POST /api/password/send-code refuses a username and email that do not match", async () => {
  using t = await testApp();
  await seedMember(t);
  for (const json of [{ ...MEMBER, email: "other@example.com" }, { ...MEMBER, username: "nobody" }]) {
    const res = await sendCode(t, json);
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), {
      success: false,
      code: "RESET_USER_MISMATCH",
      error: "用户名与注册邮箱不匹配",
    });
  }
  assert.equal(t.sent.length, 0);
});

Deno.test("POST /api/password/send-code validates in Chinese", async () => {
  using t = await testApp();
  const cases: [unknown, string, string][] = [
    [{ email: MEMBER.email }, "请输入用户名（3-15个字符）", "username"],
    [{ username: "ab", email: MEMBER.email }, "用户名长度在 3 到 15 个字符", "username"],
    [{ username: MEMBER.username }, "请输入邮箱", "email"],
    [{ username: MEMBER.username, email: "nope" }, "请输入正确的邮箱格式", "email"],
  ];
  for (const [json, error, field] of cases) {
    const res = await sendCode(t, json);
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { success: false, code: "VALIDATION_FAILED", error, field });
  }
});

Deno.test("POST /api/password/send-code refuses a re-send within 60 s, then replaces the code", async () => {
  using t = await testApp();
  await seedMember(t);
  assert.equal((await sendCode(t)).status, 200);
  const first = lastCode(t);
  const again = await sendCode(t);
  assert.equal(again.status, 429);
  assert.deepEqual(await again.json(), {
    success: false,
    code: "RESET_CODE_TOO_FREQUENT",
    error: `发送过于频繁，请${RESET_CODE_RESEND_SECONDS}秒后再试`,
  });
  t.clock.advance(35_500);
  assert.equal((await (await sendCode(t)).json()).error, "发送过于频繁，请25秒后再试");
  assert.equal(t.sent.length, 1);

  t.clock.advance(24_500);
  assert.equal((await sendCode(t)).status, 200);
  assert.equal(t.sent.length, 2);
  const second = lastCode(t);
  if (first !== second) {
    assert.deepEqual(
      await (await resetPassword(t, first)).json(),
      codeError("RESET_CODE_INVALID", "验证码错误或已过期"),
    );
  }
  assert.equal((await resetPassword(t, second)).status, 200);
});

Deno.test("POST /api/password/send-code answers MAIL_FAILED and keeps no code when mail fails", async () => {
  using t = await testApp();
  const member = await seedMember(t);
  const mailer = t.deps.mailer;
  t.deps.mailer = { send: () => Promise.reject(new Error("smtp down")) };
  const originalError = console.error;
  console.error = () => {};
  try {
    const res = await sendCode(t);
    assert.equal(res.status, 502);
    assert.deepEqual(await res.json(), { success: false, code: "MAIL_FAILED", error: "发送验证码失败" });
  } finally {
    console.error = originalError;
    t.deps.mailer = mailer;
  }
  assert.equal((await t.kv.get(["reset_codes", member.user.id])).value, null);
  assert.equal((await sendCode(t)).status, 200, "no re-send wait after a failed mail");
});

Deno.test("POST /api/password/reset-password sets the password, uses the code up, ends every session", async () => {
  using t = await testApp();
  const member = await seedMember(t);
  const secondSession = await t.issueToken(member.user.id);
  await sendCode(t);
  const res = await resetPassword(t, lastCode(t));
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { success: true, message: "密码重置成功" });

  for (const token of [member.token, secondSession]) {
    const old = await t.request("POST", "/api/auth/logout", { as: token });
    assert.equal(old.status, 401);
    assert.equal((await old.json()).code, "TOKEN_INVALID");
  }
  assert.equal(await loginStatus(t, member.password), 400);
  assert.equal(await loginStatus(t, "brand-new-1"), 200);

  const reuse = await resetPassword(t, lastCode(t), "another-pass");
  assert.equal(reuse.status, 400);
  assert.deepEqual(await reuse.json(), codeError("RESET_CODE_INVALID", "验证码错误或已过期"));
});

Deno.test("POST /api/password/reset-password: wrong codes count, and the code is void after too many", async () => {
  using t = await testApp();
  await seedMember(t);
  await sendCode(t);
  const code = lastCode(t);
  const wrong = code === "000000" ? "111111" : "000000";
  for (let i = 1; i < RESET_CODE_MAX_ATTEMPTS; i++) {
    const res = await resetPassword(t, wrong);
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), codeError("RESET_CODE_INVALID", "验证码错误或已过期"));
  }
  const last = await resetPassword(t, wrong);
  assert.equal(last.status, 429);
  const attempts = codeError("RESET_CODE_ATTEMPTS", "验证码错误次数过多，请重新获取验证码");
  assert.deepEqual(await last.json(), attempts);
  assert.deepEqual(
    await (await resetPassword(t, code)).json(),
    attempts,
    "even the right code is refused now",
  );
  assert.equal(await loginStatus(t, "brand-new-1"), 400);
});

Deno.test("POST /api/password/reset-password: an expired code or unknown user answers RESET_CODE_INVALID", async () => {
  using t = await testApp();
  await seedMember(t);
  await sendCode(t);
  const code = lastCode(t);
  assert.deepEqual(
    await (await resetPassword(t, code, "brand-new-1", "nobody")).json(),
    codeError("RESET_CODE_INVALID", "验证码错误或已过期"),
  );
  t.clock.advance(RESET_CODE_TTL_MS);
  const res = await resetPassword(t, code);
  assert.equal(res.status, 400);
  assert.deepEqual(await res.json(), codeError("RESET_CODE_INVALID", "验证码错误或已过期"));
});

Deno.test("POST /api/password/reset-password validates in Chinese", async () => {
  using t = await testApp();
  const cases: [Record<string, unknown>, string, string][] = [
    [{ code: "12345" }, "验证码长度应为6位", "code"],
    [{ code: "1234567" }, "验证码长度应为6位", "code"],
    [{ code: "" }, "请输入验证码", "code"],
    [{ newPassword: "12345" }, "密码长度在 6 到 20 个字符", "newPassword"],
    [{ username: "ab" }, "用户名长度在 3 到 15 个字符", "username"],
  ];
  for (const [fields, error, field] of cases) {
    const json = { username: MEMBER.username, code: "123456", newPassword: "brand-new-1", ...fields };
    const res = await t.request("POST", "/api/password/reset-password", { json });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { success: false, code: "VALIDATION_FAILED", error, field });
  }
});
