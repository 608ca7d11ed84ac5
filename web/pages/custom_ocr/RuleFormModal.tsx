import { MinusCircleOutlined, PlusOutlined } from "@ant-design/icons";
import { App, Button, Card, Form, Input, Modal, Space } from "antd";
import { useLayoutEffect, useState } from "react";
import { type CustomRuleBody, customRuleBody } from "../../../common/schemas/custom_ocr.ts";
import { createRule, type CustomRuleView, updateRule } from "../../api/custom_ocr.ts";
import { errorText } from "../../api/client.ts";

interface Props {
  target: CustomRuleView | "new" | null;
  onClose: () => void;
  onSaved: () => void;
}

type FieldRow = { key?: string; label?: string; prompt?: string };
type Values = {
  rule_name?: string;
  description?: string;
  patterns?: { pattern?: string; fields?: FieldRow[] }[];
  global_fields?: FieldRow[];
};

function toValues(rule: CustomRuleView): Values {
  const row = (f: CustomRuleView["fields"][number]) => ({
    key: f.field_key,
    label: f.field_label,
    prompt: f.field_prompt,
  });
  return {
    rule_name: rule.rule_name,
    description: rule.description,
    patterns: rule.patterns.map((p) => ({
      pattern: p.file_pattern,
      fields: rule.fields.filter((f) => f.pattern_id === p.id).map(row),
    })),
    global_fields: rule.fields.filter((f) => f.pattern_id === null).map(row),
  };
}

function FieldList({ name, addText }: { name: (string | number)[]; addText: string }) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <>
          {fields.map((f) => (
            <Space key={f.key} align="baseline" wrap>
              <Form.Item name={[f.name, "key"]} noStyle>
                <Input placeholder="字段键名，如 原告" style={{ width: 150 }} />
              </Form.Item>
              <Form.Item name={[f.name, "label"]} noStyle>
                <Input placeholder="字段名称" style={{ width: 150 }} />
              </Form.Item>
              <Form.Item name={[f.name, "prompt"]} noStyle>
                <Input placeholder="提取说明（可选）" style={{ width: 220 }} />
              </Form.Item>
              <MinusCircleOutlined aria-label="删除字段" onClick={() => remove(f.name)} />
            </Space>
          ))}
          <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => add({})}>
            {addText}
          </Button>
        </>
      )}
    </Form.List>
  );
}

/** The rule dialog (part 4 §3, §5): name, description, patterns with their fields, global fields. */
export function RuleFormModal({ target, onClose, onSaved }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const editing = target !== null && target !== "new" ? target : null;

  // Before the browser paints: a reset after the dialog shows would wipe what was typed in it.
  useLayoutEffect(() => {
    if (target === null) return;
    form.resetFields();
    form.setFieldsValue(
      editing ? toValues(editing) : { patterns: [{ pattern: "", fields: [{}] }], global_fields: [] },
    );
  }, [target, editing, form]);

  async function save() {
    const parsed = customRuleBody.safeParse(form.getFieldsValue(true));
    if (!parsed.success) {
      message.error(parsed.error.issues[0]?.message ?? "请检查规则内容");
      return;
    }
    setSaving(true);
    try {
      const body: CustomRuleBody = parsed.data;
      if (editing) await updateRule(editing.id, body);
      else await createRule(body);
      message.success(editing ? "更新成功" : "创建成功");
      onSaved();
      onClose();
    } catch (err) {
      message.error(errorText(err, "保存失败"));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={target !== null}
      title={editing ? "编辑规则" : "新建规则"}
      width={820}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="rule_name" label="规则名称" required>
          <Input placeholder="如 民间借贷立案" maxLength={100} />
        </Form.Item>
        <Form.Item name="description" label="描述">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Form.List name="patterns">
          {(patterns, { add, remove }) => (
            <Space orientation="vertical" style={{ width: "100%" }}>
              {patterns.map((p, i) => (
                <Card
                  key={p.key}
                  size="small"
                  title={`文件匹配规则 ${i + 1}`}
                  extra={<Button size="small" danger onClick={() => remove(p.name)}>删除</Button>}
                >
                  <Form.Item
                    name={[p.name, "pattern"]}
                    label="文件名正则表达式"
                    extra="例如 .*起诉状.* 或 身份证.*\.(jpg|png)"
                  >
                    <Input placeholder=".*起诉状.*" maxLength={255} />
                  </Form.Item>
                  <FieldList name={[p.name, "fields"]} addText="添加专属字段" />
                </Card>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ pattern: "", fields: [{}] })}
              >
                添加文件匹配规则
              </Button>
            </Space>
          )}
        </Form.List>
        <Card size="small" title="全局字段（每个匹配的文件都提取）" style={{ marginTop: 12 }}>
          <FieldList name={["global_fields"]} addText="添加全局字段" />
        </Card>
      </Form>
    </Modal>
  );
}
