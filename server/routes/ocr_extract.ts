import { Hono } from "hono";
import { ocrTemplateBody, saveBatchResultBody } from "../../common/schemas/ocr.ts";
import type { AppEnv } from "../deps.ts";
import { AppError } from "../errors.ts";
import { deleteOcrBatch, getOcrBatchOf, listOcrBatches } from "../kv/ocr_batches.ts";
import {
  countOcrTemplates,
  createOcrTemplate,
  deleteOcrTemplate,
  listOcrTemplates,
  OCR_TEMPLATES_PER_USER,
  toOcrTemplate,
  updateOcrTemplate,
} from "../kv/ocr_templates.ts";
import { currentUser } from "../middleware/access.ts";
import { validate } from "../middleware/validate.ts";
import { batchEventStream, readBatchResult } from "../services/ocr_extract/batch_events.ts";
import { caseFromExtraction, caseNameOf } from "../services/ai_chat/case_from_extraction.ts";
import { findPreset } from "../services/ai_chat/presets.ts";
import { sourcePageView } from "../services/doc_text/page_image.ts";
import { applyResultEdits } from "../services/ocr_extract/batch_result.ts";
import { startOcrBatch } from "../services/ocr_extract/start_batch.ts";
import { OCR_TEMPLATE_PRESETS } from "../services/ocr_extract/template_presets.ts";

