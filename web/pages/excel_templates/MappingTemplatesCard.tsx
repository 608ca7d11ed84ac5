import { MinusCircleOutlined, PlusOutlined } from "@ant-design/icons";
import { App, Button, Form, Input, Modal, Space, type TableColumnsType } from "antd";
import { useState } from "react";
import {
  fieldMappings,
  MAPPING_ROW_INCOMPLETE,
  type MappingTemplateBody,
  templateDescription,
  templateName,
} from "../../../common/schemas/excel_templates.ts";
import { errorText } from "../../api/client.ts";
import {
  deleteMappingTemplate,
  listMappingTemplates,
  type MappingTemplateRecord,
  saveMappingTemplate,
} from "../../api/excel_templates.ts";
import { useConfirmDelete } from "../../components/confirm_delete.ts";
import { formatTime } from "../../components/format_time.ts";
import { zodRule } from "../../components/zod_rule.ts";
import { TemplateTableCard, useTemplateList, ViewEditDeleteButtons } from "./template_list.tsx";

type DialogState = { mode: "new" } | { mode: "edit" | "view"; template: MappingTemplateRecord } | null;

/** Part 2 §2.2: field mapping templates (Excel header → template variable): new, edit, view, delete. */
export function MappingTemplatesCard() {
  const { templates, loading, load } = useTemplateList(listMappingTemplates);
  const confirmDelete = useConfirmDelete();
  const [dialog, setDialog] = useState<DialogState>(null);

  function remove(t: MappingTemplateRecord) {
    confirmDelete({
      title: "确认删除",
      content: `确定要删除映射模板“${t.template_name}”吗？`,
      remove: () => deleteMappingTemplate(t.id),
      after: load,
      failure: "删除失败",
    });
  }

  const columns: TableColumnsType<MappingTemplateRecord> = [
    { title: "模板名称", dataIndex: "template_name" },
    { title: "描述", dataIndex: "description", ellipsis: true },
    { title: "字段数量", key: "count", width: 100, render: (_: unknown, t) => t.mappings.length },
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
      title="字段映射模板"
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
        <MappingTemplateModal
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

interface FormValues {
  templateName: string;
  description?: string;
  mappings: { excelField?: string; templateField?: string }[];
}

function MappingTemplateModal(
  { state, onClose, onSaved }: { state: NonNullable<DialogState>; onClose: () => void; onSaved: () => void },
) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const readOnly = state.mode === "view";
  const existing = state.mode === "new" ? null : state.template;

  async function submit(values: FormValues) {
    const body: MappingTemplateBody = {
      templateName: values.templateName,
      description: values.description ?? "",
      mappings: (values.mappings ?? []).map((m) => ({
        excelField: m.excelField ?? "",
        templateField: m.templateField ?? "",
      })),
    };
    const checked = fieldMappings.safeParse(body.mappings);
    if (!checked.success) {
      return void message.error(checked.error.issues[0]?.message ?? MAPPING_ROW_INCOMPLETE);
    }
    setSaving(true);
    try {
      await saveMappingTemplate(body, existing?.id);
      message.success(existing ? "更新成功" : "创建成功");
      onSaved();
    } catch (err) {
      message.error(errorText(err, "保存失败"));
    } finally {
      setSaving(false);
    }
  }

  const title = { new: "新建映射模板", edit: "编辑映射模板", view: "查看映射模板" }[state.mode];
  return (
    <Modal
      open
      width={720}
      title={title}
      onCancel={onClose}
      okText="保存"
      cancelText={readOnly ? "关闭" : "取消"}
      confirmLoading={saving}
      onOk={() => (readOnly ? onClose() : form.submit())}
      okButtonProps={{ style: readOnly ? { display: "none" } : undefined }}
    >
      <Form
        form={form}
        layout="vertical"
        disabled={readOnly}
        onFinish={submit}
        initialValues={{
          templateName: existing?.template_name ?? "",
          description: existing?.description ?? "",
          mappings: existing
            ? existing.mappings.map((m) => ({ excelField: m.excel_field, templateField: m.template_field }))
            : [{ excelField: "", templateField: "" }],
        }}
      >
        <Form.Item name="templateName" label="模板名称" required rules={[zodRule(templateName)]}>
          <Input placeholder="请输入模板名称" maxLength={100} />
        </Form.Item>
        <Form.Item name="description" label="描述" rules={[zodRule(templateDescription)]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Form.List name="mappings">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <Space key={field.key} align="baseline" style={{ display: "flex" }}>
                  <Form.Item
                    name={[field.name, "excelField"]}
                    rules={[{ required: true, whitespace: true, message: MAPPING_ROW_INCOMPLETE }]}
                  >
                    <Input
                      placeholder="Excel字段"
                      aria-label={`Excel字段${index + 1}`}
                      style={{ width: 260 }}
                    />
                  </Form.Item>
                  <span>→</span>
                  <Form.Item
                    name={[field.name, "templateField"]}
                    rules={[{ required: true, whitespace: true, message: MAPPING_ROW_INCOMPLETE }]}
                  >
                    <Input
                      placeholder="模板字段"
                      aria-label={`模板字段${index + 1}`}
                      style={{ width: 260 }}
                    />
                  </Form.Item>
                  {!readOnly && (
                    <MinusCircleOutlined onClick={() => remove(field.name)} />
                  )}
                </Space>
              ))}
              {!readOnly && (
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ excelField: "", templateField: "" })}
                >
                  添加映射
                </Button>
              )}
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
