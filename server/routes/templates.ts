import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { TEMPLATE_MAX_BYTES } from "../../common/constants.ts";
import { NO_VARIABLES_WARNING, type TemplateUploadResult } from "../../common/schemas/templates.ts";
import type { AppEnv } from "../deps.ts";
import { AppError } from "../errors.ts";
import { getTemplate, listTemplates, type TemplateScope } from "../kv/word_templates.ts";
import { currentUser } from "../middleware/access.ts";
import {
  attachmentHeader,
  deleteTemplateWithFile,
  readTemplateBytes,
  storeTemplate,
  templatePath,
  toManagerTemplate,
} from "../services/templates/word_templates.ts";
import { recordUsage } from "../kv/usage.ts";
import { cleanUploadName } from "../../common/file_names.ts";

/** Room for the multipart envelope around the file itself. */
const MULTIPART_HEADROOM_BYTES = 64 * 1024;
export const DOCX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** Refuses an oversize template before reading it, with the same message as the size check. */
export function templateUploadLimit() {
  return bodyLimit({
    maxSize: TEMPLATE_MAX_BYTES + MULTIPART_HEADROOM_BYTES,
    onError: () => {
      throw new AppError("FILE_TOO_LARGE", { limit: "10MB" }, { field: "file" });
    },
  });
}

/** The uploaded file of a multipart body, from the first of `fields` that holds one. */
export async function uploadedFile(c: Context<AppEnv>, fields: string[]): Promise<File> {
  const body = await c.req.parseBody().catch(() => {
    throw new AppError("FILE_REQUIRED", {}, { field: fields[0] });
  });
  for (const field of fields) {
    const value = body[field];
    // The name cleaned once here for every route that takes its file this way (a new File shares the bytes).
    if (value instanceof File && value.size > 0) {
      return new File([value], cleanUploadName(value.name), {
        type: value.type,
        lastModified: value.lastModified,
      });
    }
  }
  throw new AppError("FILE_REQUIRED", {}, { field: fields[0] });
}

/** Stores an upload in a scope and answers the upload response of part 2 §3. */
export async function answerTemplateUpload(c: Context<AppEnv>, scope: TemplateScope, fields: string[]) {
  const user = currentUser(c);
  const file = await uploadedFile(c, fields);
  const { deps } = c.var;
  const { template, noVariables } = await storeTemplate(deps, { scope, userId: user.id, file });
  await recordUsage(deps.kv, {
    userId: user.id,
    username: user.username,
    type: "template",
    description: `上传模板：${template.fileName}`,
    status: "success",
    at: deps.clock.now(),
  });
  return c.json<TemplateUploadResult>({
    success: true,
    template: toManagerTemplate(template),
    filePath: templatePath(template),
    fileName: template.fileName,
    variables: template.variables,
    noVariables,
    ...(noVariables ? { warning: NO_VARIABLES_WARNING } : {}),
  });
}

async function answerDownload(c: Context<AppEnv>, scope: TemplateScope) {
  const user = currentUser(c);
  const { deps } = c.var;
  const template = await getTemplate(deps.kv, {
    scope,
    ownerId: scope === "system" ? null : user.id,
    id: c.req.param("id") ?? "",
  });
  if (!template) throw new AppError("TEMPLATE_NOT_FOUND");
  const bytes = await readTemplateBytes(deps, template);
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    "content-type": DOCX_CONTENT_TYPE,
    "content-disposition": attachmentHeader(template.fileName),
  });
}

async function answerDelete(c: Context<AppEnv>, scope: TemplateScope) {
  const user = currentUser(c);
  const { deps } = c.var;
  const template = await getTemplate(deps.kv, {
    scope,
    ownerId: scope === "system" ? null : user.id,
    id: c.req.param("id") ?? "",
  });
  if (!template) throw new AppError("TEMPLATE_NOT_FOUND");
  await deleteTemplateWithFile(deps, template);
  return c.json({ success: true, message: "删除成功" });
}

/** System template manager (part 2 §2.5) and personal template manager (§2.6). */
export const templatesRoutes = new Hono<AppEnv>()
  .get("/templates/list", async (c) => {
    const templates = await listTemplates(c.var.deps.kv, { scope: "system", ownerId: null });
    return c.json({ success: true, templates: templates.map(toManagerTemplate) });
  })
  .post(
    "/templates/upload",
    templateUploadLimit(),
    (c) => answerTemplateUpload(c, "system", ["file", "template"]),
  )
  .get("/templates/download/:id", (c) => answerDownload(c, "system"))
  .delete("/templates/:id", (c) => answerDelete(c, "system"))
  .get("/my-templates/list", async (c) => {
    const user = currentUser(c);
    const templates = await listTemplates(c.var.deps.kv, { scope: "personal", ownerId: user.id });
    return c.json({ success: true, templates: templates.map(toManagerTemplate) });
  })
  .post(
    "/my-templates/upload",
    templateUploadLimit(),
    (c) => answerTemplateUpload(c, "personal", ["template", "file"]),
  )
  .get("/my-templates/download/:id", (c) => answerDownload(c, "personal"))
  .delete("/my-templates/:id", (c) => answerDelete(c, "personal"));
