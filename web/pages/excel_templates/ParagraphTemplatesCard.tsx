import { PlusOutlined } from "@ant-design/icons";
import { App, Button, Checkbox, Form, Input, Modal, Space, type TableColumnsType, Tag } from "antd";
import { useState } from "react";
import {
  type ParagraphTemplateBody,
  type ParagraphTemplateFlag,
  paragraphText,
  paragraphVariable,
  templateDescription,
  templateName,
} from "../../../common/schemas/excel_templates.ts";
import { errorText } from "../../api/client.ts";
import {
  deleteParagraphTemplate,
  listParagraphTemplates,
  type ParagraphTemplateRecord,
  saveParagraphTemplate,
} from "../../api/excel_templates.ts";
import { useConfirmDelete } from "../../components/confirm_delete.ts";
import { formatTime } from "../../components/format_time.ts";
import { zodRule } from "../../components/zod_rule.ts";
import { TemplateTableCard, useTemplateList, ViewEditDeleteButtons } from "./template_list.tsx";

type DialogState = { mode: "new" } | { mode: "edit" | "view"; template: ParagraphTemplateRecord } | null;

const FLAG_LABELS: [ParagraphTemplateFlag, string][] = [
  ["no_indent", "不缩进"],
  ["all_indent", "全部缩进（2个字符）"],
  ["add_line_break", "添加换行"],
  ["no_line_break", "不换行"],
  ["remove_last_char", "删除最后一个字符"],
  ["use_prefix", "使用段落前缀"],
];

/** Part 2 §2.2: paragraph templates (#{name} variable, ${...} text, six settings): new, edit, view, delete. */
export function ParagraphTemplatesCard() {
  const { templates, loading, load } = useTemplateList(listParagraphTemplates);
  const confirmDelete = useConfirmDelete();
  const [dialog, setDialog] = useState<DialogState>(null);

  function remove(t: ParagraphTemplateRecord) {
    confirmDelete({
      title: "确认删除",
      content: `确定要删除段落模板“${t.template_name}”吗？`,
      remove: () => deleteParagraphTemplate(t.id),
      after: load,
      failure: "删除失败",
    });
  }

  const columns: TableColumnsType<ParagraphTemplateRecord> = [
    {
      title: "模板名称",
      dataIndex: "template_name",
      render: (v: string, t) => <>{v} {t.is_preset && <Tag color="blue">预设</Tag>}</>,
    },
    { title: "段落变量", dataIndex: "variable" },
    { title: "描述", dataIndex: "description", ellipsis: true },
    { title: "创建时间", dataIndex: "created_at", width: 180, render: (v: string) => formatTime(v) },
    {
      title: "操作",
      key: "actions",
      width: 240,
      render: (_: unknown, t) => (
        <ViewEditDeleteButtons
          onView={() => setDialog({ mode: "view", template: t })}
          onEdit={() => setDialog({ mode: "edit", template: t })}
          onDelete={() => remove(t)}
        />
      ),
    },
  ];

  return (
    <TemplateTableCard
      title="段落模板"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: "new" })}>
          新建
        </Button>
      }
      columns={columns}
      templates={templates}
      loading={loading}
    >
      {dialog && (
        <ParagraphTemplateModal
          state={dialog}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void load();
          }}
        />
      )}
    </TemplateTableCard>
  );
}

type FormValues = Required<Omit<ParagraphTemplateBody, "description">> & { description?: string };

function ParagraphTemplateModal(
  { state, onClose, onSaved }: { state: NonNullable<DialogState>; onClose: () => void; onSaved: () => void },
) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const readOnly = state.mode === "view";
  const existing = state.mode === "new" ? null : state.template;
  const noIndent = Form.useWatch("no_indent", form);
  const noLineBreak = Form.useWatch("no_line_break", form);

  async function submit(values: FormValues) {
    setSaving(true);
    try {
      await saveParagraphTemplate({ ...values, description: values.description ?? "" }, existing?.id);
      message.success(existing ? "更新成功" : "创建成功");
      onSaved();
    } catch (err) {
      message.error(errorText(err, "保存失败"));
    } finally {
      setSaving(false);
    }
  }

  /** Part 2 §4: no-indent clears and disables all-indent; no-line-break clears and disables add-line-break. */
  function onValuesChange(changed: Partial<FormValues>) {
    if (changed.no_indent) form.setFieldValue("all_indent", false);
    if (changed.no_line_break) form.setFieldValue("add_line_break", false);
  }

  const title = { new: "新建段落模板", edit: "编辑段落模板", view: "查看段落模板" }[state.mode];
  return (
    <Modal
      open
      width={720}
      title={title}
      onCancel={onClose}
      okText="保存"
      cancelText={readOnly ? "关闭" : "取消"}
      confirmLoading={saving}
      onOk={() => form.submit()}
      okButtonProps={{ style: readOnly ? { display: "none" } : undefined }}
    >
      <Form
        form={form}
        layout="vertical"
        disabled={readOnly}
        onFinish={submit}
        onValuesChange={onValuesChange}
        initialValues={{
          template_name: existing?.template_name ?? "",
          variable: existing?.variable ?? "",
          template: existing?.template ?? "",
          description: existing?.description ?? "",
          no_indent: existing?.no_indent ?? false,
          all_indent: existing?.all_indent ?? false,
          add_line_break: existing?.add_line_break ?? false,
          no_line_break: existing?.no_line_break ?? false,
          remove_last_char: existing?.remove_last_char ?? false,
          use_prefix: existing?.use_prefix ?? false,
          is_preset: existing?.is_preset ?? false,
        }}
      >
        <Form.Item name="template_name" label="模板名称" required rules={[zodRule(templateName)]}>
          <Input placeholder="请输入模板名称" maxLength={100} />
        </Form.Item>
        <Form.Item
          name="variable"
          label="段落变量"
          required
          rules={[zodRule(paragraphVariable)]}
          extra="Word模板中用 #{变量名} 标记段落插入的位置，例如 #{被申请人段落}"
        >
          <Input placeholder="#{变量名}" maxLength={100} />
        </Form.Item>
        <Form.Item
          name="template"
          label="段落模板内容"
          required
          rules={[zodRule(paragraphText)]}
          extra="用 ${列名} 引用Excel中的列，例如 被申请人：${姓名}，住${住址}；"
        >
          <Input.TextArea rows={4} placeholder="请输入段落模板内容" />
        </Form.Item>
        <Form.Item name="description" label="描述" rules={[zodRule(templateDescription)]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Space wrap>
          {FLAG_LABELS.map(([flag, label]) => (
            <Form.Item key={flag} name={flag} valuePropName="checked" noStyle>
              <Checkbox
                disabled={readOnly || (flag === "all_indent" && noIndent) ||
                  (flag === "add_line_break" && noLineBreak)}
              >
                {label}
              </Checkbox>
            </Form.Item>
          ))}
        </Space>
        <Form.Item name="is_preset" valuePropName="checked" style={{ marginTop: 16, marginBottom: 0 }}>
          <Checkbox>保存为预设（在批量生成向导中与内置预设一起显示）</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
