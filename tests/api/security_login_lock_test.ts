/** Issue #17 finding 4: the hard sign-in lock is keyed on username and address together. */
import assert from "node:assert/strict";
import {
  LOGIN_DELAY_MAX_MS,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_LOCK_AFTER_USERNAME,
} from "../../common/constants.ts";
import { ADMIN_PASSWORD, type TestApp, testApp } from "../helpers/test_app.ts";

async function login(t: TestApp, username: string, password: string, address: string): Promise<Response> {
  const { captchaId } = await (await t.request("GET", "/api/captcha/generate")).json();
  return await t.app.request("/api/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password, captchaId, captchaText: "test" }),
  }, { remoteAddr: { hostname: address } });
}

Deno.test("a lock from one address does not stop a sign-in from another", async () => {
  using t = await testApp();
  const attacker = "198.51.100.7";
  const office = "192.0.2.10";
  for (let i = 0; i < LOGIN_LOCK_AFTER_USERNAME; i++) {
    assert.equal((await login(t, "admin", `wrong-${i}`, attacker)).status, 400);
  }
  // the attacker's address is locked for admin, even with the right password
  const locked = await login(t, "admin", ADMIN_PASSWORD, attacker);
  assert.equal(locked.status, 429);
  assert.equal((await locked.json()).code, "LOGIN_LOCKED");
  // the administrator at the office signs in, slowed down at most LOGIN_DELAY_MAX_MS
  const before = t.clock.now();
  const res = await login(t, "ADMIN", ADMIN_PASSWORD, office);
  assert.equal(res.status, 200);
  assert.ok(t.clock.now() - before <= LOGIN_DELAY_MAX_MS);
  assert.ok(t.clock.now() - before > 0, "failures for the username still slow attempts down");
  // the success clears the username's count, not the attacker's own lock
  assert.equal((await login(t, "admin", ADMIN_PASSWORD, attacker)).status, 429);
  t.clock.advance(LOGIN_FAILURE_WINDOW_MS);
  assert.equal((await login(t, "admin", ADMIN_PASSWORD, attacker)).status, 200);
});

Deno.test("failures spread over addresses lock no one, each pair counts on its own", async () => {
  using t = await testApp();
  for (let i = 0; i < 3 * LOGIN_LOCK_AFTER_USERNAME; i++) {
    const res = await login(t, "admin", "wrong-pass", `203.0.113.${i}`);
    assert.equal(res.status, 400, `attempt ${i + 1}`);
  }
  assert.equal((await login(t, "admin", ADMIN_PASSWORD, "203.0.113.200")).status, 200);
});
