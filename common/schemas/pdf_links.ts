import { z } from "zod";
import { BATCH_DEFAULT_PAGE_SIZE, BATCH_PAGE_SIZES } from "../constants.ts";

/** A PDF batch number: yyyymmdd_hhmmss (part 2 §3), made by the browser at the first upload. */
export const BATCH_NO_PATTERN = /^\d{8}_\d{6}$/;
export const BATCH_NO_MESSAGE = "批次号格式错误，应为 yyyymmdd_hhmmss";

export const batchNo = z.string({ error: "请提供批次号" }).trim().regex(BATCH_NO_PATTERN, BATCH_NO_MESSAGE);

/** The batch number of a moment in China time (UTC+8), e.g. 20250305_143012. */
export function batchNoOf(ms: number): string {
  const d = new Date(ms + 8 * 60 * 60_000).toISOString();
  return `${d.slice(0, 4)}${d.slice(5, 7)}${d.slice(8, 10)}_${d.slice(11, 13)}${d.slice(14, 16)}${
    d.slice(17, 19)
  }`;
}

/** GET /api/pdf-convert/batches (part 2 §7): paging 10/20/50/100, default 10. */
export const pdfBatchesQuery = z.object({
  page: z.coerce.number().int("页码必须是整数").min(1, "页码至少为1").max(100_000).optional().default(1),
  pageSize: z.coerce.number().int("每页条数必须是整数")
    .refine((n) => BATCH_PAGE_SIZES.includes(n), `每页条数只能是${BATCH_PAGE_SIZES.join("/")}`)
    .optional().default(BATCH_DEFAULT_PAGE_SIZE),
});
export type PdfBatchesQuery = z.input<typeof pdfBatchesQuery>;

/** GET /api/pdf-convert/history: one batch's records; the first 10 unless limit=all. */
export const pdfHistoryQuery = z.object({
  batch_no: batchNo,
  limit: z.enum(["all"], "limit 只能是 all").optional(),
});
export type PdfHistoryQuery = z.input<typeof pdfHistoryQuery>;

/** PUT /api/pdf-convert/link/:id: an expiry time (ISO 8601) or null for "never". */
export const pdfLinkExpiryBody = z.object({
  expires_at: z.union([
    z.null(),
    z.string().refine((s) => !Number.isNaN(Date.parse(s)), "请选择有效的过期时间"),
  ], "请选择有效的过期时间"),
});
export type PdfLinkExpiryBody = z.input<typeof pdfLinkExpiryBody>;

/** One uploaded PDF as the converter lists it (part 2 §3 PDF record, plus the link's own state). */
export interface PdfLinkRecord {
  id: string;
  batch_no: string;
  original_filename: string;
  access_url: string;
  file_size: number;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  open_count: number;
  last_opened_at: string | null;
}

/** One batch of the history table (part 2 §3 PDF batch). */
export interface PdfBatchRecord {
  batch_no: string;
  total_files: number;
  created_at: string;
  status: "completed";
}
