import assert from "node:assert/strict";
import { latestRequests } from "./latest_request.ts";

Deno.test("latestRequests: only the newest request started counts, whatever order the answers come in", async () => {
  const begin = latestRequests();
  const shown: string[] = [];
  async function load(name: string, delayMs: number) {
    const current = begin();
    await new Promise((r) => setTimeout(r, delayMs));
    if (current()) shown.push(name);
  }
  // the unfiltered list answers last, after the filtered one that replaced it
  await Promise.all([load("everyone", 30), load("bob", 0)]);
  assert.deepEqual(shown, ["bob"]);
  await load("alone", 0);
  assert.deepEqual(shown, ["bob", "alone"]);
});

Deno.test("latestRequests: each list keeps its own count", () => {
  const users = latestRequests();
  const roles = latestRequests();
  const usersCurrent = users();
  const rolesCurrent = roles();
  users();
  assert.equal(usersCurrent(), false);
  assert.equal(rolesCurrent(), true);
});
