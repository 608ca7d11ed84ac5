import assert from "node:assert/strict";
import { listAuditEntries } from "../../server/kv/audit_log.ts";
import { createInvitationCode } from "../../server/kv/invitation_codes.ts";
import { getQuotas } from "../../server/kv/quotas.ts";
import { codeGiftKey, planRegisterGift, setDefaultGift } from "../../server/kv/register_gifts.ts";
import { getDefaultRoleId } from "../../server/kv/roles.ts";
import { saveSettings } from "../../server/kv/settings.ts";
import { CommitConflict, createUser, getUserByUsername } from "../../server/kv/users.ts";
import { type TestApp, testApp } from "../helpers/test_app.ts";

const GIFT = { mediationLimit: 300, pdfConvertLimit: 0, aiLimit: 20 };
const CODE_GIFT = { mediationLimit: 5, pdfConvertLimit: 6, aiLimit: 7 };

async function makeCode(t: TestApp, maxUses = 5) {
  return await createInvitationCode(t.kv, {
    maxUses,
    expiredAt: null,
    remark: "律所合作",
    createdByName: "admin",
  }, t.clock.now());
}

async function register(t: TestApp, username: string, invitationCode = ""): Promise<Response> {
  const { captchaId } = await (await t.request("GET", "/api/captcha/generate")).json();
  return await t.request("POST", "/api/auth/register", {
    json: {
      username,
      password: "secret-1",
      email: `${username}@example.com`,
      invitationCode,
      captchaId,
      captchaText: "test",
    },
  });
}

/** The new user's own usage list, read through the member center's API with the user's token. */
async function ownRecords(t: TestApp, token: string) {
  const res = await t.request("GET", "/api/member/usage-records", { as: token });
  assert.equal(res.status, 200);
  const body = await res.json();
  return (body.records as { type: string; type_label: string; description: string; status: string }[])
    .map((r) => [r.type, r.type_label, r.description, r.status])
    .sort((a, b) => a[0].localeCompare(b[0]));
}

Deno.test("register-gift routes need a token and register_gift_manage", async () => {
  using t = await testApp();
  const code = await makeCode(t);
  const calls: [string, string, unknown?][] = [
    ["GET", "/api/register-gift"],
    ["PUT", "/api/register-gift", GIFT],
    ["DELETE", "/api/register-gift"],
    ["GET", "/api/register-gift/codes"],
    ["GET", `/api/register-gift/codes/${code.id}`],
    ["PUT", `/api/register-gift/codes/${code.id}`, CODE_GIFT],
    ["DELETE", `/api/register-gift/codes/${code.id}`],
  ];
  const settingsAdmin = await t.userWith(["system_settings", "user_manage", "role_manage"]);
  const giftManager = await t.userWith(["register_gift_manage"]);
  for (const [method, path, json] of calls) {
    const anonymous = await t.request(method, path, { json });
    assert.equal(anonymous.status, 401, `${method} ${path}`);
    const denied = await t.request(method, path, { as: settingsAdmin, json });
    assert.equal(denied.status, 403, `${method} ${path}`);
    assert.deepEqual(await denied.json(), { success: false, code: "FORBIDDEN", error: "没有访问权限" });
  }
  for (const [method, path, json] of calls) {
    const allowed = await t.request(method, path, { as: giftManager, json });
    assert.equal(allowed.status, 200, `${method} ${path}: ${await allowed.clone().text()}`);
  }
});

Deno.test("GET /api/register-gift: no gift set means the configured defaults apply", async () => {
  using t = await testApp({ defaultQuotas: { mediation: 11, pdf_convert: 12, ai: 13 } });
  const res = await t.request("GET", "/api/register-gift", { as: "admin" });
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  assert.deepEqual(await res.json(), {
    success: true,
    gift: null,
    defaults: { mediationLimit: 11, pdfConvertLimit: 12, aiLimit: 13 },
  });
});

Deno.test("PUT /api/register-gift validates each count as 0-99999 in Chinese", async () => {
  using t = await testApp();
  const range = "赠送次数必须是0到99999之间的整数";
  const cases: [Record<string, unknown>, string, string][] = [
    [{ ...GIFT, mediationLimit: -1 }, range, "mediationLimit"],
    [{ ...GIFT, pdfConvertLimit: 100_000 }, range, "pdfConvertLimit"],
    [{ ...GIFT, aiLimit: 1.5 }, range, "aiLimit"],
    [{ mediationLimit: 1, pdfConvertLimit: 1 }, "请输入AI功能赠送次数", "aiLimit"],
    [{ ...GIFT, mediationLimit: "abc" }, "请输入文书生成赠送次数", "mediationLimit"],
  ];
  for (const [json, error, field] of cases) {
    for (const path of ["/api/register-gift", `/api/register-gift/codes/${(await makeCode(t)).id}`]) {
      const res = await t.request("PUT", path, { as: "admin", json });
      assert.equal(res.status, 400, `${path} ${JSON.stringify(json)}`);
      assert.deepEqual(await res.json(), { success: false, code: "VALIDATION_FAILED", error, field });
    }
  }
  const edges = await t.request("PUT", "/api/register-gift", {
    as: "admin",
    json: { mediationLimit: 0, pdfConvertLimit: 99_999, aiLimit: "7" },
  });
  assert.equal(edges.status, 200);
  const { gift } = await edges.json();
  assert.deepEqual([gift.mediationLimit, gift.pdfConvertLimit, gift.aiLimit], [0, 99_999, 7]);
});

