import assert from "node:assert/strict";
import {
  buildBrokenTemplate,
  buildDocx,
  buildSimpleTemplate,
  plainParagraph,
} from "../../scripts/make_fixtures.ts";
import { type SeededUser, type TestApp, testApp } from "../helpers/test_app.ts";

function mubanForm(fields: { name?: string; description?: string; files?: File[] }): FormData {
  const form = new FormData();
  if (fields.name !== undefined) form.append("template_name", fields.name);
  if (fields.description !== undefined) form.append("description", fields.description);
  for (const f of fields.files ?? []) form.append("template", f);
  return form;
}

function docx(bytes: Uint8Array = buildSimpleTemplate(), name = "起诉状.docx"): File {
  return new File([bytes as BlobPart], name);
}

async function post(t: TestApp, as: SeededUser, form: FormData) {
  const res = await t.request("POST", "/api/ai-muban/templates", { as, form });
  return { res, body: await res.json() };
}

async function list(t: TestApp, as: SeededUser) {
  const res = await t.request("GET", "/api/ai-muban/templates", { as });
  assert.equal(res.status, 200);
  return (await res.json()).templates;
}

Deno.test("POST /api/ai-muban/templates stores a template with its variables; list, edit, download, delete", async () => {
  using t = await testApp();
  const u = await t.userWith(["ai_muban_access"]);
  const bytes = buildSimpleTemplate();
  const { res, body } = await post(
    t,
    u,
    mubanForm({ name: "起诉状", description: "民间借贷", files: [docx(bytes)] }),
  );
  assert.equal(res.status, 200);
  assert.equal(body.message, "上传成功");
  assert.deepEqual(body.template.variables, ["案号", "申请人", "被申请人"]);

  const templates = await list(t, u);
  assert.equal(templates.length, 1);
  const tpl = templates[0];
  assert.equal(tpl.template_name, "起诉状");
  assert.equal(tpl.description, "民间借贷");
  assert.ok(!Number.isNaN(Date.parse(tpl.created_at)));

  const edit = await t.request("PUT", `/api/ai-muban/templates/${tpl.id}`, {
    as: u,
    json: { template_name: "起诉状（借贷）", description: "" },
  });
  assert.equal(edit.status, 200);
  assert.equal((await edit.json()).message, "更新成功");
  const emptyName = await t.request("PUT", `/api/ai-muban/templates/${tpl.id}`, {
    as: u,
    json: { template_name: "  ", description: "" },
  });
  assert.equal(emptyName.status, 400);
  assert.equal((await emptyName.json()).error, "请输入模板名称");

  const dl = await t.request("GET", `/api/ai-muban/templates/${tpl.id}/download`, { as: u });
  assert.equal(dl.status, 200);
  assert.equal(
    dl.headers.get("content-type"),
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  );
  assert.match(
    dl.headers.get("content-disposition")!,
    new RegExp(encodeURIComponent("起诉状（借贷）.docx").replace(/[()]/g, "\\$&")),
  );
  assert.deepEqual(new Uint8Array(await dl.arrayBuffer()), bytes);

  const del = await t.request("DELETE", `/api/ai-muban/templates/${tpl.id}`, { as: u });
  assert.equal(del.status, 200);
  assert.deepEqual(await list(t, u), []);
  let blobs = 0;
  for await (const _ of t.deps.blobs.list(`users/${u.user.id}`)) blobs++;
  assert.equal(blobs, 0);
  const again = await t.request("GET", `/api/ai-muban/templates/${tpl.id}/download`, { as: u });
  assert.equal(again.status, 404);
  assert.equal((await again.json()).error, "模板不存在或已删除");
});

