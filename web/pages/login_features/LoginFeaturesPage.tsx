import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from "@ant-design/icons";
import { Alert, App, Button, Card, Space, Table, type TableColumnsType } from "antd";
import { useCallback, useEffect, useState } from "react";
import { isAdmin } from "../../../common/permissions.ts";
import { errorText } from "../../api/client.ts";
import { deleteLoginFeature, reorderLoginFeatures } from "../../api/login_features.ts";
import { listLoginFeatures, type LoginFeature } from "../../api/settings.ts";
import { useSession } from "../../auth/session.ts";
import { FeatureIcon, featureIconLabel } from "../../components/feature_icons.tsx";
import { useConfirmDelete } from "../../components/confirm_delete.ts";
import { FeatureFormModal } from "./FeatureFormModal.tsx";
import { moveItem } from "./move_item.ts";

/**
 * /login-features: the list the login page shows (icon and title, in order). Administrators (role
 * admin or user id 1) add, edit, delete and reorder; the server refuses changes from anyone else.
 */
export function LoginFeaturesPage() {
  const { message } = App.useApp();
  const confirmDelete = useConfirmDelete();
  const { user } = useSession();
  const canEdit = user !== null && isAdmin(user);
  const [features, setFeatures] = useState<LoginFeature[]>([]);
  const [loading, setLoading] = useState(false);
  const [dialog, setDialog] = useState<{ open: boolean; editing: LoginFeature | null }>({
    open: false,
    editing: null,
  });
  const showError = useCallback((text: string) => void message.error(text), [message]);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setFeatures((await listLoginFeatures()).features ?? []);
    } catch (err) {
      message.error(errorText(err, "获取功能列表失败"));
    } finally {
      setLoading(false);
    }
  }, [message]);

  useEffect(() => void load(), [load]);

  async function move(index: number, delta: -1 | 1) {
    const next = moveItem(features, index, index + delta);
    if (next === features) return;
    setFeatures(next);
    try {
      setFeatures((await reorderLoginFeatures(next.map((f) => String(f.id)))).features);
      message.success("排序已保存");
    } catch (err) {
      message.error(errorText(err, "排序失败"));
      await load();
    }
  }

  function onDelete(feature: LoginFeature) {
    confirmDelete({
      title: "删除功能项",
      content: `确定要删除「${feature.title}」吗？登录页将不再显示它。`,
      remove: () => deleteLoginFeature(String(feature.id)),
      after: load,
      failure: "删除失败",
    });
  }

  const columns: TableColumnsType<LoginFeature> = [
    { title: "顺序", key: "order", width: 70, render: (_, __, i) => i + 1 },
    {
      title: "图标",
      dataIndex: "icon",
      width: 180,
      render: (icon: string) => (
        <Space>
          <span style={{ fontSize: 18 }}>
            <FeatureIcon name={icon} />
          </span>
          <span style={{ color: "#999" }}>{featureIconLabel(icon)}</span>
        </Space>
      ),
    },
    { title: "标题", dataIndex: "title" },
  ];
  if (canEdit) {
    columns.push({
      title: "操作",
      key: "actions",
      width: 300,
      render: (_, feature, index) => (
        <Space size={0}>
          <Button
            type="link"
            icon={<ArrowUpOutlined />}
            disabled={index === 0}
            aria-label={`上移 ${feature.title}`}
            onClick={() => move(index, -1)}
          >
            上移
          </Button>
          <Button
            type="link"
            icon={<ArrowDownOutlined />}
            disabled={index === features.length - 1}
            aria-label={`下移 ${feature.title}`}
            onClick={() => move(index, 1)}
          >
            下移
          </Button>
          <Button type="link" onClick={() => setDialog({ open: true, editing: feature })}>编辑</Button>
          <Button type="link" danger onClick={() => onDelete(feature)}>删除</Button>
        </Space>
      ),
    });
  }

  return (
    <Card
      title="登录页功能列表"
      extra={canEdit && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDialog({ open: true, editing: null })}
        >
          新增功能项
        </Button>
      )}
    >
      {!canEdit && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message="只有管理员可以修改登录页功能列表" />
      )}
      <Table<LoginFeature>
        rowKey="id"
        columns={columns}
        dataSource={features}
        loading={loading}
        pagination={false}
        locale={{ emptyText: "暂无功能项，登录页将不显示功能列表" }}
      />
      <FeatureFormModal
        open={dialog.open}
        editing={dialog.editing}
        onClose={() => setDialog({ open: false, editing: null })}
        onError={showError}
        onSaved={() => {
          message.success("保存成功");
          setDialog({ open: false, editing: null });
          load();
        }}
      />
    </Card>
  );
}
