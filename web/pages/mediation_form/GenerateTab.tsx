import { Alert, App, Card, Space, Typography } from "antd";
import { useCallback, useEffect, useRef, useState } from "react";
import { PROGRESS_POLL_MS, PROGRESS_RESET_MS } from "../../../common/constants.ts";
import { errorMessage } from "../../../common/errors.ts";
import { errorText } from "../../api/client.ts";
import {
  type ConversionProgress,
  getConversionProgress,
  getMemberLimits,
  retryFailedRows,
  uploadExcel,
} from "../../api/mediation.ts";
import { countDataRows } from "../../components/xlsx_export.ts";
import { usePolling } from "../../components/use_polling.ts";
import type { ChosenTemplate } from "./chosen_template.ts";
import { checkExcelFile, checkExcelRows } from "./excel_checks.ts";
import { DEFAULT_NAME_PATTERN, ExcelStep } from "./ExcelStep.tsx";
import { type Phase, ProgressPanel } from "./ProgressPanel.tsx";
import { ResultSection } from "./ResultSection.tsx";
import { TemplatePicker } from "./TemplatePicker.tsx";

/**
 * The Generate tab (part 2 §2.4, §4 "Template-based generation"): template chosen → Excel uploading
 * (percent) → processing (polled every second) → complete (100 %, results; the panel resets after
 * 2 s) or failed (exception state).
 */
export function GenerateTab() {
  const { message } = App.useApp();
  const [template, setTemplate] = useState<ChosenTemplate | null>(null);
  const [remaining, setRemaining] = useState<number | null>(null);
  const [namePattern, setNamePattern] = useState(DEFAULT_NAME_PATTERN);
  const [phase, setPhase] = useState<Phase>("idle");
  const [uploadPercent, setUploadPercent] = useState(0);
  const [polling, setPolling] = useState<string | null>(null);
  const [progress, setProgress] = useState<ConversionProgress | null>(null);
  const [pdfAvailable, setPdfAvailable] = useState(true);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const refreshLimits = useCallback(() => {
    getMemberLimits().then(({ limits }) => setRemaining(limits.mediationLimit), () => {});
  }, []);

  useEffect(() => {
    refreshLimits();
    // A batch still running (page reloaded, or a second tab): show its progress again.
    getConversionProgress().then((p) => {
      setPdfAvailable(p.pdfAvailable !== false);
      if (p.batch_no && !p.completed) {
        setProgress(p);
        setPhase("processing");
        setPolling(p.batch_no);
      }
    }, () => {});
    return () => clearTimeout(resetTimer.current);
  }, [refreshLimits]);

  usePolling(polling, {
    fetch: () => getConversionProgress(polling!),
    onError: () => {
      message.error("获取进度失败，请刷新页面重试");
      setPhase("failed");
      setPolling(null);
    },
    done: (next) => next.completed,
    intervalMs: PROGRESS_POLL_MS,
    onValue: (next) => {
      setPdfAvailable(next.pdfAvailable !== false);
      // Progress only increases (part 2 §4). While a batch (or its re-run) is running the server
      // lists no files yet: the results already shown stay until the new ones arrive.
      setProgress((prev) =>
        prev && prev.batch_no === next.batch_no
          ? {
            ...next,
            currentFile: Math.max(prev.currentFile, next.currentFile),
            files: next.completed ? next.files : prev.files,
            errors: next.completed ? next.errors : prev.errors,
          }
          : next
      );
      if (!next.completed) return;
      setPolling(null);
      refreshLimits();
      if (next.status === "failed") {
        setPhase("failed");
        message.error(next.error || "Excel 处理失败");
        return;
      }
      setPhase("done");
      message.success("文件处理完成");
      resetTimer.current = setTimeout(() => setPhase("idle"), PROGRESS_RESET_MS);
    },
  });

  function startPolling(batchNo: string, totalFiles: number) {
    clearTimeout(resetTimer.current);
    setProgress((prev) =>
      prev?.batch_no === batchNo ? { ...prev, currentFile: 0, totalFiles, completed: false } : null
    );
    setPhase("processing");
    setPolling(batchNo);
  }

  async function handleFile(file: File) {
    const problem = checkExcelFile(file, template !== null);
    if (problem) return void message.error(problem);
    let rows: number | null = null;
    try {
      rows = await countDataRows(file);
    } catch {
      rows = null; // unreadable here: the server reads it again and says why
    }
    const rowProblem = rows === null ? null : checkExcelRows(rows, remaining);
    if (rowProblem) return void message.error(rowProblem);

    clearTimeout(resetTimer.current);
    setProgress(null);
    setUploadPercent(0);
    setPhase("uploading");
    try {
      const started = await uploadExcel({
        file,
        templateType: template!.source,
        templateId: template!.id,
        templatePath: template!.path,
        namePattern: namePattern.trim() || undefined,
      }, setUploadPercent);
      if (!started?.batch_no) {
        setPhase("idle");
        return void message.error("服务器响应为空");
      }
      message.success("文件上传成功，开始处理...");
      setRemaining(started.left);
      startPolling(started.batch_no, started.totalFiles);
    } catch (err) {
      setPhase("idle");
      message.error(errorText(err, "上传失败"));
      refreshLimits();
    }
  }

  async function retryFailed() {
    if (!progress?.batch_no) return;
    try {
      const started = await retryFailedRows(progress.batch_no);
      message.success("开始重新生成失败的行...");
      setRemaining(started.left);
      startPolling(started.batch_no, started.totalFiles);
    } catch (err) {
      message.error(errorText(err, "处理失败"));
    }
  }

  const busy = phase === "uploading" || polling !== null;
  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      {remaining !== null && (
        remaining <= 0
          ? <Alert type="error" showIcon title="文书生成次数已用完，请联系管理员充值" />
          : <Alert type="info" showIcon title={`剩余文书生成次数：${remaining} 次`} />
      )}
      {!pdfAvailable && <Alert type="error" showIcon title={errorMessage("PDF_CONVERTER_MISSING")} />}
      <Card title="第一步：选择模板">
        <TemplatePicker value={template} onChange={setTemplate} disabled={busy} />
      </Card>
      <Card title="第二步：下载Excel模板并上传数据">
        <ExcelStep
          template={template}
          busy={busy}
          namePattern={namePattern}
          onNamePatternChange={setNamePattern}
          onFile={handleFile}
        />
      </Card>
      <ProgressPanel
        phase={phase}
        uploadPercent={uploadPercent}
        currentFile={progress?.currentFile ?? 0}
        totalFiles={progress?.totalFiles ?? 0}
        error={progress?.error}
      />
      {progress?.batch_no && (progress.files.length > 0 || progress.errors.length > 0) && (
        <Card title={<Typography.Text>第三步：生成结果</Typography.Text>}>
          <ResultSection
            batchNo={progress.batch_no}
            files={progress.files}
            errors={progress.errors}
            running={polling !== null}
            onRetryFailed={retryFailed}
          />
        </Card>
      )}
    </Space>
  );
}
