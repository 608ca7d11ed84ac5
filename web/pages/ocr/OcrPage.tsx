import { App, Button, Card, Space, Table, type TableColumnsType, Tag } from "antd";
import { useCallback, useEffect, useState } from "react";
import type { OcrRunView } from "../../../common/schemas/ocr.ts";
import { ApiError, errorText } from "../../api/client.ts";
import { getUserLimits } from "../../api/member.ts";
import { deleteOcrRun, getOcrRun, listOcrRuns, startOcrRun } from "../../api/ocr.ts";
import { useConfirmDelete } from "../../components/confirm_delete.ts";
import { formatTime } from "../../components/format_time.ts";
import { usePolling } from "../../components/use_polling.ts";
import { OcrResultPanel } from "./OcrResultPanel.tsx";
import { OcrRunFiles } from "./OcrRunFiles.tsx";
import { OcrUpload } from "./OcrUpload.tsx";

const POLL_MS = 1500;

/** OCR识别 (/ocr): upload, per-file progress, text and key facts per file, downloads, earlier runs. */
export function OcrPage() {
  const { message } = App.useApp();
  const confirmDelete = useConfirmDelete();
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState<number | null>(null);
  const [run, setRun] = useState<OcrRunView | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [runs, setRuns] = useState<OcrRunView[]>([]);
  const [aiLeft, setAiLeft] = useState<number | null>(null);

  const reload = useCallback(() => {
    listOcrRuns().then((r) => setRuns(r.runs), () => {});
    getUserLimits().then((r) => setAiLeft(r.limits.aiLimit), () => {});
  }, []);
  useEffect(reload, [reload]);

  // Poll the open run until every file is finished.
  const runId = run?.id;
  const processing = run?.status === "processing";
  usePolling(runId && processing ? runId : null, {
    fetch: () => getOcrRun(runId!),
    onValue: (r) => {
      setRun(r.run);
      if (r.run.status !== "processing") {
        reload();
        message.success("处理完成");
      }
    },
    done: (r) => r.run.status !== "processing",
    intervalMs: POLL_MS,
    retryMs: POLL_MS,
    delayFirst: true,
  });

  // Show the first finished file once one is ready.
  useEffect(() => {
    if (run && selected === null) {
      const first = run.files.find((f) => f.status === "completed");
      if (first) setSelected(first.index);
    }
  }, [run, selected]);

  async function start() {
    setSending(0);
    try {
      const res = await startOcrRun(files, setSending);
      setRun(res.run);
      setSelected(null);
      setAiLeft(res.limits.aiLimit);
      setFiles([]);
      message.success("开始处理文件");
    } catch (err) {
      message.error(err instanceof ApiError ? err.message : errorText(err, "处理失败"));
    } finally {
      setSending(null);
    }
  }

  function open(r: OcrRunView) {
    setRun(r);
    setSelected(null);
  }

  const columns: TableColumnsType<OcrRunView> = [
    { title: "识别时间", dataIndex: "createdAt", width: 180, render: (v: string) => formatTime(v) },
    {
      title: "文件",
      key: "files",
      ellipsis: true,
      render: (_: unknown, r) => r.files.map((f) => f.fileName).join("、"),
    },
    {
      title: "结果",
      key: "result",
      width: 200,
      render: (_: unknown, r) =>
        r.status === "processing" ? <Tag color="processing">处理中 {r.done}/{r.total}</Tag> : (
          <Space size={4}>
            <Tag color="success">成功 {r.total - r.failed}</Tag>
            {r.failed > 0 && <Tag color="error">失败 {r.failed}</Tag>}
          </Space>
        ),
    },
    {
      title: "操作",
      key: "actions",
      width: 150,
      render: (_: unknown, r) => (
        <Space>
          <Button size="small" onClick={() => open(r)}>查看</Button>
          <Button
            size="small"
            danger
            onClick={() =>
              confirmDelete({
                title: "删除识别记录",
                content: "确定要删除这次识别的文件和结果吗？",
                remove: () => deleteOcrRun(r.id),
                after: () => {
                  if (run?.id === r.id) setRun(null);
                  reload();
                },
                failure: "删除失败",
              })}
          >
            删除
          </Button>
        </Space>
      ),
    },
  ];

  const current = run && selected !== null ? run.files[selected] : null;
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Card title="OCR识别">
        <OcrUpload
          files={files}
          setFiles={setFiles}
          busy={sending !== null}
          sending={sending}
          aiLeft={aiLeft}
          onStart={start}
        />
      </Card>
      {run && (
        <Card
          title={`识别进度（${formatTime(run.createdAt)}）`}
          extra={<Button onClick={() => setRun(null)}>关闭</Button>}
        >
          <OcrRunFiles run={run} selected={selected} onSelect={setSelected} />
        </Card>
      )}
      {run && current && current.status === "completed" && (
        <OcrResultPanel
          key={`${run.id}-${current.index}`}
          runId={run.id}
          index={current.index}
          fileName={current.fileName}
          scanned={current.scanned === true}
        />
      )}
      <Card title="识别记录">
        <Table
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={runs}
          pagination={{ pageSize: 10 }}
          scroll={{ x: 720 }}
        />
      </Card>
    </Space>
  );
}
