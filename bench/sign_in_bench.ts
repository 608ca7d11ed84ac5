// Sign-in cost: the password hash alone, and whole sign-ins (fresh captcha + POST /api/auth/login)
// through app.request, one at a time and 8 at once. Sign-ins per second = 1000 / (ms per iteration)
// (× 8 for the parallel case). Prints figures, asserts nothing.
import { hashPassword, verifyPassword } from "../server/services/auth/password_hash.ts";
import { ADMIN_PASSWORD, testApp } from "../tests/helpers/test_app.ts";

const t = await testApp();
const stored = await hashPassword("bench-pass-1");

async function signInOnce(): Promise<void> {
  const captcha = await (await t.request("GET", "/api/captcha/generate")).json();
  const res = await t.request("POST", "/api/auth/login", {
    json: { username: "admin", password: ADMIN_PASSWORD, captchaId: captcha.captchaId, captchaText: "test" },
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  await res.body?.cancel();
}

Deno.bench("hashPassword()", { group: "hash", baseline: true }, async () => {
  await hashPassword("bench-pass-1");
});

Deno.bench("verifyPassword()", { group: "hash" }, async () => {
  if (!await verifyPassword("bench-pass-1", stored)) throw new Error("verify failed");
});

Deno.bench("GET /api/captcha/generate (test text)", { group: "sign-in" }, async () => {
  await (await t.request("GET", "/api/captcha/generate")).json();
});

Deno.bench(
  "sign-in: captcha + POST /api/auth/login, one at a time",
  { group: "sign-in", baseline: true },
  async () => {
    await signInOnce();
  },
);

Deno.bench("sign-in: 8 concurrent (divide the time by 8 per sign-in)", { group: "sign-in" }, async () => {
  await Promise.all(Array.from({ length: 8 }, () => signInOnce()));
});

globalThis.addEventListener("unload", () => t[Symbol.dispose]());
