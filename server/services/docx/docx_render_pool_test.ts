import assert from "node:assert/strict";
import PizZip from "pizzip";
import { AppError } from "../../errors.ts";
import {
  buildBrokenTemplate,
  buildDocx,
  buildMediationTemplate,
  mediationRow,
  plainParagraph,
} from "../../../scripts/make_fixtures.ts";
import { createDocxRenderPool } from "./docx_render_pool.ts";

Deno.test("createDocxRenderPool() renders rows on workers in row order, one error per bad row", async () => {
  using pool = createDocxRenderPool({ size: 2 });
  const rows = [mediationRow(1), { ...mediationRow(2), 借款金额: "五万" }, mediationRow(3), mediationRow(4)];
  const results = await pool.renderRows(buildMediationTemplate(), rows, { chunkSize: 1 });
  assert.equal(results.length, 4);
  for (const i of [0, 2, 3]) {
    const result = results[i];
    assert.ok("docx" in result);
    const xml = new PizZip(result.docx).file("word/document.xml")!.asText();
    assert.match(xml, new RegExp(`民调0000${i + 1}号`));
  }
  const failed = results[1];
  assert.ok("error" in failed && failed.error instanceof AppError);
  assert.equal(failed.error.message, "“借款金额”的值“五万”无法按“大写”格式转换");
});

Deno.test("createDocxRenderPool() refuses a broken template with TEMPLATE_INVALID", async () => {
  using pool = createDocxRenderPool({ size: 1 });
  await assert.rejects(
    pool.renderRows(buildBrokenTemplate(), [{}]),
    (err) => err instanceof AppError && err.code === "TEMPLATE_INVALID",
  );
});

Deno.test("createDocxRenderPool() passes each row's paragraph blocks to the workers", async () => {
  using pool = createDocxRenderPool({ size: 2 });
  const template = buildDocx({ body: plainParagraph("${甲}") + plainParagraph("#{段落}") });
  const results = await pool.renderRows(template, [{ 甲: "一" }, { 甲: "二" }], {
    chunkSize: 1,
    paragraphs: [{ 段落: { paragraphs: ["第一段", "第二段"], clearIndent: false } }, undefined],
  });
  const texts = results.map((r) => {
    assert.ok("docx" in r);
    return new PizZip(r.docx).file("word/document.xml")!.asText().replace(/<\/w:p>/g, "\n").replace(
      /<[^>]+>/g,
      "",
    );
  });
  assert.equal(texts[0], "一\n第一段\n第二段\n");
  assert.equal(texts[1], "二\n");
});

Deno.test("createDocxRenderPool() is shared: concurrent callers with different templates each get their rows", async () => {
  using pool = createDocxRenderPool({ size: 2 });
  await pool.warm();
  assert.equal(pool.stats().workers, 2);
  const simple = buildDocx({ body: plainParagraph("甲方：${甲}") });
  const [mediation, plain, again] = await Promise.all([
    pool.renderRows(buildMediationTemplate(), [1, 2, 3, 4, 5].map(mediationRow), { chunkSize: 2 }),
    pool.renderRows(simple, [{ 甲: "一" }, { 甲: "二" }, { 甲: "三" }], { chunkSize: 1 }),
    pool.renderRows(simple, [{ 甲: "四" }], {}),
  ]);
  const xml = (r: { docx: Uint8Array } | { error: AppError }) => {
    assert.ok("docx" in r);
    return new PizZip(r.docx).file("word/document.xml")!.asText();
  };
  mediation.forEach((r, i) => assert.match(xml(r), new RegExp(`民调0000${i + 1}号`)));
  assert.deepEqual(plain.map((r) => xml(r).match(/甲方：(.)/)?.[1]), ["一", "二", "三"]);
  assert.equal(xml(again[0]).match(/甲方：(.)/)?.[1], "四");
  const stats = pool.stats();
  assert.equal(stats.started, 2, "no worker started per call");
  assert.equal(stats.busy + stats.queued, 0);
});

Deno.test("createDocxRenderPool() replaces a worker whose chunk outlives the time limit, and fails that chunk", async () => {
  using pool = createDocxRenderPool({ size: 1, timeoutMs: 1 });
  await assert.rejects(
    pool.renderRows(buildMediationTemplate(), [mediationRow(1)]),
    (err) => err instanceof AppError && err.message === "生成Word文档失败：生成超时",
  );
  assert.equal(pool.stats().replaced, 1);
  assert.equal(pool.stats().workers, 0);
  // A call may give itself more time (the Excel batch's merged document); a new worker takes it.
  const [result] = await pool.renderRows(buildMediationTemplate(), [mediationRow(2)], { timeoutMs: 60_000 });
  assert.ok("docx" in result);
  assert.equal(pool.stats().started, 2);
});

Deno.test("createDocxRenderPool() after close() refuses work with DOCX_RENDER_FAILED", async () => {
  const pool = createDocxRenderPool({ size: 1 });
  const pending = pool.renderRows(buildMediationTemplate(), [mediationRow(1)]);
  pool.close();
  await assert.rejects(
    pending,
    (err) => err instanceof AppError && err.message === "生成Word文档失败：渲染服务已关闭",
  );
  await assert.rejects(pool.renderRows(buildMediationTemplate(), [mediationRow(1)]), AppError);
});

Deno.test("createDocxRenderPool() counts a chunk's time limit from when its worker has loaded, not from its start", async () => {
  // The worker takes 1.5 s to load, longer than the limit; rendering one plain row takes far less.
  const workerUrl = new URL("./testdata/slow_loading_render_worker.ts", import.meta.url);
  using pool = createDocxRenderPool({ size: 1, timeoutMs: 1_000, workerUrl });
  const template = buildDocx({ body: plainParagraph("甲方：${甲}") });
  const [result] = await pool.renderRows(template, [{ 甲: "一" }]);
  assert.ok("docx" in result);
  assert.equal(pool.stats().replaced, 0);
});
