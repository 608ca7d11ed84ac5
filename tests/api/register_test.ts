import assert from "node:assert/strict";
import { DEFAULT_MEMBER_ROLE } from "../../common/permissions.ts";
import { DEFAULT_MEMBER_PERMISSIONS } from "../../server/bootstrap.ts";
import {
  addInvitationUse,
  createInvitationCode,
  getInvitationCode,
  getInvitationEntryByCode,
  type InvitationCode,
  listInvitationUses,
} from "../../server/kv/invitation_codes.ts";
import { listLoginAttempts } from "../../server/kv/login_audit.ts";
import { getQuotas } from "../../server/kv/quotas.ts";
import { saveSettings } from "../../server/kv/settings.ts";
import { CommitConflict, createUser, getUserByUsername } from "../../server/kv/users.ts";
import { type TestApp, testApp } from "../helpers/test_app.ts";

async function newCaptcha(t: TestApp): Promise<string> {
  return (await (await t.request("GET", "/api/captcha/generate")).json()).captchaId;
}

async function register(t: TestApp, fields: Record<string, unknown> = {}): Promise<Response> {
  const json = {
    username: "newuser",
    password: "secret-1",
    email: "new@example.com",
    captchaId: await newCaptcha(t),
    captchaText: "test",
    ...fields,
  };
  return await t.request("POST", "/api/auth/register", { json });
}

async function makeCode(t: TestApp, options: { maxUses?: number; expiredAt?: string | null } = {}) {
  return await createInvitationCode(t.kv, {
    maxUses: options.maxUses ?? 1,
    expiredAt: options.expiredAt ?? null,
    remark: "",
    createdByName: "admin",
  }, t.clock.now());
}

function invitationError(code: string, error: string) {
  return { success: false, code, error, field: "invitationCode" };
}

Deno.test("POST /api/auth/register creates a member and signs it in", async () => {
  using t = await testApp();
  await saveSettings(t.kv, { default_domain: "law.example.com" });
  const res = await register(t, { username: "Zhang_San", email: " Zhang@Example.com " });
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  const body = await res.json();
  assert.equal(body.success, true);
  const user = await getUserByUsername(t.kv, "zhang_san");
  assert.ok(user);
  assert.deepEqual(body.user, {
    id: user.id,
    username: "Zhang_San",
    email: "Zhang@Example.com",
    role: DEFAULT_MEMBER_ROLE,
    permissions: DEFAULT_MEMBER_PERMISSIONS,
    domain: "law.example.com",
  });
  assert.equal(user.lastLoginAt, t.clock.now());
  const q = t.deps.config.defaultQuotas;
  assert.deepEqual(await getQuotas(t.kv, user.id), {
    mediationLimit: q.mediation,
    pdfConvertLimit: q.pdf_convert,
    aiLimit: q.ai,
  });
  assert.equal(
    (await t.request("POST", "/api/auth/logout", { as: body.token })).status,
    200,
    "the token works",
  );
  const { entries } = await listLoginAttempts(t.kv);
  assert.deepEqual(entries.map((e) => [e.username, e.kind, e.success]), [["Zhang_San", "register", true]]);

  // the new account signs in with its password
  const login = await t.request("POST", "/api/auth/login", {
    json: {
      username: "zhang_san",
      password: "secret-1",
      captchaId: await newCaptcha(t),
      captchaText: "test",
    },
  });
  assert.equal(login.status, 200);
});

Deno.test("POST /api/auth/register validates the form in Chinese", async () => {
  using t = await testApp();
  const cases: [Record<string, unknown>, string, string][] = [
    [{ username: "ab" }, "用户名长度在 3 到 15 个字符", "username"],
    [{ username: undefined }, "请输入用户名（3-15个字符）", "username"],
    [{ password: "123" }, "密码长度在 6 到 20 个字符", "password"],
    [{ email: "" }, "请输入邮箱", "email"],
    [{ email: undefined }, "请输入邮箱", "email"],
    [{ email: "not-an-email" }, "请输入正确的邮箱格式", "email"],
    [{ captchaText: "" }, "请输入验证码", "captchaText"],
  ];
  for (const [fields, error, field] of cases) {
    const res = await register(t, fields);
    assert.equal(res.status, 400, error);
    assert.deepEqual(await res.json(), { success: false, code: "VALIDATION_FAILED", error, field });
  }
  assert.equal(await getUserByUsername(t.kv, "newuser"), null);
});

Deno.test("POST /api/auth/register refuses a taken username, whatever its case", async () => {
  using t = await testApp();
  const res = await register(t, { username: "ADMIN" });
  assert.equal(res.status, 409);
  assert.deepEqual(await res.json(), {
    success: false,
    code: "USERNAME_TAKEN",
    error: "用户名已存在",
    field: "username",
  });
});

Deno.test("POST /api/auth/register checks and uses up the captcha", async () => {
  using t = await testApp();
  const wrong = await register(t, { captchaText: "nope" });
  assert.equal(wrong.status, 400);
  assert.equal((await wrong.json()).code, "CAPTCHA_INVALID");
  assert.equal(await getUserByUsername(t.kv, "newuser"), null);

  const captchaId = await newCaptcha(t);
  assert.equal((await register(t, { captchaId })).status, 200);
  const again = await register(t, { captchaId, username: "another" });
  assert.equal(again.status, 400);
  assert.equal((await again.json()).code, "CAPTCHA_EXPIRED");
});

