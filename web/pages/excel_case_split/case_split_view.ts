import { CASE_SPLIT_OTHER_REGION, type CaseSplitStatus } from "../../../common/constants.ts";
import type { CaseSplitTask } from "../../api/case_split.ts";

/** Status tags and labels of part 4 §4 (the spec's "info"/"danger" are antd's default/error colours). */
export const STATUS_TAGS: Record<CaseSplitStatus, { color: string; label: string }> = {
  uploaded: { color: "default", label: "已上传" },
  processing: { color: "warning", label: "处理中" },
  completed: { color: "success", label: "已完成" },
  failed: { color: "error", label: "失败" },
};

/** A whole-number percentage of `part` in `total` (part 4 §9), 0 when there is nothing. */
export function percentOf(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 100) : 0;
}

/** Recognised regions (by descending count, as the server lists them) and the 其他 group (part 4 §4). */
export function splitRegions<F extends CaseSplitTask["output_files"][number]>(task: { output_files: F[] }) {
  const recognised = task.output_files.filter((f) => f.region !== CASE_SPLIT_OTHER_REGION);
  const unrecognised = task.output_files.filter((f) => f.region === CASE_SPLIT_OTHER_REGION);
  return { recognised, unrecognised };
}

/** The 汇总 download name: the original name without its extension, plus -汇总.xlsx (part 4 §7). */
export function summaryFileName(originalFilename: string): string {
  return `${originalFilename.replace(/\.[^.]*$/, "")}-汇总.xlsx`;
}

/** Checks a chosen file (part 4 §5): Excel only. Returns the message to show, or null. */
export function checkSplitFile(file: { name: string }): string | null {
  return /\.(xlsx|xls)$/i.test(file.name) ? null : "只能上传Excel文件!";
}
