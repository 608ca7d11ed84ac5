import { type Context, Hono } from "hono";
import { BATCH_PAGE_SIZES, GENERATION_PREVIEW_ROWS } from "../../common/constants.ts";
import type { AppEnv } from "../deps.ts";
import { AppError } from "../errors.ts";
import { getBatchByNo, getRow, listBatches, listRows, type MediationBatch } from "../kv/mediation_batches.ts";
import { currentUser, requireLinkOwnerAccess } from "../middleware/access.ts";
import { toBatchRecord, toHistoryRecord } from "../services/mediation/batch_views.ts";
import { deleteMediationBatch } from "../services/mediation/delete_batch.ts";
import { batchZipEntries, streamBatchZip, type ZipContent } from "../services/mediation/batch_zip.ts";
import { type FileKind, verifyFileLink } from "../services/mediation/file_links.ts";
import { parseLinkNumber } from "../services/links/signed_links.ts";
import { signZipLink, verifyZipLink } from "../services/links/zip_links.ts";
import { retryFailedRows } from "../services/mediation/start_batch.ts";
import { attachmentHeader } from "../services/templates/word_templates.ts";
import { linkerFor } from "./mediation.ts";
import { DOCX_CONTENT_TYPE } from "./templates.ts";

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 ? n : fallback;
}

const ZIP_AREA = "mediation-zip";

function zipType(value: string | undefined): ZipContent {
  const type = value ?? "both";
  if (type !== "word" && type !== "pdf" && type !== "both") {
    throw new AppError("VALIDATION_FAILED", {}, {
      field: "type",
      message: "下载类型必须是 word、pdf 或 both",
    });
  }
  return type;
}

/** The zip's entries; GENERATED_FILE_MISSING when the batch has no file of that type. */
async function zipEntriesOf(c: Context<AppEnv>, batch: MediationBatch, type: ZipContent) {
  const entries = batchZipEntries(await listRows(c.var.deps.kv, batch.id), type);
  if (entries.length === 0) throw new AppError("GENERATED_FILE_MISSING");
  return entries;
}

/** The batch zip, streamed, as an attachment named `<batch_no>.zip`. */
function batchZipResponse(
  c: Context<AppEnv>,
  batch: MediationBatch,
  entries: ReturnType<typeof batchZipEntries>,
) {
  return c.body(streamBatchZip(c.var.deps.blobs, entries, new Date(batch.createdAt)), 200, {
    "content-type": "application/zip",
    "content-disposition": attachmentHeader(`${batch.batchNo}.zip`),
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
  });
}

