import { USAGE_TYPES, type UsageStatus, type UsageType } from "../../common/constants.ts";
import { chinaDay } from "../clock.ts";
import { newId } from "./ids.ts";

// Keys:  ["usage_records", id] -> UsageRecord                 (id = newId(at): newest-first with reverse)
//        ["usage_by_user", userId, id] -> UsageRecord         (a copy: records never change)
//        ["usage_daily", day, type] -> KvU64                  (successful uses per China day and type)
//        ["usage_daily_by_user", userId, day, type] -> KvU64
//        ["usage_total", type] -> KvU64
//        ["usage_total_by_user", userId, type] -> KvU64
//        ["usage_record_count"] -> KvU64                      (records, for list totals)
//        ["usage_record_count_by_user", userId] -> KvU64
//        ["usage_record_daily", day] -> KvU64                 (records per day, for ranged totals)
//        ["usage_record_daily_by_user", userId, day] -> KvU64
//
// Use counters count successful uses only (`count` each); record counters count every record.
// Both are bumped with `.sum()` in the record's commit, so the dashboard reads them in constant time.

export interface UsageRecord {
  id: string;
  userId: number;
  username: string;
  type: UsageType;
  description: string;
  status: UsageStatus;
  /** Uses this record stands for (documents generated, files processed); 1 by default. */
  count: number;
  createdAt: number;
}

export interface NewUsageRecord {
  userId: number;
  username: string;
  type: UsageType;
  description: string;
  status: UsageStatus;
  count?: number;
  at: number;
}

/** Writes an immutable usage record and bumps its counters, all in one commit. */
export async function recordUsage(kv: Deno.Kv, input: NewUsageRecord): Promise<UsageRecord> {
  const op = kv.atomic();
  const record = addUsageRecord(op, input);
  const res = await op.commit();
  if (!res.ok) throw new Error("usage record id collision");
  return record;
}

/**
 * Adds a usage record and its counter bumps to the caller's commit (e.g. a quota change that must be
 * recorded with it, or not at all). The commit fails if the id is taken, so check `ok`.
 */
export function addUsageRecord(op: Deno.AtomicOperation, input: NewUsageRecord): UsageRecord {
  const record: UsageRecord = {
    id: newId(input.at),
    userId: input.userId,
    username: input.username,
    type: input.type,
    description: input.description.slice(0, 500),
    status: input.status,
    count: Math.max(0, Math.floor(input.count ?? 1)),
    createdAt: input.at,
  };
  const day = chinaDay(input.at);
  op.check({ key: ["usage_records", record.id], versionstamp: null })
    .set(["usage_records", record.id], record)
    .set(["usage_by_user", record.userId, record.id], record)
    .sum(["usage_record_count"], 1n)
    .sum(["usage_record_count_by_user", record.userId], 1n)
    .sum(["usage_record_daily", day], 1n)
    .sum(["usage_record_daily_by_user", record.userId, day], 1n);
  if (record.status === "success" && record.count > 0) {
    const n = BigInt(record.count);
    op.sum(["usage_daily", day, record.type], n)
      .sum(["usage_daily_by_user", record.userId, day, record.type], n)
      .sum(["usage_total", record.type], n)
      .sum(["usage_total_by_user", record.userId, record.type], n);
  }
  return record;
}

function toNumber(value: unknown): number {
  return value instanceof Deno.KvU64 ? Number(value.value) : 0;
}

/** getMany takes at most 10 keys per call. */
async function getManyCounters(kv: Deno.Kv, keys: Deno.KvKey[]): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < keys.length; i += 10) {
    const entries = await kv.getMany(keys.slice(i, i + 10));
    for (const e of entries) out.push(toNumber(e.value));
  }
  return out;
}

export type UsageStats = Record<UsageType, { total: number; today: number }>;

/**
 * Successful uses per type: all time and on `today` (a China day, YYYY-MM-DD). With `userId`, that
 * user's own figures; without, the whole system's. Reads 20 counters whatever the history size.
 */
export async function getUsageStats(
  kv: Deno.Kv,
  options: { userId?: number; today: string },
): Promise<UsageStats> {
  const { userId, today } = options;
  const totalKeys = USAGE_TYPES.map((t) =>
    userId === undefined ? ["usage_total", t] : ["usage_total_by_user", userId, t]
  );
  const todayKeys = USAGE_TYPES.map((t) =>
    userId === undefined ? ["usage_daily", today, t] : ["usage_daily_by_user", userId, today, t]
  );
  const values = await getManyCounters(kv, [...totalKeys, ...todayKeys]);
  const stats = {} as UsageStats;
  USAGE_TYPES.forEach((t, i) => {
    stats[t] = { total: values[i], today: values[USAGE_TYPES.length + i] };
  });
  return stats;
}

/** The China day `n` days after `day` (negative n goes back). */
export function addDays(day: string, n: number): string {
  const ms = Date.parse(`${day}T00:00:00Z`) + n * 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
}

