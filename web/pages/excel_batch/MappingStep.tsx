import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { App, Button, Select, Space, Table, type TableColumnsType, Typography } from "antd";
import { useEffect, useState } from "react";
import { errorText } from "../../api/client.ts";
import { listMappingTemplates, type MappingTemplateRecord } from "../../api/excel_templates.ts";
import { type MappingRow, mappingsFromTemplate, rowKey } from "./wizard_logic.ts";

interface Props {
  headers: string[];
  variables: string[];
  rows: MappingRow[];
  onChange: (rows: MappingRow[]) => void;
}

/** Step 2 (part 2 §2.1): Excel header → template variable rows, or a saved mapping template. */
export function MappingStep({ headers, variables, rows, onChange }: Props) {
  const { message } = App.useApp();
  const [templates, setTemplates] = useState<MappingTemplateRecord[]>([]);

  useEffect(() => {
    listMappingTemplates().then(
      (r) => setTemplates(r.templates),
      (err) => message.error(errorText(err, "获取模板列表失败")),
    );
  }, [message]);

  function pickTemplate(id: string) {
    const template = templates.find((t) => t.id === id);
    if (!template) return;
    const { rows: picked, dropped } = mappingsFromTemplate(template, { headers, variables });
    if (picked.length === 0) return void message.warning("该映射模板中的字段与当前Excel或模板都不匹配");
    onChange(picked);
    if (dropped > 0) message.warning(`已忽略 ${dropped} 个与当前Excel或模板不匹配的字段映射`);
  }

  function update(key: string, patch: Partial<MappingRow>) {
    onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  }

  const columns: TableColumnsType<MappingRow> = [
    {
      title: "Excel表头",
      dataIndex: "excelField",
      render: (value: string, row) => (
        <Select
          aria-label="Excel表头"
          placeholder="选择Excel表头"
          value={value || undefined}
          options={headers.map((h) => ({ value: h, label: h }))}
          onChange={(v: string) => update(row.key, { excelField: v })}
          style={{ width: "100%" }}
        />
      ),
    },
    {
      title: "模板变量",
      dataIndex: "templateField",
      render: (value: string, row) => (
        <Select
          aria-label="模板变量"
          placeholder="选择模板变量"
          value={value || undefined}
          options={variables.map((v) => ({ value: v, label: "${" + v + "}" }))}
          onChange={(v: string) => update(row.key, { templateField: v })}
          style={{ width: "100%" }}
        />
      ),
    },
    {
      title: "操作",
      width: 90,
      render: (_, row) => (
        <Button
          type="link"
          danger
          icon={<DeleteOutlined />}
          onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
        >
          删除
        </Button>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <Space wrap>
        <Select
          aria-label="映射模板"
          placeholder="选择已保存的映射模板（可选）"
          allowClear
          style={{ width: 300 }}
          options={templates.map((t) => ({ value: t.id, label: t.template_name }))}
          onChange={(id?: string) => id && pickTemplate(id)}
        />
        <Typography.Text type="secondary">每一行都需要选择Excel表头和模板变量</Typography.Text>
      </Space>
      <Table rowKey="key" size="small" columns={columns} dataSource={rows} pagination={false} />
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        onClick={() => onChange([...rows, { key: rowKey(), excelField: "", templateField: "" }])}
      >
        添加映射
      </Button>
    </Space>
  );
}
