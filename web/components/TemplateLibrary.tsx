import { DeleteOutlined, DownloadOutlined, EyeOutlined, ReloadOutlined } from "@ant-design/icons";
import { App, Button, Card, Empty, Modal, Space, Table, type TableColumnsType, Tag, Typography } from "antd";
import dayjs from "dayjs";
import { useCallback, useEffect, useState } from "react";
import { errorText } from "../api/client.ts";
import type { ManagerTemplate, TemplateLibraryApi } from "../api/templates.ts";
import { saveBlob } from "./save_file.ts";
import { templateDownloadErrorText } from "./template_download.ts";
import { TemplateUpload } from "./TemplateUpload.tsx";
import { useLatestRequest } from "./latest_request.ts";

/** Tags shown in the list before "+N". */
const LISTED_VARIABLES = 6;

interface Props {
  api: TemplateLibraryApi;
  /** The system manager previews a template's variables; the personal one does not (part 2 §2.6). */
  preview: boolean;
  /** 获取模板列表失败 or 获取个人模板列表失败. */
  listErrorText: string;
  uploadTitle: string;
  listTitle: string;
}

/** A template's variables as placeholder tags, e.g. ${申请人}. */
export function VariableTags({ variables, max }: { variables: readonly string[]; max?: number }) {
  if (variables.length === 0) return <Typography.Text type="secondary">无变量</Typography.Text>;
  const shown = max === undefined ? variables : variables.slice(0, max);
  return (
    <Space size={[4, 4]} wrap>
      {shown.map((name) => <Tag key={name} color="blue">{"${" + name + "}"}</Tag>)}
      {shown.length < variables.length && <Tag>+{variables.length - shown.length}</Tag>}
    </Space>
  );
}

/**
 * A template manager (part 2 §2.5, §2.6): an upload card, the template list (name, upload time,
 * variables, download, preview, delete) and a refresh button.
 */
export function TemplateLibrary({ api, preview, listErrorText, uploadTitle, listTitle }: Props) {
  const { message, modal } = App.useApp();
  const [templates, setTemplates] = useState<ManagerTemplate[]>([]);
  const [loading, setLoading] = useState(false);
  const [previewing, setPreviewing] = useState<ManagerTemplate | null>(null);

  const begin = useLatestRequest();

  const load = useCallback(async () => {
    const current = begin();
    setLoading(true);
    try {
      const { templates } = await api.list();
      if (current()) setTemplates(templates ?? []);
    } catch (err) {
      if (current()) message.error(errorText(err, listErrorText));
    } finally {
      if (current()) setLoading(false);
    }
  }, [begin, api, listErrorText, message]);

  useEffect(() => void load(), [load]);

  async function download(template: ManagerTemplate) {
    try {
      const { blob, fileName } = await api.download(template.id);
      saveBlob(blob, fileName ?? template.fileName);
    } catch (err) {
      message.error(templateDownloadErrorText(err));
    }
  }

  function confirmDelete(template: ManagerTemplate) {
    modal.confirm({
      title: "确认删除",
      content: `确定要删除模板“${template.fileName}”吗？`,
      okText: "删除",
      okButtonProps: { danger: true },
      cancelText: "取消",
      onOk: async () => {
        try {
          await api.remove(template.id);
          message.success("删除成功");
          await load();
        } catch (err) {
          message.error(errorText(err, "删除失败"));
        }
      },
    });
  }

  const columns: TableColumnsType<ManagerTemplate> = [
    { title: "模板名称", dataIndex: "fileName", ellipsis: true },
    {
      title: "上传时间",
      dataIndex: "uploadTime",
      width: 180,
      render: (value: string) => dayjs(value).format("YYYY-MM-DD HH:mm:ss"),
    },
    {
      title: "变量",
      dataIndex: "variables",
      render: (variables: string[]) => <VariableTags variables={variables} max={LISTED_VARIABLES} />,
    },
    {
      title: "操作",
      key: "actions",
      width: preview ? 260 : 190,
      render: (_: unknown, template) => (
        <Space>
          <Button size="small" icon={<DownloadOutlined />} onClick={() => download(template)}>下载</Button>
          {preview && (
            <Button size="small" icon={<EyeOutlined />} onClick={() => setPreviewing(template)}>预览</Button>
          )}
          <Button size="small" danger icon={<DeleteOutlined />} onClick={() => confirmDelete(template)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <Card title={uploadTitle}>
        <TemplateUpload upload={api.upload} onUploaded={() => void load()} />
      </Card>
      <Card
        title={listTitle}
        extra={<Button icon={<ReloadOutlined />} onClick={() => void load()} loading={loading}>刷新</Button>}
      >
        <Table
          rowKey="id"
          columns={columns}
          dataSource={templates}
          loading={loading}
          pagination={false}
          scroll={{ x: 640 }}
          locale={{ emptyText: <Empty description="暂无模板" /> }}
        />
      </Card>
      {preview && (
        <Modal
          open={previewing !== null}
          title={`模板变量：${previewing?.fileName ?? ""}`}
          footer={<Button onClick={() => setPreviewing(null)}>关闭</Button>}
          onCancel={() => setPreviewing(null)}
        >
          {previewing && (
            <Space orientation="vertical" style={{ width: "100%" }}>
              <Typography.Text type="secondary">
                共 {previewing.variables.length} 个变量（按文档中出现的顺序）
              </Typography.Text>
              <VariableTags variables={previewing.variables} />
            </Space>
          )}
        </Modal>
      )}
    </Space>
  );
}
