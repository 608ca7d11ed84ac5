import { Alert, App, Button, Card, Progress, Space, Steps, Tag, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import type { OcrBatchResult, OcrTemplate } from "../../../common/schemas/ocr.ts";
import { ApiError, errorText } from "../../api/client.ts";
import { getUserLimits } from "../../api/member.ts";
import { processBatch } from "../../api/ocr_extract.ts";
import { OcrUpload } from "../ocr/OcrUpload.tsx";
import { BatchHistoryCard } from "./BatchHistoryCard.tsx";
import { ResultStep } from "./ResultStep.tsx";
import { TemplateStep } from "./TemplateStep.tsx";

/** OCR信息提取 (/ocr-extract): the three-step wizard of part 4 §2 and §4. */
export function OcrExtractPage() {
  const { message } = App.useApp();
  const [step, setStep] = useState(0);
  const [template, setTemplate] = useState<OcrTemplate | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ current: number; total: number } | null>(null);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  /** File name → done or failed, as the stream reports each file. */
  const [settled, setSettled] = useState<Record<string, "done" | "failed">>({});
  const [result, setResult] = useState<OcrBatchResult | null>(null);
  const [aiLeft, setAiLeft] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    getUserLimits().then((r) => setAiLeft(r.limits.aiLimit), () => {});
    return () => abort.current?.abort();
  }, [step]);

  function choose(t: OcrTemplate) {
    if (template?.id !== t.id) {
      setFiles([]);
      setResult(null);
    }
    setTemplate(t);
    setStep(1);
  }

  /** An earlier batch reopened from the history: its result, with its template for 继续上传. */
  function reopen(opened: OcrBatchResult) {
    setTemplate({
      id: opened.templateId,
      name: opened.templateName,
      description: "",
      fields: [],
      created_at: opened.createdAt,
      updated_at: opened.updatedAt,
    });
    setFiles([]);
    setResult(opened);
    setStep(2);
  }

  function back() {
    setStep(0);
    setFiles([]);
    setProgress(null);
    setFileErrors([]);
  }

  async function start() {
    if (!template) return;
    setBusy(true);
    setFileErrors([]);
    setProgress({ current: 0, total: files.length });
    setSettled({});
    abort.current = new AbortController();
    let done: OcrBatchResult | null = null;
    try {
      await processBatch(template.id, files, (event) => {
        if (event.type === "progress") {
          const part = event.pagesTotal ? (event.pagesDone ?? 0) / event.pagesTotal : 0;
          setProgress({ current: event.current + part, total: event.total });
          const name = event.fileName;
          if (name) setSettled((m) => ({ ...m, [name]: m[name] ?? "done" }));
        } else if (event.type === "error") {
          setFileErrors((list) => [...list, `处理文件 ${event.fileName} 失败：${event.error}`]);
          setSettled((m) => ({ ...m, [event.fileName]: "failed" }));
        } else done = event.result;
      }, abort.current.signal);
      if (!done) throw new Error("stream ended early");
      setResult(done);
      setStep(2);
      message.success("处理完成");
    } catch (err) {
      if (err instanceof ApiError && err.message.includes("AI使用次数不足")) message.error(err.message);
      else message.error(errorText(err, "处理失败"));
    } finally {
      setBusy(false);
    }
  }

  function continueUpload() {
    setFiles([]);
    setProgress(null);
    setFileErrors([]);
    setStep(1);
  }

  return (
    <Card title="OCR信息提取">
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        <Steps current={step} items={[{ title: "选择模板" }, { title: "上传文件" }, { title: "提取结果" }]} />
        {step === 0 && <TemplateStep onChoose={choose} />}
        {step === 0 && <BatchHistoryCard onOpen={reopen} />}
        {step === 1 && template && (
          <Space direction="vertical" style={{ width: "100%" }}>
            <Space>
              <Typography.Text>
                当前模板：<Typography.Text strong>{template.name}</Typography.Text>
              </Typography.Text>
              <Button size="small" disabled={busy} onClick={back}>更换模板</Button>
              {result && <Button size="small" disabled={busy} onClick={() => setStep(2)}>返回结果</Button>}
            </Space>
            <OcrUpload
              files={files}
              setFiles={setFiles}
              busy={busy}
              sending={null}
              aiLeft={aiLeft}
              onStart={start}
              startLabel="开始处理"
            />
            {progress && (
              <Progress
                percent={progress.total ? Math.round((progress.current / progress.total) * 100) : 0}
                format={() => `${Math.floor(progress.current)}/${progress.total}`}
                status={busy ? "active" : undefined}
              />
            )}
            {busy && (
              <Space size={[4, 4]} wrap>
                {files.map((f) => {
                  const state = settled[f.name];
                  const color = state === "done" ? "success" : state === "failed" ? "error" : "processing";
                  const label = state === "done" ? "完成" : state === "failed" ? "失败" : "处理中";
                  return <Tag key={f.name} color={color}>{f.name}：{label}</Tag>;
                })}
              </Space>
            )}
            {fileErrors.map((e) => <Alert key={e} type="error" showIcon message={e} />)}
          </Space>
        )}
        {step === 2 && result && (
          <ResultStep result={result} setResult={setResult} onContinue={continueUpload} />
        )}
      </Space>
    </Card>
  );
}
