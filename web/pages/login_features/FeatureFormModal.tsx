import { Form, Input, Modal, Radio, Tooltip } from "antd";
import { useLayoutEffect, useState } from "react";
import { loginFeatureBody } from "../../../common/schemas/login_features.ts";
import { errorText } from "../../api/client.ts";
import { createLoginFeature, updateLoginFeature } from "../../api/login_features.ts";
import type { LoginFeature } from "../../api/settings.ts";
import { FEATURE_ICON_NAMES, FeatureIcon, featureIconLabel } from "../../components/feature_icons.tsx";
import { zodRule } from "../../components/zod_rule.ts";

interface Props {
  open: boolean;
  /** null: add a new feature (appended to the list). */
  editing: LoginFeature | null;
  onClose: () => void;
  onSaved: () => void;
  onError: (text: string) => void;
}

/** Add or edit one login-page feature: an icon from the list and a title (1-50 characters). */
export function FeatureFormModal({ open, editing, onClose, onSaved, onError }: Props) {
  const [form] = Form.useForm<{ icon: string; title: string }>();
  const [saving, setSaving] = useState(false);

  // Before the browser paints: a reset after the dialog shows would wipe what was typed in it.
  useLayoutEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) form.setFieldsValue({ icon: editing.icon, title: editing.title });
  }, [open, editing, form]);

  async function submit() {
    // Invalid fields show their messages; nothing to send.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      if (editing) await updateLoginFeature(String(editing.id), values);
      else await createLoginFeature(values);
      onSaved();
    } catch (err) {
      onError(errorText(err, "保存失败"));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      title={editing ? "编辑功能项" : "新增功能项"}
      open={open}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      okText="保存"
      cancelText="取消"
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="icon" label="图标" rules={[zodRule(loginFeatureBody.shape.icon)]}>
          <Radio.Group
            aria-label="图标"
            optionType="button"
            style={{ display: "flex", flexWrap: "wrap", gap: 6 }}
            options={FEATURE_ICON_NAMES.map((name) => ({
              value: name,
              title: featureIconLabel(name),
              "aria-label": featureIconLabel(name),
              label: (
                <Tooltip title={featureIconLabel(name)}>
                  <span style={{ fontSize: 18 }}>
                    <FeatureIcon name={name} />
                  </span>
                </Tooltip>
              ),
            }))}
          />
        </Form.Item>
        <Form.Item name="title" label="标题" rules={[zodRule(loginFeatureBody.shape.title)]}>
          <Input maxLength={50} showCount placeholder="例如 批量生成调解书" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
