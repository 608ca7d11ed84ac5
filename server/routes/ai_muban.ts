import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AI_MUBAN_MAX_BYTES } from "../../common/constants.ts";
import { aiMubanBody, aiMubanFileName } from "../../common/schemas/ai_muban.ts";
import type { AppEnv } from "../deps.ts";
import { AppError } from "../errors.ts";
import { listAiMuban } from "../kv/ai_muban.ts";
import { currentUser } from "../middleware/access.ts";
import { validate } from "../middleware/validate.ts";
import {
  createAiMuban,
  deleteAiMubanWithFile,
  editAiMuban,
  readAiMubanBytes,
  requireAiMuban,
  toAiMubanTemplate,
} from "../services/ai_muban/ai_muban_templates.ts";
import { attachmentHeader } from "../services/templates/word_templates.ts";
import { DOCX_CONTENT_TYPE } from "./templates.ts";

/** Room for the multipart envelope and the name and description around the file. */
const MULTIPART_HEADROOM_BYTES = 64 * 1024;

function firstIssue(result: ReturnType<typeof aiMubanBody.safeParse>): AppError | null {
  if (result.success) return null;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join(".") || undefined;
  return new AppError("VALIDATION_FAILED", {}, { message: issue?.message ?? "请求参数错误", field });
}

/** Output-document templates (part 4 §2, §5, §7), each user's own; the custom OCR screen lists them. */
export const aiMubanRoutes = new Hono<AppEnv>()
  .get("/ai-muban/templates", async (c) => {
    const templates = await listAiMuban(c.var.deps.kv, currentUser(c).id);
    return c.json({ success: true, templates: templates.map(toAiMubanTemplate) });
  })
  .post(
    "/ai-muban/templates",
    bodyLimit({
      maxSize: AI_MUBAN_MAX_BYTES + MULTIPART_HEADROOM_BYTES,
      onError: () => {
        throw new AppError("AI_MUBAN_FILE_TOO_LARGE", {}, { field: "template" });
      },
    }),
    async (c) => {
      const user = currentUser(c);
      const form = await c.req.parseBody({ all: true }).catch(() => {
        throw new AppError("AI_MUBAN_FILE_REQUIRED", {}, { field: "template" });
      });
      const text = (v: unknown) => (typeof v === "string" ? v : undefined);
      const meta = aiMubanBody.safeParse({
        template_name: text(form.template_name) ?? "",
        description: text(form.description),
      });
      const invalid = firstIssue(meta);
      if (invalid || !meta.success) throw invalid;
      const raw = form.template;
      const files = (Array.isArray(raw) ? raw : [raw]).filter((v): v is File =>
        v instanceof File && v.size > 0
      );
      if (files.length === 0) throw new AppError("AI_MUBAN_FILE_REQUIRED", {}, { field: "template" });
      if (files.length > 1) {
        throw new AppError("VALIDATION_FAILED", {}, { message: "只能上传一个模板文件", field: "template" });
      }
      const record = await createAiMuban(c.var.deps, {
        userId: user.id,
        templateName: meta.data.template_name,
        description: meta.data.description,
        file: files[0],
      });
      return c.json({ success: true, message: "上传成功", template: toAiMubanTemplate(record) });
    },
  )
  .put("/ai-muban/templates/:id", validate("json", aiMubanBody), async (c) => {
    const body = c.req.valid("json");
    const record = await editAiMuban(c.var.deps, {
      userId: currentUser(c).id,
      id: c.req.param("id"),
      templateName: body.template_name,
      description: body.description,
    });
    return c.json({ success: true, message: "更新成功", template: toAiMubanTemplate(record) });
  })
  .delete("/ai-muban/templates/:id", async (c) => {
    const record = await requireAiMuban(c.var.deps, currentUser(c).id, c.req.param("id"));
    await deleteAiMubanWithFile(c.var.deps, record);
    return c.json({ success: true, message: "删除成功" });
  })
  .get("/ai-muban/templates/:id/download", async (c) => {
    const record = await requireAiMuban(c.var.deps, currentUser(c).id, c.req.param("id"));
    const bytes = await readAiMubanBytes(c.var.deps, record);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": DOCX_CONTENT_TYPE,
      "content-disposition": attachmentHeader(aiMubanFileName(record.templateName)),
    });
  })
  .get("/custom-ocr/templates", async (c) => {
    const templates = await listAiMuban(c.var.deps.kv, currentUser(c).id);
    return c.json({
      success: true,
      templates: templates.map((t) => ({ id: t.id, template_name: t.templateName, variables: t.variables })),
    });
  });
