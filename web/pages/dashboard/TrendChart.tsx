import {
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from "chart.js";
import { useEffect, useRef } from "react";
import type { TrendDay } from "../../api/dashboard.ts";
import { trendSeries } from "./dashboard_view.ts";

// Only the parts a line chart needs: the rest of Chart.js stays out of the bundle.
Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Legend, Tooltip);

/** The 7-day usage line chart (part 1 §2). Updates in place when the figures refresh. */
export function TrendChart({ trend, label }: { trend: readonly TrendDay[]; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<"line"> | null>(null);

  useEffect(() => {
    if (!canvas.current) return;
    chart.current = new Chart(canvas.current, {
      type: "line",
      data: { labels: [], datasets: [] },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: "index", intersect: false },
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
        plugins: { legend: { position: "top" } },
      },
    });
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    const { labels, series } = trendSeries(trend);
    c.data.labels = labels;
    c.data.datasets = series.map((s) => ({
      label: s.label,
      data: s.data,
      borderColor: s.color,
      backgroundColor: s.color,
      tension: 0.3,
      cubicInterpolationMode: "monotone",
    }));
    c.update();
  }, [trend]);

  return (
    <div style={{ position: "relative", height: 300 }}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