/** Generation history (part 2 §2.4 History tab, §7), retries, file and zip downloads. */
export const mediationHistoryRoutes = new Hono<AppEnv>()
  .get("/mediation/batches", async (c) => {
    const user = currentUser(c);
    const page = positiveInt(c.req.query("page"), 1);
    const requested = positiveInt(c.req.query("pageSize"), BATCH_PAGE_SIZES[0]);
    const pageSize = BATCH_PAGE_SIZES.includes(requested) ? requested : BATCH_PAGE_SIZES[0];
    const { records, total } = await listBatches(c.var.deps.kv, user.id, {
      offset: (page - 1) * pageSize,
      limit: pageSize,
    });
    return c.json({ success: true, data: { records: records.map(toBatchRecord), total, page, pageSize } });
  })
  .get("/mediation/history", async (c) => {
    const user = currentUser(c);
    const { kv } = c.var.deps;
    const batch = await getBatchByNo(kv, user.id, c.req.query("batch_no") ?? "");
    if (!batch) throw new AppError("BATCH_NOT_FOUND");
    const all = c.req.query("limit") === "all";
    const rows = await listRows(kv, batch.id, all ? undefined : GENERATION_PREVIEW_ROWS);
    const link = linkerFor(c);
    const records = [];
    for (const row of rows) records.push(await toHistoryRecord(batch, row, link));
    return c.json({
      success: true,
      data: { batch_no: batch.batchNo, total: batch.successCount + batch.failedCount, records },
    });
  })
  .delete("/mediation/batch/:batch_no", async (c) => {
    const user = currentUser(c);
    const batch = await getBatchByNo(c.var.deps.kv, user.id, c.req.param("batch_no"));
    if (!batch) throw new AppError("BATCH_NOT_FOUND");
    if (!(await deleteMediationBatch(c.var.deps, batch))) throw new AppError("BATCH_NOT_FOUND");
    return c.json({ success: true, message: "批次删除成功" });
  })
  .post("/mediation/batch/:batch_no/retry-failed", async (c) => {
    const user = currentUser(c);
    const { batch, left, failed } = await retryFailedRows(c.var.deps, {
      userId: user.id,
      batchNo: c.req.param("batch_no"),
    });
    return c.json({ success: true, totalFiles: failed, batch_no: batch.batchNo, taskId: batch.taskId, left });
  })
  .get("/mediation/batch/:batch_no/download", async (c) => {
    const user = currentUser(c);
    const batch = await getBatchByNo(c.var.deps.kv, user.id, c.req.param("batch_no"));
    if (!batch) throw new AppError("BATCH_NOT_FOUND");
    const type = zipType(c.req.query("type"));
    return batchZipResponse(c, batch, await zipEntriesOf(c, batch, type));
  })
  .get("/mediation/batch/:batch_no/download-url", async (c) => {
    const user = currentUser(c);
    const { kv, signingKey, clock } = c.var.deps;
    const batch = await getBatchByNo(kv, user.id, c.req.param("batch_no"));
    if (!batch) throw new AppError("BATCH_NOT_FOUND");
    const type = zipType(c.req.query("type"));
    // Refusals (nothing to zip) come back here, where the page can show them.
    await zipEntriesOf(c, batch, type);
    const url = await signZipLink(signingKey, {
      target: { area: ZIP_AREA, userId: user.id, item: `${batch.batchNo}:${type}` },
      path: `/api/mediation/batch/${encodeURIComponent(batch.batchNo)}/zip?type=${type}`,
      now: clock.now(),
    });
    return c.json({ success: true, url });
  })
  .get("/mediation/batch/:batch_no/zip", async (c) => {
    const { kv, signingKey, clock } = c.var.deps;
    const batchNo = c.req.param("batch_no");
    const type = zipType(c.req.query("type"));
    // The signature alone identifies the owner; a bearer token is neither needed nor used.
    const owner = await verifyZipLink(signingKey, {
      area: ZIP_AREA,
      item: `${batchNo}:${type}`,
      query: c.req.query(),
      now: clock.now(),
    });
    await requireLinkOwnerAccess(c, { ownerId: owner, error: "DOWNLOAD_LINK_INVALID" });
    const batch = await getBatchByNo(kv, owner, batchNo);
    if (!batch) throw new AppError("BATCH_NOT_FOUND");
    return batchZipResponse(c, batch, await zipEntriesOf(c, batch, type));
  })
  .get("/mediation/file/:batch_no/:row/:kind", async (c) => {
    const { kv, blobs, signingKey, clock } = c.var.deps;
    const kind = c.req.param("kind");
    const index = Number(c.req.param("row"));
    if ((kind !== "word" && kind !== "pdf") || !Number.isSafeInteger(index) || index < 0) {
      throw new AppError("GENERATED_FILE_MISSING");
    }
    const batchNo = c.req.param("batch_no");
    // The owner with a token, or anyone holding a valid signed link.
    let userId = c.var.user?.id ?? null;
    const sig = c.req.query("s");
    if (sig) {
      const linkUser = parseLinkNumber(c.req.query("u"), 9);
      const expires = parseLinkNumber(c.req.query("e"));
      const target = { userId: linkUser ?? 0, batchNo, index, kind: kind as FileKind };
      const ok = linkUser !== null && expires !== null &&
        await verifyFileLink(signingKey, { target, expires, sig, now: clock.now() });
      if (!ok) throw new AppError("LINK_INVALID");
      userId = target.userId;
    }
    if (userId === null) throw new AppError("AUTH_REQUIRED");
    await requireLinkOwnerAccess(c, { ownerId: userId, error: "LINK_INVALID" });
    const batch = await getBatchByNo(kv, userId, batchNo);
    const row = batch ? await getRow(kv, batch.id, index) : null;
    const key = kind === "word" ? row?.wordKey : row?.pdfKey;
    const blob = key ? await blobs.get(key) : null;
    if (!row || !blob) throw new AppError("GENERATED_FILE_MISSING");
    const name = `${row.fileName}.${kind === "word" ? "docx" : "pdf"}`;
    return c.body(blob.stream, 200, {
      "content-type": kind === "word" ? DOCX_CONTENT_TYPE : "application/pdf",
      "content-length": String(blob.size),
      // A PDF opens in the browser tab (the "PDF link" column); Word downloads.
      "content-disposition": kind === "pdf"
        ? attachmentHeader(name).replace(/^attachment/, "inline")
        : attachmentHeader(name),
    });
  });
