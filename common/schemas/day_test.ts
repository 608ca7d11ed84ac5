import assert from "node:assert/strict";
import { calendarDay, isCalendarDay } from "./day.ts";

Deno.test("isCalendarDay() takes the days the calendar has and nothing else", () => {
  for (const day of ["2024-02-29", "2023-12-31", "1999-01-01"]) assert.ok(isCalendarDay(day), day);
  for (const day of ["2023-02-29", "2019-13-45", "2024-04-31", "2024-00-10", "2024-1-5", "2024-01-05x", ""]) {
    assert.ok(!isCalendarDay(day), day);
  }
});

Deno.test("calendarDay() refuses an impossible day with the form's message", () => {
  const schema = calendarDay("日期格式应为 YYYY-MM-DD");
  assert.equal(schema.parse(" 2024-02-29 "), "2024-02-29");
  const bad = schema.safeParse("2023-02-29");
  assert.ok(!bad.success);
  assert.equal(bad.error.issues[0].message, "日期格式应为 YYYY-MM-DD");
});
