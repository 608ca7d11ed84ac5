import assert from "node:assert/strict";
import { makeOcrExtractHandler } from "../../server/jobs/ocr_extract_job.ts";
import { makeOcrRunHandler } from "../../server/jobs/ocr_run_job.ts";
import { getQuotas } from "../../server/kv/quotas.ts";
import { type SeededUser, type TestApp, testApp } from "../helpers/test_app.ts";
import { testAiTools } from "../helpers/ai_tools.ts";
import { readTextAsWordLines } from "../helpers/text_reader_double.ts";

/**
 * AI处理记录 (GET /api/folder-browser/records?kind=…): every kind of AI run of a user, each user's own,
 * administrators everyone's; and POST /api/folder-browser/process taking several items independently.
 * The text reader is a test double (a file's bytes are its lines; "BROKEN" fails like a damaged file).
 */
const readText = readTextAsWordLines;
const runOcr = makeOcrRunHandler(testAiTools({ readDocumentText: readText }));
const runExtract = makeOcrExtractHandler(testAiTools({ readDocumentText: readText }));

const COMPLAINT = "民事起诉状\n原告：李四\n被告：张三\n诉讼请求：归还借款12000元";
const IOU = "借条\n借款人：张三\n借款金额：人民币壹万元整（¥10,000.00）";
const RULE = {
  rule_name: "民间借贷",
  description: "",
  patterns: [{ pattern: ".*起诉状.*", fields: [{ key: "plaintiff", label: "原告", prompt: "" }] }],
  global_fields: [],
};

async function member(t: TestApp, ai = 20): Promise<SeededUser> {
  return await t.userWith(
    ["custom_ocr_access", "ai_folder_access", "ocr_access", "ocr_extract", "ai_cljl_access"],
    { quotas: { ai } },
  );
}

function files(list: [string, string][], extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  for (const [name, body] of list) form.append("files", new File([body], name));
  return form;
}

async function ok(res: Response, status = 200) {
  if (res.status !== status) assert.fail(`${res.status} ${await res.text()}`);
  return await res.json();
}

async function rule(t: TestApp, as: SeededUser): Promise<string> {
  return (await ok(await t.request("POST", "/api/custom-ocr/rules", { as, json: RULE }))).rule.id;
}

async function uploadFolder(t: TestApp, as: SeededUser, entries: Record<string, string>) {
  const form = new FormData();
  for (const [rel, content] of Object.entries(entries)) {
    form.append("relativePaths", rel);
    form.append("files", new File([content], rel.split("/").pop()!));
  }
  await ok(await t.request("POST", "/api/aifolder/upload-folder", { as, form }));
}

/** One run of each kind: a custom OCR folder record and upload, an OCR识别 run (one file failing), an OCR信息提取 batch. */
async function seedRuns(t: TestApp, as: SeededUser) {
  const ruleId = await rule(t, as);
  await uploadFolder(t, as, { "张三案/起诉状.docx": COMPLAINT, "张三案/借条.docx": IOU });
  const folder = await ok(
    await t.request("POST", "/api/folder-browser/process", {
      as,
      json: { ruleId, items: [{ path: "张三案", isFolder: true }] },
    }),
  );
  t.clock.advance(1000);
  const upload = await ok(
    await t.request("POST", "/api/custom-ocr/process", {
      as,
      form: files([["起诉状.docx", COMPLAINT]], { ruleId, processType: "upload" }),
    }),
  );
  t.clock.advance(1000);
  const ocr = await ok(
    await t.request("POST", "/api/ocr/runs", {
      as,
      form: files([["借条.docx", IOU], ["坏.docx", "BROKEN"]]),
    }),
    202,
  );
  await runOcr(t.deps, { type: "ocr.run", runId: ocr.run.id, userId: as.user.id });
  t.clock.advance(1000);
  const template = await ok(
    await t.request("POST", "/api/ocr/templates", {
      as,
      json: { name: "借贷要素", fields: [{ label: "借款人", key: "borrower" }] },
    }),
    201,
  );
  const res = await t.request("POST", "/api/ocr/process-batch", {
    as,
    form: files([["借条.docx", IOU]], { templateId: template.template.id }),
  });
  assert.equal(res.status, 200);
  const batchId = res.headers.get("x-batch-id")!;
  const stream = res.text();
  await runExtract(t.deps, { type: "ocr_extract.run", batchId, userId: as.user.id });
  await stream;
  return { folder: folder.batchId, upload: upload.batchId, ocr: ocr.run.id, batch: batchId };
}

