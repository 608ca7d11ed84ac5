import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { CASE_SPLIT_MAX_FILE_BYTES } from "../../common/constants.ts";
import {
  caseSplitBody,
  caseSplitErrorRowsQuery,
  caseSplitListQuery,
} from "../../common/schemas/case_split.ts";
import type { AppEnv } from "../deps.ts";
import { AppError } from "../errors.ts";
import { getSplitTask } from "../kv/case_split_tasks.ts";
import { currentUser, requireLinkOwnerAccess } from "../middleware/access.ts";
import { validate } from "../middleware/validate.ts";
import { verifyDownloadToken } from "../services/case_split/download_links.ts";
import {
  getOwnSplitTask,
  listSplitTaskViews,
  openSplitOutput,
  readErrorRows,
  removeSplitTask,
  startSplit,
  uploadSplitSource,
} from "../services/case_split/manage_split_tasks.ts";
import { formatByteLimit } from "../workers/run_in_worker.ts";
import { attachmentHeader } from "../services/templates/word_templates.ts";

/** Room for the multipart envelope around the file itself. */
const MULTIPART_HEADROOM_BYTES = 64 * 1024;
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A download of a stored workbook, named for the user (RFC 6266 filename* for the Chinese name). */
function xlsxResponse(file: { stream: ReadableStream<Uint8Array>; size: number; fileName: string }) {
  return new Response(file.stream, {
    headers: {
      "content-type": XLSX_TYPE,
      "content-length": String(file.size),
      "content-disposition": attachmentHeader(file.fileName),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

function fileIndex(value: string | undefined): number {
  if (value === undefined || !/^\d{1,6}$/.test(value)) throw new AppError("CASE_SPLIT_FILE_MISSING");
  return Number(value);
}

/** County/city case split, part 4 §7. The spec's separate server is this one (web/api/case_split.ts). */
export const excelCaseSplitRoutes = new Hono<AppEnv>()
  .get("/excel-case-split/tasks", validate("query", caseSplitListQuery), async (c) => {
    const { tasks, total } = await listSplitTaskViews(c.var.deps, {
      actor: currentUser(c),
      query: c.req.valid("query"),
    });
    return c.json({ success: true, tasks, total });
  })
  .post(
    "/excel-case-split/upload",
    bodyLimit({
      maxSize: CASE_SPLIT_MAX_FILE_BYTES + MULTIPART_HEADROOM_BYTES,
      onError: () => {
        throw new AppError("FILE_TOO_LARGE", { limit: formatByteLimit(CASE_SPLIT_MAX_FILE_BYTES) }, {
          field: "file",
        });
      },
    }),
    async (c) => {
      const body = await c.req.parseBody().catch(() => {
        throw new AppError("CASE_SPLIT_FILE_REQUIRED", {}, { field: "file" });
      });
      const file = body.file;
      if (!(file instanceof File)) throw new AppError("CASE_SPLIT_FILE_REQUIRED", {}, { field: "file" });
      if (file.size > CASE_SPLIT_MAX_FILE_BYTES) {
        throw new AppError("FILE_TOO_LARGE", { limit: formatByteLimit(CASE_SPLIT_MAX_FILE_BYTES) }, {
          field: "file",
        });
      }
      const task = await uploadSplitSource(c.var.deps, { actor: currentUser(c), file });
      return c.json({ success: true, taskId: task.id, headers: task.headers, totalRows: task.totalRows });
    },
  )
  .post("/excel-case-split/split", validate("json", caseSplitBody), async (c) => {
    const started = await startSplit(c.var.deps, { actor: currentUser(c), body: c.req.valid("json") });
    return c.json({ success: true, ...started }, 202);
  })
  .delete("/excel-case-split/tasks/:id", async (c) => {
    await removeSplitTask(c.var.deps, { actor: currentUser(c), id: c.req.param("id") });
    return c.json({ success: true });
  })
  .get("/excel-case-split/tasks/:id/download-all", async (c) => {
    const task = await getOwnSplitTask(c.var.deps, currentUser(c), c.req.param("id"));
    return xlsxResponse(await openSplitOutput(c.var.deps, task, "summary"));
  })
  .get("/excel-case-split/tasks/:id/files/:index", async (c) => {
    const task = await getOwnSplitTask(c.var.deps, currentUser(c), c.req.param("id"));
    return xlsxResponse(await openSplitOutput(c.var.deps, task, fileIndex(c.req.param("index"))));
  })
  .get("/excel-case-split/tasks/:id/error-rows", validate("query", caseSplitErrorRowsQuery), async (c) => {
    const task = await getOwnSplitTask(c.var.deps, currentUser(c), c.req.param("id"));
    const { rows, total } = await readErrorRows(c.var.deps, task, c.req.valid("query"));
    return c.json({
      success: true,
      total_rows: task.totalRows,
      error_count: task.errorCount,
      total,
      error_rows: rows,
    });
  })
  .get("/excel-case-split/download/:token", async (c) => {
    const { deps } = c.var;
    const claims = await verifyDownloadToken(deps.signingKey, c.req.param("token"), deps.clock.now());
    await requireLinkOwnerAccess(c, { ownerId: claims.userId, error: "CASE_SPLIT_LINK_INVALID" });
    const task = await getSplitTask(deps.kv, claims.taskId);
    if (!task || task.userId !== claims.userId) throw new AppError("CASE_SPLIT_FILE_MISSING");
    return xlsxResponse(await openSplitOutput(deps, task, fileIndex(c.req.query("file"))));
  });
