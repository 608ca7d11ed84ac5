import { Modal, Table } from "antd";
import { useEffect, useState } from "react";
import { INVITATION_PAGE_SIZES } from "../../../common/constants.ts";
import { errorText } from "../../api/client.ts";
import {
  type InvitationCode,
  type InvitationUserRow,
  listInvitationUsers,
} from "../../api/invitation_codes.ts";
import { formatTime } from "../../components/format_time.ts";
import { usePaging } from "../../components/paging.ts";

interface Props {
  code: InvitationCode | null;
  onClose: () => void;
  onError: (text: string) => void;
}

/** 查看用户: who registered with one code, with its own paging (part 3 §2). */
export function CodeUsersModal({ code, onClose, onError }: Props) {
  const { paging, setPaging, pagination } = usePaging(INVITATION_PAGE_SIZES);
  const [rows, setRows] = useState<InvitationUserRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);

  useEffect(() => setPaging({ page: 1, pageSize: INVITATION_PAGE_SIZES[0] }), [code?.id]);

  useEffect(() => {
    if (!code) return;
    let live = true;
    setLoading(true);
    listInvitationUsers(code.id, paging.page, paging.pageSize).then(
      (res) => {
        if (!live) return;
        setRows(res.users ?? []);
        setTotal(res.total ?? 0);
      },
      (err) => live && onError(errorText(err, "获取用户列表失败")),
    ).finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [code, paging, onError]);

  return (
    <Modal
      title={code ? `邀请码 ${code.code} 的使用用户` : ""}
      open={code !== null}
      onCancel={onClose}
      footer={null}
      width={560}
      destroyOnHidden
    >
      <Table<InvitationUserRow>
        rowKey={(r) => `${r.username}|${r.used_at}`}
        size="small"
        loading={loading}
        dataSource={rows}
        columns={[
          { title: "用户名", dataIndex: "username" },
          { title: "使用时间", dataIndex: "used_at", render: (v: string) => formatTime(v) },
        ]}
        locale={{ emptyText: "暂无用户使用此邀请码" }}
        pagination={pagination(total)}
      />
    </Modal>
  );
}
