import assert from "node:assert/strict";
import { getQuotas } from "../../server/kv/quotas.ts";
import { listUsageRecords } from "../../server/kv/usage.ts";
import { makePdf } from "../helpers/pdf_bytes.ts";
import { type SeededUser, type TestApp, testApp } from "../helpers/test_app.ts";

const BATCH = "20250305_143012";

function pdfForm(bytes: Uint8Array<ArrayBuffer>, name = "调解书.pdf", type = "application/pdf"): FormData {
  const form = new FormData();
  form.append("file", new File([bytes], name, { type }));
  return form;
}

async function upload(
  t: TestApp,
  as: SeededUser | "admin",
  bytes: Uint8Array<ArrayBuffer>,
  options: { batch?: string; name?: string } = {},
) {
  return await t.request("POST", "/api/upload-pdfs", {
    as,
    form: pdfForm(bytes, options.name),
    headers: { "Batch-No": options.batch ?? BATCH },
  });
}

function tokenPath(url: string): string {
  return new URL(url, "http://x").pathname;
}

async function member(t: TestApp, pdf = 5) {
  return await t.userWith(["pdf_converter"], { quotas: { pdf_convert: pdf } });
}

Deno.test("POST /api/upload-pdfs stores the PDF and its link serves the same bytes inline to anyone", async () => {
  using t = await testApp();
  const m = await member(t);
  const pdf = makePdf("one", 5000);
  const res = await upload(t, m, pdf);
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(body.success, true);
  assert.equal(body.batch_no, BATCH);
  assert.match(body.url, /^http:\/\/localhost\/api\/pdf-links\/[0-9a-f]{40}$/);
  assert.equal(body.record.original_filename, "调解书.pdf");
  assert.equal(body.record.file_size, pdf.length);
  assert.deepEqual(body.limits, { pdfConvertLimit: 4 });

  // no token at all: the link is public
  const open = await t.request("GET", tokenPath(body.url));
  assert.equal(open.status, 200);
  assert.equal(open.headers.get("content-type"), "application/pdf");
  assert.equal(
    open.headers.get("content-disposition"),
    `inline; filename="___.pdf"; filename*=UTF-8''${encodeURIComponent("调解书.pdf")}`,
  );
  assert.deepEqual(new Uint8Array(await open.arrayBuffer()), pdf);
  // stored under the user's pdf_links area, batch folder
  const keys = await Array.fromAsync(t.deps.blobs.list(`users/${m.user.id}/pdf_links/${BATCH}`));
  assert.equal(keys.length, 1);
  assert.match(keys[0].key, new RegExp(`^users/${m.user.id}/pdf_links/${BATCH}/[0-9a-f]{20}\\.pdf$`));
});

Deno.test("POST /api/upload-pdfs charges one use per stored file and records the use", async () => {
  using t = await testApp();
  const m = await member(t, 3);
  for (let i = 0; i < 3; i++) assert.equal((await upload(t, m, makePdf(`n${i}`))).status, 200);
  assert.equal((await getQuotas(t.kv, m.user.id)).pdfConvertLimit, 0);
  const res = await upload(t, m, makePdf("four"));
  assert.equal(res.status, 402);
  assert.deepEqual(await res.json(), {
    success: false,
    code: "QUOTA_INSUFFICIENT",
    error: "PDF转换使用次数不足。需要 1 次，当前剩余 0 次",
  });
  const usage = await listUsageRecords(t.kv, { userId: m.user.id, pageSize: 10 });
  assert.equal(usage.total, 3);
  assert.ok(usage.records.every((r) => r.type === "pdf_convert" && r.count === 1));
  // the refused file left nothing behind
  const keys = await Array.fromAsync(t.deps.blobs.list(`users/${m.user.id}/pdf_links`));
  assert.equal(keys.length, 3);
});

