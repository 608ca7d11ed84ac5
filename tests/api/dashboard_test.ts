import assert from "node:assert/strict";
import type { UsageType } from "../../common/constants.ts";
import { recordUsage } from "../../server/kv/usage.ts";
import { type TestApp, testApp } from "../helpers/test_app.ts";

const DAY_MS = 86_400_000;

function use(t: TestApp, who: { id: number; username: string }, type: UsageType, at = t.clock.now()) {
  return recordUsage(t.kv, {
    userId: who.id,
    username: who.username,
    type,
    description: type,
    status: "success",
    at,
  });
}

Deno.test("dashboard routes answer 401 without a token and 403 without dashboard", async () => {
  using t = await testApp();
  const member = await t.userWith(["member_center"]);
  for (const path of ["/api/dashboard/stats", "/api/recent-activities"]) {
    assert.equal((await t.request("GET", path)).status, 401, path);
    const res = await t.request("GET", path, { as: member });
    assert.equal(res.status, 403, path);
    assert.deepEqual(await res.json(), { success: false, code: "FORBIDDEN", error: "没有访问权限" });
  }
});

Deno.test("GET /api/dashboard/stats moves after recordUsage, with sums and a 7-day trend", async () => {
  using t = await testApp();
  const m = await t.userWith(["dashboard"], { username: "alice" });
  const who = { id: m.user.id, username: "alice" };
  const empty = await (await t.request("GET", "/api/dashboard/stats", { as: "admin" })).json();
  assert.deepEqual(empty.aiStats, { total: 0, today: 0 });
  await use(t, who, "mediation");
  await use(t, who, "pdf");
  await use(t, who, "pdf");
  await use(t, who, "pdf_convert");
  await use(t, who, "aiocr");
  await use(t, who, "ai_document", t.clock.now() - 2 * DAY_MS);
  await use(t, who, "template");
  await use(t, { id: 1, username: "admin" }, "ai");
  await use(t, who, "mediation", t.clock.now() - 30 * DAY_MS);
  const res = await t.request("GET", "/api/dashboard/stats", { as: "admin" });
  assert.equal(res.status, 200);
  const s = await res.json();
  assert.equal(s.success, true);
  assert.deepEqual(s.mediationStats, { total: 2, today: 1 });
  // PDF转换 counts PDF-to-link conversions only, not the PDFs a generation made.
  assert.deepEqual(s.pdfStats, { total: 1, today: 1 });
  assert.deepEqual(s.templateStats, { total: 1, today: 1 });
  assert.deepEqual(s.aiStats, { total: 3, today: 2 });
  assert.deepEqual(s.aiocrStats, { total: 1, today: 1 });
  assert.deepEqual(s.ai_documentStats, { total: 1, today: 0 });
  for (const k of ["aiextractStats", "ocrextractStats", "ai_law_searchStats"]) {
    assert.deepEqual(s[k], { total: 0, today: 0 });
  }
  assert.equal(s.trend.length, 7);
  assert.equal(s.trend[6].date, "2026-01-05");
  assert.equal(s.trend[0].date, "2025-12-30");
  assert.deepEqual(s.trend[6], {
    date: "2026-01-05",
    ai_count: 2,
    mediation_count: 1,
    pdf_count: 1,
    template_count: 1,
  });
  assert.deepEqual(s.trend[4], {
    date: "2026-01-03",
    ai_count: 1,
    mediation_count: 0,
    pdf_count: 0,
    template_count: 0,
  });

  // A member sees only their own figures.
  const own = await (await t.request("GET", "/api/dashboard/stats", { as: m })).json();
  assert.deepEqual(own.aiStats, { total: 2, today: 1 });
  assert.deepEqual(own.mediationStats, { total: 2, today: 1 });
  assert.deepEqual(own.pdfStats, { total: 1, today: 1 });
});

Deno.test("GET /api/recent-activities speaks part 1 §3's activity types", async () => {
  using t = await testApp();
  const who = { id: 1, username: "admin" };
  const types: UsageType[] = ["mediation", "pdf", "pdf_convert", "template", "ai", "case_split", "aiocr"];
  for (const [i, type] of types.entries()) await use(t, who, type, t.clock.now() + i);
  const body = await (await t.request("GET", "/api/recent-activities?pageSize=20", { as: "admin" })).json();
  const shown = body.activities.map((a: { type: string; description: string }) => [a.description, a.type]);
  assert.deepEqual(shown.reverse(), [
    ["mediation", "mediation"],
    ["pdf", "pdf"],
    ["pdf_convert", "pdf"],
    ["template", "template"],
    ["ai", "ai_document"],
    ["case_split", "ai_document"],
    ["aiocr", "aiocr"],
  ]);
  const spec = [
    "mediation",
    "pdf",
    "template",
    "aiextract",
    "ocrextract",
    "ai_law_search",
    "ai_document",
    "aiocr",
  ];
  for (const [, type] of shown) assert.ok(spec.includes(type), type);
});

Deno.test("GET /api/recent-activities pages admins over everyone and members over their own", async () => {
  using t = await testApp();
  const alice = await t.userWith(["dashboard"], { username: "alice" });
  const bob = await t.userWith(["dashboard"], { username: "bob" });
  for (let i = 0; i < 12; i++) {
    await use(t, { id: alice.user.id, username: "alice" }, "mediation", t.clock.now() + i);
  }
  await use(t, { id: bob.user.id, username: "bob" }, "pdf", t.clock.now() + 100);
  const page1 = await (await t.request("GET", "/api/recent-activities", { as: "admin" })).json();
  assert.deepEqual(page1.pagination, { total: 13, page: 1, pageSize: 10 });
  assert.equal(page1.activities.length, 10);
  assert.equal(page1.activities[0].username, "bob");
  assert.deepEqual(Object.keys(page1.activities[0]).sort(), [
    "created_at",
    "description",
    "id",
    "status",
    "type",
    "username",
  ]);
  const page2 = await (await t.request("GET", "/api/recent-activities?page=2&pageSize=10", { as: "admin" }))
    .json();
  assert.equal(page2.activities.length, 3);
  const filtered =
    await (await t.request("GET", `/api/recent-activities?userId=${bob.user.id}`, { as: "admin" }))
      .json();
  assert.deepEqual(filtered.pagination.total, 1);
  const own = await (await t.request("GET", `/api/recent-activities?userId=${bob.user.id}&pageSize=20`, {
    as: alice,
  })).json();
  assert.equal(own.pagination.total, 12, "a member's userId is ignored");
  assert.ok(own.activities.every((a: { username: string }) => a.username === "alice"));
});

Deno.test("GET /api/recent-activities accepts only page sizes 10, 20, 50, 100", async () => {
  using t = await testApp();
  const res = await t.request("GET", "/api/recent-activities?pageSize=30", { as: "admin" });
  assert.equal(res.status, 400);
  assert.deepEqual(await res.json(), {
    success: false,
    code: "VALIDATION_FAILED",
    error: "每页条数只能是10、20、50、100",
    field: "pageSize",
  });
  const zero = await t.request("GET", "/api/recent-activities?page=0", { as: "admin" });
  assert.equal(zero.status, 400);
  assert.equal((await zero.json()).field, "page");
  assert.equal(
    (await t.request("GET", "/api/recent-activities?pageSize=100&userId=", { as: "admin" })).status,
    200,
  );
});
