import assert from "node:assert/strict";
import type { DashboardStats } from "../../api/dashboard.ts";
import { adminCards, memberCards, trendSeries } from "./dashboard_view.ts";

function stats(partial: Partial<DashboardStats> = {}): DashboardStats {
  const zero = { total: 0, today: 0 };
  return { mediationStats: zero, aiStats: zero, pdfStats: zero, templateStats: zero, trend: [], ...partial };
}

Deno.test("adminCards() always shows the four cards in the spec's order", () => {
  const cards = adminCards(stats({ aiStats: { total: 7, today: 2 } }));
  assert.deepEqual(cards.map((c) => c.title), ["文书生成", "AI功能", "PDF转换", "模板数量"]);
  assert.deepEqual(cards[1].stat, { total: 7, today: 2 });
});

Deno.test("memberCards() shows only the figures above 0", () => {
  assert.deepEqual(memberCards(stats()), []);
  const cards = memberCards(stats({ pdfStats: { total: 3, today: 0 }, aiStats: { total: 1, today: 1 } }));
  assert.deepEqual(cards.map((c) => c.title), ["我的AI使用", "我的PDF转换"]);
});

Deno.test("trendSeries() labels days MM-DD and keeps one series per figure", () => {
  const { labels, series } = trendSeries([
    { date: "2025-12-31", ai_count: 1, mediation_count: 2, pdf_count: 3, template_count: 4 },
    { date: "2026-01-01", ai_count: 5, mediation_count: 6, pdf_count: 7, template_count: 8 },
  ]);
  assert.deepEqual(labels, ["12-31", "01-01"]);
  assert.deepEqual(series.map((s) => [s.label, s.data]), [
    ["文书生成", [2, 6]],
    ["AI功能", [1, 5]],
    ["PDF转换", [3, 7]],
    ["模板", [4, 8]],
  ]);
});