export interface UsageTrendDay {
  date: string;
  counts: Record<UsageType, number>;
}

function zeroCounts(): Record<UsageType, number> {
  return Object.fromEntries(USAGE_TYPES.map((t) => [t, 0])) as Record<UsageType, number>;
}

/**
 * Successful uses per day and type for the `days` days ending with `today`, oldest first (days with
 * nothing are zeros). One range read of at most days × types counters.
 */
export async function getUsageTrend(
  kv: Deno.Kv,
  options: { userId?: number; days: number; today: string },
): Promise<UsageTrendDay[]> {
  const first = addDays(options.today, -(options.days - 1));
  const prefix: Deno.KvKey = options.userId === undefined
    ? ["usage_daily"]
    : ["usage_daily_by_user", options.userId];
  const trend: UsageTrendDay[] = [];
  const byDay = new Map<string, UsageTrendDay>();
  for (let i = 0; i < options.days; i++) {
    const entry = { date: addDays(first, i), counts: zeroCounts() };
    trend.push(entry);
    byDay.set(entry.date, entry);
  }
  const iter = kv.list({ start: [...prefix, first], end: [...prefix, addDays(options.today, 1)] });
  for await (const entry of iter) {
    const day = entry.key[prefix.length] as string;
    const type = entry.key[prefix.length + 1] as UsageType;
    const slot = byDay.get(day);
    if (slot && type in slot.counts) slot.counts[type] = toNumber(entry.value);
  }
  return trend;
}

export interface ListUsageOptions {
  userId?: number;
  /** First China day included (YYYY-MM-DD). */
  fromDay?: string;
  /** Last China day included (YYYY-MM-DD). */
  toDay?: string;
  /** 1-based page; ignored when `cursor` is given. */
  page?: number;
  pageSize: number;
  /** The `cursor` of a previous answer: continues after its last record. */
  cursor?: string;
}

export interface UsageRecordPage {
  records: UsageRecord[];
  total: number;
  /** Pass back to read the next page; empty when there is none. */
  cursor: string;
}

const CHINA_OFFSET_MS = 8 * 60 * 60_000;

/** The id prefix (12 hex digits of ms) at the first millisecond of a China day. */
function dayStartIdPrefix(day: string): string {
  return (Date.parse(`${day}T00:00:00Z`) - CHINA_OFFSET_MS).toString(16).padStart(12, "0");
}

async function countRecords(kv: Deno.Kv, options: ListUsageOptions): Promise<number> {
  const { userId, fromDay, toDay } = options;
  if (!fromDay && !toDay) {
    const key = userId === undefined ? ["usage_record_count"] : ["usage_record_count_by_user", userId];
    return toNumber((await kv.get(key)).value);
  }
  const prefix: Deno.KvKey = userId === undefined
    ? ["usage_record_daily"]
    : ["usage_record_daily_by_user", userId];
  const selector: Deno.KvListSelector = fromDay
    ? toDay
      ? { start: [...prefix, fromDay], end: [...prefix, addDays(toDay, 1)] }
      : { prefix, start: [...prefix, fromDay] }
    : { prefix, end: [...prefix, addDays(toDay!, 1)] };
  let total = 0;
  for await (const entry of kv.list(selector)) total += toNumber(entry.value);
  return total;
}

/**
 * Usage records, newest first, optionally of one user and within China days [fromDay, toDay].
 * `total` counts all matching records (from day counters: cost grows with days, not records).
 * Offset paging reads page × pageSize keys; `cursor` paging reads one page.
 */
export async function listUsageRecords(kv: Deno.Kv, options: ListUsageOptions): Promise<UsageRecordPage> {
  const prefix: Deno.KvKey = options.userId === undefined
    ? ["usage_records"]
    : ["usage_by_user", options.userId];
  const start = options.fromDay ? [...prefix, dayStartIdPrefix(options.fromDay)] : undefined;
  const end = options.toDay ? [...prefix, dayStartIdPrefix(addDays(options.toDay, 1))] : undefined;
  const selector: Deno.KvListSelector = start
    ? end ? { start, end } : { prefix, start }
    : end
    ? { prefix, end }
    : { prefix };
  const pageSize = Math.max(1, Math.floor(options.pageSize));
  const skip = options.cursor ? 0 : Math.max(0, (Math.floor(options.page ?? 1) - 1) * pageSize);
  const iter = kv.list<UsageRecord>(selector, {
    reverse: true,
    limit: skip + pageSize,
    cursor: options.cursor || undefined,
  });
  const records: UsageRecord[] = [];
  let seen = 0;
  for await (const entry of iter) {
    if (seen++ >= skip) records.push(entry.value);
  }
  const total = await countRecords(kv, options);
  const more = records.length === pageSize && iter.cursor !== "";
  return { records, total, cursor: more ? iter.cursor : "" };
}