/** OCR信息提取 (/ocr-extract, part 4 §7 OCR calls): templates, the streamed batch, the edited result. */
export const ocrExtractRoutes = new Hono<AppEnv>()
  .get("/ocr/templates", async (c) => {
    const templates = await listOcrTemplates(c.var.deps.kv, currentUser(c).id);
    return c.json({ success: true, templates: templates.map(toOcrTemplate) });
  })
  .get("/ocr/template-presets", (c) => c.json({ success: true, presets: OCR_TEMPLATE_PRESETS }))
  .post("/ocr/templates", validate("json", ocrTemplateBody), async (c) => {
    const { kv, clock } = c.var.deps;
    const user = currentUser(c);
    if (await countOcrTemplates(kv, user.id) >= OCR_TEMPLATES_PER_USER) {
      throw new AppError("OCR_TEMPLATE_LIMIT", { max: OCR_TEMPLATES_PER_USER });
    }
    const template = await createOcrTemplate(kv, {
      ...c.req.valid("json"),
      userId: user.id,
      now: clock.now(),
    });
    return c.json({ success: true, template: toOcrTemplate(template) }, 201);
  })
  .put("/ocr/templates/:id", validate("json", ocrTemplateBody), async (c) => {
    const { kv, clock } = c.var.deps;
    const template = await updateOcrTemplate(kv, {
      ...c.req.valid("json"),
      userId: currentUser(c).id,
      id: c.req.param("id"),
      now: clock.now(),
    });
    if (!template) throw new AppError("OCR_TEMPLATE_NOT_FOUND");
    return c.json({ success: true, template: toOcrTemplate(template) });
  })
  .delete("/ocr/templates/:id", async (c) => {
    const { kv, blobs } = c.var.deps;
    const user = currentUser(c);
    const id = c.req.param("id");
    if (!(await deleteOcrTemplate(kv, user.id, id))) throw new AppError("OCR_TEMPLATE_NOT_FOUND");
    // The confirmation says the template's recognition records go with it (part 4 §8).
    for (const batch of await listOcrBatches(kv, user.id)) {
      if (batch.templateId !== id || batch.status === "processing") continue;
      await deleteOcrBatch(kv, batch);
      await blobs.deletePrefix(batch.blobPrefix);
    }
    return c.json({ success: true, message: "删除成功" });
  })
  .post("/ocr/process-batch", async (c) => {
    const { batch, left } = await startOcrBatch(c.var.deps, {
      user: currentUser(c),
      body: c.req.raw.body,
      contentType: c.req.header("content-type"),
    });
    return c.body(batchEventStream(c.var.deps, batch.id), 200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-store",
      "x-accel-buffering": "no",
      "x-batch-id": batch.id,
      "x-ai-limit": String(left),
    });
  })
  .get("/ocr/batches", async (c) => {
    const batches = await listOcrBatches(c.var.deps.kv, currentUser(c).id);
    const views = [];
    for (const b of batches) {
      // The case by its parties (李四诉张三), so a list of batches of one template can be told apart.
      // (batches from before the name was stored read it from their result)
      const result = b.caseName === undefined ? await readBatchResult(c.var.deps, b) : null;
      views.push({
        batchId: b.id,
        templateId: b.templateId,
        templateName: b.templateName,
        caseName: b.caseName ?? (result ? caseNameOf(result) : ""),
        status: b.status,
        totalFiles: b.files.length,
        failedFiles: b.files.filter((f) => f.status === "failed").length,
        createdAt: new Date(b.createdAt).toISOString(),
      });
    }
    return c.json({ success: true, batches: views });
  })
  .get("/ocr/batch/:batchId/page-image", async (c) => {
    // Beyond the spec (issue #27 item 4): the page a value was read from, to show its box on.
    const { deps } = c.var;
    const batch = await getOcrBatchOf(deps.kv, currentUser(c).id, c.req.param("batchId"));
    if (!batch) throw new AppError("OCR_BATCH_NOT_FOUND");
    const file = batch.files.find((f) => f.recordId === c.req.query("recordId"));
    const page = Number(c.req.query("page"));
    if (!file || !Number.isInteger(page) || page < 1) {
      throw new AppError("VALIDATION_FAILED", {}, { message: "文件或页码不正确", field: "page" });
    }
    const bytes = await deps.blobs.read(file.blobKey);
    const text = file.docKey ? await deps.blobs.read(file.docKey) : null;
    if (!bytes || !text) throw new AppError("OCR_BATCH_NOT_FOUND");
    return c.json({
      success: true,
      ...await sourcePageView({ bytes, fileName: file.fileName, docText: text, page }),
    });
  })
  .get("/ocr/batch/:batchId/case-data", async (c) => {
    // Beyond the spec (issue #27): the batch's values for a drafting preset's fields, matched by meaning.
    const { deps } = c.var;
    const batch = await getOcrBatchOf(deps.kv, currentUser(c).id, c.req.param("batchId"));
    if (!batch) throw new AppError("OCR_BATCH_NOT_FOUND");
    const result = await readBatchResult(deps, batch);
    if (!result) throw new AppError("OCR_BATCH_NOT_READY");
    const preset = await findPreset(deps.kv, c.req.query("presetId") ?? "");
    return c.json({
      success: true,
      caseName: caseNameOf(result),
      caseData: caseFromExtraction(preset.fields, result),
    });
  })
  .get("/ocr/batch/:batchId", async (c) => {
    const { deps } = c.var;
    const batch = await getOcrBatchOf(deps.kv, currentUser(c).id, c.req.param("batchId"));
    if (!batch) throw new AppError("OCR_BATCH_NOT_FOUND");
    const result = await readBatchResult(deps, batch);
    return c.json({
      success: true,
      status: batch.status,
      ...(batch.error ? { error: batch.error } : {}),
      result,
    });
  })
  .put("/ocr/batch/:batchId/result", validate("json", saveBatchResultBody), async (c) => {
    const { deps } = c.var;
    const batch = await getOcrBatchOf(deps.kv, currentUser(c).id, c.req.param("batchId"));
    if (!batch) throw new AppError("OCR_BATCH_NOT_FOUND");
    const result = await readBatchResult(deps, batch);
    if (!result || !batch.resultKey) throw new AppError("OCR_BATCH_NOT_READY");
    const next = applyResultEdits(result, c.req.valid("json"), deps.clock.now());
    await deps.blobs.put(batch.resultKey, new TextEncoder().encode(JSON.stringify(next)));
    return c.json({ success: true, message: "保存成功", result: next });
  });
