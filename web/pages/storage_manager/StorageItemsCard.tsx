import { DeleteOutlined, ReloadOutlined } from "@ant-design/icons";
import {
  App,
  Button,
  Card,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from "antd";
import dayjs from "dayjs";
import { useCallback, useEffect, useState } from "react";
import {
  STORAGE_PAGE_SIZE_DEFAULT,
  STORAGE_PAGE_SIZES,
  type StorageItem,
  type StorageSummary,
} from "../../../common/schemas/storage.ts";
import { errorText } from "../../api/client.ts";
import { deleteStorageItem, listStorageItems } from "../../api/storage.ts";
import { formatBytes } from "../../components/format_bytes.ts";
import { useLatestRequest } from "../../components/latest_request.ts";

interface Props {
  summary: StorageSummary;
  isAdmin: boolean;
  /** Administrators: whose items (undefined: everyone's). */
  userId: number | undefined;
  onUserChange: (userId: number | undefined) => void;
  /** Called after a deletion, so the totals reload. */
  onDeleted: () => void;
}

/** Items (folders) with size, file count and last change; delete with confirmation. */
export function StorageItemsCard({ summary, isAdmin, userId, onUserChange, onDeleted }: Props) {
  const { message, modal } = App.useApp();
  const [area, setArea] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(STORAGE_PAGE_SIZE_DEFAULT);
  const [items, setItems] = useState<StorageItem[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const begin = useLatestRequest();

  const load = useCallback(async () => {
    const current = begin();
    setLoading(true);
    try {
      const res = await listStorageItems({ userId, area, page, pageSize });
      if (!current()) return;
      setItems(res.items ?? []);
      setTotal(res.total ?? 0);
    } catch (err) {
      if (current()) message.error(errorText(err, "获取文件列表失败"));
    } finally {
      if (current()) setLoading(false);
    }
  }, [begin, userId, area, page, pageSize, message]);

  useEffect(() => {
    load();
  }, [load]);

  function onDelete(item: StorageItem) {
    const owner = item.userId === summary.mine.userId
      ? ""
      : `（用户 ${item.username ?? `#${item.userId}`} 的文件）`;
    modal.confirm({
      title: "删除文件夹",
      content: `确定要删除「${item.areaLabel} / ${
        item.description ?? item.itemId
      }」${owner}吗？其中 ${item.files} 个文件（${
        formatBytes(item.bytes)
      }）将被永久删除，它在所属功能中的记录（批次、任务、模板）也一并删除，不可恢复。`,
      okText: "删除",
      okButtonProps: { danger: true },
      cancelText: "取消",
      onOk: async () => {
        try {
          await deleteStorageItem({ userId: item.userId, area: item.area, itemId: item.itemId });
          message.success("删除成功");
          if (items.length === 1 && page > 1) setPage(page - 1);
          else await load();
          onDeleted();
        } catch (err) {
          message.error(errorText(err, "删除失败"));
          await load();
        }
      },
    });
  }

  const columns: TableColumnsType<StorageItem> = [
    ...(isAdmin
      ? [{
        title: "用户",
        key: "user",
        render: (_v: unknown, i: StorageItem) => i.username ?? `已删除用户 #${i.userId}`,
      }]
      : []),
    { title: "功能", dataIndex: "areaLabel", key: "area", render: (v: string) => <Tag>{v}</Tag> },
    {
      title: "内容",
      dataIndex: "description",
      key: "itemId",
      ellipsis: { showTitle: false },
      render: (description: string | null, i: StorageItem) => (
        <Tooltip placement="topLeft" title={`文件夹：${i.itemId}`}>
          {description ?? <Typography.Text type="secondary">文件夹 {i.itemId}</Typography.Text>}
        </Tooltip>
      ),
    },
    { title: "大小", dataIndex: "bytes", key: "bytes", render: (v: number) => formatBytes(v) },
    { title: "文件数", dataIndex: "files", key: "files" },
    {
      title: "最后修改",
      dataIndex: "modifiedAt",
      key: "modifiedAt",
      render: (v: number) => (v ? dayjs(v).format("YYYY-MM-DD HH:mm:ss") : "-"),
    },
    {
      title: "操作",
      key: "actions",
      width: 100,
      render: (_v, item) => (
        <Button
          type="link"
          size="small"
          danger
          icon={<DeleteOutlined />}
          onClick={() => onDelete(item)}
        >
          删除
        </Button>
      ),
    },
  ];

  return (
    <Card
      title="文件列表"
      extra={
        <Space wrap>
          {isAdmin && (
            <Select
              allowClear
              showSearch={{ optionFilterProp: "label" }}
              placeholder="全部用户"
              aria-label="用户"
              style={{ width: 180 }}
              value={userId}
              onChange={(v?: number) => {
                setPage(1);
                onUserChange(v);
              }}
              options={(summary.users ?? []).map((u) => ({
                value: u.userId,
                label: u.username ?? `#${u.userId}`,
              }))}
            />
          )}
          <Select
            allowClear
            placeholder="全部功能"
            aria-label="功能"
            style={{ width: 160 }}
            value={area}
            onChange={(v?: string) => {
              setPage(1);
              setArea(v);
            }}
            options={summary.areas.map((a) => ({ value: a.area, label: a.label }))}
          />
          <Button icon={<ReloadOutlined />} onClick={() => load()}>刷新</Button>
        </Space>
      }
    >
      <Table<StorageItem>
        rowKey={(i) => `${i.userId}/${i.area}/${i.itemId}`}
        columns={columns}
        dataSource={items}
        loading={loading}
        locale={{ emptyText: "暂无文件" }}
        scroll={{ x: 800 }}
        pagination={{
          current: page,
          pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: STORAGE_PAGE_SIZES,
          showTotal: (n) => `共 ${n} 项`,
          onChange: (p, size) => {
            setPage(size !== pageSize ? 1 : p);
            setPageSize(size);
          },
        }}
      />
    </Card>
  );
}
