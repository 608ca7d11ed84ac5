import { PlusOutlined } from "@ant-design/icons";
import { App, Button, Card, Space, Table, type TableColumnsType, Tag, Typography } from "antd";
import { useCallback, useEffect, useState } from "react";
import { INVITATION_PAGE_SIZES } from "../../../common/constants.ts";
import { errorText } from "../../api/client.ts";
import {
  deleteInvitationCode,
  type InvitationCode,
  listInvitationCodes,
} from "../../api/invitation_codes.ts";
import { formatTime } from "../../components/format_time.ts";
import { usePaging } from "../../components/paging.ts";
import { useConfirmDelete } from "../../components/confirm_delete.ts";
import { CodeUsersModal } from "./CodeUsersModal.tsx";
import { GenerateCodeModal } from "./GenerateCodeModal.tsx";
import { useLatestRequest } from "../../components/latest_request.ts";

/** The code table (paging 10/20/30/50), the generate dialog, the users dialog and delete. */
export function InvitationCodesPanel({ defaultMaxUses }: { defaultMaxUses: number }) {
  const { message } = App.useApp();
  const confirmDelete = useConfirmDelete();
  const { paging, setPaging, pagination } = usePaging(INVITATION_PAGE_SIZES);
  const [codes, setCodes] = useState<InvitationCode[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [generating, setGenerating] = useState(false);
  const [viewing, setViewing] = useState<InvitationCode | null>(null);
  const showError = useCallback((text: string) => void message.error(text), [message]);

  const begin = useLatestRequest();

  const load = useCallback(async () => {
    const current = begin();
    setLoading(true);
    try {
      const res = await listInvitationCodes(paging.page, paging.pageSize);
      if (!current()) return;
      // A deleted last row leaves an empty page: step back one.
      if ((res.codes ?? []).length === 0 && res.total > 0 && paging.page > 1) {
        setPaging((p) => ({ ...p, page: Math.ceil(res.total / p.pageSize) }));
        return;
      }
      setCodes(res.codes ?? []);
      setTotal(res.total ?? 0);
    } catch (err) {
      if (current()) message.error(errorText(err, "获取邀请码列表失败"));
    } finally {
      if (current()) setLoading(false);
    }
  }, [begin, paging, message]);

  useEffect(() => void load(), [load]);

  function onDelete(code: InvitationCode) {
    confirmDelete({
      title: "删除邀请码",
      content: `确定要删除邀请码「${code.code}」吗？已注册的账号不受影响。`,
      remove: () => deleteInvitationCode(code.id),
      after: load,
      failure: "删除邀请码失败",
    });
  }

  const columns: TableColumnsType<InvitationCode> = [
    {
      title: "邀请码",
      dataIndex: "code",
      render: (v: string) => <Typography.Text copyable code>{v}</Typography.Text>,
    },
    { title: "备注", dataIndex: "remark", render: (v: string) => v || "-" },
    {
      title: "使用次数",
      key: "uses",
      render: (_, r) => (
        <Tag color={r.used_count >= r.max_uses ? "red" : "blue"}>{r.used_count} / {r.max_uses}</Tag>
      ),
    },
    { title: "创建人", dataIndex: "created_by_name" },
    { title: "创建时间", dataIndex: "created_at", render: (v: string) => formatTime(v) },
    {
      title: "过期时间",
      dataIndex: "expired_at",
      render: (v: string | null) => {
        if (!v) return <Tag color="green">永久有效</Tag>;
        const expired = Date.parse(v) <= Date.now();
        return (
          <Space size={4}>
            {formatTime(v)}
            {expired && <Tag color="default">已过期</Tag>}
          </Space>
        );
      },
    },
    {
      title: "操作",
      key: "actions",
      fixed: "right",
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" onClick={() => setViewing(r)}>查看用户</Button>
          <Button type="link" danger onClick={() => onDelete(r)}>删除</Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="邀请码列表"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setGenerating(true)}>
          生成邀请码
        </Button>
      }
    >
      <Table<InvitationCode>
        rowKey="id"
        columns={columns}
        dataSource={codes}
        loading={loading}
        scroll={{ x: 900 }}
        pagination={pagination(total)}
      />
      <GenerateCodeModal
        open={generating}
        defaultMaxUses={defaultMaxUses}
        onClose={() => setGenerating(false)}
        onError={showError}
        onCreated={(code) => {
          setGenerating(false);
          message.success(`生成成功：${code.code}`);
          if (paging.page === 1) load();
          else setPaging((p) => ({ ...p, page: 1 }));
        }}
      />
      <CodeUsersModal code={viewing} onClose={() => setViewing(null)} onError={showError} />
    </Card>
  );
}
