import assert from "node:assert/strict";
import {
  buildBrokenTemplate,
  buildDocx,
  buildMediationTemplate,
  buildNoVariableTemplate,
  buildSimpleTemplate,
  plainParagraph,
} from "../../scripts/make_fixtures.ts";
import { type RequestOptions, type TestApp, testApp } from "../helpers/test_app.ts";

function docxForm(bytes: Uint8Array, name = "调解书.docx", field = "file"): FormData {
  const form = new FormData();
  form.append(field, new File([bytes as BlobPart], name));
  return form;
}

async function upload(t: TestApp, path: string, as: RequestOptions["as"], form: FormData) {
  const res = await t.request("POST", path, { as, form });
  return { res, body: await res.json() };
}

/** A template whose placeholders Word split across runs, with proofing marks between them. */
function splitRunTemplate(): Uint8Array {
  return buildDocx({
    body: `<w:p><w:r><w:t>申请人：$</w:t></w:r><w:proofErr w:type="spellStart"/><w:r><w:t>{申</w:t></w:r>` +
      `<w:r><w:rPr><w:b/></w:rPr><w:t>请人}</w:t></w:r><w:proofErr w:type="spellEnd"/></w:p>` +
      plainParagraph("被申请人：${被申", "请人}，再次：${申请人}"),
  });
}

Deno.test("POST /api/templates/upload stores a system template; list, download and delete read it back", async () => {
  using t = await testApp();
  const manager = await t.userWith(["template_manage"]);
  const bytes = buildSimpleTemplate();
  const { res, body } = await upload(t, "/api/templates/upload", manager, docxForm(bytes));
  assert.equal(res.status, 200);
  assert.equal(body.success, true);
  assert.equal(body.fileName, "调解书.docx");
  assert.deepEqual(body.variables, ["案号", "申请人", "被申请人"]);
  assert.equal(body.noVariables, false);
  assert.equal(body.warning, undefined);
  assert.equal(body.filePath, `system/${body.template.id}`);

  const list = await (await t.request("GET", "/api/templates/list", { as: manager })).json();
  assert.equal(list.templates.length, 1);
  const tpl = list.templates[0];
  assert.deepEqual(Object.keys(tpl).sort(), [
    "created_at",
    "description",
    "fileName",
    "file_path",
    "id",
    "original_filename",
    "size",
    "uploadTime",
    "variables",
  ]);
  assert.equal(tpl.original_filename, "调解书.docx");
  assert.equal(tpl.size, bytes.length);

  const dl = await t.request("GET", `/api/templates/download/${tpl.id}`, { as: manager });
  assert.equal(dl.status, 200);
  assert.match(
    dl.headers.get("content-disposition") ?? "",
    /filename\*=UTF-8''%E8%B0%83%E8%A7%A3%E4%B9%A6\.docx/,
  );
  assert.deepEqual(new Uint8Array(await dl.arrayBuffer()), bytes);

  const del = await t.request("DELETE", `/api/templates/${tpl.id}`, { as: manager });
  assert.deepEqual(await del.json(), { success: true, message: "删除成功" });
  assert.deepEqual(
    (await (await t.request("GET", "/api/templates/list", { as: manager })).json()).templates,
    [],
  );
  const gone = await t.request("GET", `/api/templates/download/${tpl.id}`, { as: manager });
  assert.equal(gone.status, 404);
  assert.deepEqual(await gone.json(), { success: false, code: "TEMPLATE_NOT_FOUND", error: "模板不存在" });
});

Deno.test("template upload finds split-run variables in document order without duplicates", async () => {
  using t = await testApp();
  const user = await t.userWith(["my_template"]);
  const { body } = await upload(
    t,
    "/api/my-templates/upload",
    user,
    docxForm(splitRunTemplate(), "a.docx", "template"),
  );
  assert.deepEqual(body.variables, ["申请人", "被申请人"]);
  const big = await upload(
    t,
    "/api/my-templates/upload",
    user,
    docxForm(buildMediationTemplate(), "b.docx", "template"),
  );
  assert.equal(big.body.variables[0], "案号");
  assert.ok(big.body.variables.includes("还款计划.期数"));
  assert.equal(new Set(big.body.variables).size, big.body.variables.length);
});

