import { ReloadOutlined } from "@ant-design/icons";
import { Alert, App, Button, Card, Space } from "antd";
import { useCallback, useEffect, useState } from "react";
import { getUserLimits, type QuotaLimits } from "../../api/member.ts";
import { useSession } from "../../auth/session.ts";
import { usePermission } from "../../auth/usePermission.ts";
import { hasLowQuota } from "../../components/quota_status.ts";
import { QuotaTiles } from "../../components/QuotaTiles.tsx";
import { QuotaAdminPanel } from "./QuotaAdminPanel.tsx";
import { UsageRecordsCard } from "./UsageRecordsCard.tsx";

/** /member-center (part 3 §2): own quotas and usage records; administrators also manage everyone's quotas. */
export function MemberCenterPage() {
  const { message } = App.useApp();
  const { isAdmin } = usePermission();
  const { user } = useSession();
  const [limits, setLimits] = useState<QuotaLimits | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  /** Bumped when the admin panel changes quotas, so the usage records show the change. */
  const [recordsVersion, setRecordsVersion] = useState(0);

  const loadLimits = useCallback(async (): Promise<boolean> => {
    try {
      setLimits((await getUserLimits()).limits);
      return true;
    } catch {
      return false;
    }
  }, []);

  useEffect(() => {
    loadLimits().then((ok) => ok || message.error("获取使用限制失败"));
  }, [loadLimits, message]);

  async function onRefresh() {
    setRefreshing(true);
    const ok = await loadLimits();
    setRefreshing(false);
    if (ok) message.success("刷新成功");
    else message.error("刷新失败");
  }

  function onQuotaChanged(userId: number) {
    setRecordsVersion((v) => v + 1);
    if (userId === user?.id) void loadLimits();
  }

  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      {isAdmin && <QuotaAdminPanel onChanged={onQuotaChanged} />}
      <Card
        title="使用额度"
        extra={
          <Button icon={<ReloadOutlined />} loading={refreshing} onClick={onRefresh}>
            刷新
          </Button>
        }
      >
        <QuotaTiles limits={limits} />
        {!isAdmin && limits && hasLowQuota(limits) && (
          <Alert
            style={{ marginTop: 24 }}
            type="warning"
            showIcon
            message="需要充值? 请联系管理员进行充值。"
          />
        )}
      </Card>
      <UsageRecordsCard version={recordsVersion} />
    </Space>
  );
}
