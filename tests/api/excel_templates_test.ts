import assert from "node:assert/strict";
import type { SeededUser, TestApp } from "../helpers/test_app.ts";
import { testApp } from "../helpers/test_app.ts";

const FIXTURES = new URL("../fixtures/", import.meta.url);
const simpleDocx = await Deno.readFile(new URL("simple_template.docx", FIXTURES));
const noVariableDocx = await Deno.readFile(new URL("no_variable_template.docx", FIXTURES));
const brokenDocx = await Deno.readFile(new URL("broken_template.docx", FIXTURES));

function docxForm(bytes: Uint8Array, name = "起诉状.docx", field = "file"): FormData {
  const form = new FormData();
  form.append(field, new File([bytes as Uint8Array<ArrayBuffer>], name));
  return form;
}

async function manager(t: TestApp) {
  return await t.userWith(["excel_template_manage"]);
}

async function uploadAndSave(t: TestApp, as: SeededUser, name = "起诉状模板") {
  const up =
    await (await t.request("POST", "/api/excel-templates/upload", { as, form: docxForm(simpleDocx) })).json();
  const res = await t.request("POST", "/api/excel-templates", {
    as,
    json: { templateName: name, description: "说明", filePath: up.filePath },
  });
  assert.equal(res.status, 201);
  return (await res.json()).template;
}

const PARAGRAPH = {
  template_name: "被申请人段落",
  variable: "#{被申请人段落}",
  template: "被申请人：${姓名}，住${住址}；",
  description: "",
  all_indent: true,
  add_line_break: true,
};

Deno.test("Word templates: upload, save with a name, list, download the same bytes, delete", async () => {
  using t = await testApp();
  const m = await manager(t);
  const upload = await t.request("POST", "/api/excel-templates/upload", {
    as: m,
    form: docxForm(simpleDocx),
  });
  assert.equal(upload.status, 200);
  const up = await upload.json();
  assert.equal(up.success, true);
  assert.equal(up.fileName, "起诉状.docx");
  assert.equal(up.noVariables, false);
  assert.ok(up.variables.length > 0);
  assert.match(up.filePath, /^[0-9a-f]{20}$/);

  const save = await t.request("POST", "/api/excel-templates", {
    as: m,
    json: { templateName: "  起诉状模板 ", description: "民事", filePath: up.filePath },
  });
  assert.equal(save.status, 201);
  const { template, message } = await save.json();
  assert.equal(message, "创建成功");
  assert.equal(template.template_name, "起诉状模板");
  assert.equal(template.original_filename, "起诉状.docx");
  assert.equal(template.file_path, `excel-templates/${template.id}`);
  assert.deepEqual(template.variables, up.variables);
  // the pending upload is used up
  const again = await t.request("POST", "/api/excel-templates", {
    as: m,
    json: { templateName: "再存一次", filePath: up.filePath },
  });
  assert.equal(again.status, 400);
  assert.deepEqual(await again.json(), {
    success: false,
    code: "EXCEL_TEMPLATE_UPLOAD_NOT_FOUND",
    error: "上传的模板文件不存在或已过期，请重新上传",
    field: "filePath",
  });

  const list = await (await t.request("GET", "/api/excel-templates", { as: m })).json();
  assert.deepEqual(list, { success: true, templates: [template] });
  const blobs = await Array.fromAsync(t.deps.blobs.list(`users/${m.user.id}/excel_templates`));
  assert.deepEqual(blobs.map((b) => b.key), [
    `users/${m.user.id}/excel_templates/${template.id}/template.docx`,
  ]);
  assert.equal((await Array.fromAsync(t.deps.blobs.list("tmp"))).length, 0);

  const download = await t.request("GET", `/api/excel-templates/download/${template.id}`, { as: m });
  assert.equal(download.status, 200);
  assert.match(
    download.headers.get("content-disposition") ?? "",
    /filename\*=UTF-8''%E8%B5%B7%E8%AF%89%E7%8A%B6\.docx/,
  );
  assert.deepEqual(new Uint8Array(await download.arrayBuffer()), simpleDocx);

  const del = await t.request("DELETE", `/api/excel-templates/${template.id}`, { as: m });
  assert.deepEqual(await del.json(), { success: true, message: "删除成功" });
  assert.equal((await Array.fromAsync(t.deps.blobs.list(`users/${m.user.id}`))).length, 0);
  const gone = await t.request("GET", `/api/excel-templates/download/${template.id}`, { as: m });
  assert.equal(gone.status, 404);
  assert.deepEqual(await gone.json(), {
    success: false,
    code: "EXCEL_TEMPLATE_NOT_FOUND",
    error: "模板不存在",
  });
});

