import { CopyOutlined, ExportOutlined } from "@ant-design/icons";
import {
  App,
  Button,
  DatePicker,
  Modal,
  Popconfirm,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
} from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useCallback, useEffect, useState } from "react";
import { errorText } from "../../api/client.ts";
import {
  getPdfHistory,
  type PdfLinkRecord,
  revokePdfLink,
  setPdfLinkExpiry,
} from "../../api/pdf_converter.ts";
import { formatBatchNo } from "../../components/batch_no.ts";
import { formatBytes } from "../../components/format_bytes.ts";
import { formatTime } from "../../components/format_time.ts";
import { exportPdfRecords, linkStateText } from "./pdf_selection.ts";
import { LinkCell } from "./LinkCell.tsx";
import { useCopyLink } from "./UploadTab.tsx";

const STATE_COLORS: Record<string, string> = { 有效: "success", 已过期: "warning", 已撤销: "default" };

/**
 * A PDF batch's detail (part 2 §2.3 History): the first 10 records (original file name, link, size,
 * time, copy link) and the export of the full batch. Beyond the spec: each link's opens (count and
 * last time), an expiry date and revocation.
 */
export function PdfBatchDetailModal({ batchNo, onClose }: { batchNo: string; onClose: () => void }) {
  const { message } = App.useApp();
  const copyLink = useCopyLink();
  const [records, setRecords] = useState<PdfLinkRecord[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [exporting, setExporting] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const { data } = await getPdfHistory(batchNo);
      setRecords(data.records ?? []);
      setTotal(data.total ?? 0);
    } catch (err) {
      message.error(errorText(err, "获取批次详情失败"));
    } finally {
      setLoading(false);
    }
  }, [batchNo, message]);

  useEffect(() => void load(), [load]);

  function replace(record: PdfLinkRecord) {
    setRecords((list) => list.map((r) => (r.id === record.id ? record : r)));
  }

  async function exportAll() {
    setExporting(true);
    try {
      const { data } = await getPdfHistory(batchNo, true);
      if (!data.records?.length) message.warning("没有可导出的数据");
      else await exportPdfRecords(`PDF链接_${batchNo}.xlsx`, data.records);
    } catch (err) {
      message.error(errorText(err, "导出失败"));
    } finally {
      setExporting(false);
    }
  }

  async function changeExpiry(record: PdfLinkRecord, value: Dayjs | null) {
    try {
      const { record: next } = await setPdfLinkExpiry(record.id, value ? value.toISOString() : null);
      replace(next);
      message.success(value ? "有效期已设置" : "已设为永久有效");
    } catch (err) {
      message.error(errorText(err, "设置有效期失败"));
    }
  }

  async function revoke(record: PdfLinkRecord) {
    try {
      replace((await revokePdfLink(record.id)).record);
      message.success("链接已撤销");
    } catch (err) {
      message.error(errorText(err, "撤销失败"));
    }
  }

  const columns: TableColumnsType<PdfLinkRecord> = [
    {
      title: "原文件名",
      dataIndex: "original_filename",
      width: 200,
      ellipsis: { showTitle: false },
      render: (name: string) => <Tooltip placement="topLeft" title={name}>{name}</Tooltip>,
    },
    {
      title: "访问链接",
      dataIndex: "access_url",
      render: (url: string) => <LinkCell url={url} />,
    },
    { title: "文件大小", dataIndex: "file_size", width: 90, render: (v: number) => formatBytes(v) },
    { title: "上传时间", dataIndex: "created_at", width: 170, render: (v: string) => formatTime(v) },
    {
      title: "打开次数",
      key: "opens",
      width: 90,
      render: (_: unknown, r) => (
        <Tooltip title={r.last_opened_at ? `最后打开：${formatTime(r.last_opened_at)}` : "尚未打开"}>
          <span>{r.open_count} 次</span>
        </Tooltip>
      ),
    },
    {
      title: "有效期至",
      key: "expiry",
      width: 200,
      render: (_: unknown, r) => (
        <DatePicker
          size="small"
          showTime
          placeholder="永久有效"
          disabled={r.revoked_at !== null}
          value={r.expires_at ? dayjs(r.expires_at) : null}
          onChange={(value) => void changeExpiry(r, value)}
        />
      ),
    },
    {
      title: "状态",
      key: "state",
      width: 80,
      render: (_: unknown, r) => {
        const text = linkStateText(r);
        return <Tag color={STATE_COLORS[text]}>{text}</Tag>;
      },
    },
    {
      title: "操作",
      key: "actions",
      width: 170,
      render: (_: unknown, r) => (
        <Space>
          <Button size="small" icon={<CopyOutlined />} onClick={() => copyLink(r.access_url)}>
            复制链接
          </Button>
          <Popconfirm
            title="撤销后该链接将无法再打开，确定撤销吗？"
            okText="撤销"
            cancelText="取消"
            disabled={r.revoked_at !== null}
            onConfirm={() => revoke(r)}
          >
            <Button size="small" danger disabled={r.revoked_at !== null}>撤销</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Modal
      open
      width="min(1400px, calc(100vw - 32px))"
      title={`批次详情：${formatBatchNo(batchNo)}`}
      onCancel={onClose}
      footer={
        <Space>
          <Button icon={<ExportOutlined />} loading={exporting} onClick={exportAll}>导出完整批次</Button>
          <Button onClick={onClose}>关闭</Button>
        </Space>
      }
    >
      <Table
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={records}
        loading={loading}
        pagination={false}
        scroll={{ x: 1300 }}
      />
      {total > records.length && (
        <div style={{ marginTop: 8, color: "#888" }}>
          仅显示前 {records.length} 条，共 {total} 条，完整列表请导出
        </div>
      )}
    </Modal>
  );
}
