import assert from "node:assert/strict";
import { buildDocx, plainParagraph } from "../../scripts/make_fixtures.ts";
import type { FolderRecord } from "../../server/kv/custom_ocr_records.ts";
import { getQuotas } from "../../server/kv/quotas.ts";
import { listUsageRecords } from "../../server/kv/usage.ts";
import { makeCustomOcrFolderHandler } from "../../server/jobs/custom_ocr_folder_job.ts";
import type { AiTools } from "../../server/jobs/ai_tools.ts";
import PizZip from "pizzip";
import { type SeededUser, type TestApp, testApp } from "../helpers/test_app.ts";
import { readTextAsWordLines } from "../helpers/text_reader_double.ts";
import { testAiTools } from "../helpers/ai_tools.ts";

/** The text of a .docx body. */
function docxText(bytes: Uint8Array): string {
  return new PizZip(bytes).file("word/document.xml")!.asText().replace(/<\/w:p>/g, "\n").replace(
    /<[^>]+>/g,
    "",
  );
}

const DATA = new URL("../../../shared/data/extraction/", import.meta.url);

/** Test double of the text reader: a file's bytes are its lines; "BROKEN" fails like a damaged file. */
const textTools = testAiTools({ readDocumentText: readTextAsWordLines });

const COMPLAINT =
  "民事起诉状\n原告：李四，男，1985年3月2日出生\n被告：张三，男\n诉讼请求：\n一、判令被告归还借款12000元；\n此致\n杭州市西湖区人民法院";
const IOU =
  "借条\n今借到李四人民币壹万贰仟元整（¥12,000.00），2024年1月5日。\n借款人：张三\n身份证号：110101199003074514";

async function sharedRule(t: TestApp, as: SeededUser): Promise<string> {
  const rule = JSON.parse(await Deno.readTextFile(new URL("rules.json", DATA)))[0];
  const res = await t.request("POST", "/api/custom-ocr/rules", { as, json: rule });
  assert.equal(res.status, 200);
  return (await res.json()).rule.id;
}

async function uploadFolder(t: TestApp, as: SeededUser, files: Record<string, string | Uint8Array>) {
  const form = new FormData();
  for (const [rel, content] of Object.entries(files)) {
    form.append("relativePaths", rel);
    form.append("files", new File([content as BlobPart], rel.split("/").pop()!));
  }
  const res = await t.request("POST", "/api/aifolder/upload-folder", { as, form });
  assert.equal(res.status, 200, await res.clone().text());
  await res.body?.cancel();
}

async function member(t: TestApp, ai: number) {
  return await t.userWith(["custom_ocr_access", "ai_folder_access"], { quotas: { ai } });
}

async function process(t: TestApp, as: SeededUser, json: unknown) {
  const res = await t.request("POST", "/api/folder-browser/process", { as, json });
  return { res, body: await res.json() };
}

async function progress(t: TestApp, as: SeededUser, id: string) {
  return await (await t.request("GET", `/api/folder-browser/progress/${id}`, { as })).json();
}