Deno.test("POST /api/upload-pdfs refuses a non-PDF by content, whatever its name, and charges nothing", async () => {
  using t = await testApp();
  const m = await member(t, 2);
  const fake = new TextEncoder().encode("<html>not a pdf</html>".repeat(200));
  for (const name of ["假的.pdf", "x.txt"]) {
    const res = await upload(t, m, fake, { name });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), {
      success: false,
      code: "PDF_ONLY",
      error: "只能上传PDF文件!",
      field: "file",
    });
  }
  const empty = await upload(t, m, new Uint8Array(0));
  assert.equal(empty.status, 400);
  assert.equal((await empty.json()).error, "只能上传PDF文件!");
  assert.equal((await getQuotas(t.kv, m.user.id)).pdfConvertLimit, 2);
  assert.equal((await listUsageRecords(t.kv, { userId: m.user.id, pageSize: 10 })).total, 0);
  assert.equal((await Array.fromAsync(t.deps.blobs.list(`users/${m.user.id}`))).length, 0);
  // the batch was not created either
  const batches = await (await t.request("GET", "/api/pdf-convert/batches", { as: m })).json();
  assert.deepEqual(batches, { success: true, data: { records: [], total: 0 } });
});

Deno.test("POST /api/upload-pdfs checks the header within the first 1 KB and refuses a bad Batch-No", async () => {
  using t = await testApp();
  const m = await member(t, 5);
  const late = new Uint8Array([...new Uint8Array(1100).fill(32), ...makePdf()]);
  assert.equal((await upload(t, m, late)).status, 400);
  const early = new Uint8Array([...new Uint8Array(100).fill(32), ...makePdf()]);
  assert.equal((await upload(t, m, early)).status, 200);
  const bad = await upload(t, m, makePdf(), { batch: "2025-03-05" });
  assert.equal(bad.status, 400);
  assert.deepEqual(await bad.json(), {
    success: false,
    code: "PDF_BATCH_NO_INVALID",
    error: "批次号格式错误，应为 yyyymmdd_hhmmss",
    field: "Batch-No",
  });
  const none = await t.request("POST", "/api/upload-pdfs", { as: m, form: new FormData() });
  assert.equal(none.status, 400);
  assert.equal((await none.json()).error, "请选择要上传的文件");
  assert.equal((await getQuotas(t.kv, m.user.id)).pdfConvertLimit, 4);
});

Deno.test("POST /api/upload-pdfs needs a token and pdf_converter", async () => {
  using t = await testApp();
  const noToken = await t.request("POST", "/api/upload-pdfs", { form: pdfForm(makePdf()) });
  assert.equal(noToken.status, 401);
  const other = await t.userWith(["mediation"], { quotas: { pdf_convert: 5 } });
  const res = await upload(t, other, makePdf());
  assert.equal(res.status, 403);
  assert.deepEqual(await res.json(), { success: false, code: "FORBIDDEN", error: "没有访问权限" });
});

