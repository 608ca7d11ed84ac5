import { PDF_MAX_BYTES } from "../../../common/constants.ts";
import type { PdfLinkRecord } from "../../api/pdf_converter.ts";
import { formatBytes } from "../../components/format_bytes.ts";
import { formatTime } from "../../components/format_time.ts";
import { downloadXlsx } from "../../components/xlsx_export.ts";

export const PDF_ONLY_TEXT = "只能上传PDF文件!";
export const USED_UP_TEXT = "使用次数已用完，请联系管理员充值";

/** Part 2 §5 "File type must contain pdf": the browser's type, or the name when the type is unknown. */
export function isPdfFile(file: { name: string; type: string }): boolean {
  return file.type ? file.type.toLowerCase().includes("pdf") : /\.pdf$/i.test(file.name);
}

export interface PdfSelection<F> {
  /** The files to upload, at most `remaining` of them. */
  accepted: F[];
  /** Files refused by type (each gets 只能上传PDF文件!). */
  notPdf: F[];
  /** Files over the size limit. */
  tooLarge: F[];
  /** The warning when more PDFs were chosen than uses are left; null otherwise. */
  capWarning: string | null;
  /** Nothing can be uploaded: no use left. */
  usedUp: boolean;
}

/**
 * Splits a selection (part 2 §5 PDF upload): PDFs only, each under the size limit, and at most as
 * many as the remaining uses, with the warning naming the remaining count and the selected count.
 */
export function planPdfSelection<F extends { name: string; type: string; size: number }>(
  files: readonly F[],
  remaining: number,
): PdfSelection<F> {
  const notPdf = files.filter((f) => !isPdfFile(f));
  const pdfs = files.filter((f) => isPdfFile(f));
  const tooLarge = pdfs.filter((f) => f.size > PDF_MAX_BYTES);
  const fitting = pdfs.filter((f) => f.size <= PDF_MAX_BYTES);
  const usedUp = remaining <= 0;
  const capWarning = !usedUp && fitting.length > remaining
    ? `剩余使用次数不足：当前剩余 ${remaining} 次，已选择 ${fitting.length} 个文件，将只上传前 ${remaining} 个`
    : null;
  return {
    accepted: usedUp ? [] : fitting.slice(0, Math.max(0, remaining)),
    notPdf,
    tooLarge,
    capWarning,
    usedUp,
  };
}

/** The export of PDF links (current batch or a history batch) as an .xlsx. */
export async function exportPdfRecords(fileName: string, records: readonly PdfLinkRecord[]): Promise<void> {
  await downloadXlsx(
    fileName,
    ["原文件名", "访问链接", "文件大小", "上传时间", "打开次数", "最后打开时间", "有效期至", "状态"],
    records.map((r) => [
      r.original_filename,
      r.access_url,
      formatBytes(r.file_size),
      formatTime(r.created_at),
      r.open_count,
      formatTime(r.last_opened_at),
      r.expires_at ? formatTime(r.expires_at) : "永久有效",
      linkStateText(r),
    ]),
    { columnWidth: 20 },
  );
}

/** 有效 / 已过期 / 已撤销 (beyond the spec: expiry and revocation). */
export function linkStateText(r: Pick<PdfLinkRecord, "revoked_at" | "expires_at">, now = Date.now()): string {
  if (r.revoked_at) return "已撤销";
  if (r.expires_at && Date.parse(r.expires_at) <= now) return "已过期";
  return "有效";
}