Deno.test("folder mode: a case folder is routed by the rule, charged per file, read and merged into one record", async () => {
  using t = await testApp();
  const u = await member(t, 5);
  const ruleId = await sharedRule(t, u);
  await uploadFolder(t, u, {
    "张三案/李四诉张三起诉状.docx": COMPLAINT,
    "张三案/证据/借条.docx": IOU,
    "张三案/expected.json": "{}",
    "张三案/备注.txt": "not read",
    "张三案/照片.jpg": "no pattern",
  });
  const { res, body } = await process(t, u, { ruleId, items: [{ path: "张三案", isFolder: true }] });
  assert.equal(res.status, 200, JSON.stringify(body));
  assert.equal(body.totalFiles, 2, "expected.json, a .txt and an unmatched name cost nothing");
  assert.equal((await getQuotas(t.kv, u.user.id)).aiLimit, 3);
  const before = await progress(t, u, body.batchId);
  assert.deepEqual([before.status, before.processedFiles, before.totalFiles], ["processing", 0, 2]);

  await makeCustomOcrFolderHandler(textTools)(t.deps, { userId: u.user.id, recordId: body.batchId });
  const done = await progress(t, u, body.batchId);
  assert.equal(done.status, "completed", JSON.stringify(done));
  assert.equal(done.processedFiles, 2);
  assert.equal(done.mergedResult.defendant_name, "张三");
  assert.equal(done.mergedResult.plaintiff_name, "李四");
  assert.equal(done.mergedResult.defendant_id_no, "110101199003074514");
  assert.equal(done.fieldLabels.defendant_name, "被告/被申请人");
  assert.ok(
    done.fieldValues.defendant_name.some((v: { source: string }) => v.source === "李四诉张三起诉状.docx"),
  );
  assert.equal(done.progress_message, "处理完成");
  const usage = await listUsageRecords(t.kv, { userId: u.user.id, pageSize: 50 });
  assert.equal(usage.records.filter((r) => r.type === "aiextract" && r.status === "success").length, 2);

  // A second delivery of the job changes nothing.
  await makeCustomOcrFolderHandler(textTools)(t.deps, { userId: u.user.id, recordId: body.batchId });
  assert.equal((await getQuotas(t.kv, u.user.id)).aiLimit, 3);

  const records = await (await t.request("GET", "/api/folder-browser/records", { as: u })).json();
  assert.equal(records.records.length, 1);
  const rec = records.records[0];
  assert.deepEqual(
    [rec.folder_path, rec.rule_name, rec.status, rec.error_message],
    ["张三案", "借款纠纷案件材料", "completed", null],
  );
  assert.equal(rec.merged_result.defendant_name, "张三");
  const one = await (await t.request("GET", `/api/folder-browser/records/${rec.id}`, { as: u })).json();
  assert.equal(one.record.id, rec.id);

  // Deleting the rule deletes its records and their files.
  await t.request("DELETE", `/api/custom-ocr/rules/${ruleId}`, { as: u });
  assert.deepEqual(
    (await (await t.request("GET", "/api/folder-browser/records", { as: u })).json()).records,
    [],
  );
  let left = 0;
  for await (const _ of t.deps.blobs.list(`users/${u.user.id}/custom_ocr`)) left++;
  assert.equal(left, 0);
});

Deno.test("folder mode: a failed file is refunded once; the run still merges the others", async () => {
  using t = await testApp();
  const u = await member(t, 3);
  const ruleId = await sharedRule(t, u);
  await uploadFolder(t, u, { "案/起诉状.docx": COMPLAINT, "案/借条.docx": "BROKEN" });
  const { body } = await process(t, u, { ruleId, items: [{ path: "案", isFolder: true }] });
  assert.equal((await getQuotas(t.kv, u.user.id)).aiLimit, 1);
  await makeCustomOcrFolderHandler(textTools)(t.deps, { userId: u.user.id, recordId: body.batchId });
  await makeCustomOcrFolderHandler(textTools)(t.deps, { userId: u.user.id, recordId: body.batchId });
  assert.equal((await getQuotas(t.kv, u.user.id)).aiLimit, 2, "one refund, once");
  const p = await progress(t, u, body.batchId);
  assert.equal(p.status, "completed");
  assert.deepEqual(
    Object.fromEntries(p.files.map((f: { fileName: string; status: string }) => [f.fileName, f.status])),
    { "起诉状.docx": "completed", "借条.docx": "failed" },
  );
  assert.match(p.progress_message, /1 个文件识别失败/);
  const rec =
    (await (await t.request("GET", `/api/folder-browser/records/${body.batchId}`, { as: u })).json()).record;
  assert.deepEqual([rec.ai_uses_charged, rec.ai_uses_refunded], [2, 1]);
});

