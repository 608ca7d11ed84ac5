import assert from "node:assert/strict";
import dayjs from "dayjs";
import * as XLSX from "xlsx";
import type { UsageRecordRow } from "../../api/member.ts";
import { buildUsageExport, usageExportFileName } from "./usage_export.ts";
import { clampUsageRange, isFutureDate, usageRecordsParams } from "./usage_filter.ts";

const today = dayjs("2026-01-05T10:00:00");
const d = (s: string) => dayjs(`${s}T00:00:00`);
const fmt = (r: [dayjs.Dayjs, dayjs.Dayjs]) => r.map((x) => x.format("YYYY-MM-DD"));

Deno.test("isFutureDate() disables days after today only", () => {
  assert.equal(isFutureDate(d("2026-01-06"), today), true);
  assert.equal(isFutureDate(dayjs("2026-01-05T23:59:00"), today), false);
  assert.equal(isFutureDate(d("2025-12-01"), today), false);
});

Deno.test("clampUsageRange() keeps a range of up to 30 days as picked", () => {
  const r = clampUsageRange([d("2025-12-06"), d("2026-01-05")], today);
  assert.deepEqual(fmt(r.range), ["2025-12-06", "2026-01-05"]);
  assert.equal(r.clamped, false);
});

Deno.test("clampUsageRange() pulls the end in to 30 days after the start and says so", () => {
  const r = clampUsageRange([d("2025-11-01"), d("2026-01-01")], today);
  assert.deepEqual(fmt(r.range), ["2025-11-01", "2025-12-01"]);
  assert.equal(r.clamped, true);
  const r31 = clampUsageRange([d("2025-12-05"), d("2026-01-05")], today);
  assert.deepEqual(fmt(r31.range), ["2025-12-05", "2026-01-04"]);
  assert.equal(r31.clamped, true);
});

Deno.test("clampUsageRange() orders a reversed pick and never goes past today", () => {
  const r = clampUsageRange([d("2026-01-03"), d("2025-12-28")], today);
  assert.deepEqual(fmt(r.range), ["2025-12-28", "2026-01-03"]);
  const future = clampUsageRange([d("2026-01-01"), d("2026-02-10")], today);
  assert.deepEqual(fmt(future.range), ["2026-01-01", "2026-01-05"]);
  assert.equal(future.clamped, false);
});

Deno.test("usageRecordsParams() sends timeType, and timeRange as 'start,end' for custom", () => {
  const paging = { page: 2, pageSize: 20 };
  assert.deepEqual(usageRecordsParams({ timeType: "lastMonth", range: null }, paging), {
    page: 2,
    pageSize: 20,
    timeType: "lastMonth",
  });
  assert.equal(usageRecordsParams({ timeType: "custom", range: null }, paging), null);
  assert.deepEqual(
    usageRecordsParams({ timeType: "custom", range: [d("2025-12-28"), d("2026-01-03")] }, paging),
    {
      page: 2,
      pageSize: 20,
      timeType: "custom",
      timeRange: "2025-12-28,2026-01-03",
    },
  );
});

Deno.test("usageExportFileName() carries the date", () => {
  assert.equal(usageExportFileName(today), "使用记录_2026-01-05.xlsx");
});

Deno.test("buildUsageExport() writes labels, status text, local times and the fixed widths", async () => {
  const records: UsageRecordRow[] = [
    {
      id: "1",
      username: "alice",
      type: "mediation",
      type_label: "文书生成",
      description: "生成 3 份",
      status: "success",
      created_at: "2026-01-05T02:00:00.000Z",
    },
    {
      id: "2",
      username: "bob",
      type: "pdf",
      type_label: "PDF处理",
      description: "转换失败",
      status: "failed",
      created_at: "2026-01-04T16:30:05.000Z",
    },
  ];
  const blob = await buildUsageExport(records);
  const book = XLSX.read(new Uint8Array(await blob.arrayBuffer()), { type: "array", cellStyles: true });
  const sheet = book.Sheets["使用记录"];
  assert.deepEqual(XLSX.utils.sheet_to_json(sheet, { header: 1 }), [
    ["用户名", "类型", "描述", "状态", "时间"],
    ["alice", "文书生成", "生成 3 份", "成功", dayjs(records[0].created_at).format("YYYY-MM-DD HH:mm:ss")],
    ["bob", "PDF处理", "转换失败", "失败", dayjs(records[1].created_at).format("YYYY-MM-DD HH:mm:ss")],
  ]);
  assert.deepEqual(sheet["!cols"]?.map((c) => c.width), [16, 14, 50, 8, 20]);
});
