import { Card, Table, Tag } from "antd";
import type { FolderRecordView, RunSummary } from "../../api/custom_ocr.ts";
import { formatTime } from "../../components/format_time.ts";
import { STATUS } from "./columns.tsx";

/** A case folder's runs, newest first: this record's run, then the earlier ones (issue #27 item 6). */
export function RunHistory({ record }: { record: FolderRecordView }) {
  const current: RunSummary = {
    id: record.id,
    status: record.status,
    created_at: record.created_at,
    files: record.files.length,
    files_read: record.ai_uses_charged,
    ai_uses_charged: record.ai_uses_charged,
    ai_uses_refunded: record.ai_uses_refunded,
  };
  return (
    <Card size="small" title="处理历史" style={{ marginTop: 16 }}>
      <Table<RunSummary>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: "max-content" }}
        dataSource={[current, ...(record.history ?? [])]}
        columns={[
          {
            title: "处理时间",
            dataIndex: "created_at",
            render: (v: string, r) => (
              <>
                {formatTime(v)} {r.id === record.id && <Tag color="blue">当前结果</Tag>}
              </>
            ),
          },
          {
            title: "状态",
            dataIndex: "status",
            render: (s: keyof typeof STATUS) => <Tag color={STATUS[s].color}>{STATUS[s].label}</Tag>,
          },
          { title: "文件数", dataIndex: "files" },
          {
            title: "本次识别",
            dataIndex: "files_read",
            render: (n: number, r) => (n < r.files ? `${n} 个（其余沿用上次）` : `${n} 个`),
          },
          {
            title: "AI使用次数",
            key: "uses",
            render: (_, r) => r.ai_uses_charged - r.ai_uses_refunded,
          },
        ]}
      />
    </Card>
  );
}