Deno.test("Word template upload with keep=1 (the Excel batch wizard) keeps it among the member's Word templates", async () => {
  using t = await testApp();
  // the wizard's own permission is enough: it may upload, and what it uploads is kept
  const member = await t.userWith(["excel_batch_generate"]);
  const form = docxForm(simpleDocx, "催告函.docx");
  form.append("keep", "1");
  const res = await t.request("POST", "/api/excel-templates/upload", { as: member, form });
  assert.equal(res.status, 200);
  const up = await res.json();
  assert.equal(up.template.template_name, "催告函");
  assert.equal(up.template.description, "在Excel批量生成中上传");
  assert.equal(up.filePath, up.template.file_path);
  const list = await (await t.request("GET", "/api/excel-templates", { as: member })).json();
  assert.deepEqual(list.templates.map((x: { file_path: string }) => x.file_path), [up.filePath]);
  const bytes = new Uint8Array(
    await (await t.request("GET", `/api/excel-templates/download/${up.template.id}`, { as: member }))
      .arrayBuffer(),
  );
  assert.deepEqual(bytes, simpleDocx);
  // without keep, nothing is kept until it is saved with a name
  await t.request("POST", "/api/excel-templates/upload", { as: member, form: docxForm(simpleDocx) });
  assert.equal(
    (await (await t.request("GET", "/api/excel-templates", { as: member })).json()).templates.length,
    1,
  );
});

Deno.test("Word template upload: .docx only (name and content), the ${name} warning, malformed placeholders", async () => {
  using t = await testApp();
  const m = await manager(t);
  const notDocx = await t.request("POST", "/api/excel-templates/upload", {
    as: m,
    form: docxForm(simpleDocx, "a.doc"),
  });
  assert.equal(notDocx.status, 400);
  assert.deepEqual(await notDocx.json(), {
    success: false,
    code: "TEMPLATE_NOT_DOCX",
    error: "只能上传Word文档(.docx)!",
    field: "file",
  });
  const fake = await t.request("POST", "/api/excel-templates/upload", {
    as: m,
    form: docxForm(new TextEncoder().encode("plain text"), "fake.docx"),
  });
  assert.equal(fake.status, 400);
  assert.equal((await fake.json()).error, "只能上传Word文档(.docx)!");
  const broken = await t.request("POST", "/api/excel-templates/upload", {
    as: m,
    form: docxForm(brokenDocx),
  });
  assert.equal(broken.status, 400);
  const brokenBody = await broken.json();
  assert.equal(brokenBody.code, "TEMPLATE_INVALID");
  assert.match(brokenBody.error, /^模板格式错误：/);
  const plain = await (await t.request("POST", "/api/excel-templates/upload", {
    as: m,
    form: docxForm(noVariableDocx),
  })).json();
  assert.equal(plain.noVariables, true);
  assert.equal(plain.warning, "模板中未找到 ${变量名} 格式的变量");
  const none = await t.request("POST", "/api/excel-templates/upload", { as: m, form: new FormData() });
  assert.equal(none.status, 400);
  assert.equal((await none.json()).error, "请选择要上传的文件");
});

Deno.test("POST /api/excel-templates: name required (请输入模板名称), upload required, one's own upload only", async () => {
  using t = await testApp();
  const m = await manager(t);
  const up =
    await (await t.request("POST", "/api/excel-templates/upload", { as: m, form: docxForm(simpleDocx) }))
      .json();
  const noName = await t.request("POST", "/api/excel-templates", {
    as: m,
    json: { templateName: "  ", filePath: up.filePath },
  });
  assert.equal(noName.status, 400);
  assert.deepEqual(await noName.json(), {
    success: false,
    code: "VALIDATION_FAILED",
    error: "请输入模板名称",
    field: "templateName",
  });
  const noFile = await t.request("POST", "/api/excel-templates", { as: m, json: { templateName: "x" } });
  assert.equal((await noFile.json()).error, "请先上传模板文件");
  const other = await manager(t);
  const stolen = await t.request("POST", "/api/excel-templates", {
    as: other,
    json: { templateName: "x", filePath: up.filePath },
  });
  assert.equal(stolen.status, 400);
  assert.equal((await stolen.json()).code, "EXCEL_TEMPLATE_UPLOAD_NOT_FOUND");
});

