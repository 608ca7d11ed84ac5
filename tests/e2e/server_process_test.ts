import assert from "node:assert/strict";
import {
  E2E_ADMIN_PASSWORD,
  E2E_ADMIN_USERNAME,
  E2E_CAPTCHA,
  seedUser,
  startServer,
} from "../helpers/server_process.ts";

/** Signs in through the API the way the login page does: fetch a captcha, answer it, post the form. */
async function apiSignIn(url: string, username: string, password: string): Promise<Response> {
  const captcha = await (await fetch(`${url}/api/captcha/generate`)).json();
  return await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password, captchaId: captcha.captchaId, captchaText: E2E_CAPTCHA }),
  });
}

Deno.test("startServer() runs main.ts on the seeded data, and stop() removes the data folder", async () => {
  const server = await startServer({
    seed: (kv) => seedUser(kv, { username: "seeded", password: "seeded-pass", permissions: ["mediation"] }),
  });
  try {
    const health = await fetch(`${server.url}/api/health`);
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), { success: true });

    const admin = await apiSignIn(server.url, E2E_ADMIN_USERNAME, E2E_ADMIN_PASSWORD);
    assert.equal(admin.status, 200);
    const adminBody = await admin.json();
    assert.equal(adminBody.user.id, 1);

    const member = await apiSignIn(server.url, "seeded", "seeded-pass");
    assert.equal(member.status, 200);
    const memberBody = await member.json();
    assert.equal(memberBody.user.username, "seeded");
    assert.deepEqual(memberBody.user.permissions, ["mediation"]);

    assert.match(server.output(), /CAPTCHA_TEST_TEXT/);
  } finally {
    await server.stop();
  }
  await assert.rejects(Deno.stat(server.dataDir), Deno.errors.NotFound);
});
