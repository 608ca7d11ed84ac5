import type { DashboardStats, StatPair, TrendDay } from "../../api/dashboard.ts";

export interface StatCard {
  key: string;
  title: string;
  stat: StatPair;
}

/** The four system-wide cards of the administrators' view (part 1 §2), in the spec's order. */
export function adminCards(stats: DashboardStats): StatCard[] {
  return [
    { key: "mediation", title: "文书生成", stat: stats.mediationStats },
    { key: "ai", title: "AI功能", stat: stats.aiStats },
    { key: "pdf", title: "PDF转换", stat: stats.pdfStats },
    { key: "template", title: "模板数量", stat: stats.templateStats },
  ];
}

/** A member's own cards, each only when its figure is above 0 (part 1 §2). */
export function memberCards(stats: DashboardStats): StatCard[] {
  return [
    { key: "ai", title: "我的AI使用", stat: stats.aiStats },
    { key: "mediation", title: "我的文书", stat: stats.mediationStats },
    { key: "pdf", title: "我的PDF转换", stat: stats.pdfStats },
    { key: "template", title: "我的模板", stat: stats.templateStats },
  ].filter((card) => card.stat.total > 0);
}

export interface TrendSeries {
  label: string;
  color: string;
  data: number[];
}

/** The line chart's day labels (MM-DD) and one series per figure, oldest day first. */
export function trendSeries(trend: readonly TrendDay[]): { labels: string[]; series: TrendSeries[] } {
  return {
    labels: trend.map((d) => d.date.slice(5)),
    series: [
      { label: "文书生成", color: "#1f5fbf", data: trend.map((d) => d.mediation_count) },
      { label: "AI功能", color: "#722ed1", data: trend.map((d) => d.ai_count) },
      { label: "PDF转换", color: "#13a8a8", data: trend.map((d) => d.pdf_count) },
      { label: "模板", color: "#fa8c16", data: trend.map((d) => d.template_count) },
    ],
  };
}
