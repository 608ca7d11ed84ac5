import { App, Button, Card, Input, Space, Table, type TableColumnsType, Tag } from "antd";
import dayjs from "dayjs";
import { useCallback, useEffect, useState } from "react";
import { QUOTA_FIELDS, QUOTA_KINDS, QUOTA_LABELS, type QuotaKind } from "../../../common/constants.ts";
import { SUPER_ADMIN_ROLE } from "../../../common/permissions.ts";
import { errorText } from "../../api/client.ts";
import { listUsersLimits, quickAddLimit, type UserQuotaRow } from "../../api/member.ts";
import { QuotaEditModal } from "./QuotaEditModal.tsx";
import { useLatestRequest } from "../../components/latest_request.ts";

/** Member table page sizes (part 3 §9) and the table's quick add (+10). */
const PAGE_SIZES = [10, 20, 50];
const QUICK_ADD = 10;

function formatTime(iso: string): string {
  return dayjs(iso).format("YYYY-MM-DD HH:mm:ss");
}

/** 用户额度管理 (part 3 §2), administrators only: search, paged table, +10 and the edit dialog. */
export function QuotaAdminPanel({ onChanged }: { onChanged: (userId: number) => void }) {
  const { message } = App.useApp();
  const [search, setSearch] = useState("");
  const [rows, setRows] = useState<UserQuotaRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [paging, setPaging] = useState({ page: 1, pageSize: PAGE_SIZES[0] });
  const [editing, setEditing] = useState<{ row: UserQuotaRow; kind: QuotaKind } | null>(null);
  const [adding, setAdding] = useState<string | null>(null);

  const begin = useLatestRequest();

  const load = useCallback(async (username: string) => {
    const current = begin();
    setLoading(true);
    try {
      const { users } = await listUsersLimits(username);
      if (current()) setRows(users);
    } catch {
      if (current()) message.error("获取用户列表失败");
    } finally {
      if (current()) setLoading(false);
    }
  }, [begin, message]);

  useEffect(() => {
    void load(search);
  }, [load, search]);

  async function onQuickAdd(row: UserQuotaRow, kind: QuotaKind) {
    setAdding(`${row.id}:${kind}`);
    try {
      const { limits } = await quickAddLimit({ userId: row.id, type: kind, amount: QUICK_ADD });
      setRows((all) =>
        all.map((r) => (r.id === row.id ? { ...r, ...limits, lastUpdated: new Date().toISOString() } : r))
      );
      message.success("增加成功");
      onChanged(row.id);
    } catch (err) {
      message.error(errorText(err, "增加额度失败"));
    } finally {
      setAdding(null);
    }
  }

  const quotaColumns: TableColumnsType<UserQuotaRow> = QUOTA_KINDS.map((kind) => ({
    title: QUOTA_LABELS[kind],
    key: kind,
    width: 130,
    render: (_: unknown, row: UserQuotaRow) => (
      <Space size={4}>
        <span data-testid={`limit-${row.username}-${kind}`}>{row[QUOTA_FIELDS[kind]]}</span>
        <Button
          size="small"
          type="link"
          loading={adding === `${row.id}:${kind}`}
          aria-label={`${row.username}${QUOTA_LABELS[kind]}+${QUICK_ADD}`}
          onClick={() => onQuickAdd(row, kind)}
        >
          +{QUICK_ADD}
        </Button>
      </Space>
    ),
  }));

  const columns: TableColumnsType<UserQuotaRow> = [
    { title: "ID", dataIndex: "id", width: 70, fixed: "left" },
    { title: "用户名", dataIndex: "username", width: 140, fixed: "left" },
    {
      title: "角色",
      dataIndex: "role_name",
      // Without a width this column collapsed to nothing under scroll.x and its tag overlapped the next one.
      width: 120,
      render: (name: string) => <Tag color={name === SUPER_ADMIN_ROLE ? "red" : "blue"}>{name || "-"}</Tag>,
    },
    ...quotaColumns,
    { title: "创建时间", dataIndex: "created_at", width: 170, render: formatTime },
    { title: "最后更新", dataIndex: "lastUpdated", width: 170, render: formatTime },
    {
      title: "操作",
      key: "actions",
      width: 100,
      fixed: "right",
      render: (_: unknown, row: UserQuotaRow) => (
        <Button
          type="link"
          onClick={() => setEditing({ row, kind: "pdf_convert" })}
          aria-label={`修改${row.username}的额度`}
        >
          修改额度
        </Button>
      ),
    },
  ];

  return (
    <Card title="用户额度管理">
      <Input.Search
        allowClear
        placeholder="搜索用户名"
        aria-label="搜索用户名"
        style={{ width: 280, marginBottom: 16 }}
        enterButton="搜索"
        onSearch={(value) => {
          setPaging((p) => ({ ...p, page: 1 }));
          if (value.trim() === search) void load(search);
          else setSearch(value.trim());
        }}
      />
      <Table
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={loading}
        scroll={{ x: 1200 }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (page, pageSize) =>
            setPaging((p) => ({ page: pageSize === p.pageSize ? page : 1, pageSize })),
        }}
      />
      <QuotaEditModal
        row={editing?.row ?? null}
        initialKind={editing?.kind ?? "pdf_convert"}
        onClose={() => setEditing(null)}
        onSaved={(userId) => {
          void load(search);
          onChanged(userId);
        }}
      />
    </Card>
  );
}