Deno.test("links use the user's domain with the PDF link port setting", async () => {
  using t = await testApp();
  const m = await member(t);
  await t.kv.set(["users", m.user.id], { ...m.user, domain: "law.example.com" });
  const body = await (await upload(t, m, makePdf())).json();
  assert.match(body.url, /^http:\/\/law\.example\.com:3000\/api\/pdf-links\/[0-9a-f]{40}$/);
  t.deps.config.linkPorts.pdf = 443;
  const again = await (await upload(t, m, makePdf())).json();
  assert.match(again.url, /^https:\/\/law\.example\.com\/api\/pdf-links\//);
});

Deno.test("GET /api/pdf-convert/batches pages a user's batches newest first; history lists the first 10 or all", async () => {
  using t = await testApp();
  const m = await member(t, 30);
  for (let i = 0; i < 12; i++) await upload(t, m, makePdf(`a${i}`), { batch: "20250101_080000" });
  await upload(t, m, makePdf("b"), { batch: "20250102_090000" });
  const page1 = await (await t.request("GET", "/api/pdf-convert/batches?page=1&pageSize=10", { as: m }))
    .json();
  assert.equal(page1.data.total, 2);
  assert.deepEqual(
    page1.data.records.map((
      r: { batch_no: string; total_files: number; status: string },
    ) => [r.batch_no, r.total_files, r.status]),
    [
      ["20250102_090000", 1, "completed"],
      ["20250101_080000", 12, "completed"],
    ],
  );
  const badSize = await t.request("GET", "/api/pdf-convert/batches?pageSize=15", { as: m });
  assert.equal(badSize.status, 400);
  assert.equal((await badSize.json()).error, "每页条数只能是10/20/50/100");

  const preview =
    await (await t.request("GET", "/api/pdf-convert/history?batch_no=20250101_080000", { as: m })).json();
  assert.equal(preview.data.total, 12);
  assert.equal(preview.data.records.length, 10);
  const all =
    await (await t.request("GET", "/api/pdf-convert/history?batch_no=20250101_080000&limit=all", { as: m }))
      .json();
  assert.equal(all.data.records.length, 12);
  const r = all.data.records[0];
  assert.deepEqual(Object.keys(r).sort(), [
    "access_url",
    "batch_no",
    "created_at",
    "expires_at",
    "file_size",
    "id",
    "last_opened_at",
    "open_count",
    "original_filename",
    "revoked_at",
  ]);
});

Deno.test("another user can neither list, read nor delete your batches", async () => {
  using t = await testApp();
  const owner = await member(t);
  const stranger = await member(t);
  const { url } = await (await upload(t, owner, makePdf())).json();
  const list = await (await t.request("GET", "/api/pdf-convert/batches", { as: stranger })).json();
  assert.deepEqual(list.data, { records: [], total: 0 });
  const history = await t.request("GET", `/api/pdf-convert/history?batch_no=${BATCH}`, { as: stranger });
  assert.equal(history.status, 404);
  assert.deepEqual(await history.json(), {
    success: false,
    code: "PDF_BATCH_NOT_FOUND",
    error: "批次不存在或已删除",
  });
  const del = await t.request("DELETE", `/api/pdf-convert/batch/${BATCH}`, { as: stranger });
  assert.equal(del.status, 404);
  assert.equal((await t.request("GET", tokenPath(url))).status, 200);
  const ownList = await (await t.request("GET", "/api/pdf-convert/batches", { as: owner })).json();
  assert.equal(ownList.data.total, 1);
});

Deno.test("DELETE /api/pdf-convert/batch/:batch_no removes files and records; its links answer 404", async () => {
  using t = await testApp();
  const m = await member(t);
  const a = await (await upload(t, m, makePdf("a"))).json();
  const b = await (await upload(t, m, makePdf("b"))).json();
  const res = await t.request("DELETE", `/api/pdf-convert/batch/${BATCH}`, { as: m });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { success: true, message: "批次删除成功" });
  for (const url of [a.url, b.url]) {
    const open = await t.request("GET", tokenPath(url));
    assert.equal(open.status, 404);
    assert.deepEqual(await open.json(), {
      success: false,
      code: "PDF_LINK_NOT_FOUND",
      error: "链接不存在或已失效",
    });
  }
  const page = await t.request("GET", tokenPath(a.url), { headers: { accept: "text/html" } });
  assert.equal(page.status, 404);
  assert.match(await page.text(), /链接不存在或已失效/);
  assert.equal((await Array.fromAsync(t.deps.blobs.list(`users/${m.user.id}`))).length, 0);
  const list = await (await t.request("GET", "/api/pdf-convert/batches", { as: m })).json();
  assert.deepEqual(list.data, { records: [], total: 0 });
  assert.equal((await t.request("DELETE", `/api/pdf-convert/batch/${BATCH}`, { as: m })).status, 404);
  // deleting does not give the uses back: they were spent on links that worked
  assert.equal((await getQuotas(t.kv, m.user.id)).pdfConvertLimit, 3);
});

