import dayjs, { type Dayjs } from "dayjs";
import { USAGE_EXPORT_MAX } from "../../../common/schemas/member.ts";
import type { UsageRecordRow } from "../../api/member.ts";
import { writeXlsx, type XlsxCell, type XlsxColumn } from "../../../common/xlsx_writer.ts";

export { USAGE_EXPORT_MAX };

/** The export's columns and their fixed widths (characters). */
export const USAGE_EXPORT_COLUMNS: readonly XlsxColumn[] = [
  { header: "用户名", width: 16 },
  { header: "类型", width: 14 },
  { header: "描述", width: 50 },
  { header: "状态", width: 8 },
  { header: "时间", width: 20 },
];

export const USAGE_STATUS_LABELS: Record<string, string> = { success: "成功", failed: "失败" };

/** 使用记录_YYYY-MM-DD.xlsx, dated the day of the export. */
export function usageExportFileName(day: Dayjs): string {
  return `使用记录_${day.format("YYYY-MM-DD")}.xlsx`;
}

function* exportRows(records: readonly UsageRecordRow[]): Generator<XlsxCell[]> {
  for (const r of records.slice(0, USAGE_EXPORT_MAX)) {
    yield [
      r.username,
      r.type_label || r.type,
      r.description,
      USAGE_STATUS_LABELS[r.status] ?? r.status,
      dayjs(r.created_at).format("YYYY-MM-DD HH:mm:ss"),
    ];
  }
}

/** The usage records (at most 10 000) as an .xlsx with fixed column widths. */
export function buildUsageExport(records: readonly UsageRecordRow[]): Promise<Blob> {
  return writeXlsx({ sheetName: "使用记录", columns: USAGE_EXPORT_COLUMNS, rows: exportRows(records) });
}
