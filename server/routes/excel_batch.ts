import { type Context, Hono } from "hono";
import {
  createTaskBody,
  EXCEL_BATCH_DEFAULT_NAME_PATTERN,
  excelBatchSettingsBody,
  parseTemplateBody,
  taskCreatedMessage,
} from "../../common/schemas/excel_batch.ts";
import type { AppEnv } from "../deps.ts";
import { AppError } from "../errors.ts";
import {
  type ExcelBatch,
  getBatch,
  getExcelBatchNamePattern,
  getFile,
  listFiles,
  parseFileId,
  setExcelBatchNamePattern,
} from "../kv/excel_batch.ts";
import { getTask } from "../kv/tasks.ts";
import { currentUser, requireLinkOwnerAccess } from "../middleware/access.ts";
import { validate } from "../middleware/validate.ts";
import { signedDirectPath, verifyDirectLink } from "../services/excel_batch/file_links.ts";
import { taskProgressView } from "../services/excel_batch/progress_view.ts";
import {
  acceptExcelUpload,
  createExcelBatchTask,
  resolveWizardTemplate,
} from "../services/excel_batch/start_task.ts";
import { publicUrl } from "../services/links/public_url.ts";
import { signZipLink, verifyZipLink } from "../services/links/zip_links.ts";
import { streamBatchZip } from "../services/mediation/batch_zip.ts";
import { sanitizeFileName } from "../services/mediation/file_names.ts";
import { attachmentHeader } from "../services/templates/word_templates.ts";
import { excelUploadLimit } from "./mediation.ts";
import { DOCX_CONTENT_TYPE, uploadedFile } from "./templates.ts";

const TASK_ID = /^[0-9a-f]{20}$/;

/** The caller's own task (someone else's reads as missing, so ids cannot be probed). */
async function ownBatch(c: Context<AppEnv>, taskId: string): Promise<ExcelBatch> {
  const batch = TASK_ID.test(taskId) ? await getBatch(c.var.deps.kv, taskId) : null;
  if (!batch || batch.userId !== currentUser(c).id) throw new AppError("EXCEL_BATCH_TASK_NOT_FOUND");
  return batch;
}

/** Answers one generated file of `userId` (the owner), or EXCEL_BATCH_FILE_NOT_FOUND. */
async function answerFile(c: Context<AppEnv>, fileId: string, userId: number | null) {
  const { kv, blobs } = c.var.deps;
  const ref = parseFileId(fileId);
  const batch = ref ? await getBatch(kv, ref.taskId) : null;
  const file = ref && batch && batch.userId === userId ? await getFile(kv, ref.taskId, ref.index) : null;
  const blob = file?.blobKey ? await blobs.get(file.blobKey) : null;
  if (!file || !blob) throw new AppError("EXCEL_BATCH_FILE_NOT_FOUND");
  return c.body(blob.stream, 200, {
    "content-type": DOCX_CONTENT_TYPE,
    "content-length": String(blob.size),
    "content-disposition": attachmentHeader(file.fileName),
    "x-content-type-options": "nosniff",
  });
}

const ZIP_AREA = "excel-batch-zip";

/** The generated files of a task as zip entries; EXCEL_BATCH_FILE_NOT_FOUND when there is none. */
async function taskZipEntries(c: Context<AppEnv>, batch: ExcelBatch) {
  const entries = (await listFiles(c.var.deps.kv, batch.id))
    .filter((f) => f.status === "done" && f.blobKey)
    .map((f) => ({ name: f.fileName, key: f.blobKey! }));
  if (entries.length === 0) throw new AppError("EXCEL_BATCH_FILE_NOT_FOUND");
  return entries;
}

/** The task's zip, streamed, as an attachment named after the task. */
function taskZipResponse(c: Context<AppEnv>, batch: ExcelBatch, entries: { name: string; key: string }[]) {
  const { blobs, clock } = c.var.deps;
  return c.body(streamBatchZip(blobs, entries, new Date(clock.now())), 200, {
    "content-type": "application/zip",
    "content-disposition": attachmentHeader(`${sanitizeFileName(batch.taskName) || batch.id}.zip`),
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
  });
}

