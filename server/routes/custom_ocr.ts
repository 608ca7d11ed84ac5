import { Hono } from "hono";
import { z } from "zod";
import { customRuleBody } from "../../common/schemas/custom_ocr.ts";
import type { AppEnv } from "../deps.ts";
import { listRules } from "../kv/custom_ocr_rules.ts";
import { currentUser } from "../middleware/access.ts";
import { validate } from "../middleware/validate.ts";
import { getAiUsesLeft } from "../services/ai_metering/ai_metering.ts";
import { generateDocuments, readGeneratedFile } from "../services/custom_ocr/generate_documents.ts";
import { createRule, removeRule, toRuleView, updateRule } from "../services/custom_ocr/rules.ts";
import { attachmentHeader } from "../services/templates/word_templates.ts";
import { DOCX_CONTENT_TYPE } from "./templates.ts";

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
  .get("/custom-ocr/user/limits", async (c) => {
    const left = await getAiUsesLeft(c.var.deps.kv, currentUser(c).id);
    return c.json({ success: true, limits: { ai_limit: left } });
  });