Deno.test("templates are each member's own: another member lists nothing and gets 404 on every id", async () => {
  using t = await testApp();
  const owner = await manager(t);
  const other = await manager(t);
  const word = await uploadAndSave(t, owner);
  const mapping = (await (await t.request("POST", "/api/excel-templates/mapping-templates", {
    as: owner,
    json: { templateName: "映射", mappings: [{ excelField: "姓名", templateField: "被申请人" }] },
  })).json()).template;
  const paragraph = (await (await t.request("POST", "/api/excel-templates/paragraph-templates", {
    as: owner,
    json: PARAGRAPH,
  })).json()).template;

  for (
    const path of [
      "/api/excel-templates",
      "/api/excel-templates/mapping-templates",
      "/api/excel-templates/paragraph-templates",
    ]
  ) {
    assert.deepEqual(await (await t.request("GET", path, { as: other })).json(), {
      success: true,
      templates: [],
    });
    assert.equal((await (await t.request("GET", path, { as: owner })).json()).templates.length, 1);
  }
  const attempts: [string, string, unknown?][] = [
    ["GET", `/api/excel-templates/download/${word.id}`],
    ["DELETE", `/api/excel-templates/${word.id}`],
    ["PUT", `/api/excel-templates/mapping-templates/${mapping.id}`, {
      templateName: "改",
      mappings: [{ excelField: "a", templateField: "b" }],
    }],
    ["DELETE", `/api/excel-templates/mapping-templates/${mapping.id}`],
    ["PUT", `/api/excel-templates/paragraph-templates/${paragraph.id}`, PARAGRAPH],
    ["DELETE", `/api/excel-templates/paragraph-templates/${paragraph.id}`],
  ];
  for (const [method, path, json] of attempts) {
    const res = await t.request(method, path, { as: other, json });
    assert.equal(res.status, 404, `${method} ${path}`);
  }
  assert.equal(
    (await t.request("GET", `/api/excel-templates/download/${word.id}`, { as: owner })).status,
    200,
  );
});

Deno.test("mapping templates: create, edit, delete; a name and at least one complete row", async () => {
  using t = await testApp();
  const m = await manager(t);
  const url = "/api/excel-templates/mapping-templates";
  const created = await t.request("POST", url, {
    as: m,
    json: {
      templateName: "民事映射",
      description: "常用",
      mappings: [{ excelField: "姓名", templateField: "被申请人" }, {
        excelField: "金额",
        templateField: "标的",
      }],
    },
  });
  assert.equal(created.status, 201);
  const { template } = await created.json();
  assert.deepEqual(template.mappings, [
    { excel_field: "姓名", template_field: "被申请人" },
    { excel_field: "金额", template_field: "标的" },
  ]);
  const edited = await t.request("PUT", `${url}/${template.id}`, {
    as: m,
    json: { templateName: "民事映射2", mappings: [{ excelField: "案号", templateField: "案号" }] },
  });
  assert.equal(edited.status, 200);
  const editedBody = await edited.json();
  assert.equal(editedBody.message, "更新成功");
  assert.equal(editedBody.template.template_name, "民事映射2");
  assert.equal(editedBody.template.description, "");
  assert.equal(editedBody.template.mappings.length, 1);

  const cases: [unknown, string, string][] = [
    [{ mappings: [{ excelField: "a", templateField: "b" }] }, "请输入模板名称", "templateName"],
    [{ templateName: "x", mappings: [] }, "请添加至少一个字段映射", "mappings"],
    [{ templateName: "x" }, "请添加至少一个字段映射", "mappings"],
    [
      { templateName: "x", mappings: [{ excelField: "a", templateField: " " }] },
      "每一行字段映射都需要填写Excel字段和模板字段",
      "mappings.0.templateField",
    ],
    [
      { templateName: "x", mappings: [{ templateField: "b" }] },
      "每一行字段映射都需要填写Excel字段和模板字段",
      "mappings.0.excelField",
    ],
  ];
  for (const [json, error, field] of cases) {
    const res = await t.request("POST", url, { as: m, json });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { success: false, code: "VALIDATION_FAILED", error, field });
  }
  const del = await t.request("DELETE", `${url}/${template.id}`, { as: m });
  assert.deepEqual(await del.json(), { success: true, message: "删除成功" });
  const gone = await t.request("DELETE", `${url}/${template.id}`, { as: m });
  assert.equal(gone.status, 404);
  assert.deepEqual(await gone.json(), {
    success: false,
    code: "MAPPING_TEMPLATE_NOT_FOUND",
    error: "映射模板不存在",
  });
});

