import { DownloadOutlined, ExportOutlined, FileZipOutlined } from "@ant-design/icons";
import { Alert, App, Button, Progress, Space, Table, type TableColumnsType, Typography } from "antd";
import { useRef, useState } from "react";
import {
  EXCEL_BATCH_DOWNLOAD_CONCURRENCY,
  EXCEL_BATCH_DOWNLOAD_PAUSE_MS,
  PROGRESS_POLL_MS,
} from "../../../common/constants.ts";
import { errorText } from "../../api/client.ts";
import {
  downloadFile,
  type GeneratedFileRecord,
  getTaskProgress,
  getTaskZipUrl,
  type TaskProgressResult,
} from "../../api/excel_batch.ts";
import { formatTime } from "../../components/format_time.ts";
import { downloadFromUrl, saveBlob } from "../../components/save_file.ts";
import { usePolling } from "../../components/use_polling.ts";
import { addressesCsv, groupsOf, nextPercent } from "./wizard_logic.ts";

const STATUS_TEXT = { preparing: "准备中", processing: "处理中", completed: "已完成", failed: "失败" };

interface Props {
  taskId: string;
  onFinished?: () => void;
}

/** Step 4 (part 2 §2.1, §4): progress polled every second, the files, their downloads and addresses. */
export function ResultStep({ taskId, onFinished }: Props) {
  const { message } = App.useApp();
  const [progress, setProgress] = useState<TaskProgressResult | null>(null);
  const [percent, setPercent] = useState(0);
  const [pollError, setPollError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"batch" | "zip" | null>(null);
  const finished = useRef(onFinished);
  finished.current = onFinished;

  usePolling(taskId, {
    fetch: () => getTaskProgress(taskId),
    onValue: (result) => {
      setProgress(result);
      setPercent((p) => nextPercent(p, result.task.progress));
      if (result.task.status === "processing") return;
      if (result.task.status === "completed") message.success("处理完成");
      else message.error(result.task.error || "处理失败");
      finished.current?.();
    },
    done: (result) => result.task.status !== "processing",
    intervalMs: PROGRESS_POLL_MS,
    onError: (err) => {
      const text = errorText(err, "获取进度失败");
      setPollError(text);
      message.error(text);
    },
  });

  const task = progress?.task;
  const files = progress?.generatedFiles ?? [];
  const status = task?.status === "processing" && task.processed_rows === 0 ? "preparing" : task?.status;
  const pending = task && task.status === "processing" ? task.total_rows - task.processed_rows : 0;

  async function saveOne(file: GeneratedFileRecord) {
    const { blob, fileName } = await downloadFile(file.id);
    saveBlob(blob, fileName ?? file.file_name);
  }

  async function downloadOne(file: GeneratedFileRecord) {
    try {
      await saveOne(file);
    } catch (err) {
      message.error(errorText(err, "下载失败"));
    }
  }

  async function downloadAll() {
    if (files.length === 0) return void message.warning("没有可下载的文件");
    setBusy("batch");
    try {
      for (const group of groupsOf(files, EXCEL_BATCH_DOWNLOAD_CONCURRENCY)) {
        await Promise.all(group.map(saveOne));
        await new Promise((r) => setTimeout(r, EXCEL_BATCH_DOWNLOAD_PAUSE_MS));
      }
      message.success("批量下载完成");
    } catch (err) {
      message.error(errorText(err, "批量下载失败"));
    } finally {
      setBusy(null);
    }
  }

  async function downloadZip() {
    setBusy("zip");
    try {
      const { url } = await getTaskZipUrl(taskId);
      if (!url) return void message.error("下载失败：响应格式错误");
      // The browser downloads the signed link itself: streamed to disk, not held in memory.
      downloadFromUrl(url);
      message.success("批量下载完成");
    } catch (err) {
      message.error(errorText(err, "批量下载失败"));
    } finally {
      setBusy(null);
    }
  }

  function exportAddresses() {
    if (files.length === 0) return void message.warning("没有可导出的数据");
    saveBlob(
      new Blob([addressesCsv(files)], { type: "text/csv;charset=utf-8" }),
      `${task?.task_name ?? "下载地址"}_下载地址.csv`,
    );
    message.success("下载地址已导出");
  }

  const columns: TableColumnsType<GeneratedFileRecord> = [
    { title: "文件名", dataIndex: "file_name" },
    {
      title: "行号",
      dataIndex: "row_index",
      width: 100,
      render: (n: number) => (n === 0 ? "全部（合并）" : n),
    },
    { title: "生成时间", dataIndex: "created_at", width: 200, render: (v: string) => formatTime(v) },
    {
      title: "操作",
      width: 110,
      render: (_, file) => (
        <Button type="link" icon={<DownloadOutlined />} onClick={() => downloadOne(file)}>下载</Button>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <div>
        <Typography.Text strong>{task?.task_name ?? "任务"}</Typography.Text>
        <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
          {pollError ? "获取进度失败" : STATUS_TEXT[status ?? "preparing"]}
          {task ? `：已处理 ${task.processed_rows}/${task.total_rows}` : ""}
        </Typography.Text>
        <Progress
          percent={percent}
          status={pollError || task?.status === "failed"
            ? "exception"
            : task?.status === "completed"
            ? "success"
            : "active"}
        />
      </div>
      {pending > 0 && <Alert type="warning" showIcon title={`还有 ${pending} 行正在等待处理，请稍候`} />}
      {task?.status === "failed" && <Alert type="error" showIcon title={task.error || "处理失败"} />}
      {(progress?.failedRows.length ?? 0) > 0 && (
        <Alert
          type="warning"
          showIcon
          title={`${progress!.failedRows.length} 行生成失败（已退还使用次数）`}
          description={progress!.failedRows.slice(0, 10).map((r) => `第${r.row_index}行：${r.error}`).join(
            "；",
          )}
        />
      )}
      <Space wrap>
        <Button
          icon={<DownloadOutlined />}
          loading={busy === "batch"}
          disabled={busy !== null}
          onClick={downloadAll}
        >
          批量下载
        </Button>
        <Button
          icon={<FileZipOutlined />}
          loading={busy === "zip"}
          disabled={busy !== null || files.length === 0}
          onClick={downloadZip}
        >
          打包下载
        </Button>
        <Button icon={<ExportOutlined />} onClick={exportAddresses}>导出下载地址</Button>
      </Space>
      <Table rowKey="id" size="small" columns={columns} dataSource={files} pagination={{ pageSize: 10 }} />
    </Space>
  );
}