Deno.test("folder mode: refusals write nothing: no AI uses left, no matching file, no selection, another user's folder", async () => {
  using t = await testApp();
  const u = await member(t, 1);
  const ruleId = await sharedRule(t, u);
  await uploadFolder(t, u, { "案/起诉状.docx": COMPLAINT, "案/借条.docx": IOU, "空/照片.jpg": "x" });
  const poor = await process(t, u, { ruleId, items: [{ path: "案", isFolder: true }] });
  assert.equal(poor.res.status, 402);
  assert.match(poor.body.error, /AI使用次数不足/);
  assert.equal((await getQuotas(t.kv, u.user.id)).aiLimit, 1);
  const none = await process(t, u, { ruleId, items: [{ path: "空", isFolder: true }] });
  assert.equal(none.res.status, 400);
  assert.equal(none.body.error, "没有找到符合规则的文件");
  const empty = await process(t, u, { ruleId, items: [] });
  assert.equal(empty.body.error, "请选择要处理的文件夹或文件");
  const noRule = await process(t, u, { ruleId: "", items: [{ path: "案" }] });
  assert.equal(noRule.body.error, "请先选择规则");
  const bad = await process(t, u, { ruleId, items: [{ path: "../x", isFolder: true }] });
  assert.equal(bad.res.status, 400);
  assert.deepEqual(
    (await (await t.request("GET", "/api/folder-browser/records", { as: u })).json()).records,
    [],
  );

  const other = await member(t, 5);
  const otherRule = await sharedRule(t, other);
  const foreign = await process(t, other, { ruleId: otherRule, items: [{ path: "案", isFolder: true }] });
  assert.equal(foreign.res.status, 404, "the other user's tree has no 案");
  const foreignRule = await process(t, other, { ruleId, items: [{ path: "案", isFolder: true }] });
  assert.equal(foreignRule.res.status, 404);
  assert.equal(foreignRule.body.error, "规则不存在或已删除");
});

Deno.test("folder mode: choosing another source or typing a value updates the record; other users get 未找到处理记录", async () => {
  using t = await testApp();
  const u = await member(t, 5);
  const ruleId = await sharedRule(t, u);
  await uploadFolder(t, u, {
    "案/起诉状.docx": COMPLAINT.replace("被告：张三", "被告：张山"),
    "案/借条.docx": IOU,
  });
  const { body } = await process(t, u, { ruleId, items: [{ path: "案", isFolder: true }] });
  const early = await t.request("POST", "/api/folder-browser/update-field-source", {
    as: u,
    json: { recordId: body.batchId, fieldName: "defendant_name", selectedSource: "借条.docx" },
  });
  assert.equal(early.status, 409);
  await early.body?.cancel();
  await makeCustomOcrFolderHandler(textTools)(t.deps, { userId: u.user.id, recordId: body.batchId });
  const p = await progress(t, u, body.batchId);
  const sources = p.fieldValues.defendant_name.map((v: { value: string; source: string }) =>
    `${v.value}@${v.source}`
  );
  assert.ok(sources.includes("张山@起诉状.docx") && sources.includes("张三@借条.docx"), sources.join(" "));

  const pick = await t.request("POST", "/api/folder-browser/update-field-source", {
    as: u,
    json: { recordId: body.batchId, fieldName: "defendant_name", selectedSource: "起诉状.docx" },
  });
  assert.equal(pick.status, 200);
  assert.equal((await pick.json()).record.merged_result.defendant_name, "张山");
  const typed = await t.request("POST", "/api/folder-browser/update-field-source", {
    as: u,
    json: { recordId: body.batchId, fieldName: "defendant_name", selectedSource: { value: "张叁" } },
  });
  const rec = (await typed.json()).record;
  assert.equal(rec.merged_result.defendant_name, "张叁");
  assert.deepEqual(rec.field_values.defendant_name[0], { value: "张叁", source: "手动输入" });
  const empty = await t.request("POST", "/api/folder-browser/update-field-source", {
    as: u,
    json: { recordId: body.batchId, fieldName: "defendant_name", selectedSource: "" },
  });
  assert.equal((await empty.json()).error, "请选择一个值");

  const other = await member(t, 1);
  const res = await t.request("GET", `/api/folder-browser/records/${body.batchId}`, { as: other });
  assert.equal(res.status, 404);
  assert.equal((await res.json()).error, "未找到处理记录");
  assert.equal(
    (await t.request("GET", `/api/folder-browser/progress/${body.batchId}`, { as: other })).status,
    404,
  );
});

