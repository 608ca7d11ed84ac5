import assert from "node:assert/strict";
import { chinaDay } from "../../server/clock.ts";
import { AppError } from "../../server/errors.ts";
import { dispatchJob } from "../../server/jobs/dispatch.ts";
import { jobHandlers } from "../../server/jobs/handlers.ts";
import { makeOcrRunHandler } from "../../server/jobs/ocr_run_job.ts";
import { getQuotas } from "../../server/kv/quotas.ts";
import { getUsageStats, listUsageRecords } from "../../server/kv/usage.ts";
import type { DocumentText } from "../../server/services/doc_text/types.ts";
import type { AiTools } from "../../server/jobs/ai_tools.ts";
import { type SeededUser, type TestApp, testApp } from "../helpers/test_app.ts";
import { requireTool } from "../helpers/require_tool.ts";

/**
 * The run flow, metering and access of /api/ocr/runs. The reader is a test double (text files read as
 * lines, "BROKEN" refused like a damaged file) so these tests measure the run, not the OCR engine.
 */
const engines: AiTools = {
  readDocumentText(_deps, { bytes, fileName }): Promise<DocumentText> {
    const text = new TextDecoder().decode(bytes);
    if (text.includes("BROKEN")) {
      return Promise.reject(new AppError("FILE_PARSE_FAILED", { reason: "文件已损坏" }));
    }
    const kind = fileName.split(".").pop()!.toLowerCase();
    const method = kind === "docx" ? "docx" as const : "ocr" as const;
    const lines = text.split("\n").filter((l) => l.trim()).map((l, i) => ({
      text: l.trim(),
      confidence: i === 0 && method === "ocr" ? 0.5 : 0.99,
      method,
    }));
    return Promise.resolve({ fileName, kind, pages: [{ page: 1, lines, method }], warnings: [] });
  },
  extractKeyFacts(doc) {
    const line = doc.pages[0].lines.find((l) => /\d{17}[\dX]/.test(l.text));
    const value = line ? /\d{17}[\dX]/.exec(line.text)![0] : null;
    const source = { fileName: doc.fileName, page: 1, line: 2, snippet: line?.text ?? "" };
    const facts = value
      ? [{
        type: "id_no" as const,
        label: "身份证号",
        value,
        normalized: value,
        checks: ["校验位正确"],
        source,
      }]
      : [];
    return { fileName: doc.fileName, kind: "", facts };
  },
  llm: () => Promise.resolve(null),
};
const runJob = makeOcrRunHandler(engines);

function form(files: [string, string | Uint8Array][]): FormData {
  const f = new FormData();
  for (const [name, body] of files) f.append("files", new File([body as BlobPart], name));
  return f;
}

async function member(t: TestApp, ai: number): Promise<SeededUser> {
  return await t.userWith(["ocr_access"], { quotas: { ai } });
}

async function upload(t: TestApp, as: SeededUser, files: [string, string | Uint8Array][]) {
  return await t.request("POST", "/api/ocr/runs", { as, form: form(files) });
}

async function aiLeft(t: TestApp, u: SeededUser): Promise<number> {
  return (await getQuotas(t.kv, u.user.id)).aiLimit;
}

const LOAN = "借条\n借款人张三 身份证号 110101199003074514\n今借到人民币壹万元整（¥10000.00）";

