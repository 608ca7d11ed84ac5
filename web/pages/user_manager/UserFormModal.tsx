import { Form, Input, Modal, Select } from "antd";
import { useLayoutEffect } from "react";
import { SUPER_ADMIN_ID } from "../../../common/permissions.ts";
import {
  createUserBody,
  domain,
  DOMAIN_MESSAGE,
  normalizeDomain,
  updateUserBody,
} from "../../../common/schemas/users.ts";
import type { RoleRow } from "../../api/roles.ts";
import { createUser, updateUser, type UserRow } from "../../api/users.ts";
import { useFormSave } from "../../components/form_save.ts";
import { zodRule } from "../../components/zod_rule.ts";
import { roleLabelWithKey } from "../../components/role_label.ts";

interface FormValues {
  username: string;
  email: string;
  password?: string;
  role?: string;
  domain?: string;
}

interface Props {
  open: boolean;
  /** The user being edited; null adds a new one. */
  editing: UserRow | null;
  roles: RoleRow[];
  onClose: () => void;
  onSaved: (user: UserRow) => void;
}

/**
 * Add/edit a user (part 3 §5): the username is locked when editing, a blank password means
 * unchanged, and the domain may carry http(s):// and a trailing slash, which are stripped.
 */
export function UserFormModal({ open, editing, roles, onClose, onSaved }: Props) {
  const [form] = Form.useForm<FormValues>();
  const { saving, save } = useFormSave(form);
  const isEdit = editing !== null;
  const schema = isEdit ? updateUserBody : createUserBody;

  // Before the browser paints: a reset after the dialog shows would wipe what was typed in it.
  useLayoutEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) {
      form.setFieldsValue({
        username: editing.username,
        email: editing.email,
        role: editing.role,
        domain: editing.domain,
        password: "",
      });
    }
  }, [open, editing, form]);

  function onOk() {
    return save(async (values) => {
      const body = {
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password ?? "",
        role: values.role ?? "",
        domain: normalizeDomain(values.domain ?? ""),
      };
      const { user } = editing ? await updateUser(editing.id, body) : await createUser(body);
      onSaved(user);
    });
  }

  return (
    <Modal
      title={isEdit ? "编辑用户" : "新增用户"}
      open={open}
      onOk={onOk}
      onCancel={onClose}
      confirmLoading={saving}
      okText="保存"
      cancelText="取消"
      forceRender
    >
      <Form form={form} name="user_form" layout="vertical" autoComplete="off">
        <Form.Item
          name="username"
          label="用户名"
          required
          rules={isEdit ? [] : [zodRule(createUserBody.shape.username)]}
        >
          <Input placeholder="3-20个字符" disabled={isEdit} maxLength={20} />
        </Form.Item>
        <Form.Item name="email" label="邮箱" required rules={[zodRule(schema.shape.email)]}>
          <Input placeholder="请输入邮箱" />
        </Form.Item>
        <Form.Item
          name="password"
          label="密码"
          required={!isEdit}
          rules={[zodRule(isEdit ? updateUserBody.shape.password : createUserBody.shape.password)]}
          extra={isEdit ? "留空表示不修改密码" : undefined}
        >
          <Input.Password
            placeholder={isEdit ? "留空表示不修改" : "6-20个字符"}
            autoComplete="new-password"
            maxLength={20}
          />
        </Form.Item>
        <Form.Item name="role" label="角色" required rules={[zodRule(schema.shape.role)]}>
          <Select
            placeholder="请选择角色"
            disabled={editing?.id === SUPER_ADMIN_ID}
            options={roles.map((r) => ({ value: r.name, label: roleLabelWithKey(r.name) }))}
          />
        </Form.Item>
        <Form.Item
          name="domain"
          label="自定义域名"
          rules={[zodRule(domain)]}
          extra={`选填，留空使用默认域名。${DOMAIN_MESSAGE.replace(/^请输入有效的域名，/, "")}`}
        >
          <Input placeholder="example.com 或 https://example.com" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
