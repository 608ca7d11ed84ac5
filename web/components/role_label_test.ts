import assert from "node:assert/strict";
import { roleLabel, roleLabelWithKey } from "./role_label.ts";

Deno.test("roleLabel() shows the admin role key in Chinese and keeps other names", () => {
  assert.equal(roleLabel("admin"), "管理员");
  assert.equal(roleLabel("普通用户"), "普通用户");
  assert.equal(roleLabel("超级管理员"), "超级管理员");
  assert.equal(roleLabel("Admin"), "Admin");
  assert.equal(roleLabelWithKey("admin"), "管理员（admin）");
  assert.equal(roleLabelWithKey("律师"), "律师");
});