Deno.test("POST /api/ocr/runs: one AI use per file, text per page with confidence, key facts, aiocr records", async () => {
  using t = await testApp();
  const m = await member(t, 5);
  const res = await upload(t, m, [["借条.png", LOAN], ["起诉状.pdf", "民事起诉状\n原告李四"], [
    "借条.png",
    "dup",
  ]]);
  assert.equal(res.status, 202);
  const body = await res.json();
  assert.equal(body.success, true);
  assert.equal(body.limits.aiLimit, 3, "two files (the duplicate name is ignored) cost two uses");
  assert.deepEqual(body.run.files.map((f: { fileName: string; status: string }) => [f.fileName, f.status]), [
    ["借条.png", "pending"],
    ["起诉状.pdf", "pending"],
  ]);
  assert.equal(await aiLeft(t, m), 3);

  await runJob(t.deps, { type: "ocr.run", runId: body.run.id, userId: m.user.id });
  const run = (await (await t.request("GET", `/api/ocr/runs/${body.run.id}`, { as: m })).json()).run;
  assert.equal(run.status, "completed");
  assert.deepEqual([run.done, run.total, run.failed], [2, 2, 0]);
  assert.equal(run.files[0].scanned, true);

  const result = (await (await t.request("GET", `/api/ocr/runs/${run.id}/files/0`, { as: m })).json()).result;
  assert.equal(result.pages[0].lines[0].text, "借条");
  assert.equal(result.pages[0].lines[0].confidence, 0.5);
  assert.deepEqual(result.keyFacts, [
    { label: "身份证号", value: "110101199003074514", checks: ["校验位正确"], page: 1, line: 2 },
  ]);

  const stats = await getUsageStats(t.kv, { userId: m.user.id, today: chinaDay(t.clock.now()) });
  assert.deepEqual(stats.aiocr, { total: 2, today: 2 });
  const activities = await (await t.request("GET", "/api/ocr/runs", { as: m })).json();
  assert.equal(activities.runs.length, 1);
  const records = await listUsageRecords(t.kv, { userId: m.user.id, pageSize: 10 });
  assert.deepEqual(records.records.map((r) => [r.type, r.status]), [["aiocr", "success"], [
    "aiocr",
    "success",
  ]]);

  // A second delivery of the same message settles nothing twice.
  await runJob(t.deps, { type: "ocr.run", runId: run.id, userId: m.user.id });
  assert.equal((await listUsageRecords(t.kv, { userId: m.user.id, pageSize: 10 })).records.length, 2);
  assert.equal(await aiLeft(t, m), 3);
});

Deno.test("GET /api/ocr/runs/:id: the file being read shows its pages read so far, moved per page", async () => {
  using t = await testApp();
  const m = await member(t, 5);
  const firstPage = Promise.withResolvers<void>();
  const gate = Promise.withResolvers<void>();
  const slowJob = makeOcrRunHandler({
    ...engines,
    async readDocumentText(deps, input) {
      input.onPage?.({ pagesDone: 1, pagesTotal: 3 });
      firstPage.resolve();
      await gate.promise;
      input.onPage?.({ pagesDone: 3, pagesTotal: 3 });
      return await engines.readDocumentText(deps, input);
    },
  });
  const body = await (await upload(t, m, [["扫描件.pdf", "民事起诉状\n原告李四"]])).json();
  const job = slowJob(t.deps, { type: "ocr.run", runId: body.run.id, userId: m.user.id });
  await firstPage.promise;
  let file: { status: string; pagesDone?: number; pagesTotal?: number } = { status: "" };
  for (let i = 0; i < 50 && !file.pagesTotal; i++) {
    await new Promise((r) => setTimeout(r, 10));
    file = (await (await t.request("GET", `/api/ocr/runs/${body.run.id}`, { as: m })).json()).run.files[0];
  }
  assert.deepEqual(file, { ...file, status: "processing", pagesDone: 1, pagesTotal: 3 });
  gate.resolve();
  await job;
  const done =
    (await (await t.request("GET", `/api/ocr/runs/${body.run.id}`, { as: m })).json()).run.files[0];
  assert.equal(done.status, "completed");
  assert.equal(done.pagesDone, undefined, "a finished file shows its page count instead");
  assert.equal(done.pageCount, 1);
});

