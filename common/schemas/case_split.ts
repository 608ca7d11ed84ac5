import { z } from "zod";
import { calendarDay } from "./day.ts";
import {
  CASE_SPLIT_DEFAULT_PAGE_SIZE,
  CASE_SPLIT_ERROR_ROWS_PAGE_SIZE,
  CASE_SPLIT_LEVELS,
  CASE_SPLIT_PAGE_SIZES,
  type CaseSplitLevel,
  type CaseSplitStatus,
} from "../constants.ts";

const TASK_ID = /^[0-9a-f]{20}$/;

/** POST /api/excel-case-split/split (part 4 §3 split form, §5 case split). */
export const caseSplitBody = z.object({
  taskId: z.string("任务不存在或已删除").regex(TASK_ID, "任务不存在或已删除"),
  addressColumn: z.string("请选择地址列").trim().min(1, "请选择地址列").max(200, "请选择地址列"),
  splitLevel: z.enum(CASE_SPLIT_LEVELS, "请选择分类级别"),
});
export type CaseSplitBody = z.infer<typeof caseSplitBody>;

/** GET /api/excel-case-split/tasks: filters (file name, level, created-date range) and paging (part 4 §2). */
export const caseSplitListQuery = z.object({
  page: z.coerce.number().int("页码必须是整数").min(1, "页码至少为1").max(100_000).optional().default(1),
  pageSize: z.coerce.number().int("每页条数必须是整数")
    .refine((n) => CASE_SPLIT_PAGE_SIZES.includes(n), `每页条数只能是${CASE_SPLIT_PAGE_SIZES.join("/")}`)
    .optional().default(CASE_SPLIT_DEFAULT_PAGE_SIZE),
  filename: z.string().trim().max(255, "文件名不能超过255个字符").optional(),
  splitLevel: z.enum(CASE_SPLIT_LEVELS, "分类级别只能是市级或县级").optional(),
  startDate: calendarDay("开始日期格式应为YYYY-MM-DD").optional(),
  endDate: calendarDay("结束日期格式应为YYYY-MM-DD").optional(),
}).refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
  message: "开始日期不能晚于结束日期",
  path: ["startDate"],
});
export type CaseSplitListQuery = z.infer<typeof caseSplitListQuery>;

/** GET /api/excel-case-split/tasks/:id/error-rows (the 未分配地区 dialog). */
export const caseSplitErrorRowsQuery = z.object({
  page: z.coerce.number().int("页码必须是整数").min(1, "页码至少为1").max(1_000_000).optional().default(1),
  pageSize: z.coerce.number().int("每页条数必须是整数").min(1, "每页条数至少为1").max(500, "每页最多500条")
    .optional().default(CASE_SPLIT_ERROR_ROWS_PAGE_SIZE),
});

/** One region's file of a completed task (part 4 §3 output_files). */
export interface CaseSplitOutputFile {
  region: string;
  count: number;
  /** A signed link, relative to the case-split server (part 4 §7). */
  downloadUrl: string;
}

/** Why a row was not placed at the chosen level. */
export type CaseSplitReason = "empty" | "unknown" | "ambiguous" | "partial";

export const CASE_SPLIT_REASON_LABELS: Record<CaseSplitReason, string> = {
  empty: "地址为空",
  unknown: "无法识别地区",
  ambiguous: "地区名称有歧义，无法确定",
  partial: "地址只写到了更高一级的地区",
};

/** One unplaced row (part 4 §3 error_rows): the sheet's row number, the address and why. */
export interface CaseSplitErrorRow {
  rowIndex: number;
  address: string;
  reason: string;
}

/** A split task as the list shows it (part 4 §3 split task). */
export interface CaseSplitTask {
  id: string;
  status: CaseSplitStatus;
  split_level: CaseSplitLevel | null;
  original_filename: string;
  created_at: number;
  total_rows: number;
  success_rows: number;
  /** Rows in 其他 (= error_rows); total_rows = success_rows + error_count. */
  error_count: number;
  address_column: string | null;
  headers: string[];
  /** Regions by descending count, 其他 last; empty until completed. */
  output_files: CaseSplitOutputFile[];
  /** While processing: rows read so far (from the background task). */
  progress?: { done: number; total: number };
  error?: string;
}