Deno.test("generate: a completed record fills the chosen /ai-muban templates (formatters too); download is the owner's only", async () => {
  using t = await testApp();
  const u = await t.userWith(["custom_ocr_access", "ai_folder_access", "ai_muban_access"], {
    quotas: { ai: 5 },
  });
  const ruleId = await sharedRule(t, u);
  await uploadFolder(t, u, { "张三案/起诉状.docx": COMPLAINT, "张三案/借条.docx": IOU });
  const { body } = await process(t, u, { ruleId, items: [{ path: "张三案", isFolder: true }] });
  const form = new FormData();
  form.append("template_name", "起诉状模板");
  form.append(
    "template",
    new File([
      buildDocx({
        body: plainParagraph("被告：${defendant_name}，身份证号：${被告身份证号}") +
          plainParagraph("借款金额：${loan_amount|大写}；案号：${case_no}"),
      }) as BlobPart,
    ], "t.docx"),
  );
  const tpl = (await (await t.request("POST", "/api/ai-muban/templates", { as: u, form })).json()).template;
  const early = await t.request("POST", `/api/custom-ocr/generate/${body.batchId}`, {
    as: u,
    json: { templateIds: [tpl.id] },
  });
  assert.equal(early.status, 409, "only a completed record");
  await early.body?.cancel();
  await makeCustomOcrFolderHandler(textTools)(t.deps, { userId: u.user.id, recordId: body.batchId });

  const none = await t.request("POST", `/api/custom-ocr/generate/${body.batchId}`, {
    as: u,
    json: { templateIds: [] },
  });
  assert.equal((await none.json()).error, "请先选择模板");
  const res = await t.request("POST", `/api/custom-ocr/generate/${body.batchId}`, {
    as: u,
    json: { templateIds: [tpl.id] },
  });
  const gen = await res.json();
  assert.equal(res.status, 200, JSON.stringify(gen));
  assert.equal(gen.files.length, 1);
  assert.equal(gen.files[0].templateName, "起诉状模板");
  assert.deepEqual(gen.files[0].emptyVariables, ["case_no"]);
  const dl = await t.request("GET", `/api/custom-ocr/download/${encodeURIComponent(gen.files[0].fileName)}`, {
    as: u,
  });
  assert.equal(dl.status, 200);
  const text = docxText(new Uint8Array(await dl.arrayBuffer()));
  assert.match(text, /被告：张三，身份证号：110101199003074514/);
  assert.match(text, /借款金额：壹万贰仟元整/);

  const other = await t.userWith(["custom_ocr_access"]);
  const stolen = await t.request(
    "GET",
    `/api/custom-ocr/download/${encodeURIComponent(gen.files[0].fileName)}`,
    { as: other },
  );
  assert.equal(stolen.status, 404);
  assert.equal((await stolen.json()).error, "文件不存在或已被删除");
  // Several cases' documents as one zip, a folder per case; another user's name refuses the archive.
  const zip = await t.request("POST", "/api/custom-ocr/download-zip", {
    as: u,
    json: { fileNames: [gen.files[0].fileName] },
  });
  assert.equal(zip.status, 200);
  const names = Object.keys(new PizZip(new Uint8Array(await zip.arrayBuffer())).files);
  assert.deepEqual(names, [`张三案/${gen.files[0].fileName}`]);
  const zipOther = await t.request("POST", "/api/custom-ocr/download-zip", {
    as: other,
    json: { fileNames: [gen.files[0].fileName] },
  });
  assert.equal(zipOther.status, 404);
  await zipOther.body?.cancel();
  const traversal = await t.request(
    "GET",
    `/api/custom-ocr/download/${encodeURIComponent("../" + gen.files[0].fileName)}`,
    { as: u },
  );
  assert.equal(traversal.status, 404);
  await traversal.body?.cancel();
});

