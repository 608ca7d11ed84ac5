import { Hono } from "hono";
import { z } from "zod";
import { customRuleBody } from "../../common/schemas/custom_ocr.ts";
import type { AppEnv } from "../deps.ts";
import { listRules } from "../kv/custom_ocr_rules.ts";
import { currentUser } from "../middleware/access.ts";
import { validate } from "../middleware/validate.ts";
import { getAiUsesLeft } from "../services/ai_metering/ai_metering.ts";
import {
  generateDocuments,
  readGeneratedFile,
  zipGeneratedFiles,
} from "../services/custom_ocr/generate_documents.ts";
import { chooseFieldSource, recordView } from "../services/custom_ocr/record_view.ts";
import { createRule, removeRule, toRuleView, updateRule } from "../services/custom_ocr/rules.ts";
import { startUploadRun } from "../services/custom_ocr/upload_run.ts";
import { getRecordEntry } from "../kv/custom_ocr_records.ts";
import { sourcePageView } from "../services/doc_text/page_image.ts";
import { AppError } from "../errors.ts";
import { attachmentHeader } from "../services/templates/word_templates.ts";
import { DOCX_CONTENT_TYPE } from "./templates.ts";

const updateFieldBody = z.object({
  fieldKey: z.string().min(1),
  value: z.string({ error: "请选择一个值" }).trim().min(1, "请选择一个值").max(2000),
});

const zipBody = z.object({
  fileNames: z.array(z.string().min(1).max(300)).min(1, "请选择要下载的文件").max(500),
});

const generateBody = z.object({
  templateIds: z.array(z.string(), { error: "请先选择模板" }).min(1, "请先选择模板").max(50),
});

/** Custom OCR (part 4 §7): rules and the user's AI limit. */
export const customOcrRoutes = new Hono<AppEnv>()
  .get("/custom-ocr/rules", async (c) => {
    const rules = await listRules(c.var.deps.kv, currentUser(c).id);
    return c.json({ success: true, rules: rules.map(toRuleView) });
  })
  .post("/custom-ocr/rules", validate("json", customRuleBody), async (c) => {
    const rule = await createRule(c.var.deps, currentUser(c).id, c.req.valid("json"));
    return c.json({ success: true, message: "创建成功", rule: toRuleView(rule) });
  })
  .put("/custom-ocr/rules/:id", validate("json", customRuleBody), async (c) => {
    const rule = await updateRule(c.var.deps, {
      userId: currentUser(c).id,
      id: c.req.param("id"),
      body: c.req.valid("json"),
    });
    return c.json({ success: true, message: "更新成功", rule: toRuleView(rule) });
  })
  .delete("/custom-ocr/rules/:id", async (c) => {
    await removeRule(c.var.deps, currentUser(c).id, c.req.param("id"));
    return c.json({ success: true, message: "删除成功" });
  })
  .post("/custom-ocr/process", async (c) => {
    const user = currentUser(c);
    const { record, skipped } = await startUploadRun(c.var.deps, {
      userId: user.id,
      username: user.username,
      body: c.req.raw.body,
      contentType: c.req.header("content-type"),
    });
    if (!record) return c.json({ success: false, message: "没有找到符合规则的文件", skipped });
    const note = skipped.length ? `，${skipped.length} 个文件不符合规则未处理` : "";
    return c.json({
      success: true,
      batchId: record.id,
      totalFiles: record.files.length,
      skipped,
      message: `开始处理文件，共 ${record.files.length} 个${note}`,
    });
  })
  .get("/custom-ocr/progress/:batchId", async (c) => {
    const record = (await getRecordEntry(c.var.deps.kv, currentUser(c).id, c.req.param("batchId"))).value;
    if (!record) throw new AppError("CUSTOM_RECORD_NOT_FOUND");
    return c.json({ success: true, ...recordView(record).progress });
  })
  .get("/custom-ocr/page-image/:batchId", async (c) => {
    // Beyond the spec (issue #27 item 4): the page a value was read from, to show its box on.
    const { deps } = c.var;
    const record = (await getRecordEntry(deps.kv, currentUser(c).id, c.req.param("batchId"))).value;
    if (!record) throw new AppError("CUSTOM_RECORD_NOT_FOUND");
    const file = record.files.find((f) => f.fileName === c.req.query("fileName") && f.docKey);
    const page = Number(c.req.query("page"));
    if (!file?.docKey || !Number.isInteger(page) || page < 1) {
      throw new AppError("VALIDATION_FAILED", {}, { message: "文件或页码不正确", field: "page" });
    }
    const bytes = await deps.blobs.read(file.blobKey);
    const docText = await deps.blobs.read(file.docKey);
    // The AI folder's file may have been deleted since the run.
    if (!bytes || !docText) throw new AppError("AI_FOLDER_NOT_FOUND");
    return c.json({
      success: true,
      ...await sourcePageView({ bytes, fileName: file.fileName, docText, page }),
    });
  })
  .post("/custom-ocr/update-field/:batchId", validate("json", updateFieldBody), async (c) => {
    const body = c.req.valid("json");
    const record = await chooseFieldSource(c.var.deps, {
      userId: currentUser(c).id,
      recordId: c.req.param("batchId"),
      fieldName: body.fieldKey,
      selected: { value: body.value },
    });
    return c.json({ success: true, message: "更新成功", mergedResult: record.mergedResult });
  })
  .post("/custom-ocr/generate/:batchId", validate("json", generateBody), async (c) => {
    const files = await generateDocuments(c.var.deps, {
      userId: currentUser(c).id,
      recordId: c.req.param("batchId"),
      templateIds: c.req.valid("json").templateIds,
    });
    return c.json({
      success: true,
      message: `成功生成 ${files.length} 个文档`,
      files: files.map((f) => ({
        fileName: f.fileName,
        templateName: f.templateName,
        emptyVariables: f.emptyVariables,
      })),
    });
  })
  .get("/custom-ocr/download/:fileName", async (c) => {
    const { file, bytes } = await readGeneratedFile(c.var.deps, {
      userId: currentUser(c).id,
      fileName: c.req.param("fileName"),
    });
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": DOCX_CONTENT_TYPE,
      "content-disposition": attachmentHeader(file.fileName),
    });
  })
  .post("/custom-ocr/download-zip", validate("json", zipBody), async (c) => {
    const bytes = await zipGeneratedFiles(c.var.deps, {
      userId: currentUser(c).id,
      fileNames: c.req.valid("json").fileNames,
    });
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": "application/zip",
      "content-disposition": attachmentHeader("自定义OCR文书.zip"),
    });
  })
  .get("/custom-ocr/user/limits", async (c) => {
    const left = await getAiUsesLeft(c.var.deps.kv, currentUser(c).id);
    return c.json({ success: true, limits: { ai_limit: left } });
  });
