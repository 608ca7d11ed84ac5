import { PDF_MAX_BYTES } from "../../../common/constants.ts";
import type { PdfLinkRecord } from "../../../common/schemas/pdf_links.ts";
import { userItemKey } from "../../blobs/blob_keys.ts";
import type { AppDeps, CurrentUser } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { randomToken } from "../../kv/ids.ts";
import {
  addPdfLinkToCommit,
  getPdfBatchEntry,
  newPdfLinkId,
  type PdfLink,
  type PdfLinkStats,
} from "../../kv/pdf_links.ts";
import { assertQuotaLeft, CommitRejected, spendQuota } from "../../kv/quotas.ts";
import { recordUsage } from "../../kv/usage.ts";
import { publicUrl } from "../links/public_url.ts";
import type { MultipartPart } from "../uploads/multipart_stream.ts";
import { pdfGuard } from "./pdf_guard.ts";
import { cleanUploadName } from "../../../common/file_names.ts";

/** Where a link is opened: GET /api/pdf-links/:token (public). */
export const PDF_LINK_PATH = "/api/pdf-links/";

/** The file name shown for an upload: its base name, trimmed, at most 200 characters. */
function displayName(filename: string): string {
  const name = cleanUploadName(filename);
  return (name || "未命名.pdf").slice(0, 200);
}

/**
 * Stores one uploaded PDF and makes its link, charging one pdf_convert use for it.
 *
 * The part streams to `users/<id>/pdf_links/<batchNo>/<linkId>.pdf` through pdfGuard (content must
 * be a PDF, at most PDF_MAX_BYTES), so memory stays flat whatever the size. Only a stored file is
 * charged: the use is deducted in the same commit that writes the link (spendQuota + extend), and a
 * refused, failed or unpaid upload leaves neither a blob nor a charge.
 */
export async function storePdfUpload(
  deps: Pick<AppDeps, "kv" | "blobs" | "clock">,
  input: { user: Pick<CurrentUser, "id" | "username">; batchNo: string; part: MultipartPart },
): Promise<{ link: PdfLink; left: number }> {
  const { kv, blobs, clock } = deps;
  const { user, batchNo, part } = input;
  // Refuse early when nothing is left; the real check is the deduction below.
  await assertQuotaLeft(kv, { userId: user.id, kind: "pdf_convert", amount: 1 });
  const id = newPdfLinkId(clock.now());
  const blobKey = userItemKey(user.id, "pdf_links", batchNo, `${id}.pdf`);
  const guard = pdfGuard(PDF_MAX_BYTES);
  let size: number;
  try {
    size = await blobs.put(blobKey, part.body.pipeThrough(guard));
  } catch (err) {
    await blobs.delete(blobKey);
    throw err;
  }
  if (size === 0) {
    await blobs.delete(blobKey);
    throw new AppError("PDF_ONLY", {}, { field: "file" });
  }
  const now = clock.now();
  const link: PdfLink = {
    id,
    userId: user.id,
    batchNo,
    token: randomToken(20),
    originalFilename: displayName(part.filename ?? ""),
    fileSize: size,
    blobKey,
    createdAt: now,
    expiresAt: null,
    revokedAt: null,
  };
  try {
    let left = 0;
    for (let attempt = 0;; attempt++) {
      const batch = await getPdfBatchEntry(kv, user.id, batchNo);
      try {
        left = await spendQuota(kv, {
          userId: user.id,
          kind: "pdf_convert",
          amount: 1,
          extend: (op) => addPdfLinkToCommit(op, { link, batch }),
        });
        break;
      } catch (err) {
        // The batch appeared, or was deleted, meanwhile: read it again.
        if (!(err instanceof CommitRejected) || attempt >= 20) throw err;
      }
    }
    await recordUsage(kv, {
      userId: user.id,
      username: user.username,
      type: "pdf_convert",
      description: `PDF转链接：${link.originalFilename}`,
      status: "success",
      count: 1,
      at: now,
    });
    return { link, left };
  } catch (err) {
    await blobs.delete(blobKey);
    throw err;
  }
}

/** A link as the browser lists it, with its public address on the user's domain (port config.linkPorts.pdf). */
export function toPdfLinkRecord(
  link: PdfLink,
  options: { stats?: PdfLinkStats; domain: string; port: number; requestUrl: string },
): PdfLinkRecord {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    id: link.id,
    batch_no: link.batchNo,
    original_filename: link.originalFilename,
    access_url: publicUrl(options, PDF_LINK_PATH + link.token),
    file_size: link.fileSize,
    created_at: new Date(link.createdAt).toISOString(),
    expires_at: iso(link.expiresAt),
    revoked_at: iso(link.revokedAt),
    open_count: options.stats?.openCount ?? 0,
    last_opened_at: iso(options.stats?.lastOpenedAt ?? null),
  };
}
