import { Card, Progress, Typography } from "antd";

export type Phase = "idle" | "uploading" | "processing" | "done" | "failed";

interface Props {
  phase: Phase;
  uploadPercent: number;
  currentFile: number;
  totalFiles: number;
  error?: string;
}

/** Upload percent, then 正在处理第 n/总数 个文件; 100 % on completion, the exception state on failure. */
export function ProgressPanel({ phase, uploadPercent, currentFile, totalFiles, error }: Props) {
  if (phase === "idle") return null;
  let percent = 0;
  let text = "";
  let status: "active" | "success" | "exception" = "active";
  if (phase === "uploading") {
    percent = uploadPercent;
    text = `正在上传 ${uploadPercent}%`;
  } else if (phase === "processing") {
    percent = totalFiles > 0 ? Math.floor((currentFile / totalFiles) * 100) : 0;
    text = `正在处理第 ${currentFile}/${totalFiles} 个文件`;
  } else if (phase === "done") {
    percent = 100;
    status = "success";
    text = "文件处理完成";
  } else {
    status = "exception";
    percent = totalFiles > 0 ? Math.floor((currentFile / totalFiles) * 100) : 0;
    text = error || "Excel 处理失败";
  }
  return (
    <Card size="small" title="处理进度" aria-label="处理进度">
      <Progress percent={percent} status={status} />
      <Typography.Text type={status === "exception" ? "danger" : undefined} data-testid="progress-text">
        {text}
      </Typography.Text>
    </Card>
  );
}
