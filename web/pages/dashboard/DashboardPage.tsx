import { App, Button, Card, Col, Empty, Result, Row, Space, Statistic, Typography } from "antd";
import { useEffect, useState } from "react";
import { DASHBOARD_CHART_DAYS, DASHBOARD_REFRESH_MS } from "../../../common/constants.ts";
import { type DashboardStats, getDashboardStats } from "../../api/dashboard.ts";
import { usePermission } from "../../auth/usePermission.ts";
import { ActivityTable } from "./ActivityTable.tsx";
import { adminCards, memberCards, type StatCard } from "./dashboard_view.ts";
import { TrendChart } from "./TrendChart.tsx";

function StatCards({ cards }: { cards: StatCard[] }) {
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card) => (
        <Col key={card.key} xs={24} sm={12} xl={6}>
          <Card role="group" aria-label={card.title}>
            <Statistic
              title={card.title}
              value={card.stat.total}
              valueRender={(node) => <span data-testid={`stat-${card.key}-total`}>{node}</span>}
            />
            <Typography.Text type="secondary">
              今日 <span data-testid={`stat-${card.key}-today`}>{card.stat.today}</span>
            </Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/**
 * /dashboard (part 1 §2): administrators see the system's four cards, the 7-day chart and everyone's
 * activity with a user filter; members their own non-zero cards, trend and activity. Refreshes every 60 s.
 */
export function DashboardPage() {
  const { message } = App.useApp();
  const { isAdmin } = usePermission();
  const [stats, setStats] = useState<DashboardStats | null>(null);
  const [tick, setTick] = useState(0);
  /** The last load failed (cards keep their last figures; with none yet, a retry is offered). */
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), DASHBOARD_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    let current = true;
    getDashboardStats().then(
      (res) => {
        if (!current) return;
        setStats(res);
        setFailed(false);
      },
      () => {
        if (!current) return;
        setFailed(true);
        message.error({
          content: tick === 0 ? "获取统计数据失败" : "获取仪表盘数据失败",
          key: "dashboard-stats",
        });
      },
    );
    return () => {
      current = false;
    };
  }, [tick, message]);

  const cards = stats ? (isAdmin ? adminCards(stats) : memberCards(stats)) : [];
  const chartTitle = isAdmin ? `近${DASHBOARD_CHART_DAYS}天使用趋势` : "我的使用趋势";

  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      {!stats && !failed && <Card loading />}
      {!stats && failed && (
        <Card>
          <Result
            status="warning"
            title="获取统计数据失败"
            extra={<Button type="primary" onClick={() => setTick((n) => n + 1)}>重新加载</Button>}
          />
        </Card>
      )}
      {stats && cards.length > 0 && <StatCards cards={cards} />}
      {stats && cards.length === 0 && (
        <Card>
          <Empty description="暂无使用数据" />
        </Card>
      )}
      <Card title={chartTitle}>
        <TrendChart trend={stats?.trend ?? []} label={chartTitle} />
      </Card>
      <Card title="最近活动">
        <ActivityTable isAdmin={isAdmin} refreshKey={tick} />
      </Card>
    </Space>
  );
}