interface Row {
  id: string;
  kind: string;
  user_id: number;
  folder_path: string;
  rule_name: string;
  status: string;
  files: { fileName: string; status: string; error: string | null }[];
  ai_uses_charged: number;
  ai_uses_refunded: number;
  created_at: string;
  updated_at: string;
}

async function records(t: TestApp, as: SeededUser | "admin", query = ""): Promise<Row[]> {
  return (await ok(await t.request("GET", `/api/folder-browser/records${query}`, { as }))).records;
}

Deno.test("GET /api/folder-browser/records?kind=all lists every kind of AI run with files, status, uses and times", async () => {
  using t = await testApp();
  const u = await member(t);
  const ids = await seedRuns(t, u);
  const all = await records(t, u, "?kind=all");
  assert.deepEqual(all.map((r) => [r.id, r.kind]), [
    [ids.batch, "ocr_extract"],
    [ids.ocr, "ocr"],
    [ids.upload, "custom_ocr"],
    [ids.folder, "custom_ocr"],
  ], "newest first");
  const [batch, ocr, upload, folder] = all;
  assert.deepEqual(
    [folder.folder_path, folder.rule_name, folder.status, folder.ai_uses_charged, folder.files.length],
    ["张三案", "民间借贷", "processing", 1, 1],
  );
  assert.deepEqual([upload.folder_path, upload.files.map((f) => f.fileName)], ["", ["起诉状.docx"]]);
  assert.equal(ocr.status, "completed");
  assert.deepEqual(ocr.files.map((f) => [f.fileName, f.status]), [["借条.docx", "completed"], [
    "坏.docx",
    "failed",
  ]]);
  assert.match(ocr.files[1].error!, /文件已损坏/);
  assert.deepEqual([ocr.ai_uses_charged, ocr.ai_uses_refunded], [2, 1]);
  assert.deepEqual(
    [batch.rule_name, batch.status, batch.ai_uses_charged, batch.ai_uses_refunded],
    ["借贷要素", "completed", 1, 0],
  );
  assert.ok(
    all.every((r) => !Number.isNaN(Date.parse(r.created_at)) && !Number.isNaN(Date.parse(r.updated_at))),
  );
  // What was charged agrees with the quota: 20 - 1 (folder) - 1 (upload) - 2 + 1 (OCR) - 1 (batch).
  assert.equal((await getQuotas(t.kv, u.user.id)).aiLimit, 16);

  // Without kind the spec's folder records only (custom OCR), now marked custom_ocr; one kind filters.
  assert.deepEqual((await records(t, u)).map((r) => [r.id, r.kind]), [
    [ids.upload, "custom_ocr"],
    [ids.folder, "custom_ocr"],
  ]);
  assert.deepEqual((await records(t, u, "?kind=ocr")).map((r) => r.id), [ids.ocr]);
  assert.deepEqual((await records(t, u, "?kind=ocr_extract")).map((r) => r.id), [ids.batch]);
  const bad = await t.request("GET", "/api/folder-browser/records?kind=chat", { as: u });
  assert.equal(bad.status, 400);
  assert.equal((await bad.json()).field, "kind");
});