Deno.test("GET /api/folder-browser/tree and contents: the AI folder one level at a time, with file counts and processed marks", async () => {
  using t = await testApp();
  const u = await member(t, 5);
  const ruleId = await sharedRule(t, u);
  await uploadFolder(t, u, {
    "案件/张三/起诉状.docx": COMPLAINT,
    "案件/张三/证据/借条.docx": IOU,
    "案件/李四/a.pdf": "x",
  });
  const root = await (await t.request("GET", "/api/folder-browser/tree", { as: u })).json();
  assert.deepEqual(
    root.tree.map((n: { id: string; totalCount: number; isLeaf: boolean }) => [n.id, n.totalCount, n.isLeaf]),
    [
      ["dir_案件", 3, false],
    ],
  );
  const { body } = await process(t, u, { ruleId, items: [{ path: "案件/张三", isFolder: true }] });
  assert.equal(body.totalFiles, 2);
  // 已处理 once the run has completed (#27: not while it still reads).
  await makeCustomOcrFolderHandler(textTools)(t.deps, { userId: u.user.id, recordId: body.batchId });
  const level =
    await (await t.request("GET", `/api/folder-browser/tree?path=${encodeURIComponent("案件")}`, { as: u }))
      .json();
  assert.deepEqual(level.tree.map((n: { name: string; isProcessed: boolean }) => [n.name, n.isProcessed]), [[
    "李四",
    false,
  ], ["张三", true]]);
  const files =
    await (await t.request("GET", `/api/folder-browser/contents?path=${encodeURIComponent("案件/张三")}`, {
      as: u,
    })).json();
  assert.deepEqual(files.contents.map((n: { id: string; isFile: boolean }) => [n.id, n.isFile]), [
    ["dir_案件/张三/证据", false],
    ["file_案件/张三/起诉状.docx", true],
  ]);
  const bad = await t.request("GET", "/api/folder-browser/contents?path=..%2F", { as: u });
  assert.equal(bad.status, 400);
  await bad.body?.cancel();
});

Deno.test("DELETE /api/folder-browser/records/{id} and the storage manager remove a record with its files; owner only", async () => {
  using t = await testApp();
  const u = await t.userWith(["custom_ocr_access", "ai_folder_access", "storage_manage"], {
    quotas: { ai: 9 },
  });
  const ruleId = await sharedRule(t, u);
  await uploadFolder(t, u, { "甲/起诉状.docx": COMPLAINT, "乙/借条.docx": IOU });
  const a = (await process(t, u, { ruleId, items: [{ path: "甲", isFolder: true }] })).body.batchId;
  const b = (await process(t, u, { ruleId, items: [{ path: "乙", isFolder: true }] })).body.batchId;
  await makeCustomOcrFolderHandler(textTools)(t.deps, { userId: u.user.id, recordId: a });
  await makeCustomOcrFolderHandler(textTools)(t.deps, { userId: u.user.id, recordId: b });
  const other = await member(t, 1);
  assert.equal((await t.request("DELETE", `/api/folder-browser/records/${a}`, { as: other })).status, 404);
  const del = await t.request("DELETE", `/api/folder-browser/records/${a}`, { as: u });
  assert.equal((await del.json()).message, "删除成功");
  const viaStorage = await t.request("DELETE", "/api/storage/items", {
    as: u,
    json: { userId: u.user.id, area: "custom_ocr", itemId: b },
  });
  assert.equal(viaStorage.status, 200, await viaStorage.clone().text());
  assert.deepEqual(
    (await (await t.request("GET", "/api/folder-browser/records", { as: u })).json()).records,
    [],
  );
  let left = 0;
  for await (const _ of t.deps.blobs.list(`users/${u.user.id}/custom_ocr`)) left++;
  assert.equal(left, 0);
});

