import assert from "node:assert/strict";
import { getRule } from "../../server/kv/custom_ocr_rules.ts";
import { routeFile } from "../../server/services/custom_ocr/rules.ts";
import { type SeededUser, type TestApp, testApp } from "../helpers/test_app.ts";

const DATA = new URL("../../../shared/data/extraction/", import.meta.url);

type RuleInput = {
  rule_name: string;
  description?: string;
  patterns: { pattern: string; fields: { key: string; label: string; prompt?: string }[] }[];
  global_fields?: { key: string; label: string; prompt?: string }[];
};

async function sharedRule(): Promise<RuleInput> {
  return JSON.parse(await Deno.readTextFile(new URL("rules.json", DATA)))[0];
}

function minimal(over: Partial<RuleInput> = {}): RuleInput {
  return {
    rule_name: "民间借贷立案",
    patterns: [{ pattern: ".*起诉状.*", fields: [{ key: "原告", label: "原告" }] }],
    global_fields: [{ key: "案号", label: "案号" }],
    ...over,
  };
}

async function postRule(t: TestApp, as: SeededUser, json: unknown) {
  const res = await t.request("POST", "/api/custom-ocr/rules", { as, json });
  return { res, body: await res.json() };
}

Deno.test("POST /api/custom-ocr/rules stores the shared rules.json rule; GET answers the spec's shape", async () => {
  using t = await testApp();
  const u = await t.userWith(["custom_ocr_access"]);
  const input = await sharedRule();
  const { res, body } = await postRule(t, u, input);
  assert.equal(res.status, 200, JSON.stringify(body));
  assert.equal(body.message, "创建成功");
  const list = await (await t.request("GET", "/api/custom-ocr/rules", { as: u })).json();
  assert.equal(list.rules.length, 1);
  const rule = list.rules[0];
  assert.equal(rule.rule_name, input.rule_name);
  assert.deepEqual(
    rule.patterns.map((p: { file_pattern: string }) => p.file_pattern),
    input.patterns.map((p) => p.pattern),
  );
  const globals = rule.fields.filter((f: { pattern_id: string | null }) => f.pattern_id === null);
  assert.deepEqual(
    globals.map((f: { field_key: string }) => f.field_key),
    input.global_fields!.map((f) => f.key),
  );
  const first = rule.fields.filter((f: { pattern_id: string | null }) =>
    f.pattern_id === rule.patterns[0].id
  );
  assert.deepEqual(
    first.map((
      f: { field_key: string; field_label: string; field_prompt: string },
    ) => [f.field_key, f.field_label, f.field_prompt]),
    input.patterns[0].fields.map((f) => [f.key, f.label, f.prompt]),
  );

  // Edit replaces patterns and fields; the id stays.
  const put = await t.request("PUT", `/api/custom-ocr/rules/${rule.id}`, {
    as: u,
    json: minimal({ rule_name: "改名" }),
  });
  assert.equal(put.status, 200);
  const after = (await (await t.request("GET", "/api/custom-ocr/rules", { as: u })).json()).rules;
  assert.deepEqual([after.length, after[0].id, after[0].rule_name, after[0].patterns.length], [
    1,
    rule.id,
    "改名",
    1,
  ]);
  const del = await t.request("DELETE", `/api/custom-ocr/rules/${rule.id}`, { as: u });
  assert.equal((await del.json()).message, "删除成功");
  assert.deepEqual((await (await t.request("GET", "/api/custom-ocr/rules", { as: u })).json()).rules, []);
});

