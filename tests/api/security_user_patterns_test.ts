/**
 * Issue #25 finding 1: a user's file-name pattern must not stall the server. Patterns run on RE2
 * (common/user_pattern.ts) at every place they meet a file name: POST /api/custom-ocr/process and
 * POST /api/folder-browser/process. Before, the save check counted only `*`, `+` and `{n,}`, so these
 * patterns were stored, and JavaScript's backtracking RegExp took seconds on a 120-character name.
 */
import assert from "node:assert/strict";
import { getRule, saveRule } from "../../server/kv/custom_ocr_rules.ts";
import { getQuotas } from "../../server/kv/quotas.ts";
import { type SeededUser, type TestApp, testApp } from "../helpers/test_app.ts";

/** Saved by the old check, and 4-12 s (the first) to minutes (the second) under RegExp. */
const STALLING = ["a{0,40}a{0,40}a{0,40}a{0,40}!", "a{0,60}a{0,60}a{0,60}a{0,60}a{0,60}!"];
/** Long enough to stall the old engine, short enough for every name rule: 250 characters. */
const LONG_NAME = "a".repeat(246) + ".pdf";

async function saveRuleWith(t: TestApp, as: SeededUser, pattern: string): Promise<string> {
  const res = await t.request("POST", "/api/custom-ocr/rules", {
    as,
    json: { rule_name: "规则", patterns: [{ pattern, fields: [{ key: "name", label: "姓名" }] }] },
  });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  return body.rule.id;
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await run();
  return { value, ms: performance.now() - t0 };
}

Deno.test("POST /api/custom-ocr/process: the issue's stalling patterns are saved and run in bounded time", async () => {
  using t = await testApp();
  const u = await t.userWith(["custom_ocr_access"], { quotas: { ai: 5 } });
  for (const pattern of STALLING) {
    const ruleId = await saveRuleWith(t, u, pattern);
    const form = new FormData();
    form.append("ruleId", ruleId);
    form.append("files", new File(["x"], LONG_NAME));
    const { value: res, ms } = await timed(() =>
      t.request("POST", "/api/custom-ocr/process", { as: u, form })
    );
    const body = await res.json();
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.deepEqual(body.skipped, [LONG_NAME]);
    assert.ok(ms < 1000, `${pattern}: ${ms.toFixed(0)} ms`);
  }
  assert.equal((await getQuotas(t.kv, u.user.id)).aiLimit, 5);
});

Deno.test("POST /api/folder-browser/process: a stalling pattern meets a long AI-folder file name in bounded time", async () => {
  using t = await testApp();
  const u = await t.userWith(["custom_ocr_access", "ai_folder_access"], { quotas: { ai: 5 } });
  const form = new FormData();
  form.append("relativePaths", `案/${LONG_NAME}`);
  form.append("files", new File(["x"], LONG_NAME));
  const up = await t.request("POST", "/api/aifolder/upload-folder", { as: u, form });
  assert.equal(up.status, 200, await up.clone().text());
  await up.body?.cancel();
  const ruleId = await saveRuleWith(t, u, STALLING[1]);
  const { value: res, ms } = await timed(() =>
    t.request("POST", "/api/folder-browser/process", { as: u, json: { ruleId, items: [{ path: "案" }] } })
  );
  assert.equal(res.status, 400);
  assert.equal((await res.json()).code, "CUSTOM_NO_MATCHING_FILES");
  assert.ok(ms < 1000, `${ms.toFixed(0)} ms`);
});

Deno.test("a stored pattern RE2 cannot run is refused at use time with a Chinese message, nothing charged", async () => {
  using t = await testApp();
  const u = await t.userWith(["custom_ocr_access"], { quotas: { ai: 5 } });
  const ruleId = await saveRuleWith(t, u, "起诉状");
  // A rule stored before patterns ran on RE2 may hold a back-reference or look-around.
  const rule = (await getRule(t.kv, u.user.id, ruleId))!;
  await saveRule(t.kv, { ...rule, patterns: [{ ...rule.patterns[0], pattern: "(起诉)\\1" }] });
  const form = new FormData();
  form.append("ruleId", ruleId);
  form.append("files", new File(["x"], "起诉起诉.pdf"));
  const res = await t.request("POST", "/api/custom-ocr/process", { as: u, form });
  assert.equal(res.status, 400);
  assert.deepEqual(await res.json(), {
    success: false,
    code: "CUSTOM_RULE_PATTERN_INVALID",
    error: "匹配规则“(起诉)\\1”不支持反向引用（如 \\1、\\k<名称>），请先修改规则",
  });
  assert.equal((await getQuotas(t.kv, u.user.id)).aiLimit, 5);
});

Deno.test("POST /api/custom-ocr/rules refuses back-references and look-around with Chinese messages", async () => {
  using t = await testApp();
  const u = await t.userWith(["custom_ocr_access"]);
  const cases: [string, RegExp][] = [
    ["(a)\\1", /不支持反向引用/],
    ["起诉状(?=\\.pdf)", /不支持前瞻或后顾断言/],
    ["(?<!副本)起诉状", /不支持前瞻或后顾断言/],
  ];
  for (const [pattern, message] of cases) {
    const res = await t.request("POST", "/api/custom-ocr/rules", {
      as: u,
      json: { rule_name: "规则", patterns: [{ pattern, fields: [{ key: "name", label: "姓名" }] }] },
    });
    assert.equal(res.status, 400, pattern);
    const body = await res.json();
    assert.equal(body.code, "VALIDATION_FAILED");
    assert.match(body.error, message, pattern);
  }
  // Each pattern is tested against every name: their counted repeats are bounded together too.
  const heavy = "[\\s\\S]{25}".repeat(10);
  const res = await t.request("POST", "/api/custom-ocr/rules", {
    as: u,
    json: {
      rule_name: "规则",
      patterns: Array.from(
        { length: 5 },
        () => ({ pattern: heavy, fields: [{ key: "name", label: "姓名" }] }),
      ),
    },
  });
  assert.equal(res.status, 400);
  assert.equal((await res.json()).error, "匹配规则的重复次数合计过大，请减少或简化匹配规则");
});