Deno.test("POST /api/ai-muban/templates: the dialog's rules of part 4 §5, in the server", async () => {
  using t = await testApp();
  const u = await t.userWith(["ai_muban_access"]);
  let r = await post(t, u, mubanForm({ files: [docx()] }));
  assert.equal(r.res.status, 400);
  assert.equal(r.body.error, "请输入模板名称");
  r = await post(t, u, mubanForm({ name: "   ", files: [docx()] }));
  assert.equal(r.body.error, "请输入模板名称");
  r = await post(t, u, mubanForm({ name: "起诉状" }));
  assert.equal(r.res.status, 400);
  assert.equal(r.body.error, "请选择模板文件");
  r = await post(t, u, mubanForm({ name: "起诉状", files: [new File(["not a doc"], "起诉状.doc")] }));
  assert.equal(r.body.error, "只能上传Word文档(.docx)");
  r = await post(t, u, mubanForm({ name: "起诉状", files: [new File(["not a zip"], "起诉状.docx")] }));
  assert.equal(r.body.error, "只能上传Word文档(.docx)");
  r = await post(t, u, mubanForm({ name: "起诉状", files: [docx(new Uint8Array(10 * 1024 * 1024 + 1))] }));
  assert.equal(r.res.status, 413);
  assert.equal(r.body.error, "文件大小不能超过 10MB");
  r = await post(t, u, mubanForm({ name: "起诉状", files: [docx(), docx()] }));
  assert.equal(r.body.error, "只能上传一个模板文件");
  r = await post(t, u, mubanForm({ name: "起诉状", files: [docx(buildBrokenTemplate())] }));
  assert.equal(r.res.status, 400);
  assert.equal(r.body.code, "TEMPLATE_INVALID");
  assert.match(r.body.error, /^模板格式错误：占位符“\$\{申请人”没有结束的“}”/);
  r = await post(t, u, mubanForm({ name: "x".repeat(101), files: [docx()] }));
  assert.equal(r.body.error, "模板名称不能超过100个字符");
  assert.deepEqual(await list(t, u), [], "nothing refused was stored");

  // Split runs count as one placeholder, as on the generation screen.
  const split = buildDocx({
    body:
      `<w:p><w:r><w:t>借款金额：$</w:t></w:r><w:r><w:t>{借款</w:t></w:r><w:r><w:t>金额|大写}</w:t></w:r></w:p>` +
      plainParagraph("原告：${原告}"),
  });
  r = await post(t, u, mubanForm({ name: "借条", files: [docx(split, "借条.docx")] }));
  assert.equal(r.res.status, 200, JSON.stringify(r.body));
  assert.deepEqual(r.body.template.variables, ["借款金额", "原告"]);
});

Deno.test("/api/ai-muban: templates are each user's own; GET /api/custom-ocr/templates lists them by id and name", async () => {
  using t = await testApp();
  const a = await t.userWith(["ai_muban_access", "custom_ocr_access"]);
  const b = await t.userWith(["ai_muban_access"]);
  const { body } = await post(t, a, mubanForm({ name: "授权委托书", files: [docx()] }));
  const id = body.template.id;
  assert.deepEqual(await list(t, b), []);
  for (
    const [method, path, json] of [
      ["GET", `/api/ai-muban/templates/${id}/download`, undefined],
      ["PUT", `/api/ai-muban/templates/${id}`, { template_name: "x" }],
      ["DELETE", `/api/ai-muban/templates/${id}`, undefined],
    ] as const
  ) {
    const res = await t.request(method, path, { as: b, json });
    assert.equal(res.status, 404, `${method} ${path}`);
    await res.body?.cancel();
  }
  assert.equal((await list(t, a)).length, 1);
  const ocr = await t.request("GET", "/api/custom-ocr/templates", { as: a });
  const ob = await ocr.json();
  assert.deepEqual(ob.templates.map((x: { id: string; template_name: string }) => [x.id, x.template_name]), [[
    id,
    "授权委托书",
  ]]);
  assert.equal((await t.request("GET", "/api/custom-ocr/templates", { as: b })).status, 403);
  assert.equal(
    (await t.request("GET", "/api/ai-muban/templates", { as: await t.userWith(["dashboard"]) })).status,
    403,
  );
  assert.equal((await t.request("GET", "/api/ai-muban/templates")).status, 401);
});
