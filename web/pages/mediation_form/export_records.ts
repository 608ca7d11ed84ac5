/** The generated-file list exports (生成文件列表.xlsx and a history batch's full list). */
import dayjs from "dayjs";
import type { GenerationResult, HistoryRecord } from "../../api/mediation.ts";
import { downloadXlsx } from "../../components/xlsx_export.ts";

const HEADER = ["行号", "文件名", "申请人", "被申请人", "案号", "创建时间", "Word链接", "PDF链接"];
const COLUMN_WIDTH = 20;

function time(value: string): string {
  return value ? dayjs(value).format("YYYY-MM-DD HH:mm:ss") : "";
}

/** Absolute links in the sheet, so they work outside the browser. */
function absolute(url: string): string {
  return url ? new URL(url, location.href).href : "";
}

/** Downloads the results of a batch as `fileName`. */
export function exportResults(fileName: string, files: readonly GenerationResult[]): Promise<void> {
  return downloadXlsx(
    fileName,
    HEADER,
    files.map((
      f,
    ) => [
      f.row,
      f.fileName,
      f.applicant,
      f.respondent,
      f.caseNumber,
      time(f.createTime),
      absolute(f.wordUrl),
      absolute(f.pdfUrl),
    ]),
    { columnWidth: COLUMN_WIDTH },
  );
}

/** Downloads a history batch's records (failed rows keep their reason). */
export function exportHistory(fileName: string, records: readonly HistoryRecord[]): Promise<void> {
  return downloadXlsx(
    fileName,
    [...HEADER, "状态", "失败原因"],
    records.map((r) => [
      r.row,
      r.file_name,
      r.applicant,
      r.respondent,
      r.case_number,
      time(r.created_at),
      absolute(r.word_url),
      absolute(r.pdf_url),
      r.status === "done" ? "成功" : r.status === "failed" ? "失败" : "处理中",
      r.error ?? "",
    ]),
    { columnWidth: COLUMN_WIDTH },
  );
}
