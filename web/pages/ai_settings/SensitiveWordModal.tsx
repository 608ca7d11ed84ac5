import { App, Form, Input, Modal } from "antd";
import { useLayoutEffect, useState } from "react";
import { type SensitiveWordBody, sensitiveWordBody } from "../../../common/schemas/ai_settings.ts";
import { createSensitiveWord, type SensitiveWord, updateSensitiveWord } from "../../api/ai_settings.ts";
import { ApiError, errorText } from "../../api/client.ts";
import { zodRule } from "../../components/zod_rule.ts";

interface Props {
  open: boolean;
  /** null: add a word. */
  editing: SensitiveWord | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Add and edit share one dialog (part 3 §4); editing is by id. */
export function SensitiveWordModal({ open, editing, onClose, onSaved }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<SensitiveWordBody>();
  const [saving, setSaving] = useState(false);

  // Before the browser paints: a reset after the dialog shows would wipe what was typed in it.
  useLayoutEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) form.setFieldsValue({ word: editing.word, replacement: editing.replacement });
  }, [open, editing, form]);

  async function onOk() {
    let values: SensitiveWordBody;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body = { word: values.word.trim(), replacement: values.replacement.trim() };
    setSaving(true);
    try {
      if (editing) await updateSensitiveWord(editing.id, body);
      else await createSensitiveWord(body);
      message.success(editing ? "更新成功" : "添加成功");
      onSaved();
    } catch (err) {
      const text = errorText(err, "保存失败");
      if (err instanceof ApiError && (err.field === "word" || err.field === "replacement")) {
        form.setFields([{ name: err.field, errors: [text] }]);
      }
      message.error(text);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      title={editing ? "编辑敏感词" : "添加敏感词"}
      open={open}
      onOk={onOk}
      onCancel={onClose}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} name="sensitive_word" layout="vertical" style={{ marginTop: 16 }}>
        <Form.Item name="word" label="敏感词" required rules={[zodRule(sensitiveWordBody.shape.word)]}>
          <Input placeholder="请输入敏感词" maxLength={100} showCount />
        </Form.Item>
        <Form.Item
          name="replacement"
          label="替换内容"
          required
          rules={[zodRule(sensitiveWordBody.shape.replacement)]}
        >
          <Input placeholder="请输入替换内容" maxLength={100} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
