import { type Context, Hono } from "hono";
import { BATCH_DETAIL_PREVIEW_ROWS } from "../../common/constants.ts";
import {
  BATCH_NO_PATTERN,
  batchNoOf,
  pdfBatchesQuery,
  type PdfBatchRecord,
  pdfHistoryQuery,
  pdfLinkExpiryBody,
} from "../../common/schemas/pdf_links.ts";
import type { AppEnv } from "../deps.ts";
import { AppError, toErrorBody } from "../errors.ts";
import {
  countPdfLinks,
  getPdfLinkByToken,
  getPdfLinkOf,
  listPdfBatches,
  listPdfLinks,
  type PdfLink,
  recordPdfLinkOpen,
  updatePdfLink,
} from "../kv/pdf_links.ts";
import { currentUser } from "../middleware/access.ts";
import { validate } from "../middleware/validate.ts";
import { deletePdfBatchWithFiles } from "../services/pdf_links/delete_batch.ts";
import { storePdfUpload, toPdfLinkRecord } from "../services/pdf_links/upload_pdf.ts";
import { readMultipart } from "../services/uploads/multipart_stream.ts";
import { contentDisposition } from "../services/templates/word_templates.ts";

/** How links of the signed-in user are written: their domain, the PDF link port, this request's origin. */
function linkContext(c: Context<AppEnv>) {
  return { domain: currentUser(c).domain, port: c.var.deps.config.linkPorts.pdf, requestUrl: c.req.url };
}

