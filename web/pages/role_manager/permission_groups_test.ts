import assert from "node:assert/strict";
import { PERMISSION_CODES, PERMISSIONS } from "../../../common/permissions.ts";
import { groupPermissions } from "./permission_groups.ts";

Deno.test("groupPermissions() groups every code by prefix, in the spec's group order", () => {
  const groups = groupPermissions(PERMISSIONS).map((g) => [g.title, g.items.map((p) => p.code)]);
  assert.deepEqual(groups, [
    ["AI文档处理", [
      "ocr_access",
      "custom_ocr_access",
      "ai_folder_access",
      "ai_cljl_access",
      "ai_muban_access",
    ]],
    ["Excel批量处理", ["excel_batch_generate", "excel_template_manage", "excel_case_split"]],
    // ocr_extract starts with ocr_ but belongs to the AI tools (part 3 §2 lists it there)
    ["AI工具", ["ocr_extract", "ai_document", "ai_law_search"]],
    ["系统管理", ["storage_manage", "template_manage", "user_manage", "role_manage", "system_settings"]],
    [
      "其他",
      ["dashboard", "member_center", "register_gift_manage", "pdf_converter", "mediation", "my_template"],
    ],
  ]);
  const all = groups.flatMap(([, codes]) => codes as string[]);
  assert.deepEqual([...all].sort(), [...PERMISSION_CODES].sort());
});

Deno.test("groupPermissions() leaves out empty groups", () => {
  const groups = groupPermissions([{ code: "dashboard" }, { code: "user_manage" }]);
  assert.deepEqual(groups.map((g) => g.title), ["系统管理", "其他"]);
});