Deno.test("template upload refuses non-docx by name and by content, and malformed placeholders", async () => {
  using t = await testApp();
  const manager = await t.userWith(["template_manage"]);
  const notDocx = {
    success: false,
    code: "TEMPLATE_NOT_DOCX",
    error: "只能上传Word文档(.docx)!",
    field: "file",
  };
  // Right content, wrong name.
  let r = await upload(t, "/api/templates/upload", manager, docxForm(buildSimpleTemplate(), "a.doc"));
  assert.equal(r.res.status, 400);
  assert.deepEqual(r.body, notDocx);
  // Right name, wrong content (a text file, then a zip that is not a Word document).
  r = await upload(
    t,
    "/api/templates/upload",
    manager,
    docxForm(new TextEncoder().encode("hello"), "a.docx"),
  );
  assert.deepEqual(r.body, notDocx);
  const zipOnly = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);
  r = await upload(t, "/api/templates/upload", manager, docxForm(zipOnly, "a.docx"));
  assert.deepEqual(r.body, notDocx);
  // Unclosed placeholder: named, with its context.
  r = await upload(t, "/api/templates/upload", manager, docxForm(buildBrokenTemplate()));
  assert.equal(r.res.status, 400);
  assert.equal(r.body.code, "TEMPLATE_INVALID");
  assert.match(r.body.error, /^模板格式错误：占位符“\$\{申请人”没有结束的“}”/);
  assert.match(r.body.error, /申请人：\$\{申请人 住所/);
  // Nothing stored.
  assert.deepEqual(
    (await (await t.request("GET", "/api/templates/list", { as: manager })).json()).templates,
    [],
  );
  // No file.
  r = await upload(t, "/api/templates/upload", manager, new FormData());
  assert.deepEqual(r.body, {
    success: false,
    code: "FILE_REQUIRED",
    error: "请选择要上传的文件",
    field: "file",
  });
});

Deno.test("template upload refuses a file over 10MB", async () => {
  using t = await testApp();
  const manager = await t.userWith(["template_manage"]);
  const r = await upload(
    t,
    "/api/templates/upload",
    manager,
    docxForm(new Uint8Array(10 * 1024 * 1024 + 1), "a.docx"),
  );
  assert.equal(r.res.status, 413);
  assert.deepEqual(r.body, {
    success: false,
    code: "FILE_TOO_LARGE",
    error: "文件大小不能超过10MB",
    field: "file",
  });
});

Deno.test("a template without variables is stored with a warning", async () => {
  using t = await testApp();
  const manager = await t.userWith(["template_manage"]);
  const { res, body } = await upload(
    t,
    "/api/templates/upload",
    manager,
    docxForm(buildNoVariableTemplate()),
  );
  assert.equal(res.status, 200);
  assert.equal(body.noVariables, true);
  assert.equal(body.warning, "模板中未找到 ${变量名} 格式的变量");
  assert.deepEqual(body.variables, []);
});

Deno.test("personal templates are private: another member gets 404 for download and delete", async () => {
  using t = await testApp();
  const owner = await t.userWith(["my_template"]);
  const other = await t.userWith(["my_template", "mediation"]);
  const { body } = await upload(
    t,
    "/api/my-templates/upload",
    owner,
    docxForm(buildSimpleTemplate(), "mine.docx", "template"),
  );
  const id = body.template.id;
  assert.equal(body.filePath, `personal/${id}`);
  const theirs = await (await t.request("GET", "/api/my-templates/list", { as: other })).json();
  assert.deepEqual(theirs, { success: true, templates: [] });
  for (
    const [method, path] of [["GET", `/api/my-templates/download/${id}`], [
      "DELETE",
      `/api/my-templates/${id}`,
    ]]
  ) {
    const res = await t.request(method, path, { as: other });
    assert.equal(res.status, 404);
    assert.deepEqual(await res.json(), { success: false, code: "TEMPLATE_NOT_FOUND", error: "模板不存在" });
  }
  const mine = await (await t.request("GET", "/api/my-templates/list", { as: owner })).json();
  assert.equal(mine.templates.length, 1);
  assert.equal(mine.templates[0].fileName, "mine.docx");
});

Deno.test("template manager permissions: changes need template_manage; mediation may list and download", async () => {
  using t = await testApp();
  const member = await t.userWith(["mediation"]);
  const nobody = await t.userWith(["dashboard"]);
  const forbidden = { success: false, code: "FORBIDDEN", error: "没有访问权限" };
  let res = await t.request("POST", "/api/templates/upload", {
    as: member,
    form: docxForm(buildSimpleTemplate()),
  });
  assert.equal(res.status, 403);
  assert.deepEqual(await res.json(), forbidden);
  res = await t.request("POST", "/api/my-templates/upload", {
    as: member,
    form: docxForm(buildSimpleTemplate()),
  });
  assert.equal(res.status, 403);
  res = await t.request("GET", "/api/templates/list", { as: member });
  assert.equal(res.status, 200);
  res = await t.request("GET", "/api/templates/list", { as: nobody });
  assert.equal(res.status, 403);
  res = await t.request("GET", "/api/templates/list");
  assert.equal(res.status, 401);
  assert.equal((await res.json()).error, "请先登录");
});
