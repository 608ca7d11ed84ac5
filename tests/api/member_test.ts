import assert from "node:assert/strict";
import { getQuotas } from "../../server/kv/quotas.ts";
import { testApp } from "../helpers/test_app.ts";

const QUOTAS = { mediation: 20, pdf_convert: 5, ai: 0 };
const LIMITS = { mediationLimit: 20, pdfConvertLimit: 5, aiLimit: 0 };

for (const path of ["/api/member/limits", "/api/user/limits"]) {
  Deno.test(`GET ${path} answers the user's own three counters`, async () => {
    using t = await testApp();
    const member = await t.userWith(["member_center"], { quotas: QUOTAS });
    await t.userWith(["member_center"], { quotas: { mediation: 999, pdf_convert: 999, ai: 999 } });
    const res = await t.request("GET", path, { as: member });
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /application\/json/);
    assert.deepEqual(await res.json(), { success: true, limits: LIMITS });
  });

  Deno.test(`GET ${path} needs a token, but no permission`, async () => {
    using t = await testApp();
    const res = await t.request("GET", path);
    assert.equal(res.status, 401);
    assert.deepEqual(await res.json(), { success: false, code: "AUTH_REQUIRED", error: "请先登录" });
    const bare = await t.userWith([], { quotas: QUOTAS });
    assert.equal((await t.request("GET", path, { as: bare })).status, 200);
  });
}

Deno.test("GET /api/member/limits reads absent counters as 0", async () => {
  using t = await testApp();
  const member = await t.userWith(["member_center"]);
  const body = await (await t.request("GET", "/api/member/limits", { as: member })).json();
  assert.deepEqual(body.limits, { mediationLimit: 0, pdfConvertLimit: 0, aiLimit: 0 });
});

Deno.test("POST /api/member/check-limit validates type and amount", async () => {
  using t = await testApp();
  const member = await t.userWith(["pdf_converter"], { quotas: QUOTAS });
  const badType = await t.request("POST", "/api/member/check-limit", {
    as: member,
    json: { type: "gold", amount: 1 },
  });
  assert.equal(badType.status, 400);
  assert.deepEqual(await badType.json(), {
    success: false,
    code: "VALIDATION_FAILED",
    error: "未知的额度类型",
    field: "type",
  });
  const zero = await t.request("POST", "/api/member/check-limit", {
    as: member,
    json: { type: "pdf_convert", amount: 0 },
  });
  assert.equal(zero.status, 400);
  assert.deepEqual(await zero.json(), {
    success: false,
    code: "VALIDATION_FAILED",
    error: "数量至少为1",
    field: "amount",
  });
  const fraction = await t.request("POST", "/api/member/check-limit", {
    as: member,
    json: { type: "mediation", amount: 1.5 },
  });
  assert.equal(fraction.status, 400);
  assert.equal((await fraction.json()).error, "数量必须是整数");
});

Deno.test("POST /api/member/check-limit needs a token", async () => {
  using t = await testApp();
  const res = await t.request("POST", "/api/member/check-limit", { json: { type: "mediation", amount: 1 } });
  assert.equal(res.status, 401);
  assert.equal((await res.json()).code, "AUTH_REQUIRED");
});

Deno.test("POST /api/member/check-limit answers the limits when enough is left, and deducts nothing", async () => {
  using t = await testApp();
  const member = await t.userWith(["pdf_converter"], { quotas: QUOTAS });
  for (
    const json of [{ type: "pdf_convert", amount: 5 }, { type: "mediation", amount: 20 }, {
      type: "mediation",
    }]
  ) {
    const res = await t.request("POST", "/api/member/check-limit", { as: member, json });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { success: true, limits: LIMITS });
  }
  assert.deepEqual(await getQuotas(t.kv, member.user.id), LIMITS);
});

Deno.test("POST /api/member/check-limit answers QUOTA_INSUFFICIENT when too little is left", async () => {
  using t = await testApp();
  const member = await t.userWith(["pdf_converter"], { quotas: QUOTAS });
  const res = await t.request("POST", "/api/member/check-limit", {
    as: member,
    json: { type: "pdf_convert", amount: 6 },
  });
  assert.equal(res.status, 402);
  assert.deepEqual(await res.json(), {
    success: false,
    code: "QUOTA_INSUFFICIENT",
    error: "PDF转换使用次数不足。需要 6 次，当前剩余 5 次",
  });
  const ai = await t.request("POST", "/api/member/check-limit", {
    as: member,
    json: { type: "ai", amount: 1 },
  });
  assert.equal(ai.status, 402);
  assert.equal((await ai.json()).error, "AI功能使用次数不足。需要 1 次，当前剩余 0 次");
  assert.deepEqual(await getQuotas(t.kv, member.user.id), LIMITS);
});
