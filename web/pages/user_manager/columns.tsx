import { Button, Space, type TableColumnsType, Tag, Typography } from "antd";
import { ADMIN_ROLE, SUPER_ADMIN_ID } from "../../../common/permissions.ts";
import type { UserRow } from "../../api/users.ts";
import { formatTime } from "../../components/format_time.ts";
import { roleLabel } from "../../components/role_label.ts";

export const NEVER_LOGGED_IN_TEXT = "从未登录";
export const DEFAULT_DOMAIN_TEXT = "默认域名";

/** The user table's columns (part 3 §2): id, username, email, role, last login, created, domain, actions. */
export function userColumns(actions: {
  onEdit: (user: UserRow) => void;
  onDelete: (user: UserRow) => void;
  currentUserId: number | undefined;
}): TableColumnsType<UserRow> {
  return [
    { title: "ID", dataIndex: "id", width: 80, sorter: (a, b) => a.id - b.id },
    { title: "用户名", dataIndex: "username" },
    { title: "邮箱", dataIndex: "email" },
    {
      title: "角色",
      dataIndex: "role",
      render: (role: string) => (
        <Tag color={role === ADMIN_ROLE ? "error" : "blue"} title={role}>{role ? roleLabel(role) : "—"}</Tag>
      ),
    },
    {
      title: "最后登录",
      dataIndex: "last_login",
      render: (value: string | null) =>
        value
          ? formatTime(value)
          : <Typography.Text type="secondary">{NEVER_LOGGED_IN_TEXT}</Typography.Text>,
    },
    {
      title: "创建时间",
      dataIndex: "created_at",
      render: formatTime,
      sorter: (a, b) => Date.parse(a.created_at) - Date.parse(b.created_at),
    },
    {
      title: "自定义域名",
      dataIndex: "domain",
      render: (value: string) =>
        value || <Typography.Text type="secondary">{DEFAULT_DOMAIN_TEXT}</Typography.Text>,
    },
    {
      title: "操作",
      key: "actions",
      width: 140,
      render: (_: unknown, user) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => actions.onEdit(user)}>编辑</Button>
          <Button
            type="link"
            size="small"
            danger
            disabled={user.id === SUPER_ADMIN_ID || user.id === actions.currentUserId}
            onClick={() => actions.onDelete(user)}
          >
            删除
          </Button>
        </Space>
      ),
    },
  ];
}
