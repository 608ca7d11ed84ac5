import { Alert, Button, Card, Descriptions, Table, Tag, Typography } from "antd";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { OcrBatchResult } from "../../../common/schemas/ocr.ts";
import type { FolderRecordView } from "../../api/custom_ocr.ts";
import { getBatchResult } from "../../api/ocr_extract.ts";
import { formatTime } from "../../components/format_time.ts";
import { runType, SCREEN_OF, STATUS, TYPES } from "./columns.tsx";

/**
 * An OCR识别 run or OCR信息提取 batch in AI处理记录: its files and their outcome. Its owner reopens an
 * OCR识别 run in /ocr (listed there among the earlier runs, with its text and downloads) and sees an
 * OCR信息提取 batch's merged values with their source files here (the wizard does not reopen batches).
 */
export function RunFilesDetail({ record, own }: { record: FolderRecordView; own: boolean }) {
  const navigate = useNavigate();
  const [result, setResult] = useState<OcrBatchResult | null>(null);
  useEffect(() => {
    setResult(null);
    if (!own || record.kind !== "ocr_extract" || record.status !== "completed") return;
    getBatchResult(record.id).then((r) => setResult(r.result), () => setResult(null));
  }, [own, record.id, record.kind, record.status]);
  const screen = SCREEN_OF[record.kind];
  const status = STATUS[record.status];
  return (
    <>
      <Descriptions size="small" column={2} bordered style={{ marginBottom: 12 }}>
        <Descriptions.Item label="类型">{TYPES[runType(record)]}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={status.color}>{status.label}</Tag>
        </Descriptions.Item>
        {record.rule_name && <Descriptions.Item label="模板">{record.rule_name}</Descriptions.Item>}
        <Descriptions.Item label="AI使用次数">
          扣除 {record.ai_uses_charged}，退回 {record.ai_uses_refunded}
        </Descriptions.Item>
        <Descriptions.Item label="创建时间">{formatTime(record.created_at)}</Descriptions.Item>
        <Descriptions.Item label="更新时间">{formatTime(record.updated_at)}</Descriptions.Item>
      </Descriptions>
      {record.error_message && <Alert type="error" showIcon message={record.error_message} />}
      <Table
        rowKey="fileName"
        size="small"
        pagination={false}
        dataSource={record.files}
        columns={[
          { title: "文件名", dataIndex: "fileName" },
          {
            title: "状态",
            dataIndex: "status",
            width: 90,
            render: (s: keyof typeof STATUS) => <Tag color={STATUS[s]?.color}>{STATUS[s]?.label ?? s}</Tag>,
          },
          { title: "说明", dataIndex: "error", render: (v: string | null) => v ?? "" },
        ]}
      />
      {result && (
        <Card size="small" title="提取结果" style={{ marginTop: 12 }}>
          <Table
            rowKey="key"
            size="small"
            pagination={false}
            dataSource={result.fieldOrder.map((key) => ({ key, ...result.mergedResult[key] }))}
            columns={[
              { title: "字段", dataIndex: "label", width: 160 },
              {
                title: "值",
                dataIndex: "value",
                render: (v: string | null) => v ?? <Typography.Text type="secondary">未找到</Typography.Text>,
              },
              {
                title: "来源",
                dataIndex: "sourceFile",
                render: (v: string | null, f) =>
                  f.method === "manual" ? <Tag>手动输入</Tag> : v ? <Tag>{v}</Tag> : null,
              },
            ]}
          />
        </Card>
      )}
      {own && record.kind === "ocr" && (
        <Button
          type="primary"
          style={{ marginTop: 12 }}
          onClick={() => navigate(screen.path)}
        >
          在{screen.title}中打开
        </Button>
      )}
    </>
  );
}