Deno.test("POST /api/ocr/runs: a failing file is refunded once, with its Chinese reason", async () => {
  using t = await testApp();
  const m = await member(t, 3);
  const body = await (await upload(t, m, [["a.jpg", "正常的文字"], ["b.jpeg", "BROKEN"]])).json();
  assert.equal(await aiLeft(t, m), 1);
  const msg = { type: "ocr.run" as const, runId: body.run.id, userId: m.user.id };
  await Promise.all([runJob(t.deps, msg), runJob(t.deps, msg)]);
  await runJob(t.deps, msg);
  const run = (await (await t.request("GET", `/api/ocr/runs/${body.run.id}`, { as: m })).json()).run;
  assert.equal(run.status, "completed");
  assert.equal(run.files[1].status, "failed");
  assert.equal(run.files[1].error, "文件解析失败：文件已损坏");
  assert.equal(await aiLeft(t, m), 2, "the failed file's use came back exactly once");
  const records = (await listUsageRecords(t.kv, { userId: m.user.id, pageSize: 10 })).records;
  assert.deepEqual(records.map((r) => r.status).sort(), ["failed", "success"]);
  const notReady = await t.request("GET", `/api/ocr/runs/${body.run.id}/files/1`, { as: m });
  assert.equal(notReady.status, 409);
  assert.equal((await notReady.json()).error, "该文件尚未识别完成");
});

Deno.test("POST /api/ocr/runs: too few AI uses refuses before anything runs or is kept", async () => {
  using t = await testApp();
  const zero = await member(t, 0);
  const res0 = await upload(t, zero, [["a.png", "x"]]);
  assert.equal(res0.status, 402);
  assert.deepEqual(await res0.json(), {
    success: false,
    code: "AI_QUOTA_INSUFFICIENT",
    error: "AI使用次数不足。需要 1 次，当前剩余 0 次",
  });
  const two = await member(t, 2);
  const res = await upload(t, two, [["a.png", "x"], ["b.png", "y"], ["c.png", "z"]]);
  assert.equal(res.status, 402);
  assert.equal((await res.json()).error, "AI使用次数不足。需要 3 次，当前剩余 2 次");
  assert.equal(await aiLeft(t, two), 2);
  assert.deepEqual((await (await t.request("GET", "/api/ocr/runs", { as: two })).json()).runs, []);
  const stored = [];
  for await (const b of t.deps.blobs.list(`users/${two.user.id}`)) stored.push(b.key);
  assert.deepEqual(stored, [], "the uploaded files were removed");
});

Deno.test("POST /api/ocr/runs: the upload rules answer in Chinese and charge nothing", async () => {
  using t = await testApp();
  const m = await member(t, 100);
  const cases: [FormData, number, string][] = [
    [new FormData(), 400, "请先选择要处理的文件"],
    [form([["a.png", "x"], ["合同.doc", "x"]]), 400, "合同.doc：只支持PDF、Word、Excel和图片(PNG/JPG)文件"],
    [form([["脚本.exe", "x"]]), 400, "脚本.exe：只支持PDF、Word、Excel和图片(PNG/JPG)文件"],
    [form([["大.pdf", new Uint8Array(10 * 1024 * 1024 + 1)]]), 413, "大.pdf：文件大小不能超过 10MB"],
    [
      form(Array.from({ length: 51 }, (_, i) => [`f${i}.png`, "x"] as [string, string])),
      400,
      "最多只能上传50个文件",
    ],
    [form([[`${"长".repeat(97)}.png`, "x"]]), 400, `${"长".repeat(20)}…：文件名不能超过100个字符`],
  ];
  for (const [body, status, error] of cases) {
    const res = await t.request("POST", "/api/ocr/runs", { as: m, form: body });
    assert.equal(res.status, status, error);
    assert.equal((await res.json()).error, error);
  }
  assert.equal(await aiLeft(t, m), 100);
  // Exactly 10 MB and exactly 50 files are accepted.
  const ok = await t.request("POST", "/api/ocr/runs", {
    as: m,
    form: form([["整.pdf", new Uint8Array(10 * 1024 * 1024)]]),
  });
  assert.equal(ok.status, 202);
  const fifty = await upload(
    t,
    m,
    Array.from({ length: 50 }, (_, i) => [`f${i}.xlsx`, "x"] as [string, string]),
  );
  assert.equal(fifty.status, 202);
  assert.equal(await aiLeft(t, m), 49);
});

