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

/** Address headers in order of preference: where documents are served first, then the usual ones. */
const ADDRESS_HEADERS = [
  "送达地址",
  "地址",
  "住址",
  "住所地",
  "住所",
  "联系地址",
  "通讯地址",
  "现住址",
  "居住地址",
  "家庭住址",
  "户籍地址",
  "户籍地",
  "经常居住地",
  "注册地址",
  "经营地址",
  "办公地址",
  "详细地址",
];
/** Other headers that plainly name an address: …地址, …住址, …住所(地). */
const ADDRESS_ENDING = /(地址|住址|住所地?)$/;
/** …but not an e-mail, web or network address. */
const NOT_POSTAL = /(邮箱|邮件|电子|网|ip|email|e-mail|mac)/i;

/**
 * The header to pre-select as the address column (#16 item 8): the one that is plainly an address
 * (地址, 住址, 送达地址, 住所地, 联系地址…, ignoring spaces, colons, brackets and a required-mark *),
 * preferring ADDRESS_HEADERS' order, else the first header ending in 地址/住址/住所; null when none.
 */
export function guessAddressColumn(headers: readonly string[]): string | null {
  const plain = headers.map((h) => h.replace(/[\s:：*＊()（）\[\]【】]/g, ""));
  for (const name of ADDRESS_HEADERS) {
    const i = plain.indexOf(name);
    if (i >= 0) return headers[i];
  }
  const i = plain.findIndex((h) => h.length <= 12 && ADDRESS_ENDING.test(h) && !NOT_POSTAL.test(h));
  return i >= 0 ? headers[i] : null;
}