Deno.test("POST /api/custom-ocr/rules: the rule editor's checks of part 4 §5", async () => {
  using t = await testApp();
  const u = await t.userWith(["custom_ocr_access"]);
  const cases: [unknown, string][] = [
    [minimal({ rule_name: " " }), "请输入规则名称"],
    [minimal({ rule_name: "规".repeat(101) }), "规则名称不能超过100个字符"],
    [minimal({ patterns: [] }), "请至少添加一个文件匹配规则"],
    [minimal({ patterns: [{ pattern: "", fields: [] }] }), "存在空的匹配规则"],
    [minimal({ patterns: [{ pattern: "a".repeat(256), fields: [] }] }), "匹配规则不能超过255个字符"],
    [
      minimal({ patterns: [{ pattern: ".*", fields: [] }], global_fields: [] }),
      "请至少添加一个全局字段或专属字段",
    ],
    [minimal({ global_fields: [{ key: "案号", label: "" }] }), "存在未完整填写的全局字段"],
    [
      minimal({ patterns: [{ pattern: "借条", fields: [{ key: "", label: "借款金额" }] }] }),
      "存在未完整填写的专属字段",
    ],
    [minimal({ patterns: [{ pattern: "(借条", fields: [] }] }), "匹配规则“(借条”不是有效的正则表达式"],
  ];
  for (const [json, error] of cases) {
    const { res, body } = await postRule(t, u, json);
    assert.equal(res.status, 400, error);
    assert.equal(body.error, error);
  }
  // What RE2 cannot run is refused before it is stored (tests/api/security_user_patterns_test.ts).
  for (const pattern of ["(a)\\1", "a(?=b)"]) {
    const { res, body } = await postRule(t, u, minimal({ patterns: [{ pattern, fields: [] }] }));
    assert.equal(res.status, 400, pattern);
    assert.match(body.error, /反向引用|前瞻或后顾/, pattern);
  }
  assert.deepEqual((await (await t.request("GET", "/api/custom-ocr/rules", { as: u })).json()).rules, []);
});

Deno.test("/api/custom-ocr/rules: each user's own; permission and sign-in refused; limits.ai_limit", async () => {
  using t = await testApp();
  const a = await t.userWith(["custom_ocr_access"], { quotas: { ai: 7 } });
  const b = await t.userWith(["custom_ocr_access"]);
  const { body } = await postRule(t, a, minimal());
  const id = body.rule.id;
  assert.deepEqual((await (await t.request("GET", "/api/custom-ocr/rules", { as: b })).json()).rules, []);
  const put = await t.request("PUT", `/api/custom-ocr/rules/${id}`, { as: b, json: minimal() });
  assert.equal(put.status, 404);
  assert.equal((await put.json()).error, "规则不存在或已删除");
  assert.equal((await t.request("DELETE", `/api/custom-ocr/rules/${id}`, { as: b })).status, 404);
  assert.ok(await getRule(t.kv, a.user.id, id));
  assert.equal(
    (await t.request("GET", "/api/custom-ocr/rules", { as: await t.userWith(["dashboard"]) })).status,
    403,
  );
  assert.equal((await t.request("GET", "/api/custom-ocr/rules")).status, 401);
  const limits = await (await t.request("GET", "/api/custom-ocr/user/limits", { as: a })).json();
  assert.deepEqual(limits, { success: true, limits: { ai_limit: 7 } });
});

Deno.test("routeFile(): rules.json routes every file of every shared case folder; expected.json and other types are skipped", async () => {
  using t = await testApp();
  const u = await t.userWith(["custom_ocr_access"]);
  const { body } = await postRule(t, u, await sharedRule());
  const rule = (await getRule(t.kv, u.user.id, body.rule.id))!;
  let files = 0;
  for await (const dir of Deno.readDir(new URL("cases/", DATA))) {
    if (!dir.isDirectory) continue;
    for await (const f of Deno.readDir(new URL(`cases/${dir.name}/`, DATA))) {
      const routed = routeFile(rule, f.name);
      if (f.name === "expected.json") {
        assert.deepEqual(routed.status === "skipped" && routed.reason, "label_file");
        continue;
      }
      files++;
      assert.equal(routed.status, "matched", `${dir.name}/${f.name}`);
      if (routed.status === "matched") {
        const keys = routed.fields.map((x) => x.key);
        for (const g of rule.globalFields) assert.ok(keys.includes(g.key), `${f.name}: global ${g.key}`);
        assert.equal(new Set(keys).size, keys.length, "each key once");
      }
    }
  }
  assert.equal(files, 138);
  const complaint = routeFile(rule, "张三诉李四起诉状.docx");
  assert.ok(complaint.status === "matched" && complaint.fields.some((f) => f.key === "claim"));
  const notes = routeFile(rule, "备注.txt");
  assert.deepEqual(notes.status === "skipped" && [notes.reason, notes.message], ["type", "不支持的文件类型"]);
  const other = routeFile(rule, "照片.jpg");
  assert.deepEqual(other.status === "skipped" && other.reason, "no_pattern");
});