Deno.test("/api/ocr/runs: results belong to their owner; delete removes the run and its files", async () => {
  using t = await testApp();
  const alice = await member(t, 5);
  const bob = await member(t, 5);
  const { run } = await (await upload(t, alice, [["a.png", LOAN]])).json();
  await runJob(t.deps, { type: "ocr.run", runId: run.id, userId: alice.user.id });
  for (
    const path of [
      `/api/ocr/runs/${run.id}`,
      `/api/ocr/runs/${run.id}/files/0`,
      `/api/ocr/runs/${run.id}/files/0/download/txt`,
    ]
  ) {
    const res = await t.request("GET", path, { as: bob });
    assert.equal(res.status, 404, path);
    assert.equal((await res.json()).error, "识别记录不存在或已删除");
  }
  assert.equal((await t.request("DELETE", `/api/ocr/runs/${run.id}`, { as: bob })).status, 404);
  assert.deepEqual((await (await t.request("GET", "/api/ocr/runs", { as: bob })).json()).runs, []);

  const noToken = await t.request("GET", "/api/ocr/runs");
  assert.equal(noToken.status, 401);
  const other = await t.userWith(["pdf_converter"], { quotas: { ai: 5 } });
  const denied = await upload(t, other, [["a.png", "x"]]);
  assert.equal(denied.status, 403);
  assert.equal(await aiLeft(t, other), 5);

  const del = await t.request("DELETE", `/api/ocr/runs/${run.id}`, { as: alice });
  assert.equal(del.status, 200);
  assert.equal((await t.request("GET", `/api/ocr/runs/${run.id}`, { as: alice })).status, 404);
  const left = [];
  for await (const b of t.deps.blobs.list(`users/${alice.user.id}`)) left.push(b.key);
  assert.deepEqual(left, []);
});

Deno.test("GET /api/ocr/runs/:id/files/:i/download: .txt, a .docx with the lines, no PDF for a Word file", async () => {
  using t = await testApp();
  const m = await member(t, 5);
  const { run } = await (await upload(t, m, [["借条.png", LOAN], ["x.docx", "第一行\n第二行 <&>"]])).json();
  await runJob(t.deps, { type: "ocr.run", runId: run.id, userId: m.user.id });
  const txt = await t.request("GET", `/api/ocr/runs/${run.id}/files/0/download/txt`, { as: m });
  assert.equal(txt.status, 200);
  assert.equal(txt.headers.get("content-type"), "text/plain; charset=utf-8");
  assert.match(txt.headers.get("content-disposition")!, /filename\*=UTF-8''%E5%80%9F%E6%9D%A1\.txt/);
  assert.equal(await txt.text(), LOAN.split("\n").join("\n"));

  const docx = await t.request("GET", `/api/ocr/runs/${run.id}/files/1/download/docx`, { as: m });
  assert.equal(docx.status, 200);
  const { default: PizZip } = await import("pizzip");
  const zip = new PizZip(new Uint8Array(await docx.arrayBuffer()));
  const xml = zip.file("word/document.xml")!.asText();
  assert.match(xml, /<w:t xml:space="preserve">第一行<\/w:t>/);
  assert.match(xml, /第二行 &lt;&amp;&gt;/);

  const pdf = await t.request("GET", `/api/ocr/runs/${run.id}/files/1/download/pdf`, { as: m });
  assert.equal(pdf.status, 400);
  assert.equal((await pdf.json()).error, "该文件不是扫描件或图片，无需生成可搜索PDF");
  const bad = await t.request("GET", `/api/ocr/runs/${run.id}/files/0/download/exe`, { as: m });
  assert.equal(bad.status, 404);
});

