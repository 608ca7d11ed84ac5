import assert from "node:assert/strict";
import { diffFields, formatValue } from "./diff_fields.ts";

Deno.test("diffFields() lists every field of either state, marks the changed ones and labels known fields", () => {
  const rows = diffFields(
    { name: "律师", permissions: ["dashboard"], isSystem: false },
    { name: "律师", permissions: ["dashboard", "mediation"], isSystem: false, createdAt: 5 },
  );
  assert.deepEqual(rows, [
    { field: "name", label: "名称", before: "律师", after: "律师", changed: false },
    {
      field: "permissions",
      label: "权限",
      before: "dashboard",
      after: "dashboard、mediation",
      changed: true,
    },
    { field: "isSystem", label: "系统角色", before: "否", after: "否", changed: false },
    { field: "createdAt", label: "创建时间", before: "", after: "5", changed: true },
  ]);
});

Deno.test("diffFields() handles a creation (no before), a deletion (no after) and unknown fields", () => {
  assert.deepEqual(diffFields(null, { odd_field: 1 }), [
    { field: "odd_field", label: "odd_field", before: "", after: "1", changed: true },
  ]);
  assert.deepEqual(diffFields({ username: "bob" }, null), [
    { field: "username", label: "用户名", before: "bob", after: "", changed: true },
  ]);
});

Deno.test("formatValue() writes objects as JSON and booleans in Chinese", () => {
  assert.equal(formatValue([{ text: "官网", url: "/" }]), '[{"text":"官网","url":"/"}]');
  assert.equal(formatValue(true), "是");
  assert.equal(formatValue(undefined), "");
});
