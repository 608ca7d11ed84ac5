import { DownOutlined, PlusOutlined } from "@ant-design/icons";
import {
  App,
  Button,
  Dropdown,
  Grid,
  Input,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from "antd";
import { useCallback, useEffect, useMemo, useState } from "react";
import { OCR_TEMPLATE_PAGE_SIZES, type OcrTemplate } from "../../../common/schemas/ocr.ts";
import { errorText } from "../../api/client.ts";
import {
  createOcrTemplate,
  deleteOcrTemplate,
  listOcrTemplatePresets,
  listOcrTemplates,
  type OcrTemplatePreset,
} from "../../api/ocr_extract.ts";
import { useConfirmDelete } from "../../components/confirm_delete.ts";
import { formatTime } from "../../components/format_time.ts";
import { TemplateFormModal } from "./TemplateFormModal.tsx";

interface Props {
  onChoose: (template: OcrTemplate) => void;
}

/** Step 0: the user's templates, searchable and paged (10/20/30/50), with create/edit/delete and presets. */
export function TemplateStep({ onChoose }: Props) {
  const { message } = App.useApp();
  const confirmDelete = useConfirmDelete();
  const [templates, setTemplates] = useState<OcrTemplate[]>([]);
  const [presets, setPresets] = useState<OcrTemplatePreset[]>([]);
  const [loading, setLoading] = useState(true);
  const [keyword, setKeyword] = useState("");
  const [editing, setEditing] = useState<OcrTemplate | null>(null);
  const [formOpen, setFormOpen] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setTemplates((await listOcrTemplates()).templates);
    } catch {
      message.error("获取模板列表失败");
    } finally {
      setLoading(false);
    }
  }, [message]);
  useEffect(() => {
    void load();
    listOcrTemplatePresets().then((r) => setPresets(r.presets), () => {});
  }, [load]);

  const shown = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    return k
      ? templates.filter((t) => t.name.toLowerCase().includes(k) || t.description.toLowerCase().includes(k))
      : templates;
  }, [templates, keyword]);

  async function copyPreset(key: string) {
    const p = presets.find((x) => x.key === key);
    if (!p) return;
    try {
      await createOcrTemplate({ name: p.name, description: p.description, fields: p.fields });
      message.success("创建成功");
      await load();
    } catch (err) {
      message.error(errorText(err, "保存失败"));
    }
  }

  const narrow = Grid.useBreakpoint().md === false;
  const columns: TableColumnsType<OcrTemplate> = [
    {
      title: "模板名称",
      dataIndex: "name",
      width: narrow ? 150 : 200,
      // On a phone the wide table scrolls: 使用此模板 stays in reach under the name.
      render: (name: string, t) =>
        narrow
          ? (
            <Space orientation="vertical" size={4}>
              <span>{name}</span>
              <Button size="small" type="primary" onClick={() => onChoose(t)}>使用此模板</Button>
            </Space>
          )
          : name,
    },
    { title: "描述", dataIndex: "description", ellipsis: true },
    {
      title: "提取字段",
      key: "fields",
      width: 320,
      // The tags wrap inside their cell (they spilled over 创建时间 when cut as one line).
      render: (_: unknown, t) => (
        <Space size={[4, 4]} wrap>
          {t.fields.slice(0, 6).map((f) => <Tag key={f.key} style={{ marginInlineEnd: 0 }}>{f.label}</Tag>)}
          {t.fields.length > 6 && <Typography.Text type="secondary">等 {t.fields.length} 项</Typography.Text>}
        </Space>
      ),
    },
    { title: "创建时间", dataIndex: "created_at", width: 170, render: (v: string) => formatTime(v) },
    {
      title: "操作",
      key: "actions",
      width: narrow ? 130 : 230,
      render: (_: unknown, t) => (
        <Space>
          {!narrow && <Button size="small" type="primary" onClick={() => onChoose(t)}>使用此模板</Button>}
          <Button size="small" onClick={() => (setEditing(t), setFormOpen(true))}>编辑</Button>
          <Button
            size="small"
            danger
            onClick={() =>
              confirmDelete({
                title: "删除模板",
                content: `确定要删除模板“${t.name}”吗？相关的识别记录也会一并删除。`,
                remove: () => deleteOcrTemplate(t.id),
                after: load,
                failure: "删除模板失败",
              })}
          >
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Space wrap>
        <Input.Search
          placeholder="搜索模板名称或描述"
          allowClear
          onSearch={setKeyword}
          onChange={(e) => setKeyword(e.target.value)}
          style={{ width: 280 }}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => (setEditing(null), setFormOpen(true))}>
          新建模板
        </Button>
        {presets.length > 0 && (
          <Dropdown
            trigger={["click"]}
            menu={{
              items: presets.map((p) => ({ key: p.key, label: p.name })),
              onClick: (e) => void copyPreset(e.key),
            }}
          >
            <Button>
              从预置模板创建 <DownOutlined />
            </Button>
          </Dropdown>
        )}
      </Space>
      <Table
        rowKey="id"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={shown}
        pagination={{ defaultPageSize: 10, pageSizeOptions: OCR_TEMPLATE_PAGE_SIZES, showSizeChanger: true }}
        locale={{ emptyText: "暂无模板，请新建或从预置模板创建" }}
        scroll={{ x: 760 }}
      />
      <TemplateFormModal
        open={formOpen}
        editing={editing}
        onClose={() => setFormOpen(false)}
        onSaved={() => {
          setFormOpen(false);
          void load();
        }}
      />
    </Space>
  );
}