Deno.test("GET /api/folder-browser/records?kind=all: each user's own runs; administrators everyone's or one user's", async () => {
  using t = await testApp();
  const a = await member(t);
  const b = await member(t);
  const ofA = await seedRuns(t, a);
  const ofB = await seedRuns(t, b);
  const idsOf = (ids: Record<string, string>) => Object.values(ids).sort();
  assert.deepEqual((await records(t, a, "?kind=all")).map((r) => r.id).sort(), idsOf(ofA));
  assert.deepEqual((await records(t, b, "?kind=all")).map((r) => r.id).sort(), idsOf(ofB));
  // Another user's OCR run stays out of reach by id too.
  assert.equal((await t.request("GET", `/api/ocr/runs/${ofA.ocr}`, { as: b })).status, 404);

  const everyone = await records(t, "admin", "?kind=all&scope=all");
  assert.deepEqual(everyone.map((r) => r.id).sort(), [...idsOf(ofA), ...idsOf(ofB)].sort());
  assert.deepEqual(
    new Set(everyone.map((r) => `${r.kind}:${r.user_id}`)).size,
    6,
    "each user has custom_ocr, ocr and ocr_extract runs",
  );
  const onlyB = await records(t, "admin", `?kind=all&userId=${b.user.id}`);
  assert.deepEqual(onlyB.map((r) => r.id).sort(), idsOf(ofB));
  assert.deepEqual(await records(t, "admin", "?kind=all"), [], "the administrator's own: none");
  const refused = await t.request("GET", "/api/folder-browser/records?kind=all&scope=all", { as: a });
  assert.equal(refused.status, 403);
  assert.equal((await refused.json()).error, "只有管理员可以执行此操作");
  const refusedOne = await t.request("GET", `/api/folder-browser/records?kind=all&userId=${b.user.id}`, {
    as: a,
  });
  assert.equal(refusedOne.status, 403);
});

Deno.test("POST /api/folder-browser/process: several items are started independently and reported one by one", async () => {
  using t = await testApp();
  const u = await member(t, 3);
  const ruleId = await rule(t, u);
  await uploadFolder(t, u, {
    "一案/起诉状.docx": COMPLAINT,
    "一案/起诉状2.docx": COMPLAINT,
    "空案/借条.docx": IOU,
    "二案/起诉状.docx": COMPLAINT,
    "三案/起诉状.docx": COMPLAINT,
  });
  const res = await t.request("POST", "/api/folder-browser/process", {
    as: u,
    json: {
      ruleId,
      items: [
        { path: "空案", isFolder: true },
        { path: "一案", isFolder: true },
        { path: "没有", isFolder: true },
        { path: "二案", isFolder: true },
        { path: "三案", isFolder: true },
      ],
    },
  });
  const body = await ok(res);
  const results = body.results as { path: string; success: boolean; error?: string; totalFiles?: number }[];
  assert.deepEqual(results.map((r) => [r.path, r.success]), [
    ["空案", false],
    ["一案", true],
    ["没有", false],
    ["二案", true],
    ["三案", false],
  ]);
  assert.equal(results[0].error, "没有找到符合规则的文件");
  assert.match(results[4].error!, /AI使用次数不足/, "the third use was gone after 一案 (2) and 二案 (1)");
  assert.equal(body.totalFiles, 3);
  assert.equal(body.batchIds.length, 2);
  assert.equal(body.batchId, body.batchIds[0]);
  assert.equal((await getQuotas(t.kv, u.user.id)).aiLimit, 0);
  assert.deepEqual((await records(t, u)).map((r) => r.folder_path).sort(), ["一案", "二案"].sort());

  // When no item starts, the first refusal is the answer (the screen's one-item calls).
  const none = await t.request("POST", "/api/folder-browser/process", {
    as: u,
    json: { ruleId, items: [{ path: "空案", isFolder: true }, { path: "三案", isFolder: true }] },
  });
  assert.equal(none.status, 400);
  assert.equal((await none.json()).error, "没有找到符合规则的文件");
});