Deno.test("POST /api/auth/register without a default role answers DEFAULT_ROLE_MISSING", async () => {
  using t = await testApp();
  await t.kv.delete(["meta", "default_role_id"]);
  const res = await register(t);
  assert.equal(res.status, 500);
  assert.deepEqual(await res.json(), {
    success: false,
    code: "DEFAULT_ROLE_MISSING",
    error: "系统未配置默认角色，请联系管理员",
  });
  assert.equal(await getUserByUsername(t.kv, "newuser"), null);
});

Deno.test("POST /api/auth/register ignores (does not count) a code while invitations are off", async () => {
  using t = await testApp();
  const code = await makeCode(t);
  assert.equal((await register(t, { invitationCode: code.code })).status, 200);
  assert.equal((await register(t, { username: "second", invitationCode: "NOSUCHCODE" })).status, 200);
  assert.equal((await getInvitationCode(t.kv, code.id))?.used_count, 0);
  assert.equal((await listInvitationUses(t.kv, code.id, { page: 1, pageSize: 10 })).total, 0);
});

Deno.test("POST /api/auth/register with invitations on: required, must exist, not expired, not used up", async () => {
  using t = await testApp();
  await saveSettings(t.kv, { invitation_enabled: true });

  const missing = await register(t);
  assert.equal(missing.status, 400);
  assert.deepEqual(await missing.json(), invitationError("INVITATION_REQUIRED", "请输入邀请码"));
  assert.deepEqual(
    await (await register(t, { invitationCode: "   " })).json(),
    invitationError("INVITATION_REQUIRED", "请输入邀请码"),
  );
  assert.deepEqual(
    await (await register(t, { invitationCode: "ZZZZZZZZ" })).json(),
    invitationError("INVITATION_INVALID", "邀请码无效"),
  );

  const expiring = await makeCode(t, { expiredAt: new Date(t.clock.now() + 60 * 60_000).toISOString() });
  t.clock.advance(60 * 60_000);
  assert.deepEqual(
    await (await register(t, { invitationCode: expiring.code })).json(),
    invitationError("INVITATION_EXPIRED", "邀请码已过期"),
  );

  const code = await makeCode(t, { maxUses: 2 });
  const first = await register(t, { username: "first", invitationCode: code.code.toLowerCase() });
  assert.equal(first.status, 200, "codes are case-insensitive");
  assert.equal((await register(t, { username: "second", invitationCode: ` ${code.code} ` })).status, 200);
  const third = await register(t, { username: "third", invitationCode: code.code });
  assert.equal(third.status, 400);
  assert.deepEqual(await third.json(), invitationError("INVITATION_EXHAUSTED", "邀请码使用次数已用完"));
  assert.equal(await getUserByUsername(t.kv, "third"), null);

  assert.equal((await getInvitationCode(t.kv, code.id))?.used_count, 2);
  const uses = await listInvitationUses(t.kv, code.id, { page: 1, pageSize: 10 });
  assert.deepEqual(uses.users.map((u) => u.username).sort(), ["first", "second"]);
  assert.equal(uses.users[0].used_at, new Date(t.clock.now()).toISOString());
});

Deno.test("POST /api/auth/register: concurrent registrations racing for a code's last use, exactly one wins", async () => {
  using t = await testApp();
  await saveSettings(t.kv, { invitation_enabled: true });
  const code = await makeCode(t, { maxUses: 1 });
  const captchas = await Promise.all(Array.from({ length: 6 }, () => newCaptcha(t)));
  const responses = await Promise.all(captchas.map((captchaId, i) =>
    t.request("POST", "/api/auth/register", {
      json: {
        username: `racer${i}`,
        password: "secret-1",
        email: "r@example.com",
        invitationCode: code.code,
        captchaId,
        captchaText: "test",
      },
    })
  ));
  const bodies = await Promise.all(responses.map((r) => r.json()));
  assert.equal(bodies.filter((b) => b.success).length, 1);
  assert.deepEqual(
    bodies.filter((b) => !b.success).map((b) => b.code),
    Array(5).fill("INVITATION_EXHAUSTED"),
  );
  assert.equal((await getInvitationCode(t.kv, code.id))?.used_count, 1);
  let created = 0;
  for (let i = 0; i < 6; i++) if (await getUserByUsername(t.kv, `racer${i}`)) created++;
  assert.equal(created, 1);
});

Deno.test("addInvitationUse() makes a registration's commit fail when the code changed after it was read", async () => {
  using t = await testApp();
  const role = (await t.kv.get<number>(["meta", "default_role_id"])).value!;
  const code = await makeCode(t, { maxUses: 5 });
  const a = await getInvitationEntryByCode(t.kv, code.code);
  const b = await getInvitationEntryByCode(t.kv, code.code);
  assert.ok(a && b);
  const now = t.clock.now();
  const input = (username: string) => ({ username, email: "x@example.com", passwordHash: "h", roleId: role });
  const extend =
    (entry: Deno.KvEntry<InvitationCode>) =>
    (op: Deno.AtomicOperation, user: { id: number; username: string }) =>
      addInvitationUse(op, entry, user, now);
  await createUser(t.kv, input("first"), { now, extend: extend(a) });
  await assert.rejects(createUser(t.kv, input("second"), { now, extend: extend(b) }), CommitConflict);
  assert.equal(await getUserByUsername(t.kv, "second"), null, "no account without the code's use");
  assert.equal((await getInvitationCode(t.kv, code.id))?.used_count, 1);
});
