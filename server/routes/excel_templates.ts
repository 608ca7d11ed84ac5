import { Hono } from "hono";
import {
  mappingTemplateBody,
  paragraphTemplateBody,
  wordTemplateBody,
} from "../../common/schemas/excel_templates.ts";
import type { AppEnv } from "../deps.ts";
import { AppError } from "../errors.ts";
import {
  createMappingTemplate,
  createParagraphTemplate,
  deleteMappingTemplate,
  deleteParagraphTemplate,
  listMappingTemplates,
  listParagraphTemplates,
  listWordTemplates,
  toMappingTemplateRecord,
  toParagraphTemplateRecord,
  toWordTemplateRecord,
  updateMappingTemplate,
  updateParagraphTemplate,
} from "../kv/excel_templates.ts";
import { currentUser } from "../middleware/access.ts";
import { validate } from "../middleware/validate.ts";
import {
  acceptWordUpload,
  deleteWordTemplateWithFile,
  keepWizardUpload,
  readWordTemplate,
  saveWordTemplate,
} from "../services/excel_templates/word_templates.ts";
import { attachmentHeader } from "../services/templates/word_templates.ts";
import { NO_VARIABLES_WARNING } from "../../common/schemas/templates.ts";
import { DOCX_CONTENT_TYPE, templateUploadLimit, uploadedFile } from "./templates.ts";

/** Part 2 §2.2 and §7: the custom templates page. Every template belongs to the member who made it. */
export const excelTemplatesRoutes = new Hono<AppEnv>()
  // Word templates
  .get("/excel-templates", async (c) => {
    const templates = await listWordTemplates(c.var.deps.kv, currentUser(c).id);
    return c.json({ success: true, templates: templates.map(toWordTemplateRecord) });
  })
  .post("/excel-templates/upload", templateUploadLimit(), async (c) => {
    const user = currentUser(c);
    const file = await uploadedFile(c, ["file", "template"]);
    const pending = await acceptWordUpload(c.var.deps, { userId: user.id, file });
    const noVariables = pending.variables.length === 0;
    // keep=1 (the Excel batch wizard): the upload is kept at once among the member's Word templates.
    const keep = (await c.req.parseBody())["keep"] === "1";
    const kept = keep ? await keepWizardUpload(c.var.deps, { userId: user.id, pending }) : null;
    return c.json({
      success: true,
      filePath: kept ? toWordTemplateRecord(kept).file_path : pending.id,
      ...(kept ? { template: toWordTemplateRecord(kept) } : {}),
      fileName: pending.originalFilename,
      variables: pending.variables,
      noVariables,
      ...(noVariables ? { warning: NO_VARIABLES_WARNING } : {}),
    });
  })
  .post("/excel-templates", validate("json", wordTemplateBody), async (c) => {
    const user = currentUser(c);
    const template = await saveWordTemplate(c.var.deps, { userId: user.id, body: c.req.valid("json") });
    return c.json({ success: true, template: toWordTemplateRecord(template), message: "创建成功" }, 201);
  })
  .get("/excel-templates/download/:id", async (c) => {
    const user = currentUser(c);
    const { template, bytes } = await readWordTemplate(c.var.deps, {
      userId: user.id,
      idOrPath: c.req.param("id"),
    });
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": DOCX_CONTENT_TYPE,
      "content-length": String(bytes.length),
      "content-disposition": attachmentHeader(template.originalFilename),
      "x-content-type-options": "nosniff",
    });
  })
  .delete("/excel-templates/:id", async (c) => {
    const user = currentUser(c);
    const removed = await deleteWordTemplateWithFile(c.var.deps, { userId: user.id, id: c.req.param("id") });
    if (!removed) throw new AppError("EXCEL_TEMPLATE_NOT_FOUND");
    return c.json({ success: true, message: "删除成功" });
  })
  // mapping templates
  .get("/excel-templates/mapping-templates", async (c) => {
    const templates = await listMappingTemplates(c.var.deps.kv, currentUser(c).id);
    return c.json({ success: true, templates: templates.map(toMappingTemplateRecord) });
  })
  .post("/excel-templates/mapping-templates", validate("json", mappingTemplateBody), async (c) => {
    const { kv, clock } = c.var.deps;
    const body = c.req.valid("json");
    const template = await createMappingTemplate(kv, {
      userId: currentUser(c).id,
      ...body,
      now: clock.now(),
    });
    return c.json({ success: true, template: toMappingTemplateRecord(template), message: "创建成功" }, 201);
  })
  .put("/excel-templates/mapping-templates/:id", validate("json", mappingTemplateBody), async (c) => {
    const { kv, clock } = c.var.deps;
    const template = await updateMappingTemplate(kv, {
      userId: currentUser(c).id,
      id: c.req.param("id"),
      patch: c.req.valid("json"),
      now: clock.now(),
    });
    if (!template) throw new AppError("MAPPING_TEMPLATE_NOT_FOUND");
    return c.json({ success: true, template: toMappingTemplateRecord(template), message: "更新成功" });
  })
  .delete("/excel-templates/mapping-templates/:id", async (c) => {
    if (!(await deleteMappingTemplate(c.var.deps.kv, currentUser(c).id, c.req.param("id")))) {
      throw new AppError("MAPPING_TEMPLATE_NOT_FOUND");
    }
    return c.json({ success: true, message: "删除成功" });
  })
  // paragraph templates
  .get("/excel-templates/paragraph-templates", async (c) => {
    const templates = await listParagraphTemplates(c.var.deps.kv, currentUser(c).id);
    return c.json({ success: true, templates: templates.map(toParagraphTemplateRecord) });
  })
  .post("/excel-templates/paragraph-templates", validate("json", paragraphTemplateBody), async (c) => {
    const { kv, clock } = c.var.deps;
    const { template_name, ...rest } = c.req.valid("json");
    const template = await createParagraphTemplate(kv, {
      userId: currentUser(c).id,
      body: { templateName: template_name, ...rest },
      now: clock.now(),
    });
    return c.json({ success: true, template: toParagraphTemplateRecord(template), message: "创建成功" }, 201);
  })
  .put("/excel-templates/paragraph-templates/:id", validate("json", paragraphTemplateBody), async (c) => {
    const { kv, clock } = c.var.deps;
    const { template_name, ...rest } = c.req.valid("json");
    const template = await updateParagraphTemplate(kv, {
      userId: currentUser(c).id,
      id: c.req.param("id"),
      body: { templateName: template_name, ...rest },
      now: clock.now(),
    });
    if (!template) throw new AppError("PARAGRAPH_TEMPLATE_NOT_FOUND");
    return c.json({ success: true, template: toParagraphTemplateRecord(template), message: "更新成功" });
  })
  .delete("/excel-templates/paragraph-templates/:id", async (c) => {
    if (!(await deleteParagraphTemplate(c.var.deps.kv, currentUser(c).id, c.req.param("id")))) {
      throw new AppError("PARAGRAPH_TEMPLATE_NOT_FOUND");
    }
    return c.json({ success: true, message: "删除成功" });
  });
