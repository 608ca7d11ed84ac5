import { PlusOutlined } from "@ant-design/icons";
import { App, Button, Card, Table } from "antd";
import { useCallback, useEffect, useState } from "react";
import { SUPER_ADMIN_ROLE } from "../../../common/permissions.ts";
import { errorText } from "../../api/client.ts";
import {
  deleteRole,
  listPermissions,
  listRoles,
  type PermissionItem,
  type RoleRow,
} from "../../api/roles.ts";
import { useConfirmDelete } from "../../components/confirm_delete.ts";
import { roleColumns } from "./columns.tsx";
import { RoleFormModal } from "./RoleFormModal.tsx";

export const PROTECTED_EDIT_TEXT = "超级管理员角色不能编辑";
export const PROTECTED_DELETE_TEXT = "超级管理员角色不能删除";

/** /role-manager: roles with their permissions; add, edit and delete (超级管理员 is protected). */
export function RoleManagerPage() {
  const { message } = App.useApp();
  const confirmDelete = useConfirmDelete();
  const [roles, setRoles] = useState<RoleRow[]>([]);
  const [permissions, setPermissions] = useState<PermissionItem[]>([]);
  const [loading, setLoading] = useState(false);
  const [dialog, setDialog] = useState<{ open: boolean; editing: RoleRow | null }>({
    open: false,
    editing: null,
  });

  const loadRoles = useCallback(async () => {
    setLoading(true);
    try {
      setRoles((await listRoles()).roles ?? []);
    } catch (err) {
      message.error(errorText(err, "获取角色列表失败"));
    } finally {
      setLoading(false);
    }
  }, [message]);

  useEffect(() => {
    loadRoles();
    listPermissions().then(
      ({ permissions }) => setPermissions(permissions ?? []),
      (err) => message.error(errorText(err, "获取权限列表失败")),
    );
  }, [loadRoles, message]);

  function onEdit(role: RoleRow) {
    if (role.name === SUPER_ADMIN_ROLE) return void message.warning(PROTECTED_EDIT_TEXT);
    setDialog({ open: true, editing: role });
  }

  function onDelete(role: RoleRow) {
    if (role.name === SUPER_ADMIN_ROLE) return void message.warning(PROTECTED_DELETE_TEXT);
    const system = role.is_system;
    confirmDelete({
      title: system ? "删除系统角色" : "删除角色",
      content: system
        ? `「${role.name}」是系统角色，系统的默认功能可能依赖它。删除后不可恢复，确定要删除吗？`
        : `确定要删除角色「${role.name}」吗？`,
      ...(system ? { type: "warning" as const } : {}),
      remove: () => deleteRole(role.id),
      after: loadRoles,
      failure: "删除角色失败",
    });
  }

  function onSaved() {
    message.success("保存成功");
    setDialog((d) => ({ ...d, open: false }));
    loadRoles();
  }

  return (
    <Card
      title="角色列表"
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDialog({ open: true, editing: null })}
        >
          新增角色
        </Button>
      }
    >
      <Table<RoleRow>
        rowKey="id"
        columns={roleColumns({ onEdit, onDelete })}
        dataSource={roles}
        loading={loading}
        pagination={false}
        scroll={{ x: 900 }}
      />
      <RoleFormModal
        open={dialog.open}
        editing={dialog.editing}
        permissions={permissions}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onSaved={onSaved}
      />
    </Card>
  );
}
