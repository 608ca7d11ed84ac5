import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { App, Button, Form, Input, Modal, Space } from "antd";
import { useEffect, useState } from "react";
import { type OcrTemplate, ocrTemplateBody, type OcrTemplateField } from "../../../common/schemas/ocr.ts";
import { errorText } from "../../api/client.ts";
import { createOcrTemplate, updateOcrTemplate } from "../../api/ocr_extract.ts";
import { FieldRowInputs, withDefaultKey } from "../../components/FieldRowInputs.tsx";
import { zodRule } from "../../components/zod_rule.ts";

interface Props {
  open: boolean;
  /** The template being edited; null creates one. */
  editing: OcrTemplate | null;
  onClose: () => void;
  onSaved: (template: OcrTemplate) => void;
}

interface FormValues {
  name: string;
  description?: string;
  fields: OcrTemplateField[];
}

/** Create/edit dialog of an extraction template (part 4 §5 rules from the shared schema). */
export function TemplateFormModal({ open, editing, onClose, onSaved }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      editing
        ? { name: editing.name, description: editing.description, fields: editing.fields }
        : { name: "", description: "", fields: [{ label: "", key: "" }] },
    );
  }, [open, editing, form]);

  async function submit() {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows the messages under its fields
    }
    // An empty key takes the field's name (the same default as the custom OCR rule editor).
    const fields = (values.fields ?? []).map((row) => {
      const f = withDefaultKey(row);
      return { label: f.label, key: f.key, ...(f.prompt?.trim() ? { prompt: f.prompt.trim() } : {}) };
    });
    const parsed = ocrTemplateBody.safeParse({ ...values, description: values.description ?? "", fields });
    if (!parsed.success) return void message.error(parsed.error.issues[0]?.message ?? "请检查输入");
    setSaving(true);
    try {
      const body = {
        name: parsed.data.name,
        description: parsed.data.description,
        fields: parsed.data.fields,
      };
      const res = editing ? await updateOcrTemplate(editing.id, body) : await createOcrTemplate(body);
      message.success(editing ? "更新成功" : "创建成功");
      onSaved(res.template);
    } catch (err) {
      message.error(errorText(err, "保存失败"));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      title={editing ? "编辑模板" : "新建模板"}
      open={open}
      width={760}
      onCancel={onClose}
      onOk={submit}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="name" label="模板名称" rules={[zodRule(ocrTemplateBody.shape.name)]}>
          <Input placeholder="如：民间借贷要素" maxLength={50} />
        </Form.Item>
        <Form.Item name="description" label="描述" rules={[zodRule(ocrTemplateBody.shape.description)]}>
          <Input.TextArea rows={2} placeholder="模板用途（选填）" />
        </Form.Item>
        <Form.List name="fields">
          {(items, { add, remove }) => (
            <Space direction="vertical" style={{ width: "100%" }}>
              {items.map((item, i) => (
                <Space key={item.key} align="start" wrap>
                  <FieldRowInputs name={item.name} index={i} />
                  <Button
                    aria-label={`删除字段${i + 1}`}
                    icon={<DeleteOutlined />}
                    onClick={() => remove(item.name)}
                  />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ label: "", key: "" })}>
                添加字段
              </Button>
            </Space>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