Deno.test("a link counts its opens, shown in the history with the last open time", async () => {
  using t = await testApp();
  const m = await member(t);
  const { url } = await (await upload(t, m, makePdf())).json();
  t.clock.advance(3_600_000);
  const openedAt = new Date(t.clock.now()).toISOString();
  for (let i = 0; i < 3; i++) await (await t.request("GET", tokenPath(url))).arrayBuffer();
  // a range request continues an open: not counted
  await (await t.request("GET", tokenPath(url), { headers: { range: "bytes=0-10" } })).arrayBuffer();
  const history = await (await t.request("GET", `/api/pdf-convert/history?batch_no=${BATCH}`, { as: m }))
    .json();
  assert.equal(history.data.records[0].open_count, 3);
  assert.equal(history.data.records[0].last_opened_at, openedAt);
});

Deno.test("a revoked link answers 410 链接已被撤销; an expired one 410 链接已过期", async () => {
  using t = await testApp();
  const m = await member(t);
  const a = await (await upload(t, m, makePdf("a"))).json();
  const b = await (await upload(t, m, makePdf("b"))).json();
  const stranger = await member(t);
  assert.equal(
    (await t.request("POST", `/api/pdf-convert/link/${a.record.id}/revoke`, { as: stranger })).status,
    404,
  );
  const revoke = await t.request("POST", `/api/pdf-convert/link/${a.record.id}/revoke`, { as: m });
  assert.equal(revoke.status, 200);
  assert.notEqual((await revoke.json()).record.revoked_at, null);
  const revoked = await t.request("GET", tokenPath(a.url));
  assert.equal(revoked.status, 410);
  assert.deepEqual(await revoked.json(), { success: false, code: "PDF_LINK_REVOKED", error: "链接已被撤销" });

  const now = t.clock.now();
  const expiry = new Date(now + 60_000).toISOString();
  const set = await t.request("PUT", `/api/pdf-convert/link/${b.record.id}`, {
    as: m,
    json: { expires_at: expiry },
  });
  assert.equal(set.status, 200);
  assert.equal((await set.json()).record.expires_at, expiry);
  assert.equal((await t.request("GET", tokenPath(b.url))).status, 200);
  t.clock.advance(60_000);
  const expired = await t.request("GET", tokenPath(b.url));
  assert.equal(expired.status, 410);
  assert.deepEqual(await expired.json(), { success: false, code: "PDF_LINK_EXPIRED", error: "链接已过期" });
  // clearing the expiry opens it again
  await t.request("PUT", `/api/pdf-convert/link/${b.record.id}`, { as: m, json: { expires_at: null } });
  assert.equal((await t.request("GET", tokenPath(b.url))).status, 200);
  const bad = await t.request("PUT", `/api/pdf-convert/link/${b.record.id}`, {
    as: m,
    json: { expires_at: "soon" },
  });
  assert.equal(bad.status, 400);
  assert.equal((await bad.json()).error, "请选择有效的过期时间");
  assert.equal(
    (await t.request("PUT", `/api/pdf-convert/link/${b.record.id}`, {
      as: stranger,
      json: { expires_at: null },
    }))
      .status,
    404,
  );
});

Deno.test("an unknown or malformed token answers 404 with the Chinese message", async () => {
  using t = await testApp();
  for (const token of ["0".repeat(40), "abc", "G".repeat(40)]) {
    const res = await t.request("GET", `/api/pdf-links/${token}`);
    assert.equal(res.status, 404);
    assert.equal((await res.json()).error, "链接不存在或已失效");
  }
});

Deno.test("parallel uploads into one batch spend exactly the quota and count every file", async () => {
  using t = await testApp();
  const m = await member(t, 6);
  const results = await Promise.all(Array.from({ length: 8 }, (_, i) => upload(t, m, makePdf(`p${i}`))));
  const statuses = results.map((r) => r.status).sort();
  await Promise.all(results.map((r) => r.body?.cancel()));
  assert.deepEqual(statuses, [200, 200, 200, 200, 200, 200, 402, 402]);
  assert.equal((await getQuotas(t.kv, m.user.id)).pdfConvertLimit, 0);
  const list = await (await t.request("GET", "/api/pdf-convert/batches", { as: m })).json();
  assert.equal(list.data.records[0].total_files, 6);
  assert.equal((await Array.fromAsync(t.deps.blobs.list(`users/${m.user.id}`))).length, 6);
});