Deno.test("PUT then DELETE /api/register-gift: saved, read back, audited, reset to the defaults", async () => {
  using t = await testApp();
  const res = await t.request("PUT", "/api/register-gift", { as: "admin", json: GIFT });
  assert.equal(res.status, 200);
  const expected = { ...GIFT, updated_at: new Date(t.clock.now()).toISOString(), updated_by_name: "admin" };
  assert.deepEqual(await res.json(), { success: true, gift: expected });
  assert.deepEqual(
    (await (await t.request("GET", "/api/register-gift", { as: "admin" })).json()).gift,
    expected,
  );

  const reset = await t.request("DELETE", "/api/register-gift", { as: "admin" });
  assert.deepEqual(await reset.json(), { success: true, gift: null });
  assert.equal((await (await t.request("GET", "/api/register-gift", { as: "admin" })).json()).gift, null);

  const entries = (await listAuditEntries(t.kv)).entries.filter((e) => e.entity === "register_gift");
  assert.deepEqual(entries.map((e) => [e.action, e.entityId, e.actorName]).sort(), [
    ["create", "default", "admin"],
    ["delete", "default", "admin"],
  ]);
  const created = entries.find((e) => e.action === "create")!;
  assert.equal(created.before, null);
  assert.deepEqual(created.after, { ...GIFT, updatedAt: t.clock.now(), updatedByName: "admin" });
});

Deno.test("per-code gifts: set, listed with the codes, cleared; unknown codes are 404", async () => {
  using t = await testApp();
  const first = await makeCode(t);
  t.clock.advance(1000);
  const second = await makeCode(t);
  const set = await t.request("PUT", `/api/register-gift/codes/${first.id}`, {
    as: "admin",
    json: CODE_GIFT,
  });
  assert.equal(set.status, 200);
  assert.deepEqual((await set.json()).gift, {
    ...CODE_GIFT,
    updated_at: new Date(t.clock.now()).toISOString(),
    updated_by_name: "admin",
  });

  const list = await (await t.request("GET", "/api/register-gift/codes?page=1&pageSize=10", { as: "admin" }))
    .json();
  assert.equal(list.total, 2);
  assert.deepEqual(list.codes.map((c: { code: string; gift: unknown }) => [c.code, c.gift !== null]), [
    [second.code, false],
    [first.code, true],
  ]);
  assert.deepEqual(Object.keys(list.codes[1]).sort(), [
    "code",
    "expired_at",
    "gift",
    "id",
    "max_uses",
    "remark",
    "used_count",
  ]);
  const badSize = await t.request("GET", "/api/register-gift/codes?pageSize=15", { as: "admin" });
  assert.equal(badSize.status, 400);
  assert.equal((await badSize.json()).error, "每页条数只能是10、20、30、50");

  const one = await (await t.request("GET", `/api/register-gift/codes/${first.id}`, { as: "admin" })).json();
  assert.equal(one.code.gift.aiLimit, 7);

  const cleared = await t.request("DELETE", `/api/register-gift/codes/${first.id}`, { as: "admin" });
  assert.deepEqual(await cleared.json(), { success: true });
  const again = await t.request("DELETE", `/api/register-gift/codes/${first.id}`, { as: "admin" });
  assert.equal(again.status, 404);
  assert.deepEqual(await again.json(), {
    success: false,
    code: "REGISTER_GIFT_NOT_FOUND",
    error: "该邀请码未单独设置注册赠送",
  });

  for (const id of ["0123456789abcdef0123", "not-an-id", "x".repeat(2000)]) {
    for (const method of ["GET", "PUT", "DELETE"]) {
      const res = await t.request(method, `/api/register-gift/codes/${id}`, {
        as: "admin",
        json: method === "PUT" ? CODE_GIFT : undefined,
      });
      assert.equal(res.status, 404, `${method} ${id.slice(0, 20)}`);
      assert.deepEqual(await res.json(), {
        success: false,
        code: "INVITATION_NOT_FOUND",
        error: "邀请码不存在",
      });
    }
  }
  assert.equal((await t.kv.get(codeGiftKey("0123456789abcdef0123"))).versionstamp, null, "no orphan gift");
});

Deno.test("deleting an invitation code deletes its gift in the same commit", async () => {
  using t = await testApp();
  const code = await makeCode(t);
  await t.request("PUT", `/api/register-gift/codes/${code.id}`, { as: "admin", json: CODE_GIFT });
  assert.notEqual((await t.kv.get(codeGiftKey(code.id))).value, null);
  const res = await t.request("DELETE", `/api/invitation-codes/${code.id}`, { as: "admin" });
  assert.equal(res.status, 200);
  assert.equal((await t.kv.get(codeGiftKey(code.id))).value, null);
});

