import { DownloadOutlined, ExportOutlined } from "@ant-design/icons";
import { App, Button, Dropdown, Modal, Space, Table, type TableColumnsType, Tag, Typography } from "antd";
import { useEffect, useState } from "react";
import { errorText } from "../../api/client.ts";
import { getBatchHistory, type HistoryRecord, type ZipKind } from "../../api/mediation.ts";
import { formatBatchNo } from "../../components/batch_no.ts";
import { saveBatchZip, ZIP_LABELS } from "./downloads.ts";
import { exportHistory } from "./export_records.ts";

/** The export of one history batch: every record, as 生成记录_<batch_no>.xlsx. */
export async function exportBatchRecords(batchNo: string): Promise<void> {
  const { data } = await getBatchHistory(batchNo, true);
  await exportHistory(`生成记录_${batchNo}.xlsx`, data.records ?? []);
}

function openLink(url: string) {
  globalThis.open(url, "_blank", "noopener");
}

/**
 * A generation batch's detail (part 2 §2.4 History): the first 10 records (file name, applicant,
 * respondent, case number, open Word, open PDF), export of the full batch, and the batch zip.
 */
export function BatchDetailModal({ batchNo, onClose }: { batchNo: string; onClose: () => void }) {
  const { message } = App.useApp();
  const [records, setRecords] = useState<HistoryRecord[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    getBatchHistory(batchNo).then(({ data }) => {
      if (cancelled) return;
      setRecords(data.records ?? []);
      setTotal(data.total ?? 0);
    }, (err) => !cancelled && message.error(errorText(err, "获取批次详情失败")))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [batchNo, message]);

  async function exportAll() {
    setBusy(true);
    try {
      await exportBatchRecords(batchNo);
    } catch (err) {
      message.error(errorText(err, "导出失败"));
    } finally {
      setBusy(false);
    }
  }

  async function zip(kind: ZipKind) {
    setBusy(true);
    const problem = await saveBatchZip(batchNo, kind);
    setBusy(false);
    if (problem) message.error(problem);
  }

  const columns: TableColumnsType<HistoryRecord> = [
    { title: "文件名", dataIndex: "file_name", ellipsis: { showTitle: true } },
    { title: "申请人", dataIndex: "applicant", width: 110, ellipsis: { showTitle: true } },
    { title: "被申请人", dataIndex: "respondent", width: 130, ellipsis: { showTitle: true } },
    { title: "案号", dataIndex: "case_number", width: 210 },
    {
      title: "操作",
      key: "actions",
      width: 190,
      render: (_: unknown, r) =>
        r.status === "failed"
          ? <Tag color="error" title={r.error}>失败：{r.error ?? "生成失败"}</Tag>
          : (
            <Space>
              <Button size="small" disabled={!r.word_url} onClick={() => openLink(r.word_url)}>
                打开Word
              </Button>
              <Button size="small" disabled={!r.pdf_url} onClick={() => openLink(r.pdf_url)}>打开PDF</Button>
            </Space>
          ),
    },
  ];

  return (
    <Modal
      open
      width={1040}
      title={`批次详情：${formatBatchNo(batchNo)}`}
      onCancel={onClose}
      footer={
        <Space>
          <Dropdown
            trigger={["click"]}
            menu={{
              items: (["word", "pdf", "both"] as const).map((kind) => ({
                key: kind,
                label: `打包下载 ${ZIP_LABELS[kind]}`,
              })),
              onClick: ({ key }) => void zip(key as ZipKind),
            }}
          >
            <Button icon={<DownloadOutlined />} loading={busy}>打包下载</Button>
          </Dropdown>
          <Button type="primary" icon={<ExportOutlined />} loading={busy} onClick={exportAll}>
            导出完整批次
          </Button>
          <Button onClick={onClose}>关闭</Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        共 {total} 条记录{total > records.length ? `，此处显示前 ${records.length} 条，完整记录请导出` : ""}
      </Typography.Paragraph>
      <Table
        rowKey="row"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={records}
        pagination={false}
      />
    </Modal>
  );
}
