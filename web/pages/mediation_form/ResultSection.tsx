import {
  DownloadOutlined,
  ExportOutlined,
  FilePdfOutlined,
  FileWordOutlined,
  RedoOutlined,
} from "@ant-design/icons";
import { Alert, App, Button, Dropdown, Space, Table, type TableColumnsType, Tooltip, Typography } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { GENERATED_LIST_FILE_NAME, GENERATION_PREVIEW_ROWS } from "../../../common/constants.ts";
import type { GenerationResult, RowError, ZipKind } from "../../api/mediation.ts";
import { saveBatchZip, saveGeneratedFile, ZIP_LABELS } from "./downloads.ts";
import { exportResults } from "./export_records.ts";

/**
 * The fixed columns (120 + 110 + 180 + 160 + 90 + 210) plus 200 px for the file name: the table fits
 * a 1440 px window beside the side menu and scrolls inside its card only below that.
 */
const RESULT_TABLE_MIN_WIDTH = 1070;

/** A cut-off cell shows its whole text on hover. */
function withTooltip(text: string) {
  return (
    <Tooltip placement="topLeft" title={text}>
      <span>{text}</span>
    </Tooltip>
  );
}

interface Props {
  batchNo: string;
  files: GenerationResult[];
  errors: RowError[];
  /** Rows are still being generated (no retry yet). */
  running: boolean;
  onRetryFailed: () => Promise<void>;
}

/**
 * Step 3 (part 2 §2.4): the first 10 results (file name, respondent, applicant, case number,
 * creation time, PDF link, download Word, download PDF), the export of the whole list
 * (生成文件列表.xlsx), the batch zip, and the failed rows with a re-run of only those rows.
 */
export function ResultSection({ batchNo, files, errors, running, onRetryFailed }: Props) {
  const { message } = App.useApp();
  const [zipping, setZipping] = useState(false);
  const [retrying, setRetrying] = useState(false);

  async function download(file: GenerationResult, kind: "word" | "pdf") {
    const url = kind === "word" ? file.wordUrl : file.pdfUrl;
    const problem = await saveGeneratedFile(
      url,
      `${file.fileName}.${kind === "word" ? "docx" : "pdf"}`,
      kind,
    );
    if (problem) message.error(problem);
  }

  async function exportList() {
    if (files.length === 0) return void message.warning("没有可导出的数据");
    try {
      await exportResults(GENERATED_LIST_FILE_NAME, files);
    } catch {
      message.error("导出失败");
    }
  }

  async function zip(kind: ZipKind) {
    setZipping(true);
    const problem = await saveBatchZip(batchNo, kind);
    setZipping(false);
    if (problem) message.error(problem);
  }

  async function retry() {
    setRetrying(true);
    try {
      await onRetryFailed();
    } finally {
      setRetrying(false);
    }
  }

  const columns: TableColumnsType<GenerationResult> = [
    // The file name takes what the fixed columns leave (at least 200 px: see RESULT_TABLE_MIN_WIDTH).
    { title: "文件名", dataIndex: "fileName", ellipsis: { showTitle: false }, render: withTooltip },
    {
      title: "被申请人",
      dataIndex: "respondent",
      width: 120,
      ellipsis: { showTitle: false },
      render: withTooltip,
    },
    {
      title: "申请人",
      dataIndex: "applicant",
      width: 110,
      ellipsis: { showTitle: false },
      render: withTooltip,
    },
    {
      title: "案号",
      dataIndex: "caseNumber",
      width: 180,
      ellipsis: { showTitle: false },
      render: withTooltip,
    },
    {
      title: "创建时间",
      dataIndex: "createTime",
      width: 160,
      render: (v: string) => dayjs(v).format("YYYY-MM-DD HH:mm:ss"),
    },
    {
      title: "PDF链接",
      dataIndex: "pdfUrl",
      width: 90,
      render: (url: string) =>
        url ? <Typography.Link href={url} target="_blank" rel="noopener">打开PDF</Typography.Link> : "-",
    },
    {
      title: "操作",
      key: "actions",
      width: 210,
      fixed: "end",
      render: (_: unknown, file) => (
        <Space>
          <Button size="small" icon={<FileWordOutlined />} onClick={() => download(file, "word")}>
            下载Word
          </Button>
          <Button
            size="small"
            icon={<FilePdfOutlined />}
            disabled={!file.pdfUrl}
            onClick={() => download(file, "pdf")}
          >
            下载PDF
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      {errors.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={`${errors.length} 个文件生成失败`}
          description={
            <ul style={{ margin: 0, paddingLeft: 20, maxHeight: 200, overflow: "auto" }}>
              {errors.map((e) => <li key={e.row}>第 {e.row} 行（{e.fileName || "-"}）：{e.reason}</li>)}
            </ul>
          }
          action={!running && (
            <Button size="small" danger icon={<RedoOutlined />} loading={retrying} onClick={retry}>
              重新生成失败的行
            </Button>
          )}
        />
      )}
      <Space wrap>
        <Button icon={<ExportOutlined />} onClick={exportList}>导出文件信息</Button>
        <Dropdown
          trigger={["click"]}
          disabled={files.length === 0}
          menu={{
            items: (["word", "pdf", "both"] as const).map((kind) => ({
              key: kind,
              label: `打包下载 ${ZIP_LABELS[kind]}`,
            })),
            onClick: ({ key }) => void zip(key as ZipKind),
          }}
        >
          <Button icon={<DownloadOutlined />} loading={zipping}>打包下载</Button>
        </Dropdown>
        <Typography.Text type="secondary">
          共 {files.length} 个文件{files.length > GENERATION_PREVIEW_ROWS
            ? `，此处显示前 ${GENERATION_PREVIEW_ROWS} 个，完整列表请导出`
            : ""}
        </Typography.Text>
      </Space>
      <Table
        rowKey="row"
        size="small"
        columns={columns}
        dataSource={files.slice(0, GENERATION_PREVIEW_ROWS)}
        pagination={false}
        scroll={{ x: RESULT_TABLE_MIN_WIDTH }}
      />
    </Space>
  );
}
