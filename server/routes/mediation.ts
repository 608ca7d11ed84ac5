import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import * as XLSX from "xlsx";
import {
  EXCEL_TEMPLATE_COLUMN_WIDTH,
  EXCEL_TEMPLATE_FILE_NAME,
  EXCEL_TEMPLATE_SHEET,
  EXCEL_UPLOAD_MAX_BYTES,
} from "../../common/constants.ts";
import type { AppEnv } from "../deps.ts";
import { AppError } from "../errors.ts";
import { getBatchByNo, getLatestBatch, getNamePattern, setNamePattern } from "../kv/mediation_batches.ts";
import { currentUser } from "../middleware/access.ts";
import { progressView } from "../services/mediation/batch_views.ts";
import { fileLinker } from "../services/mediation/file_links.ts";
import {
  DEFAULT_NAME_PATTERN,
  NAME_PATTERN_MAX,
  normalizeNamePattern,
} from "../services/mediation/file_names.ts";
import { startGenerationBatch } from "../services/mediation/start_batch.ts";
import {
  attachmentHeader,
  readTemplateBytes,
  resolveTemplate,
} from "../services/templates/word_templates.ts";
import { answerTemplateUpload, DOCX_CONTENT_TYPE, templateUploadLimit } from "./templates.ts";

const MULTIPART_HEADROOM_BYTES = 64 * 1024;
const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Refuses an oversize Excel upload before reading it (EXCEL_TOO_LARGE). */
export function excelUploadLimit() {
  return bodyLimit({
    maxSize: EXCEL_UPLOAD_MAX_BYTES + MULTIPART_HEADROOM_BYTES,
    onError: () => {
      throw new AppError("EXCEL_TOO_LARGE", {}, { field: "file" });
    },
  });
}

/** The signed-link maker for the signed-in user (their domain, the generation link port). */
export function linkerFor(c: Context<AppEnv>) {
  const user = currentUser(c);
  const { deps } = c.var;
  return fileLinker({
    secret: deps.signingKey,
    userId: user.id,
    domain: user.domain,
    port: deps.config.linkPorts.generation,
    requestUrl: c.req.url,
    now: deps.clock.now(),
  });
}

function decodeHeader(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Both Excel upload calls: the template reference, the file, the optional name pattern. */
async function startFromUpload(
  c: Context<AppEnv>,
  ref: { type: string | null; id: string | null; path: string | null; pattern: string | null; file: unknown },
) {
  const user = currentUser(c);
  const { deps } = c.var;
  if (!ref.type && !ref.id && !ref.path) throw new AppError("TEMPLATE_REQUIRED");
  const template = await resolveTemplate(deps, user.id, ref);
  if (!(ref.file instanceof File) || ref.file.size === 0) {
    throw new AppError("FILE_REQUIRED", {}, { field: "file" });
  }
  const pattern = normalizeNamePattern(ref.pattern) ?? await getNamePattern(deps.kv, user.id) ??
    DEFAULT_NAME_PATTERN;
  const { batch, left } = await startGenerationBatch(deps, {
    userId: user.id,
    template,
    file: ref.file,
    namePattern: pattern,
  });
  return c.json({
    success: true,
    totalFiles: batch.total,
    batch_no: batch.batchNo,
    taskId: batch.taskId,
    left,
    message: "文件上传成功，开始处理...",
  });
}

async function parseMultipart(c: Context<AppEnv>) {
  return await c.req.parseBody().catch(() => {
    throw new AppError("FILE_REQUIRED", {}, { field: "file" });
  });
}

function field(body: Record<string, unknown>, name: string): string | null {
  const value = body[name];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

/** template.xlsx: sheet Sheet1, header row = the variables, every column 20 wide (part 2 §2.4). */
export function buildExcelTemplate(variables: string[]): Uint8Array {
  const sheet = XLSX.utils.aoa_to_sheet([variables]);
  sheet["!cols"] = variables.map(() => ({ wch: EXCEL_TEMPLATE_COLUMN_WIDTH }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, EXCEL_TEMPLATE_SHEET);
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }));
}

/** Template-based generation (part 2 §2.4, §7): temporary template, uploads, progress, settings. */
export const mediationRoutes = new Hono<AppEnv>()
  .post(
    "/upload-template",
    templateUploadLimit(),
    (c) => answerTemplateUpload(c, "temp", ["template", "file"]),
  )
  .get("/download-template", async (c) => {
    const user = currentUser(c);
    const { deps } = c.var;
    const template = await resolveTemplate(deps, user.id, {
      type: c.req.query("type") ?? null,
      id: c.req.query("id") ?? null,
      path: c.req.query("path") ?? null,
    });
    if (c.req.query("format") === "xlsx") {
      return c.body(buildExcelTemplate(template.variables) as Uint8Array<ArrayBuffer>, 200, {
        "content-type": XLSX_CONTENT_TYPE,
        "content-disposition": attachmentHeader(EXCEL_TEMPLATE_FILE_NAME),
      });
    }
    const bytes = await readTemplateBytes(deps, template);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": DOCX_CONTENT_TYPE,
      "content-disposition": attachmentHeader(template.fileName),
    });
  })
  .post("/upload-excel", excelUploadLimit(), async (c) => {
    const body = await parseMultipart(c);
    return await startFromUpload(c, {
      type: c.req.header("template-type") ?? null,
      id: c.req.header("template-id") ?? null,
      path: decodeHeader(c.req.header("template-path")),
      pattern: decodeHeader(c.req.header("name-pattern")),
      file: body.file,
    });
  })
  .post("/mediation/upload-excel", excelUploadLimit(), async (c) => {
    const body = await parseMultipart(c);
    return await startFromUpload(c, {
      type: field(body, "templateType"),
      id: field(body, "templateId"),
      path: field(body, "templatePath"),
      pattern: field(body, "namePattern"),
      file: body.file,
    });
  })
  .get("/conversion-progress", async (c) => {
    const user = currentUser(c);
    const { deps } = c.var;
    const batchNo = c.req.query("batch_no");
    const batch = batchNo
      ? await getBatchByNo(deps.kv, user.id, batchNo)
      : await getLatestBatch(deps.kv, user.id);
    if (batchNo && !batch) throw new AppError("BATCH_NOT_FOUND");
    return c.json(await progressView(deps.kv, batch, linkerFor(c), deps.pdf?.available ?? false));
  })
  .get("/mediation/settings", async (c) => {
    const user = currentUser(c);
    const namePattern = await getNamePattern(c.var.deps.kv, user.id) ?? DEFAULT_NAME_PATTERN;
    return c.json({ success: true, namePattern, defaultNamePattern: DEFAULT_NAME_PATTERN });
  })
  .put("/mediation/settings", async (c) => {
    const user = currentUser(c);
    const body = await c.req.json().catch(() => ({}));
    const pattern = normalizeNamePattern(typeof body?.namePattern === "string" ? body.namePattern : "");
    if (!pattern) {
      throw new AppError("VALIDATION_FAILED", {}, {
        field: "namePattern",
        message: `文件名规则不能为空，且不超过${NAME_PATTERN_MAX}个字符`,
      });
    }
    await setNamePattern(c.var.deps.kv, user.id, pattern);
    return c.json({ success: true, namePattern: pattern });
  });