Deno.test("folder mode: running a folder again reads and charges only new or changed files", async () => {
  using t = await testApp();
  const u = await member(t, 10);
  const ruleId = await sharedRule(t, u);
  await uploadFolder(t, u, { "案/起诉状.docx": COMPLAINT, "案/借条.docx": IOU });
  const first = (await process(t, u, { ruleId, items: [{ path: "案", isFolder: true }] })).body;
  await makeCustomOcrFolderHandler(textTools)(t.deps, { userId: u.user.id, recordId: first.batchId });
  assert.equal((await getQuotas(t.kv, u.user.id)).aiLimit, 8);

  // Nothing changed: nothing to charge, the texts come from the first run.
  const again = (await process(t, u, { ruleId, items: [{ path: "案", isFolder: true }] })).body;
  assert.equal((await getQuotas(t.kv, u.user.id)).aiLimit, 8);
  let reads = 0;
  const counting: AiTools = {
    ...textTools,
    readDocumentText: (d, i) => (reads++, textTools.readDocumentText(d, i)),
  };
  await makeCustomOcrFolderHandler(counting)(t.deps, { userId: u.user.id, recordId: again.batchId });
  assert.equal(reads, 0);
  const p = await progress(t, u, again.batchId);
  assert.equal(p.status, "completed");
  assert.equal(p.mergedResult.defendant_name, "张三");

  // One file replaced: only it is read and charged.
  const form = new FormData();
  form.append("replace", "true");
  form.append("files", new File([IOU.replace("张三", "张三丰")], "借条.docx"));
  const up = await t.request("POST", `/api/aifolder/upload?path=${encodeURIComponent("案")}`, {
    as: u,
    form,
  });
  assert.equal(up.status, 200);
  await up.body?.cancel();
  const third = (await process(t, u, { ruleId, items: [{ path: "案", isFolder: true }] })).body;
  assert.equal((await getQuotas(t.kv, u.user.id)).aiLimit, 7);
  await makeCustomOcrFolderHandler(counting)(t.deps, { userId: u.user.id, recordId: third.batchId });
  assert.equal(reads, 1);
  const rec =
    (await (await t.request("GET", `/api/folder-browser/records/${third.batchId}`, { as: u })).json()).record;
  assert.deepEqual([rec.ai_uses_charged, rec.status], [1, "completed"]);
  // The first record can go: the later ones keep their own copies of the texts.
  await t.request("DELETE", `/api/folder-browser/records/${first.batchId}`, { as: u });
  const fourth = (await process(t, u, { ruleId, items: [{ path: "案", isFolder: true }] })).body;
  await makeCustomOcrFolderHandler(counting)(t.deps, { userId: u.user.id, recordId: fourth.batchId });
  assert.equal(reads, 1);
  assert.equal((await progress(t, u, fourth.batchId)).status, "completed");
});

