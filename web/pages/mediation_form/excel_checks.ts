/** The Excel upload checks of part 2 §5 "Excel upload for generation", in the spec's order and words. */
import { EXCEL_UPLOAD_MAX_BYTES } from "../../../common/constants.ts";

export const TEMPLATE_REQUIRED_TEXT = "请先选择或上传模板";
export const EXCEL_ONLY_TEXT = "只能上传 Excel 文件!";
export const EXCEL_TOO_LARGE_TEXT = "文件大小不能超过 10MB!";
export const EXCEL_EMPTY_TEXT = "Excel 文件中没有数据!";

/** 使用次数不足！需要 N 次，剩余 M 次 */
export function quotaShortText(need: number, left: number): string {
  return `使用次数不足！需要 ${need} 次，剩余 ${left} 次`;
}

/** The checks that need no parsing: template chosen, type, size. The message, or null. */
export function checkExcelFile(file: { name: string; size: number }, hasTemplate: boolean): string | null {
  if (!hasTemplate) return TEMPLATE_REQUIRED_TEXT;
  if (!/\.(xlsx|xls)$/i.test(file.name)) return EXCEL_ONLY_TEXT;
  if (file.size >= EXCEL_UPLOAD_MAX_BYTES) return EXCEL_TOO_LARGE_TEXT;
  return null;
}

/** The checks on the counted data rows against the remaining uses (unknown remaining: the server decides). */
export function checkExcelRows(rows: number, remaining: number | null): string | null {
  if (rows === 0) return EXCEL_EMPTY_TEXT;
  if (remaining !== null && rows > remaining) return quotaShortText(rows, remaining);
  return null;
}