Deno.test("registration without any gift set gets the configured quotas and sees them in its usage records", async () => {
  using t = await testApp({ defaultQuotas: { mediation: 100, pdf_convert: 100, ai: 50 } });
  const res = await register(t, "plainuser");
  assert.equal(res.status, 200);
  const { token, user } = await res.json();
  assert.deepEqual(await getQuotas(t.kv, user.id), {
    mediationLimit: 100,
    pdfConvertLimit: 100,
    aiLimit: 50,
  });
  assert.deepEqual(await ownRecords(t, token), [
    ["ai", "AI功能", "注册赠送AI功能额度：50次", "success"],
    ["mediation", "文书生成", "注册赠送文书生成额度：100次", "success"],
    ["pdf_convert", "PDF转链接", "注册赠送PDF转换额度：100次", "success"],
  ]);
  // a gift is not a use: the dashboard's use figures stay at zero
  const stats = await (await t.request("GET", "/api/dashboard/stats", { as: "admin" })).json();
  assert.equal(stats.mediationStats.total, 0);
});

Deno.test("registration gets the default gift without a code, the code's gift with one", async () => {
  using t = await testApp();
  await saveSettings(t.kv, { invitation_enabled: true });
  const withGift = await makeCode(t);
  const withoutGift = await makeCode(t);
  await t.request("PUT", "/api/register-gift", { as: "admin", json: GIFT });
  await t.request("PUT", `/api/register-gift/codes/${withGift.id}`, { as: "admin", json: CODE_GIFT });

  const viaGiftCode = await (await register(t, "giftcode", withGift.code.toLowerCase())).json();
  assert.deepEqual(await getQuotas(t.kv, viaGiftCode.user.id), { ...CODE_GIFT });
  assert.deepEqual(await ownRecords(t, viaGiftCode.token), [
    ["ai", "AI功能", `注册赠送AI功能额度：7次（邀请码 ${withGift.code}）`, "success"],
    ["mediation", "文书生成", `注册赠送文书生成额度：5次（邀请码 ${withGift.code}）`, "success"],
    ["pdf_convert", "PDF转链接", `注册赠送PDF转换额度：6次（邀请码 ${withGift.code}）`, "success"],
  ]);

  const viaPlainCode = await (await register(t, "plaincode", withoutGift.code)).json();
  assert.deepEqual(await getQuotas(t.kv, viaPlainCode.user.id), { ...GIFT });
  // a counter given 0 has no record
  assert.deepEqual(await ownRecords(t, viaPlainCode.token), [
    ["ai", "AI功能", "注册赠送AI功能额度：20次", "success"],
    ["mediation", "文书生成", "注册赠送文书生成额度：300次", "success"],
  ]);

  // invitations off: a code sent along is ignored, so is its gift
  await saveSettings(t.kv, { invitation_enabled: false });
  const noInvitations = await (await register(t, "nocode", withGift.code)).json();
  assert.deepEqual(await getQuotas(t.kv, noInvitations.user.id), { ...GIFT });
});

Deno.test("a refused registration writes no quotas and no usage records", async () => {
  using t = await testApp();
  await saveSettings(t.kv, { invitation_enabled: true });
  const code = await makeCode(t, 1);
  await t.request("PUT", `/api/register-gift/codes/${code.id}`, { as: "admin", json: CODE_GIFT });
  assert.equal((await register(t, "first", code.code)).status, 200);
  const before = await Array.fromAsync(t.kv.list({ prefix: ["usage_records"] }));
  const refused = await register(t, "second", code.code);
  assert.equal(refused.status, 400);
  assert.equal((await refused.json()).error, "邀请码使用次数已用完");
  assert.equal(await getUserByUsername(t.kv, "second"), null);
  assert.equal((await Array.fromAsync(t.kv.list({ prefix: ["usage_records"] }))).length, before.length);
});

Deno.test("a gift changed between reading it and creating the account fails that commit as a whole", async () => {
  using t = await testApp();
  await setDefaultGift(t.kv, { values: GIFT, actor: { id: 1, username: "admin" }, at: t.clock.now() });
  const plan = await planRegisterGift(t.kv, { codeId: null, fallback: t.deps.config.defaultQuotas });
  assert.equal(plan.source, "default");
  assert.deepEqual(plan.quotas, { mediation: 300, pdf_convert: 0, ai: 20 });
  // an administrator changes the gift meanwhile
  await setDefaultGift(t.kv, { values: CODE_GIFT, actor: { id: 1, username: "admin" }, at: t.clock.now() });
  const roleId = (await getDefaultRoleId(t.kv))!;
  await assert.rejects(
    () =>
      createUser(t.kv, { username: "racer", email: "r@example.com", passwordHash: "x", roleId }, {
        quotas: plan.quotas,
        extend: (op) => void op.check(...plan.checks),
      }),
    CommitConflict,
  );
  assert.equal(await getUserByUsername(t.kv, "racer"), null);
  const fresh = await planRegisterGift(t.kv, { codeId: null, fallback: t.deps.config.defaultQuotas });
  assert.deepEqual(fresh.quotas, { mediation: 5, pdf_convert: 6, ai: 7 });
});
