import assert from "node:assert/strict";
import { USAGE_TYPES } from "../../common/constants.ts";
import { chinaDay, manualClock } from "../clock.ts";
import { addDays, getUsageStats, getUsageTrend, listUsageRecords, recordUsage } from "./usage.ts";

const DAY = 86_400_000;

async function withKv(fn: (kv: Deno.Kv) => Promise<void>): Promise<void> {
  const kv = await Deno.openKv(":memory:");
  try {
    await fn(kv);
  } finally {
    kv.close();
  }
}

/** Three days of activity for two users; returns the clock, now on the third day. */
async function seed(kv: Deno.Kv) {
  const clock = manualClock(); // 2026-01-05 10:00 in China
  const use = (
    userId: number,
    type: "mediation" | "pdf" | "ai",
    count = 1,
    status: "success" | "failed" = "success",
  ) =>
    recordUsage(kv, {
      userId,
      username: `user${userId}`,
      type,
      description: `${type} x${count}`,
      status,
      count,
      at: clock.now(),
    });
  await use(2, "mediation", 10);
  await use(3, "pdf", 1);
  clock.advance(DAY);
  await use(2, "mediation", 5);
  await use(2, "ai", 1, "failed");
  clock.advance(DAY);
  await use(2, "pdf", 2);
  await use(3, "mediation", 1);
  await use(3, "mediation", 4, "failed");
  return clock;
}

Deno.test("recordUsage() counts successful uses per type for today and all time, system-wide and per user", () =>
  withKv(async (kv) => {
    const clock = await seed(kv);
    const today = chinaDay(clock.now());
    const all = await getUsageStats(kv, { today });
    assert.deepEqual(all.mediation, { total: 16, today: 1 });
    assert.deepEqual(all.pdf, { total: 3, today: 2 });
    assert.deepEqual(all.ai, { total: 0, today: 0 }, "failed uses are not counted");
    assert.deepEqual(all.ai_document, { total: 0, today: 0 });
    const mine = await getUsageStats(kv, { userId: 2, today });
    assert.deepEqual(mine.mediation, { total: 15, today: 0 });
    assert.deepEqual(mine.pdf, { total: 2, today: 2 });
    assert.equal(Object.keys(mine).length, USAGE_TYPES.length);
  }));

Deno.test("getUsageTrend() gives 7 days oldest first, zeros where nothing happened", () =>
  withKv(async (kv) => {
    const clock = await seed(kv);
    const today = chinaDay(clock.now());
    const trend = await getUsageTrend(kv, { days: 7, today });
    assert.deepEqual(trend.map((d) => d.date), [
      "2026-01-01",
      "2026-01-02",
      "2026-01-03",
      "2026-01-04",
      "2026-01-05",
      "2026-01-06",
      "2026-01-07",
    ]);
    assert.deepEqual(trend.map((d) => d.counts.mediation), [0, 0, 0, 0, 10, 5, 1]);
    assert.deepEqual(trend.map((d) => d.counts.pdf), [0, 0, 0, 0, 1, 0, 2]);
    const user3 = await getUsageTrend(kv, { userId: 3, days: 7, today });
    assert.deepEqual(user3.map((d) => d.counts.mediation), [0, 0, 0, 0, 0, 0, 1]);
    assert.deepEqual(user3.map((d) => d.counts.pdf), [0, 0, 0, 0, 1, 0, 0]);
    // A week later the old days have left the window.
    const later = await getUsageTrend(kv, { days: 7, today: addDays(today, 7) });
    assert.ok(later.every((d) => d.counts.mediation === 0));
  }));

Deno.test("a usage day is the China day: 23:30 UTC counts for the next day", () =>
  withKv(async (kv) => {
    const at = Date.UTC(2026, 0, 5, 23, 30);
    await recordUsage(kv, {
      userId: 1,
      username: "admin",
      type: "template",
      description: "模板",
      status: "success",
      at,
    });
    assert.deepEqual((await getUsageStats(kv, { today: "2026-01-06" })).template, { total: 1, today: 1 });
    assert.deepEqual((await getUsageStats(kv, { today: "2026-01-05" })).template, { total: 1, today: 0 });
  }));

Deno.test("listUsageRecords() pages newest first with totals, per user and by China day range", () =>
  withKv(async (kv) => {
    await seed(kv);
    const page1 = await listUsageRecords(kv, { page: 1, pageSize: 3 });
    assert.equal(page1.total, 7);
    assert.deepEqual(page1.records.map((r) => r.description), ["mediation x4", "mediation x1", "pdf x2"]);
    const page3 = await listUsageRecords(kv, { page: 3, pageSize: 3 });
    assert.deepEqual(page3.records.map((r) => r.description), ["mediation x10"]);
    const next = await listUsageRecords(kv, { cursor: page1.cursor, pageSize: 3 });
    assert.deepEqual(next.records.map((r) => r.description), ["ai x1", "mediation x5", "pdf x1"]);

    const user2 = await listUsageRecords(kv, { userId: 2, pageSize: 10 });
    assert.equal(user2.total, 4);
    assert.ok(user2.records.every((r) => r.userId === 2 && r.username === "user2"));
    assert.equal(user2.records[1].status, "failed");

    const day2 = await listUsageRecords(kv, { fromDay: "2026-01-06", toDay: "2026-01-06", pageSize: 10 });
    assert.equal(day2.total, 2);
    assert.deepEqual(day2.records.map((r) => r.description), ["ai x1", "mediation x5"]);
    const from = await listUsageRecords(kv, { userId: 3, fromDay: "2026-01-06", pageSize: 10 });
    assert.equal(from.total, 2);
    assert.equal(from.records.length, 2);
    const to = await listUsageRecords(kv, { toDay: "2026-01-05", pageSize: 10 });
    assert.equal(to.total, 2);
    assert.deepEqual(to.records.map((r) => r.description), ["pdf x1", "mediation x10"]);
    assert.equal((await listUsageRecords(kv, { fromDay: "2026-02-01", pageSize: 10 })).total, 0);
  }));
