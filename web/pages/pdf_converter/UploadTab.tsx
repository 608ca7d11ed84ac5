import { ClearOutlined, CopyOutlined, ExportOutlined, InboxOutlined } from "@ant-design/icons";
import { Alert, App, Button, Space, Table, type TableColumnsType, Tooltip, Typography, Upload } from "antd";
import { useRef, useState } from "react";
import { PDF_CURRENT_LIST_ROWS } from "../../../common/constants.ts";
import { batchNoOf } from "../../../common/schemas/pdf_links.ts";
import { ApiError, errorText } from "../../api/client.ts";
import { checkLimit } from "../../api/member.ts";
import { type PdfLinkRecord, uploadPdf } from "../../api/pdf_converter.ts";
import { copyText } from "../../components/copy_text.ts";
import { formatTime } from "../../components/format_time.ts";
import { LinkCell } from "./LinkCell.tsx";
import { exportPdfRecords, PDF_ONLY_TEXT, planPdfSelection, USED_UP_TEXT } from "./pdf_selection.ts";

interface Props {
  /** Remaining pdf_convert uses; null while loading or when the load failed. */
  remaining: number | null;
  setRemaining: (update: (n: number) => number) => void;
}

/** Copies a link with the spec's messages (链接已复制 / 复制失败). */
export function useCopyLink() {
  const { message } = App.useApp();
  return async (url: string) => {
    if (await copyText(url)) message.success("链接已复制");
    else message.error("复制失败");
  };
}

/** Part 2 §2.3 Upload tab: the remaining-uses banner, drag upload, the current batch list and its export. */
export function UploadTab({ remaining, setRemaining }: Props) {
  const { message } = App.useApp();
  const copyLink = useCopyLink();
  const [records, setRecords] = useState<PdfLinkRecord[]>([]);
  const [uploading, setUploading] = useState(0);
  const batchNo = useRef<string | null>(null);
  const left = useRef(remaining ?? 0);
  left.current = remaining ?? 0;

  /** antd calls beforeUpload once per file with the whole selection: act on the selection once. */
  function beforeUpload(file: File, fileList: File[]) {
    if (file === fileList[0]) void startSelection(fileList);
    return false;
  }

  async function startSelection(files: File[]) {
    const plan = planPdfSelection(files, left.current);
    if (plan.notPdf.length) message.error(PDF_ONLY_TEXT);
    for (const f of plan.tooLarge) message.error(`${f.name}：文件大小不能超过50MB`);
    if (plan.usedUp) return void message.error(USED_UP_TEXT);
    if (!plan.accepted.length) return;
    if (plan.capWarning) message.warning(plan.capWarning);
    try {
      await checkLimit({ type: "pdf_convert", amount: plan.accepted.length });
    } catch (err) {
      if (err instanceof ApiError && err.status > 0) message.error(err.serverMessage || "使用次数不足");
      else message.error("检查使用限制失败");
      return;
    }
    batchNo.current ??= batchNoOf(Date.now());
    const batch = batchNo.current;
    setUploading((n) => n + plan.accepted.length);
    for (const f of plan.accepted) {
      setRemaining((n) => n - 1);
      try {
        const result = await uploadPdf(f, batch);
        if (batchNo.current === batch) setRecords((list) => [...list, result.record]);
      } catch (err) {
        setRemaining((n) => n + 1);
        message.error(`${f.name}：${errorText(err, "上传失败，请重试")}`);
      } finally {
        setUploading((n) => n - 1);
      }
    }
  }

  async function exportCurrent() {
    if (!records.length) return void message.warning("没有可导出的数据");
    try {
      await exportPdfRecords(`PDF链接_${batchNo.current ?? "当前批次"}.xlsx`, records);
    } catch {
      message.error("导出失败");
    }
  }

  function clearList() {
    setRecords([]);
    batchNo.current = null;
  }

  const columns: TableColumnsType<PdfLinkRecord> = [
    {
      title: "文件名",
      dataIndex: "original_filename",
      width: 240,
      ellipsis: { showTitle: false },
      render: (name: string) => <Tooltip placement="topLeft" title={name}>{name}</Tooltip>,
    },
    {
      title: "访问链接",
      dataIndex: "access_url",
      render: (url: string) => <LinkCell url={url} />,
    },
    { title: "上传时间", dataIndex: "created_at", width: 180, render: (v: string) => formatTime(v) },
    {
      title: "操作",
      key: "copy",
      width: 110,
      render: (_: unknown, r) => (
        <Button
          size="small"
          icon={<CopyOutlined />}
          onClick={() => copyLink(r.access_url)}
        >
          复制链接
        </Button>
      ),
    },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      {remaining !== null && (remaining <= 0
        ? <Alert type="error" showIcon message={USED_UP_TEXT} />
        : (
          <Alert type="info" showIcon message={`剩余PDF转换次数：${remaining} 次（每个PDF文件消耗 1 次）`} />
        ))}
      <Upload.Dragger
        multiple
        accept=".pdf,application/pdf"
        showUploadList={false}
        beforeUpload={beforeUpload}
        disabled={remaining === null}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击或拖拽PDF文件到此区域上传</p>
        <p className="ant-upload-hint">支持批量上传，每个文件生成一个访问链接</p>
      </Upload.Dragger>
      {(records.length > 0 || uploading > 0) && (
        <Alert
          type="success"
          showIcon
          message={`成功上传 ${records.length} 个文件${uploading > 0 ? `，正在上传 ${uploading} 个…` : ""}`}
        />
      )}
      <Space>
        <Button icon={<ExportOutlined />} onClick={exportCurrent}>导出当前批次</Button>
        <Button icon={<ClearOutlined />} onClick={clearList}>清空列表</Button>
      </Space>
      <Table
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={records.slice(0, PDF_CURRENT_LIST_ROWS)}
        pagination={false}
        scroll={{ x: 800 }}
        locale={{ emptyText: "暂无上传文件" }}
      />
      {records.length > PDF_CURRENT_LIST_ROWS && (
        <Typography.Text type="secondary">
          仅显示前 {PDF_CURRENT_LIST_ROWS} 条，共 {records.length} 条，完整列表请点击“导出当前批次”
        </Typography.Text>
      )}
    </Space>
  );
}
