import assert from "node:assert/strict";
import { startTask } from "../../server/kv/tasks.ts";
import { type TestApp, testApp } from "../helpers/test_app.ts";

async function seedTask(t: TestApp, userId: number) {
  const { task } = await startTask(t.kv, {
    type: "maintenance.cleanup",
    userId,
    total: 3,
    now: t.clock.now(),
    message: (taskId) => ({ type: "maintenance.cleanup", taskId }),
  });
  return task;
}

const NOT_FOUND = { success: false, code: "TASK_NOT_FOUND", error: "任务不存在" };

Deno.test("GET /api/tasks/:id answers the owner's task", async () => {
  using t = await testApp();
  const owner = await t.userWith(["mediation"]);
  const task = await seedTask(t, owner.user.id);
  const res = await t.request("GET", `/api/tasks/${task.id}`, { as: owner });
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  assert.deepEqual(await res.json(), { success: true, task });
});

Deno.test("GET /api/tasks/:id needs a token", async () => {
  using t = await testApp();
  const owner = await t.userWith(["mediation"]);
  const task = await seedTask(t, owner.user.id);
  const res = await t.request("GET", `/api/tasks/${task.id}`);
  assert.equal(res.status, 401);
  assert.equal((await res.json()).code, "AUTH_REQUIRED");
});

Deno.test("GET /api/tasks/:id hides another user's task as not found; user id 1 may read it", async () => {
  using t = await testApp();
  const owner = await t.userWith(["mediation"]);
  const other = await t.userWith(["mediation", "user_manage"], { role: "admin" });
  const task = await seedTask(t, owner.user.id);
  const res = await t.request("GET", `/api/tasks/${task.id}`, { as: other });
  assert.equal(res.status, 404);
  assert.deepEqual(await res.json(), NOT_FOUND);
  const admin = await t.request("GET", `/api/tasks/${task.id}`, { as: "admin" });
  assert.equal(admin.status, 200);
  assert.equal((await admin.json()).task.id, task.id);
});

Deno.test("GET /api/tasks/:id answers TASK_NOT_FOUND for unknown and malformed ids", async () => {
  using t = await testApp();
  const user = await t.userWith(["mediation"]);
  for (const id of ["00000000000000000000", "not-an-id", "0000000000000000000G"]) {
    const res = await t.request("GET", `/api/tasks/${id}`, { as: user });
    assert.equal(res.status, 404);
    assert.deepEqual(await res.json(), NOT_FOUND);
  }
});