Deno.test("ocr.run with the real text service: a Word file is read, a damaged image fails with a Chinese reason and is refunded", async () => {
  using t = await testApp();
  const m = await member(t, 2);
  const dir = new URL("../../../shared/data/extraction/cases/D01_汇禾诉谢蓉媛/", import.meta.url);
  const docx = await Deno.readFile(new URL("汇禾诉谢蓉媛起诉状.docx", dir));
  const res = await upload(t, m, [["起诉状.docx", docx], [
    "坏图.png",
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
  ]]);
  assert.equal(res.status, 202);
  const { run } = await res.json();
  await dispatchJob(t.deps, jobHandlers, { type: "ocr.run", runId: run.id, userId: m.user.id });
  const after = (await (await t.request("GET", `/api/ocr/runs/${run.id}`, { as: m })).json()).run;
  assert.equal(after.files[0].status, "completed");
  assert.equal(after.files[0].scanned, false);
  assert.equal(after.files[1].status, "failed");
  assert.match(after.files[1].error, /[\u4e00-\u9fa5]/, "the reason is in Chinese");
  assert.equal(await aiLeft(t, m), 1, "the damaged image's use came back");
  const result = (await (await t.request("GET", `/api/ocr/runs/${run.id}/files/0`, { as: m })).json()).result;
  const text = result.pages.flatMap((p: { lines: { text: string }[] }) => p.lines.map((l) => l.text)).join(
    "\n",
  );
  assert.match(text, /谢蓉媛/);
  assert.ok(
    result.keyFacts.some((f: { value: string }) => f.value.includes("谢蓉媛")),
    "the defendant is a key fact",
  );
});

Deno.test("ocr.run with the real text service: an ID photo gets its ID number ✓ and a searchable PDF", async () => {
  using t = await testApp();
  const m = await member(t, 1);
  const dir = new URL("../../../shared/data/extraction/cases/D02_梁旭平诉廖宇飞/", import.meta.url);
  const photo = await Deno.readFile(new URL("原告身份证.jpg", dir));
  const { run } = await (await upload(t, m, [["原告身份证.jpg", photo]])).json();
  await dispatchJob(t.deps, jobHandlers, { type: "ocr.run", runId: run.id, userId: m.user.id });
  const after = (await (await t.request("GET", `/api/ocr/runs/${run.id}`, { as: m })).json()).run;
  assert.deepEqual([after.files[0].status, after.files[0].scanned], ["completed", true]);
  const result = (await (await t.request("GET", `/api/ocr/runs/${run.id}/files/0`, { as: m })).json()).result;
  const id = result.keyFacts.find((f: { label: string }) => f.label === "身份证号");
  assert.deepEqual([id?.value, id?.valid], ["320412200005207296", true]);
  const pdf = await t.request("GET", `/api/ocr/runs/${run.id}/files/0/download/pdf`, { as: m });
  assert.equal(pdf.status, 200);
  assert.equal(pdf.headers.get("content-type"), "application/pdf");
  assert.match(pdf.headers.get("content-disposition")!, /%E5%8F%AF%E6%90%9C%E7%B4%A2\.pdf$/);
  const bytes = new Uint8Array(await pdf.arrayBuffer());
  assert.equal(new TextDecoder().decode(bytes.slice(0, 5)), "%PDF-");
  // The invisible text layer carries the recognised ID number.
  const dirPath = await Deno.makeTempDir();
  try {
    await Deno.writeFile(`${dirPath}/s.pdf`, bytes);
    const out = await new Deno.Command(requireTool("pdftotext"), { args: [`${dirPath}/s.pdf`, "-"] })
      .output();
    assert.match(new TextDecoder().decode(out.stdout).replace(/\s/g, ""), /320412200005207296/);
  } finally {
    await Deno.remove(dirPath, { recursive: true });
  }
});

Deno.test("/ocr uses show on the dashboard: the AI card, aiocrStats and recent activities of type aiocr", async () => {
  using t = await testApp();
  const m = await t.userWith(["ocr_access", "dashboard"], { quotas: { ai: 5 } });
  const { run } = await (await upload(t, m, [["a.png", LOAN], ["b.png", "BROKEN"], ["c.png", "第三个"]]))
    .json();
  await runJob(t.deps, { type: "ocr.run", runId: run.id, userId: m.user.id });
  const stats = await (await t.request("GET", "/api/dashboard/stats", { as: m })).json();
  assert.deepEqual(stats.aiocrStats, { total: 2, today: 2 });
  assert.deepEqual(stats.aiStats, { total: 2, today: 2 });
  const recent = await (await t.request("GET", "/api/recent-activities", { as: m })).json();
  assert.deepEqual(
    recent.activities.map((a: { type: string; status: string }) => `${a.type}:${a.status}`).sort(),
    ["aiocr:failed", "aiocr:success", "aiocr:success"],
  );
});
