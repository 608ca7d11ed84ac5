import { Alert, Form, Input, Modal } from "antd";
import { useLayoutEffect } from "react";
import type { PermissionCode } from "../../../common/permissions.ts";
import { roleBody } from "../../../common/schemas/roles.ts";
import { createRole, type PermissionItem, type RoleRow, updateRole } from "../../api/roles.ts";
import { useFormSave } from "../../components/form_save.ts";
import { zodRule } from "../../components/zod_rule.ts";
import { pagesHiddenByGroup } from "../../layouts/build_menu.ts";
import { ROUTES } from "../../router.tsx";
import { PermissionPicker } from "./PermissionPicker.tsx";

interface FormValues {
  name: string;
  description?: string;
  permissions: PermissionCode[];
}

interface Props {
  open: boolean;
  /** The role being edited; null adds a new one. */
  editing: RoleRow | null;
  permissions: PermissionItem[];
  onClose: () => void;
  onSaved: (role: RoleRow) => void;
}

/** Add/edit a role (part 3 §5): name 2-50 characters, at least one permission (请至少选择一个权限). */
export function RoleFormModal({ open, editing, permissions, onClose, onSaved }: Props) {
  const [form] = Form.useForm<FormValues>();
  const { saving, save } = useFormSave(form);
  const chosen = Form.useWatch("permissions", form) ?? [];
  const hidden = pagesHiddenByGroup(ROUTES, chosen);
  const nameOf = (code: string) => permissions.find((p) => p.code === code)?.name ?? code;

  // Before the browser paints: a reset after the dialog shows would wipe what was typed in it.
  useLayoutEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      editing
        ? {
          name: editing.name,
          description: editing.description,
          permissions: editing.permissions.map((p) => p.code),
        }
        : { name: "", description: "", permissions: [] },
    );
  }, [open, editing, form]);

  function onOk() {
    return save(async (values) => {
      const body = {
        name: values.name.trim(),
        description: (values.description ?? "").trim(),
        permissions: values.permissions,
      };
      const { role } = editing ? await updateRole(editing.id, body) : await createRole(body);
      onSaved(role);
    });
  }

  return (
    <Modal
      title={editing ? "编辑角色" : "新增角色"}
      open={open}
      onOk={onOk}
      onCancel={onClose}
      confirmLoading={saving}
      okText="保存"
      cancelText="取消"
      width={720}
      forceRender
    >
      <Form form={form} name="role_form" layout="vertical" autoComplete="off">
        <Form.Item name="name" label="角色名称" required rules={[zodRule(roleBody.shape.name)]}>
          <Input placeholder="2-50个字符" maxLength={50} />
        </Form.Item>
        <Form.Item name="description" label="描述" rules={[zodRule(roleBody.shape.description)]}>
          <Input.TextArea placeholder="请输入角色描述" rows={2} maxLength={200} />
        </Form.Item>
        <Form.Item
          name="permissions"
          label="权限"
          required
          rules={[zodRule(roleBody.shape.permissions)]}
        >
          <PermissionPicker permissions={permissions} />
        </Form.Item>
        {hidden.map((h) => (
          <Alert
            key={h.group}
            type="warning"
            showIcon
            title={`“${h.group}”菜单组不会显示`}
            description={`该角色的用户在菜单中看不到：${h.pages.join("、")}。“${h.group}”菜单组只在角色拥有${
              h.needs.map((code) => `“${nameOf(code)}”`).join("或")
            }权限时显示（页面仍可通过地址打开）。`}
          />
        ))}
      </Form>
    </Modal>
  );
}
