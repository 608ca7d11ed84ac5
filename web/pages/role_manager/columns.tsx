import { Button, Space, type TableColumnsType, Tag, Tooltip, Typography } from "antd";
import type { RoleRow } from "../../api/roles.ts";
import { roleLabel } from "../../components/role_label.ts";

/** The role table's columns (part 3 §2): name, system tag, description, permission tags, actions. */
export function roleColumns(actions: {
  onEdit: (role: RoleRow) => void;
  onDelete: (role: RoleRow) => void;
}): TableColumnsType<RoleRow> {
  return [
    {
      title: "角色名称",
      dataIndex: "name",
      width: 160,
      // 管理员 with the key beside it: the role's name stays the key (admin).
      render: (name: string) =>
        roleLabel(name) === name ? name : (
          <Space size={4}>
            <span>{roleLabel(name)}</span>
            <Typography.Text type="secondary">{name}</Typography.Text>
          </Space>
        ),
    },
    {
      title: "系统角色",
      dataIndex: "is_system",
      width: 100,
      render: (isSystem: boolean) =>
        isSystem ? <Tag color="gold">系统角色</Tag> : <Typography.Text type="secondary">否</Typography.Text>,
    },
    {
      title: "描述",
      dataIndex: "description",
      width: 220,
      render: (value: string) => value || <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: "权限",
      dataIndex: "permissions",
      render: (permissions: RoleRow["permissions"]) => (
        <Space size={[4, 4]} wrap>
          {permissions.map((p) => (
            <Tooltip key={p.code} title={p.description}>
              <Tag color="blue" style={{ marginInlineEnd: 0 }}>{p.name}</Tag>
            </Tooltip>
          ))}
        </Space>
      ),
    },
    { title: "用户数", dataIndex: "user_count", width: 80 },
    {
      title: "操作",
      key: "actions",
      width: 130,
      render: (_: unknown, role) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => actions.onEdit(role)}>编辑</Button>
          <Button type="link" size="small" danger onClick={() => actions.onDelete(role)}>删除</Button>
        </Space>
      ),
    },
  ];
}