/** The Batch-No header (part 2 §7): yyyymmdd_hhmmss; absent means a batch of its own, named by the clock. */
function batchNoFrom(c: Context<AppEnv>): string {
  const header = c.req.header("batch-no")?.trim();
  if (!header) return batchNoOf(c.var.deps.clock.now());
  if (!BATCH_NO_PATTERN.test(header)) throw new AppError("PDF_BATCH_NO_INVALID", {}, { field: "Batch-No" });
  return header;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/** A dead link opened in a browser gets a readable page; other clients the usual JSON body. */
function linkError(c: Context<AppEnv>, err: AppError) {
  if ((c.req.header("accept") ?? "").includes("text/html")) {
    const text = err.message.replace(/[&<>"]/g, (ch) => HTML_ESCAPES[ch]);
    return c.html(
      `<!doctype html><meta charset="utf-8"><title>${text}</title>` +
        `<p style="font:16px sans-serif;margin:3em;text-align:center">${text}</p>`,
      err.status as 404,
    );
  }
  return c.json(toErrorBody(err), err.status as 404);
}

/** Why a link does not open now, or null when it does. */
function linkRefusal(link: PdfLink | null, now: number): AppError | null {
  if (!link) return new AppError("PDF_LINK_NOT_FOUND");
  if (link.revokedAt !== null) return new AppError("PDF_LINK_REVOKED");
  if (link.expiresAt !== null && now >= link.expiresAt) return new AppError("PDF_LINK_EXPIRED");
  return null;
}

export const pdfConvertRoutes = new Hono<AppEnv>()
  .post("/upload-pdfs", async (c) => {
    const user = currentUser(c);
    const batchNo = batchNoFrom(c);
    for await (const part of readMultipart(c.req.raw.body, c.req.header("content-type"))) {
      if (part.name !== "file" || part.filename === null) {
        await part.body.cancel();
        continue;
      }
      const { link, left } = await storePdfUpload(c.var.deps, { user, batchNo, part });
      return c.json({
        success: true,
        url: toPdfLinkRecord(link, linkContext(c)).access_url,
        batch_no: batchNo,
        record: toPdfLinkRecord(link, linkContext(c)),
        limits: { pdfConvertLimit: left },
      });
    }
    throw new AppError("FILE_REQUIRED", {}, { field: "file" });
  })
  .get("/pdf-convert/batches", validate("query", pdfBatchesQuery), async (c) => {
    const user = currentUser(c);
    const { page, pageSize } = c.req.valid("query");
    const { batches, total } = await listPdfBatches(c.var.deps.kv, { userId: user.id, page, pageSize });
    const records: PdfBatchRecord[] = batches.map((b) => ({
      batch_no: b.batchNo,
      total_files: b.totalFiles,
      created_at: new Date(b.createdAt).toISOString(),
      status: "completed",
    }));
    return c.json({ success: true, data: { records, total } });
  })
  .get("/pdf-convert/history", validate("query", pdfHistoryQuery), async (c) => {
    const { kv } = c.var.deps;
    const user = currentUser(c);
    const { batch_no, limit } = c.req.valid("query");
    const total = await countPdfLinks(kv, user.id, batch_no);
    const links = await listPdfLinks(kv, {
      userId: user.id,
      batchNo: batch_no,
      limit: limit === "all" ? undefined : BATCH_DETAIL_PREVIEW_ROWS,
    });
    if (!links.length && total === 0) throw new AppError("PDF_BATCH_NOT_FOUND");
    const ctx = linkContext(c);
    const records = links.map(({ link, stats }) => toPdfLinkRecord(link, { ...ctx, stats }));
    return c.json({ success: true, data: { batch_no, total, records } });
  })
  .delete("/pdf-convert/batch/:batch_no", async (c) => {
    const user = currentUser(c);
    const batchNo = c.req.param("batch_no");
    if (!BATCH_NO_PATTERN.test(batchNo)) throw new AppError("PDF_BATCH_NOT_FOUND");
    if (!(await deletePdfBatchWithFiles(c.var.deps, { userId: user.id, batchNo }))) {
      throw new AppError("PDF_BATCH_NOT_FOUND");
    }
    return c.json({ success: true, message: "批次删除成功" });
  })
  .put("/pdf-convert/link/:id", validate("json", pdfLinkExpiryBody), async (c) => {
    const user = currentUser(c);
    const { expires_at } = c.req.valid("json");
    const link = await updatePdfLink(c.var.deps.kv, {
      userId: user.id,
      linkId: c.req.param("id"),
      patch: { expiresAt: expires_at === null ? null : Date.parse(expires_at) },
    });
    if (!link) throw new AppError("PDF_LINK_NOT_FOUND");
    return c.json({ success: true, record: toPdfLinkRecord(link, linkContext(c)) });
  })
  .post("/pdf-convert/link/:id/revoke", async (c) => {
    const { kv, clock } = c.var.deps;
    const user = currentUser(c);
    const existing = await getPdfLinkOf(kv, user.id, c.req.param("id"));
    if (!existing) throw new AppError("PDF_LINK_NOT_FOUND");
    const link = existing.revokedAt !== null ? existing : await updatePdfLink(kv, {
      userId: user.id,
      linkId: existing.id,
      patch: { revokedAt: clock.now() },
    });
    if (!link) throw new AppError("PDF_LINK_NOT_FOUND");
    return c.json({ success: true, record: toPdfLinkRecord(link, linkContext(c)) });
  })
  .get("/pdf-links/:token", async (c) => {
    const { kv, blobs, clock } = c.var.deps;
    const token = c.req.param("token");
    const link = /^[0-9a-f]{40}$/.test(token) ? await getPdfLinkByToken(kv, token) : null;
    const refusal = linkRefusal(link, clock.now());
    if (refusal) return linkError(c, refusal);
    const blob = await blobs.get(link!.blobKey);
    if (!blob) return linkError(c, new AppError("PDF_FILE_MISSING"));
    // A byte-range request is a viewer fetching part of a file already opened: not a new open.
    if (c.req.method === "GET" && !c.req.header("range")) await recordPdfLinkOpen(kv, link!.id, clock.now());
    return c.body(blob.stream, 200, {
      "content-type": "application/pdf",
      "content-length": String(blob.size),
      "content-disposition": contentDisposition("inline", link!.originalFilename),
      // Revocation and expiry must take effect at once: no shared or long-lived copies.
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
    });
  });
