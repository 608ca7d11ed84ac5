import type { Dayjs } from "dayjs";
import { USAGE_RANGE_MAX_DAYS } from "../../../common/schemas/member.ts";
import type { UsageRecordsParams } from "../../api/member.ts";

/** The time filter of the usage records (part 3 §2, §7). */
export type UsageTimeType = NonNullable<UsageRecordsParams["timeType"]>;

export const USAGE_TIME_OPTIONS: { value: UsageTimeType; label: string }[] = [
  { value: "day", label: "今天" },
  { value: "month", label: "本月" },
  { value: "lastMonth", label: "上月" },
  { value: "custom", label: "自定义" },
];

export interface UsageFilter {
  timeType: UsageTimeType;
  /** The custom range (whole days), only for timeType "custom". */
  range: [Dayjs, Dayjs] | null;
}

/** Dates after today cannot be picked (part 3 §4). */
export function isFutureDate(date: Dayjs, today: Dayjs): boolean {
  return date.isAfter(today, "day");
}

/**
 * A picked custom range made valid: start first, nothing after today, and at most 30 days from the
 * start (part 3 §5). `clamped` says the end was pulled in because the range was too long, which the
 * page announces with 时间范围不能超过30天.
 */
export function clampUsageRange(
  picked: [Dayjs, Dayjs],
  today: Dayjs,
): { range: [Dayjs, Dayjs]; clamped: boolean } {
  let [start, end] = picked[0].isAfter(picked[1], "day") ? [picked[1], picked[0]] : picked;
  start = start.startOf("day");
  end = end.startOf("day");
  const lastDay = today.startOf("day");
  if (end.isAfter(lastDay)) end = lastDay;
  if (start.isAfter(lastDay)) start = lastDay;
  if (end.diff(start, "day") > USAGE_RANGE_MAX_DAYS) {
    return { range: [start, start.add(USAGE_RANGE_MAX_DAYS, "day")], clamped: true };
  }
  return { range: [start, end], clamped: false };
}

/**
 * The query of GET /api/member/usage-records for a filter and page. null while "custom" has no
 * range yet (nothing to ask for).
 */
export function usageRecordsParams(
  filter: UsageFilter,
  paging: { page: number; pageSize: number },
): UsageRecordsParams | null {
  if (filter.timeType !== "custom") return { ...paging, timeType: filter.timeType };
  if (!filter.range) return null;
  const [start, end] = filter.range;
  return {
    ...paging,
    timeType: "custom",
    timeRange: `${start.format("YYYY-MM-DD")},${end.format("YYYY-MM-DD")}`,
  };
}