Deno.test("folder mode: a run again keeps the values a person typed or picked, flags new files that disagree (冲突), and clearing gives the field back to the files", async () => {
  using t = await testApp();
  const u = await member(t, 10);
  const ruleId = await sharedRule(t, u);
  await uploadFolder(t, u, { "案/起诉状.docx": COMPLAINT, "案/借条.docx": IOU });
  const first = (await process(t, u, { ruleId, items: [{ path: "案", isFolder: true }] })).body;
  await makeCustomOcrFolderHandler(textTools)(t.deps, { userId: u.user.id, recordId: first.batchId });
  const choose = async (recordId: string, fieldName: string, selectedSource: unknown) => {
    const res = await t.request("POST", "/api/folder-browser/update-field-source", {
      as: u,
      json: { recordId, fieldName, selectedSource },
    });
    assert.equal(res.status, 200, await res.clone().text());
    return (await res.json()).record;
  };
  await choose(first.batchId, "plaintiff_phone", { value: "13800138000" });
  await choose(first.batchId, "defendant_name", { value: "张三", source: "借条.docx" });

  // Same files again: both values stay, nothing disagrees.
  const again = (await process(t, u, { ruleId, items: [{ path: "案", isFolder: true }] })).body;
  await makeCustomOcrFolderHandler(textTools)(t.deps, { userId: u.user.id, recordId: again.batchId });
  const p = await progress(t, u, again.batchId);
  assert.equal(p.mergedResult.plaintiff_phone, "13800138000");
  assert.deepEqual(p.fieldValues.plaintiff_phone[0], { value: "13800138000", source: "手动输入" });
  assert.equal(p.mergedResult.defendant_name, "张三");
  assert.deepEqual(p.keptValues, {
    plaintiff_phone: { value: "13800138000", source: "手动输入" },
    defendant_name: { value: "张三", source: "借条.docx" },
  });
  assert.deepEqual(p.conflicts, {});

  // A changed file that names another borrower: the person's value stays and the new one is a conflict.
  const form = new FormData();
  form.append("replace", "true");
  form.append("files", new File([IOU.replace("借款人：张三", "借款人：王五")], "借条.docx"));
  const up = await t.request("POST", `/api/aifolder/upload?path=${encodeURIComponent("案")}`, {
    as: u,
    form,
  });
  assert.equal(up.status, 200);
  await up.body?.cancel();
  const third = (await process(t, u, { ruleId, items: [{ path: "案", isFolder: true }] })).body;
  await makeCustomOcrFolderHandler(textTools)(t.deps, { userId: u.user.id, recordId: third.batchId });
  const rec =
    (await (await t.request("GET", `/api/folder-browser/records/${third.batchId}`, { as: u })).json()).record;
  assert.equal(rec.merged_result.defendant_name, "张三");
  assert.equal(rec.merged_result.plaintiff_phone, "13800138000");
  assert.deepEqual(rec.conflicts.defendant_name, [{
    value: "王五",
    source: "借条.docx",
    normalized: "王五",
  }]);
  assert.equal(rec.conflicts.plaintiff_phone, undefined, "the unchanged complaint states no other phone");

  // AI处理记录 shows the case once, its earlier runs as history; the spec's list keeps every record.
  const cases =
    (await (await t.request("GET", "/api/folder-browser/records?kind=all", { as: u })).json()).records;
  assert.deepEqual(cases.map((r: { id: string }) => r.id), [third.batchId]);
  assert.deepEqual(
    cases[0].history.map((h: { id: string; files_read: number }) => [h.id, h.files_read]),
    [[again.batchId, 0], [first.batchId, 2]],
  );
  const all = (await (await t.request("GET", "/api/folder-browser/records", { as: u })).json()).records;
  assert.equal(all.length, 3);

  // The Word document of the new run carries the typed phone.
  const { templateValues } = await import("../../server/services/custom_ocr/generate_documents.ts");
  const stored = (await t.kv.get<FolderRecord>(["custom_ocr_records", u.user.id, third.batchId])).value!;
  assert.equal(templateValues(stored)["原告电话"], "13800138000");

  // Clearing: the files decide again (the complaint's defendant), no conflict, and the next run reads it too.
  const cleared = await t.request("POST", "/api/folder-browser/update-field-source", {
    as: u,
    json: { recordId: third.batchId, fieldName: "defendant_name", clear: true },
  });
  assert.equal(cleared.status, 200);
  const after = (await cleared.json()).record;
  assert.notEqual(
    after.merged_result.defendant_name,
    "张三",
    JSON.stringify(after.field_values.defendant_name),
  );
  assert.deepEqual([Object.keys(after.kept_values), after.conflicts], [["plaintiff_phone"], {}]);
  const none = await t.request("POST", "/api/folder-browser/update-field-source", {
    as: u,
    json: { recordId: third.batchId, fieldName: "defendant_name" },
  });
  assert.equal(none.status, 400);
  assert.equal((await none.json()).error, "请选择一个值");
});

