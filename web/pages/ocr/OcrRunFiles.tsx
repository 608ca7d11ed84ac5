import { Button, Progress, Space, Table, type TableColumnsType, Tag, Typography } from "antd";
import type { OcrRunFileView, OcrRunView } from "../../../common/schemas/ocr.ts";
import { formatBytes } from "../../components/format_bytes.ts";

const STATUS: Record<OcrRunFileView["status"], { color: string; label: string }> = {
  pending: { color: "default", label: "等待中" },
  processing: { color: "processing", label: "识别中" },
  completed: { color: "success", label: "已完成" },
  failed: { color: "error", label: "失败" },
};

interface Props {
  run: OcrRunView;
  selected: number | null;
  onSelect: (index: number) => void;
}

/** The run's overall progress and one row per file (status, pages, error, 查看). */
export function OcrRunFiles({ run, selected, onSelect }: Props) {
  const columns: TableColumnsType<OcrRunFileView> = [
    { title: "文件名", dataIndex: "fileName", ellipsis: true },
    { title: "大小", dataIndex: "size", width: 100, render: (n: number) => formatBytes(n) },
    {
      title: "状态",
      dataIndex: "status",
      width: 110,
      render: (s: OcrRunFileView["status"]) => <Tag color={STATUS[s].color}>{STATUS[s].label}</Tag>,
    },
    {
      title: "说明",
      key: "note",
      ellipsis: true,
      render: (_: unknown, f) =>
        f.status === "failed"
          ? <Typography.Text type="danger">{`处理文件 ${f.fileName} 失败：${f.error ?? ""}`}</Typography.Text>
          : f.pageCount !== undefined
          ? `${f.pageCount} 页`
          : f.pagesTotal
          ? `已读 ${f.pagesDone ?? 0}/${f.pagesTotal} 页`
          : "",
    },
    {
      title: "操作",
      key: "view",
      width: 90,
      render: (_: unknown, f) => (
        <Button
          size="small"
          type={selected === f.index ? "primary" : "default"}
          disabled={f.status !== "completed"}
          onClick={() => onSelect(f.index)}
        >
          查看
        </Button>
      ),
    },
  ];
  const percent = run.total ? Math.round((run.done / run.total) * 100) : 0;
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Progress
        percent={percent}
        status={run.status === "processing" ? "active" : run.failed === run.total ? "exception" : "success"}
        format={() => `${run.done}/${run.total}`}
      />
      <Table
        rowKey="index"
        size="small"
        columns={columns}
        dataSource={run.files}
        pagination={false}
        scroll={{ x: 640 }}
      />
    </Space>
  );
}
