import { CopyOutlined, MinusCircleOutlined, PlusOutlined } from "@ant-design/icons";
import { App, Button, Card, Form, Input, Modal, Segmented, Select, Space } from "antd";
import { useEffect, useLayoutEffect, useState } from "react";
import { type CustomRuleBody, customRuleBody } from "../../../common/schemas/custom_ocr.ts";
import type { OcrTemplate } from "../../../common/schemas/ocr.ts";
import { createRule, type CustomRuleView, updateRule } from "../../api/custom_ocr.ts";
import { errorText } from "../../api/client.ts";
import { listOcrTemplates } from "../../api/ocr_extract.ts";
import { usePermission } from "../../auth/usePermission.ts";
import { FieldRowInputs, withDefaultKey } from "../../components/FieldRowInputs.tsx";
import { patternFromWords, wordsFromPattern } from "./pattern_mode.ts";

interface Props {
  target: CustomRuleView | "new" | null;
  onClose: () => void;
  onSaved: () => void;
}

type FieldRow = { key?: string; label?: string; prompt?: string };
type PatternMode = "contains" | "regex";
type PatternRow = { mode?: PatternMode; pattern?: string; fields?: FieldRow[] };
type Values = {
  rule_name?: string;
  description?: string;
  patterns?: PatternRow[];
  global_fields?: FieldRow[];
};

/** A stored pattern as the form shows it: plain words (文件名包含) when it is only that, else 正则. */
function patternRow(pattern: string, fields: FieldRow[]): PatternRow {
  const words = wordsFromPattern(pattern);
  return words === null ? { mode: "regex", pattern, fields } : { mode: "contains", pattern: words, fields };
}

function toValues(rule: CustomRuleView): Values {
  const row = (f: CustomRuleView["fields"][number]) => ({
    key: f.field_key,
    label: f.field_label,
    prompt: f.field_prompt,
  });
  return {
    rule_name: rule.rule_name,
    description: rule.description,
    patterns: rule.patterns.map((p) =>
      patternRow(p.file_pattern, rule.fields.filter((f) => f.pattern_id === p.id).map(row))
    ),
    global_fields: rule.fields.filter((f) => f.pattern_id === null).map(row),
  };
}

/** The form's values as the rule body: words become a pattern, an empty key takes the field's name. */
export function toBody(values: Values): unknown {
  const fields = (rows: FieldRow[] | undefined) => (rows ?? []).map(withDefaultKey);
  return {
    ...values,
    patterns: (values.patterns ?? []).map((p) => ({
      pattern: p.mode === "regex" ? (p.pattern ?? "") : patternFromWords(p.pattern ?? ""),
      fields: fields(p.fields),
    })),
    global_fields: fields(values.global_fields),
  };
}

function FieldList({ name, addText }: { name: (string | number)[]; addText: string }) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <Space orientation="vertical" style={{ width: "100%" }}>
          {fields.map((f, i) => (
            <Space key={f.key} align="start" wrap>
              <FieldRowInputs name={f.name} index={i} />
              <MinusCircleOutlined
                aria-label="删除字段"
                onClick={() => remove(f.name)}
                style={{ marginTop: 9 }}
              />
            </Space>
          ))}
          <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => add({})}>
            {addText}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}

function PatternInput({ name }: { name: number }) {
  const form = Form.useFormInstance<Values>();
  const mode: PatternMode = Form.useWatch(["patterns", name, "mode"], form) ?? "contains";
  return (
    <Space orientation="vertical" style={{ width: "100%" }}>
      <Form.Item name={[name, "mode"]} noStyle initialValue="contains">
        <Segmented<PatternMode>
          options={[{ value: "contains", label: "文件名包含" }, { value: "regex", label: "正则（高级）" }]}
        />
      </Form.Item>
      <Form.Item
        name={[name, "pattern"]}
        style={{ marginBottom: 12 }}
        extra={mode === "contains"
          ? "文件名中含有这些字的文件按此规则提取；几个词用顿号隔开，含有其中任一个即可"
          : "正则表达式，例如 身份证.*\\.(jpg|png)"}
      >
        <Input
          aria-label="文件名匹配"
          placeholder={mode === "contains" ? "如 起诉状、借条" : "如 身份证.*\\.(jpg|png)"}
          maxLength={255}
        />
      </Form.Item>
    </Space>
  );
}

/** The rule dialog (part 4 §3, §5): name, description, patterns with their fields, global fields. */
export function RuleFormModal({ target, onClose, onSaved }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const editing = target !== null && target !== "new" ? target : null;
  const { can } = usePermission();
  const [templates, setTemplates] = useState<OcrTemplate[]>([]);

  // Before the browser paints: a reset after the dialog shows would wipe what was typed in it.
  useLayoutEffect(() => {
    if (target === null) return;
    form.resetFields();
    form.setFieldsValue(
      editing
        ? toValues(editing)
        : { patterns: [{ mode: "contains", pattern: "", fields: [{}] }], global_fields: [] },
    );
  }, [target, editing, form]);

  const canUseTemplates = can("ocr_extract");
  useEffect(() => {
    if (target === null || !canUseTemplates) return;
    listOcrTemplates().then((r) => setTemplates(r.templates), () => setTemplates([]));
  }, [target, canUseTemplates]);

  /** An OCR信息提取 template's fields become global fields (those whose key is already there are skipped). */
  function addTemplateFields(id: string) {
    const template = templates.find((t) => t.id === id);
    if (!template) return;
    const current: FieldRow[] = (form.getFieldValue("global_fields") ?? []).filter((f: FieldRow) =>
      f.key || f.label
    );
    const keys = new Set(current.map((f) => f.key || f.label));
    const added = template.fields.filter((f) => !keys.has(f.key)).map((f) => ({
      key: f.key,
      label: f.label,
      prompt: f.prompt ?? "",
    }));
    form.setFieldValue("global_fields", [...current, ...added]);
    message.success(`已加入 ${added.length} 个字段`);
  }

  async function save() {
    const parsed = customRuleBody.safeParse(toBody(form.getFieldsValue(true)));
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
      width={860}
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
                  extra={
                    <Space size={4}>
                      <Button
                        size="small"
                        icon={<CopyOutlined />}
                        onClick={() => add(structuredClone(form.getFieldValue(["patterns", p.name])), i + 1)}
                      >
                        复制
                      </Button>
                      <Button size="small" danger onClick={() => remove(p.name)}>删除</Button>
                    </Space>
                  }
                >
                  <PatternInput name={p.name} />
                  <FieldList name={[p.name, "fields"]} addText="添加专属字段" />
                </Card>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ mode: "contains", pattern: "", fields: [{}] })}
              >
                添加文件匹配规则
              </Button>
            </Space>
          )}
        </Form.List>
        <Card
          size="small"
          title="全局字段（每个匹配的文件都提取）"
          style={{ marginTop: 12 }}
          extra={canUseTemplates && templates.length > 0 && (
            <Select
              size="small"
              aria-label="从OCR信息提取模板导入字段"
              placeholder="从OCR信息提取模板导入字段"
              style={{ width: 240 }}
              value={null}
              onChange={(id: string) => addTemplateFields(id)}
              options={templates.map((t) => ({
                value: t.id,
                label: `${t.name}（${t.fields.length} 个字段）`,
              }))}
            />
          )}
        >
          <FieldList name={["global_fields"]} addText="添加全局字段" />
        </Card>
      </Form>
    </Modal>
  );
}
