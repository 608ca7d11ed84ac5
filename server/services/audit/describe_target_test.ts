import assert from "node:assert/strict";
import type { AuditEntry } from "../../kv/audit_log.ts";
import { describeTarget, quotaUserId } from "./describe_target.ts";

function entry(patch: Partial<AuditEntry>): AuditEntry {
  return {
    id: "x",
    at: 0,
    actorId: 1,
    actorName: "admin",
    action: "update",
    entity: "user",
    entityId: "5",
    before: null,
    after: null,
    ...patch,
  };
}

const names = new Map([[5, "alice"]]);
const usernameOf = (id: number) => names.get(id);

Deno.test("describeTarget() names users and roles from the state after, or before when deleted", () => {
  assert.equal(describeTarget(entry({ after: { username: "bob" } }), usernameOf), "bob");
  assert.equal(
    describeTarget(entry({ action: "delete", before: { username: "carol" } }), usernameOf),
    "carol",
  );
  assert.equal(
    describeTarget(
      entry({ entity: "role", before: { name: "律师" }, after: { name: "主办律师" } }),
      usernameOf,
    ),
    "主办律师",
  );
  assert.equal(describeTarget(entry({ entity: "role", entityId: "9" }), usernameOf), "#9");
});

Deno.test("describeTarget() names a quota by its owner's username and the counter's label", () => {
  const quota = entry({ entity: "quota", entityId: "5:ai", after: { userId: 5, type: "ai", limit: 3 } });
  assert.equal(describeTarget(quota, usernameOf), "alice · AI功能");
  const gone = entry({ entity: "quota", entityId: "8:mediation", after: { userId: 8, type: "mediation" } });
  assert.equal(describeTarget(gone, usernameOf), "#8 · 文书生成");
  assert.equal(quotaUserId(quota), 5);
  assert.equal(quotaUserId(entry({ entity: "user" })), null);
});

Deno.test("describeTarget() names settings, codes, features, words and one's own account", () => {
  assert.equal(describeTarget(entry({ entity: "settings", entityId: "system" }), usernameOf), "系统设置");
  assert.equal(describeTarget(entry({ entity: "ai_settings", entityId: "ai" }), usernameOf), "AI设置");
  assert.equal(
    describeTarget(entry({ entity: "invitation_code", before: { code: "AB12CD34" } }), usernameOf),
    "AB12CD34",
  );
  assert.equal(
    describeTarget(entry({ entity: "login_feature", after: { title: "批量生成" } }), usernameOf),
    "批量生成",
  );
  assert.equal(
    describeTarget(entry({ entity: "sensitive_word", after: { word: "某词" } }), usernameOf),
    "某词",
  );
  assert.equal(describeTarget(entry({ entity: "account", actorName: "dave" }), usernameOf), "dave");
});
