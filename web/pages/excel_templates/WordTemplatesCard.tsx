import { DeleteOutlined, DownloadOutlined, UploadOutlined } from "@ant-design/icons";
import { App, Button, Form, Input, Modal, Space, type TableColumnsType, Tag } from "antd";
import { useState } from "react";
import { templateDescription, templateName } from "../../../common/schemas/excel_templates.ts";
import { errorText } from "../../api/client.ts";
import {
  deleteWordTemplate,
  downloadWordTemplate,
  listWordTemplates,
  saveWordTemplate,
  uploadWordTemplate,
  type WordTemplateRecord,
} from "../../api/excel_templates.ts";
import type { TemplateUploadResult } from "../../api/templates.ts";
import { useConfirmDelete } from "../../components/confirm_delete.ts";
import { formatTime } from "../../components/format_time.ts";
import { saveBlob } from "../../components/save_file.ts";
import { TemplateUpload } from "../../components/TemplateUpload.tsx";
import { zodRule } from "../../components/zod_rule.ts";
import { TemplateTableCard, useTemplateList } from "./template_list.tsx";

/** Part 2 §2.2: the Word templates card (upload, download, delete). */
export function WordTemplatesCard() {
  const { message } = App.useApp();
  const { templates, loading, load } = useTemplateList(listWordTemplates);
  const confirmDelete = useConfirmDelete();
  const [uploadOpen, setUploadOpen] = useState(false);

  async function download(t: WordTemplateRecord) {
    try {
      const file = await downloadWordTemplate(t.id);
      saveBlob(file.blob, file.fileName ?? t.original_filename);
    } catch (err) {
      message.error(errorText(err, "下载失败"));
    }
  }

  function remove(t: WordTemplateRecord) {
    confirmDelete({
      title: "确认删除",
      content: `确定要删除模板“${t.template_name}”吗？`,
      remove: () => deleteWordTemplate(t.id),
      after: load,
      failure: "删除失败",
    });
  }

  const columns: TableColumnsType<WordTemplateRecord> = [
    { title: "模板名称", dataIndex: "template_name" },
    { title: "原始文件名", dataIndex: "original_filename", ellipsis: true },
    { title: "描述", dataIndex: "description", ellipsis: true },
    {
      title: "变量",
      dataIndex: "variables",
      render: (vars: string[]) => vars.length ? vars.slice(0, 6).map((v) => <Tag key={v}>{v}</Tag>) : "无",
    },
    { title: "创建时间", dataIndex: "created_at", width: 180, render: (v: string) => formatTime(v) },
    {
      title: "操作",
      key: "actions",
      width: 180,
      render: (_: unknown, t) => (
        <Space>
          <Button size="small" icon={<DownloadOutlined />} onClick={() => download(t)}>下载</Button>
          <Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(t)}>删除</Button>
        </Space>
      ),
    },
  ];

  return (
    <TemplateTableCard
      title="Word模板"
      extra={
        <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploadOpen(true)}>上传模板</Button>
      }
      columns={columns}
      templates={templates}
      loading={loading}
    >
      {uploadOpen && (
        <WordUploadModal
          onClose={() => setUploadOpen(false)}
          onSaved={() => {
            setUploadOpen(false);
            void load();
          }}
        />
      )}
    </TemplateTableCard>
  );
}

interface UploadValues {
  templateName: string;
  description?: string;
}

/** The Word template upload dialog: a name (请输入模板名称), a description, one .docx. */
function WordUploadModal({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<UploadValues>();
  const [uploaded, setUploaded] = useState<TemplateUploadResult | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(values: UploadValues) {
    if (!uploaded) return void message.error("请先上传模板文件");
    setSaving(true);
    try {
      await saveWordTemplate({ ...values, filePath: uploaded.filePath });
      message.success("创建成功");
      onSaved();
    } catch (err) {
      message.error(errorText(err, "保存失败"));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title="上传Word模板"
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="templateName" label="模板名称" required rules={[zodRule(templateName)]}>
          <Input placeholder="请输入模板名称" maxLength={100} />
        </Form.Item>
        <Form.Item name="description" label="描述" rules={[zodRule(templateDescription)]}>
          <Input.TextArea rows={2} placeholder="模板用途说明（可选）" maxLength={500} />
        </Form.Item>
        <Form.Item label="模板文件" required>
          <TemplateUpload
            upload={uploadWordTemplate}
            onUploaded={(result) => {
              setUploaded(result);
              if (!form.getFieldValue("templateName")) {
                form.setFieldValue("templateName", result.fileName.replace(/\.docx$/i, ""));
              }
            }}
          />
          {uploaded && (
            <div style={{ marginTop: 8 }}>
              已上传：{uploaded.fileName}
              {uploaded.variables.length > 0 && (
                <div style={{ marginTop: 4 }}>{uploaded.variables.map((v) => <Tag key={v}>{v}</Tag>)}</div>
              )}
            </div>
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}