Deno.test("paragraph templates: create with flags and save-as-preset, edit, delete", async () => {
  using t = await testApp();
  const m = await manager(t);
  const url = "/api/excel-templates/paragraph-templates";
  const created = await t.request("POST", url, { as: m, json: { ...PARAGRAPH, is_preset: true } });
  assert.equal(created.status, 201);
  const { template } = await created.json();
  assert.deepEqual(
    { ...template, id: undefined, created_at: undefined, updated_at: undefined },
    {
      id: undefined,
      template_name: "被申请人段落",
      variable: "#{被申请人段落}",
      template: "被申请人：${姓名}，住${住址}；",
      description: "",
      no_indent: false,
      all_indent: true,
      add_line_break: true,
      no_line_break: false,
      remove_last_char: false,
      use_prefix: false,
      is_preset: true,
      created_at: undefined,
      updated_at: undefined,
    },
  );
  const edited = await t.request("PUT", `${url}/${template.id}`, {
    as: m,
    json: {
      ...PARAGRAPH,
      all_indent: false,
      no_indent: true,
      no_line_break: true,
      add_line_break: false,
      remove_last_char: true,
      use_prefix: true,
    },
  });
  assert.equal(edited.status, 200);
  const e = (await edited.json()).template;
  assert.deepEqual([
    e.no_indent,
    e.all_indent,
    e.no_line_break,
    e.add_line_break,
    e.remove_last_char,
    e.use_prefix,
    e.is_preset,
  ], [
    true,
    false,
    true,
    false,
    true,
    true,
    false,
  ]);
  assert.deepEqual(await (await t.request("DELETE", `${url}/${template.id}`, { as: m })).json(), {
    success: true,
    message: "删除成功",
  });
  const gone = await t.request("PUT", `${url}/${template.id}`, { as: m, json: PARAGRAPH });
  assert.equal(gone.status, 404);
  assert.deepEqual(await gone.json(), {
    success: false,
    code: "PARAGRAPH_TEMPLATE_NOT_FOUND",
    error: "段落模板不存在",
  });
});

Deno.test("paragraph templates: every validation rule answers its Chinese message", async () => {
  using t = await testApp();
  const m = await manager(t);
  const cases: [Record<string, unknown>, string, string][] = [
    [{ template_name: "" }, "请输入模板名称", "template_name"],
    [{ variable: "" }, "请输入段落变量", "variable"],
    [{ variable: undefined }, "请输入段落变量", "variable"],
    [{ variable: "被申请人段落" }, "段落变量必须使用 #{变量名} 格式", "variable"],
    [{ variable: "${被申请人}" }, "段落变量必须使用 #{变量名} 格式", "variable"],
    [{ variable: "#{被申请人 段落}" }, "段落变量必须使用 #{变量名} 格式", "variable"],
    [{ variable: "#{}" }, "段落变量必须使用 #{变量名} 格式", "variable"],
    [{ template: "   " }, "请输入段落模板内容", "template"],
    [{ template: undefined }, "请输入段落模板内容", "template"],
    [{ no_indent: true, all_indent: true }, "不缩进与全部缩进不能同时选择", "all_indent"],
    [{ no_line_break: true, add_line_break: true }, "不换行与添加换行不能同时选择", "add_line_break"],
  ];
  for (const [patch, error, field] of cases) {
    const res = await t.request("POST", "/api/excel-templates/paragraph-templates", {
      as: m,
      json: { ...PARAGRAPH, ...patch },
    });
    assert.equal(res.status, 400, JSON.stringify(patch));
    assert.deepEqual(await res.json(), { success: false, code: "VALIDATION_FAILED", error, field });
  }
  const list = await (await t.request("GET", "/api/excel-templates/paragraph-templates", { as: m })).json();
  assert.deepEqual(list.templates, []);
});

Deno.test("permissions: excel_template_manage for every call; the wizard's excel_batch_generate may read and save mappings", async () => {
  using t = await testApp();
  const wizard = await t.userWith(["excel_batch_generate"]);
  const outsider = await t.userWith(["pdf_converter"]);
  for (
    const path of [
      "/api/excel-templates",
      "/api/excel-templates/mapping-templates",
      "/api/excel-templates/paragraph-templates",
    ]
  ) {
    assert.equal((await t.request("GET", path, { as: wizard })).status, 200);
    const denied = await t.request("GET", path, { as: outsider });
    assert.equal(denied.status, 403);
    assert.deepEqual(await denied.json(), { success: false, code: "FORBIDDEN", error: "没有访问权限" });
    assert.equal((await t.request("GET", path)).status, 401);
  }
  const mapping = await t.request("POST", "/api/excel-templates/mapping-templates", {
    as: wizard,
    json: { templateName: "向导映射", mappings: [{ excelField: "a", templateField: "b" }] },
  });
  assert.equal(mapping.status, 201);
  const { template } = await mapping.json();
  assert.equal(
    (await t.request("DELETE", `/api/excel-templates/mapping-templates/${template.id}`, { as: wizard }))
      .status,
    403,
  );
  assert.equal(
    (await t.request("POST", "/api/excel-templates/paragraph-templates", { as: wizard, json: PARAGRAPH }))
      .status,
    403,
  );
});