/** Part 2 §2.1 and §7: the Excel batch wizard. */
export const excelBatchRoutes = new Hono<AppEnv>()
  // The output file-name pattern, saved per member as /mediation-form's (GET/PUT /api/mediation/settings).
  .get("/excel-batch/settings", async (c) => {
    const saved = await getExcelBatchNamePattern(c.var.deps.kv, currentUser(c).id);
    return c.json({
      success: true,
      fileNamePattern: saved ?? EXCEL_BATCH_DEFAULT_NAME_PATTERN,
      defaultFileNamePattern: EXCEL_BATCH_DEFAULT_NAME_PATTERN,
    });
  })
  .put("/excel-batch/settings", validate("json", excelBatchSettingsBody), async (c) => {
    const { fileNamePattern } = c.req.valid("json");
    await setExcelBatchNamePattern(c.var.deps.kv, currentUser(c).id, fileNamePattern);
    return c.json({ success: true, fileNamePattern });
  })
  .post("/excel-batch/upload", excelUploadLimit(), async (c) => {
    const file = await uploadedFile(c, ["file", "excel"]);
    const upload = await acceptExcelUpload(c.var.deps, { userId: currentUser(c).id, file });
    return c.json({
      success: true,
      filePath: upload.id,
      headers: upload.headers,
      totalRows: upload.totalRows,
      fileName: upload.fileName,
    });
  })
  .post("/excel-batch/parse-template", validate("json", parseTemplateBody), async (c) => {
    const template = await resolveWizardTemplate(c.var.deps, {
      userId: currentUser(c).id,
      templateFile: c.req.valid("json").templateFile,
    });
    return c.json({
      success: true,
      variables: template.variables,
      paragraphVariables: template.paragraphVariables.map((name) => `#{${name}}`),
      fileName: template.fileName,
    });
  })
  .post("/excel-batch/create-task", validate("json", createTaskBody), async (c) => {
    const { taskId, cost, left } = await createExcelBatchTask(c.var.deps, {
      userId: currentUser(c).id,
      body: c.req.valid("json"),
    });
    return c.json({
      success: true,
      taskId,
      deductedAmount: cost,
      limits: { mediationLimit: left },
      message: taskCreatedMessage(cost),
    });
  })
  .get("/excel-batch/task/:id/progress", async (c) => {
    const { kv, signingKey, clock } = c.var.deps;
    const batch = await ownBatch(c, c.req.param("id"));
    const task = await getTask(kv, batch.id);
    if (!task) throw new AppError("EXCEL_BATCH_TASK_NOT_FOUND");
    const now = clock.now();
    const link = async (fileId: string) =>
      publicUrl(
        { domain: "", port: 0, requestUrl: c.req.url },
        await signedDirectPath(signingKey, { fileId, userId: batch.userId }, now),
      );
    return c.json(await taskProgressView(kv, { task, batch, link }));
  })
  .get("/excel-batch/task/:id/download-zip", async (c) => {
    const batch = await ownBatch(c, c.req.param("id"));
    return taskZipResponse(c, batch, await taskZipEntries(c, batch));
  })
  .get("/excel-batch/task/:id/download-zip-url", async (c) => {
    const { signingKey, clock } = c.var.deps;
    const batch = await ownBatch(c, c.req.param("id"));
    // Refusals (nothing to zip) come back here, where the page can show them.
    await taskZipEntries(c, batch);
    const url = await signZipLink(signingKey, {
      target: { area: ZIP_AREA, userId: batch.userId, item: batch.id },
      path: `/api/excel-batch/task/${batch.id}/zip`,
      now: clock.now(),
    });
    return c.json({ success: true, url });
  })
  .get("/excel-batch/task/:id/zip", async (c) => {
    const { kv, signingKey, clock } = c.var.deps;
    const taskId = c.req.param("id");
    // The signature alone identifies the owner; a bearer token is neither needed nor used.
    const owner = await verifyZipLink(signingKey, {
      area: ZIP_AREA,
      item: taskId,
      query: c.req.query(),
      now: clock.now(),
    });
    await requireLinkOwnerAccess(c, { ownerId: owner, error: "DOWNLOAD_LINK_INVALID" });
    const batch = TASK_ID.test(taskId) ? await getBatch(kv, taskId) : null;
    if (!batch || batch.userId !== owner) throw new AppError("EXCEL_BATCH_TASK_NOT_FOUND");
    return taskZipResponse(c, batch, await taskZipEntries(c, batch));
  })
  .get("/excel-batch/download/:id", (c) => answerFile(c, c.req.param("id"), currentUser(c).id))
  .get("/excel-batch/download-direct/:id", async (c) => {
    const fileId = c.req.param("id");
    const { signingKey, clock } = c.var.deps;
    const signed = await verifyDirectLink(signingKey, { fileId, query: c.req.query(), now: clock.now() });
    const owner = signed ?? c.var.user?.id ?? null;
    if (owner === null) throw new AppError("EXCEL_BATCH_LINK_INVALID");
    await requireLinkOwnerAccess(c, { ownerId: owner, error: "EXCEL_BATCH_LINK_INVALID" });
    return await answerFile(c, fileId, owner);
  });
