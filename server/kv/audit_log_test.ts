import assert from "node:assert/strict";
import { listAuditEntries, recordAudit } from "./audit_log.ts";

Deno.test("recordAudit() keeps who, what, before and after, newest first, without secrets", async () => {
  using kv = await Deno.openKv(":memory:");
  const base = { actorId: 1, actorName: "admin", entity: "user" as const, entityId: "7" };
  await recordAudit(kv, {
    ...base,
    at: 1000,
    action: "create",
    after: { username: "a", passwordHash: "scrypt$x" },
  });
  await recordAudit(kv, {
    ...base,
    at: 2000,
    action: "update",
    before: { username: "a", nested: [{ password: "p", ok: 1 }] },
    after: { username: "a", api_key: "sk-1" },
  });
  const { entries, cursor } = await listAuditEntries(kv);
  assert.equal(cursor, null);
  assert.deepEqual(entries.map((e) => [e.action, e.at]), [["update", 2000], ["create", 1000]]);
  assert.deepEqual(entries[0].before, { username: "a", nested: [{ ok: 1 }] });
  assert.deepEqual(entries[0].after, { username: "a" });
  assert.deepEqual(entries[1].before, null);
  assert.deepEqual(entries[1].after, { username: "a" });
  assert.deepEqual([entries[1].actorId, entries[1].actorName, entries[1].entityId], [1, "admin", "7"]);
});

Deno.test("listAuditEntries() pages with a cursor", async () => {
  using kv = await Deno.openKv(":memory:");
  for (let i = 0; i < 5; i++) {
    await recordAudit(kv, {
      at: 1000 + i,
      actorId: 1,
      actorName: "admin",
      action: "update",
      entity: "settings",
      entityId: "system",
    });
  }
  const first = await listAuditEntries(kv, { limit: 3 });
  assert.deepEqual(first.entries.map((e) => e.at), [1004, 1003, 1002]);
  assert.ok(first.cursor);
  const second = await listAuditEntries(kv, { limit: 3, cursor: first.cursor });
  assert.deepEqual(second.entries.map((e) => e.at), [1001, 1000]);
  assert.equal(second.cursor, null);
});
