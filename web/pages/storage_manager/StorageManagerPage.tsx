import { App, Button, Card, Col, Result, Row, Space, Spin } from "antd";
import { useCallback, useEffect, useState } from "react";
import type { StorageSummary } from "../../../common/schemas/storage.ts";
import { errorText } from "../../api/client.ts";
import { getStorageSummary } from "../../api/storage.ts";
import { usePermission } from "../../auth/usePermission.ts";
import { StorageItemsCard } from "./StorageItemsCard.tsx";
import { CleanupCard, DataDirCard, MyStorageCard, UsersStorageCard } from "./StorageOverview.tsx";

/**
 * /storage-manager (storage_manage): what one's stored files take per feature and in total, the items
 * to delete, and the automatic clean-up. Administrators also see every user's totals and the data
 * folder's; the server decides what each viewer gets.
 */
export function StorageManagerPage() {
  const { message } = App.useApp();
  const { isAdmin } = usePermission();
  const [summary, setSummary] = useState<StorageSummary | null>(null);
  const [loading, setLoading] = useState(true);
  const [itemsUserId, setItemsUserId] = useState<number | undefined>(undefined);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setSummary(await getStorageSummary());
    } catch (err) {
      message.error(errorText(err, "获取存储信息失败"));
    } finally {
      setLoading(false);
    }
  }, [message]);

  useEffect(() => {
    load();
  }, [load]);

  if (!summary && loading) return <Spin style={{ display: "block", padding: 80 }} />;
  if (!summary) {
    // A failed first load: say so and offer a retry instead of an empty page.
    return (
      <Card>
        <Result
          status="warning"
          title="获取存储信息失败"
          extra={<Button type="primary" onClick={() => load()}>重新加载</Button>}
        />
      </Card>
    );
  }
  const admin = isAdmin && summary.users !== null;
  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={admin ? 8 : 12}>
          <MyStorageCard summary={summary} />
        </Col>
        {admin && summary.dataDir && (
          <Col xs={24} lg={8}>
            <DataDirCard dataDir={summary.dataDir} />
          </Col>
        )}
        <Col xs={24} lg={admin ? 8 : 12}>
          <CleanupCard cleanup={summary.cleanup} areas={summary.areas} />
        </Col>
      </Row>
      {admin && <UsersStorageCard summary={summary} onShowItems={setItemsUserId} />}
      <StorageItemsCard
        summary={summary}
        isAdmin={admin}
        userId={admin ? itemsUserId : undefined}
        onUserChange={setItemsUserId}
        onDeleted={load}
      />
    </Space>
  );
}
