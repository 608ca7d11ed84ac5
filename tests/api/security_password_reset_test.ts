/** Issue #17 finding 7: the password reset answers the same for every username, and send-code is rate-limited. */
import assert from "node:assert/strict";
import {
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_MAX_SENDS_PER_ACCOUNT_DAY,
  RESET_CODE_MAX_SENDS_PER_ADDRESS_DAY,
  RESET_CODE_RESEND_SECONDS,
} from "../../common/constants.ts";
import { type TestApp, testApp } from "../helpers/test_app.ts";

function post(t: TestApp, path: string, json: unknown, address = "127.0.0.1") {
  return t.app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(json),
  }, { remoteAddr: { hostname: address } });
}

async function answers(t: TestApp, username: string, code: string): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < RESET_CODE_MAX_ATTEMPTS + 2; i++) {
    const res = await post(t, "/api/password/reset-password", {
      username,
      code,
      newPassword: "brand-new-1",
    });
    out.push(`${res.status} ${JSON.stringify(await res.json())}`);
  }
  return out;
}

Deno.test("reset-password answers the same for a live code, no code and an unknown username", async () => {
  using t = await testApp();
  await t.userWith(["dashboard"], { username: "withcode" });
  await t.userWith(["dashboard"], { username: "nocode" });
  const sent = await post(t, "/api/password/send-code", {
    username: "withcode",
    email: "member@example.com",
  });
  assert.equal(sent.status, 200);
  const wrong = /验证码为：000000/.test(t.sent.at(-1)!.text) ? "111111" : "000000";
  const live = await answers(t, "withcode", wrong);
  assert.deepEqual(await answers(t, "nocode", wrong), live);
  assert.deepEqual(await answers(t, "nobody", wrong), live);
  assert.match(live[0], /^400 .*RESET_CODE_INVALID/);
  assert.match(live.at(-1)!, /^429 .*RESET_CODE_ATTEMPTS/);
});

Deno.test("a new code clears the tries; the right code then works", async () => {
  using t = await testApp();
  const member = await t.userWith(["dashboard"], { username: "lawyer" });
  for (let i = 0; i < RESET_CODE_MAX_ATTEMPTS; i++) {
    await post(t, "/api/password/reset-password", {
      username: "lawyer",
      code: "000000",
      newPassword: "x-pass-1",
    });
  }
  await post(t, "/api/password/send-code", { username: "lawyer", email: member.user.email });
  const code = /验证码为：(\d{6})/.exec(t.sent.at(-1)!.text)![1];
  const res = await post(t, "/api/password/reset-password", {
    username: "lawyer",
    code,
    newPassword: "brand-new-1",
  });
  assert.equal(res.status, 200);
});

Deno.test("send-code is limited per address per day, whether the username and email match or not", async () => {
  using t = await testApp();
  const noisy = "198.51.100.20";
  for (let i = 0; i < RESET_CODE_MAX_SENDS_PER_ADDRESS_DAY; i++) {
    const res = await post(
      t,
      "/api/password/send-code",
      { username: `guess${i}`, email: "a@example.com" },
      noisy,
    );
    assert.equal((await res.json()).code, "RESET_USER_MISMATCH", `request ${i + 1}`);
  }
  await t.userWith(["dashboard"], { username: "lawyer" });
  const refused = await post(t, "/api/password/send-code", {
    username: "lawyer",
    email: "member@example.com",
  }, noisy);
  assert.equal(refused.status, 429);
  assert.deepEqual(await refused.json(), {
    success: false,
    code: "RESET_CODE_DAILY_LIMIT",
    error: "今日发送验证码次数已达上限，请明天再试",
  });
  assert.equal(t.sent.length, 0);
  const other = await post(
    t,
    "/api/password/send-code",
    { username: "lawyer", email: "member@example.com" },
    "192.0.2.1",
  );
  assert.equal(other.status, 200);
  t.clock.advance(24 * 3_600_000);
  const tomorrow = await post(t, "/api/password/send-code", {
    username: "lawyer",
    email: "member@example.com",
  }, noisy);
  assert.equal(tomorrow.status, 200);
});

Deno.test("send-code mails one account at most RESET_CODE_MAX_SENDS_PER_ACCOUNT_DAY times a day, from any address", async () => {
  using t = await testApp();
  await t.userWith(["dashboard"], { username: "lawyer" });
  const body = { username: "lawyer", email: "member@example.com" };
  for (let i = 0; i < RESET_CODE_MAX_SENDS_PER_ACCOUNT_DAY; i++) {
    assert.equal(
      (await post(t, "/api/password/send-code", body, `203.0.113.${i}`)).status,
      200,
      `mail ${i + 1}`,
    );
    t.clock.advance(RESET_CODE_RESEND_SECONDS * 1000);
  }
  const refused = await post(t, "/api/password/send-code", body, "203.0.113.200");
  assert.equal(refused.status, 429);
  assert.equal((await refused.json()).code, "RESET_CODE_DAILY_LIMIT");
  assert.equal(t.sent.length, RESET_CODE_MAX_SENDS_PER_ACCOUNT_DAY);
  t.clock.advance(24 * 3_600_000);
  assert.equal((await post(t, "/api/password/send-code", body, "203.0.113.200")).status, 200);
});
