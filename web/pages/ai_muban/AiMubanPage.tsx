import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  ReloadOutlined,
  UploadOutlined,
} from "@ant-design/icons";
import { App, Button, Card, Space, Table, type TableColumnsType, Tooltip } from "antd";
import { useCallback, useEffect, useState } from "react";
import { aiMubanFileName } from "../../../common/schemas/ai_muban.ts";
import {
  type AiMubanTemplate,
  deleteAiMubanTemplate,
  downloadAiMubanTemplate,
  listAiMubanTemplates,
} from "../../api/ai_muban.ts";
import { errorText } from "../../api/client.ts";
import { formatTime } from "../../components/format_time.ts";
import { saveBlob } from "../../components/save_file.ts";
import { VariableTags } from "../../components/TemplateLibrary.tsx";
import { MubanFormModal } from "./MubanFormModal.tsx";

/** /ai-muban (输出文书模板管理, part 4 §2): the Word templates case data fills. */
export function AiMubanPage() {
  const { message, modal } = App.useApp();
  const [templates, setTemplates] = useState<AiMubanTemplate[]>([]);
  const [loading, setLoading] = useState(false);
  const [target, setTarget] = useState<AiMubanTemplate | "new" | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setTemplates((await listAiMubanTemplates()).templates);
    } catch (err) {
      message.error(errorText(err, "获取模板列表失败"));
    } finally {
      setLoading(false);
    }
  }, [message]);

  useEffect(() => {
    void load();
  }, [load]);

  async function download(t: AiMubanTemplate) {
    try {
      const file = await downloadAiMubanTemplate(t.id);
      saveBlob(file.blob, aiMubanFileName(t.template_name));
    } catch (err) {
      message.error(errorText(err, "下载失败"));
    }
  }

  function remove(t: AiMubanTemplate) {
    modal.confirm({
      title: "确认删除",
      content: "确定要删除该模板吗？",
      okText: "删除",
      okButtonProps: { danger: true },
      cancelText: "取消",
      onOk: async () => {
        try {
          await deleteAiMubanTemplate(t.id);
          message.success("删除成功");
        } catch (err) {
          message.error(errorText(err, "删除模板失败"));
        }
        await load();
      },
    });
  }

  const columns: TableColumnsType<AiMubanTemplate> = [
    // Name and description get their own width (the variables' tags took it all: 描述 was one
    // character wide at 1440 px); long ones end in an ellipsis with the full text as a tooltip.
    { title: "模板名称", dataIndex: "template_name", width: 240, ellipsis: true },
    { title: "描述", dataIndex: "description", width: 240, ellipsis: true, render: (d: string) => d || "-" },
    {
      title: "变量",
      dataIndex: "variables",
      render: (variables: string[]) => <VariableTags variables={variables} max={6} />,
    },
    { title: "创建时间", dataIndex: "created_at", width: 180, render: (v: string) => formatTime(v) },
    {
      title: "操作",
      key: "actions",
      width: 220,
      render: (_, t) => (
        <Space size={0}>
          <Tooltip title={aiMubanFileName(t.template_name)}>
            <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => download(t)}>
              下载
            </Button>
          </Tooltip>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setTarget(t)}>编辑</Button>
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(t)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="输出文书模板管理"
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={load}>刷新</Button>
          <Button type="primary" icon={<UploadOutlined />} onClick={() => setTarget("new")}>上传模板</Button>
        </Space>
      }
    >
      <Table<AiMubanTemplate>
        rowKey="id"
        loading={loading}
        columns={columns}
        dataSource={templates}
        locale={{ emptyText: "暂无模板" }}
        pagination={{ showSizeChanger: true, showTotal: (n) => `共 ${n} 条` }}
        scroll={{ x: 1100 }}
      />
      <MubanFormModal target={target} onClose={() => setTarget(null)} onSaved={load} />
    </Card>
  );
}
