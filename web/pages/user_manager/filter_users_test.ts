import assert from "node:assert/strict";
import type { UserRow } from "../../api/users.ts";
import { filterUsers } from "./filter_users.ts";

function user(id: number, patch: Partial<UserRow> = {}): UserRow {
  return {
    id,
    username: `user${id}`,
    email: `user${id}@example.com`,
    role: "普通用户",
    last_login: null,
    created_at: `2026-01-0${id}T04:00:00.000Z`,
    domain: "",
    ...patch,
  };
}

const USERS = [
  user(1, { username: "admin", role: "超级管理员" }),
  user(2, { username: "Alice", role: "admin", domain: "a.law.cn" }),
  user(3, { username: "bob", email: "bob@law.cn" }),
  user(4, { username: "alina", domain: "b.law.cn" }),
];
const ids = (rows: UserRow[]) => rows.map((u) => u.id);

Deno.test("filterUsers() with no filters keeps everyone", () => {
  assert.deepEqual(ids(filterUsers(USERS, {})), [1, 2, 3, 4]);
  assert.deepEqual(ids(filterUsers(USERS, { id: "", username: " ", role: "" })), [1, 2, 3, 4]);
});

Deno.test("filterUsers() matches the ID exactly and text fields by a part, case-insensitive", () => {
  assert.deepEqual(ids(filterUsers(USERS, { id: 2 })), [2]);
  assert.deepEqual(ids(filterUsers(USERS, { id: "1" })), [1]);
  assert.deepEqual(ids(filterUsers(USERS, { username: "AL" })), [2, 4]);
  assert.deepEqual(ids(filterUsers(USERS, { email: "law.cn" })), [3]);
  assert.deepEqual(ids(filterUsers(USERS, { domain: "law" })), [2, 4]);
});

Deno.test("filterUsers() matches the role by its whole name and combines filters", () => {
  assert.deepEqual(ids(filterUsers(USERS, { role: "admin" })), [2]);
  assert.deepEqual(ids(filterUsers(USERS, { role: "普通用户", username: "b" })), [3]);
});

Deno.test("filterUsers() keeps users created inside the range, both ends included", () => {
  const from = Date.parse("2026-01-02T04:00:00.000Z");
  const to = Date.parse("2026-01-03T04:00:00.000Z");
  assert.deepEqual(ids(filterUsers(USERS, { createdFrom: from, createdTo: to })), [2, 3]);
  assert.deepEqual(ids(filterUsers(USERS, { createdFrom: from + 1 })), [3, 4]);
  assert.deepEqual(ids(filterUsers(USERS, { createdTo: from - 1 })), [1]);
});