Deno.test("folder mode: when AI uses run out part-way through a selection, only the folders processed are charged", async () => {
  using t = await testApp();
  const u = await member(t, 3);
  const ruleId = await sharedRule(t, u);
  await uploadFolder(t, u, {
    "一案/起诉状.docx": COMPLAINT,
    "一案/借条.docx": IOU,
    "二案/起诉状.docx": COMPLAINT,
    "二案/借条.docx": IOU,
  });
  // The screen submits the selected folders one by one and stops at the first refusal.
  const first = await process(t, u, { ruleId, items: [{ path: "一案", isFolder: true }] });
  assert.equal(first.res.status, 200);
  const second = await process(t, u, { ruleId, items: [{ path: "二案", isFolder: true }] });
  assert.equal(second.res.status, 402);
  assert.match(second.body.error, /AI使用次数不足/);
  assert.equal((await getQuotas(t.kv, u.user.id)).aiLimit, 1);
  const records = (await (await t.request("GET", "/api/folder-browser/records", { as: u })).json()).records;
  assert.deepEqual(records.map((r: { folder_path: string }) => r.folder_path), ["一案"]);
  // Several items in one call: the same, item by item.
  const both = await process(t, u, {
    ruleId,
    items: [{ path: "二案", isFolder: true }, { path: "一案", isFolder: true }],
  });
  assert.equal(both.res.status, 402);
  assert.equal((await getQuotas(t.kv, u.user.id)).aiLimit, 1);
});

Deno.test("GET /api/folder-browser/records: administrators may list everyone's runs or one user's; members only their own", async () => {
  using t = await testApp();
  const a = await member(t, 5);
  const b = await member(t, 5);
  for (const u of [a, b]) {
    const ruleId = await sharedRule(t, u);
    await uploadFolder(t, u, { "案/起诉状.docx": COMPLAINT });
    await process(t, u, { ruleId, items: [{ path: "案", isFolder: true }] });
  }
  const all = await (await t.request("GET", "/api/folder-browser/records?scope=all", { as: "admin" })).json();
  assert.deepEqual(
    all.records.map((r: { user_id: number }) => r.user_id).sort(),
    [a.user.id, b.user.id].sort(),
  );
  assert.ok(all.records.every((r: { username: string }) => r.username));
  const one =
    await (await t.request("GET", `/api/folder-browser/records?userId=${b.user.id}`, { as: "admin" })).json();
  assert.deepEqual(one.records.map((r: { user_id: number }) => r.user_id), [b.user.id]);
  const refused = await t.request("GET", "/api/folder-browser/records?scope=all", { as: a });
  assert.equal(refused.status, 403);
  assert.equal((await refused.json()).error, "只有管理员可以执行此操作");
  const own = await (await t.request("GET", "/api/folder-browser/records", { as: a })).json();
  assert.deepEqual(own.records.map((r: { user_id: number }) => r.user_id), [a.user.id]);
});

Deno.test("GET /api/folder-browser/tree: 已处理 only once a run has completed; with ruleId, what the rule would read and charge", async () => {
  using t = await testApp();
  const u = await member(t, 5);
  const ruleId = await sharedRule(t, u);
  await uploadFolder(t, u, {
    "案/起诉状.docx": COMPLAINT,
    "案/借条.docx": IOU,
    "案/expected.json": "{}",
    "案/照片.jpg": "no pattern",
  });
  const tree = async () =>
    (await (await t.request("GET", `/api/folder-browser/tree?ruleId=${ruleId}`, { as: u })).json()).tree[0];
  assert.deepEqual([(await tree()).totalCount, (await tree()).matchedCount], [4, 2]);
  const { body } = await process(t, u, { ruleId, items: [{ path: "案", isFolder: true }] });
  assert.equal(body.totalFiles, 2);
  assert.equal((await tree()).isProcessed, false, "still reading");
  await makeCustomOcrFolderHandler(textTools)(t.deps, { userId: u.user.id, recordId: body.batchId });
  assert.equal((await tree()).isProcessed, true);
  const unknown = await t.request("GET", "/api/folder-browser/tree?ruleId=nope", { as: u });
  assert.equal(unknown.status, 404);
  await unknown.body?.cancel();
});
