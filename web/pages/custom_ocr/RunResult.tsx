import { App, Button, Card, Grid, Progress, Select, Space, Table, Tag, Tooltip, Typography } from "antd";
import { useEffect, useState } from "react";
import {
  chooseFieldValue,
  clearFieldChoice,
  downloadGenerated,
  downloadGeneratedZip,
  type FieldValue,
  type GeneratedFile,
  generateDocuments,
  getRecordPageImage,
  listOutputTemplates,
  type RunProgress,
} from "../../api/custom_ocr.ts";
import { UNVERIFIED_CHECK } from "../../../common/schemas/ocr.ts";
import { errorText } from "../../api/client.ts";
import { saveBlob } from "../../components/save_file.ts";
import { SourceCrop } from "../../components/SourceCrop.tsx";
import { conflictText, SourceChoiceModal } from "./SourceChoiceModal.tsx";

interface Props {
  batchId: string;
  progress: RunProgress;
  onChanged: () => void;
  /** Another user's run (an administrator looking): values only, no changes or generation. */
  readOnly?: boolean;
  /** Told of each generation's files (the processing tab zips several cases' documents together). */
  onGenerated?: (files: GeneratedFile[]) => void;
}

/** Saves the named generated documents as one zip (a folder per case). */
export async function saveGeneratedZip(fileNames: string[]): Promise<void> {
  const { blob, fileName } = await downloadGeneratedZip(fileNames);
  saveBlob(blob, fileName ?? "自定义OCR文书.zip");
}

/** Files done plus the pages read of files being read, as a percentage (the bar moves per page). */
function progressPercent(progress: RunProgress): number {
  if (!progress.totalFiles) return 0;
  const reading = progress.files.reduce(
    (sum, f) => sum + (f.status === "processing" && f.pagesTotal ? (f.pagesDone ?? 0) / f.pagesTotal : 0),
    0,
  );
  const percent = Math.round(((progress.processedFiles + reading) / progress.totalFiles) * 100);
  return reading ? Math.min(percent, 99) : percent;
}

/** A run's progress, merged values with their sources (source choice), and document generation. */
export function RunResult({ batchId, progress, onChanged, readOnly, onGenerated }: Props) {
  const { message } = App.useApp();
  const [choosing, setChoosing] = useState<string | null>(null);
  const [templates, setTemplates] = useState<{ id: string; template_name: string }[]>([]);
  const [templateIds, setTemplateIds] = useState<string[]>([]);
  const [files, setFiles] = useState<GeneratedFile[]>([]);
  const [generating, setGenerating] = useState(false);
  const narrow = Grid.useBreakpoint().md === false;
  const done = progress.status === "completed";
  const editable = done && !readOnly;

  useEffect(() => {
    if (!editable) return;
    listOutputTemplates().then((r) => setTemplates(r.templates)).catch((err) =>
      message.error(errorText(err, "获取模板列表失败"))
    );
  }, [editable, message]);

  const kept = progress.keptValues ?? {};
  const rows = Object.entries(progress.fieldLabels).map(([key, label]) => ({
    key,
    label,
    value: progress.mergedResult[key],
    values: progress.fieldValues[key] ?? [],
    kept: key in kept,
    keptSource: kept[key]?.source,
    conflicts: progress.conflicts?.[key] ?? [],
  }));

  async function saveChoice(choice: { value: string; source?: string }) {
    try {
      await chooseFieldValue(batchId, choosing!, choice);
      message.success("更新成功");
      setChoosing(null);
      onChanged();
    } catch (err) {
      message.error(errorText(err, "保存来源选择失败"));
    }
  }

  async function clearChoice() {
    try {
      await clearFieldChoice(batchId, choosing!);
      message.success("已恢复为文件中识别的值");
      setChoosing(null);
      onChanged();
    } catch (err) {
      message.error(errorText(err, "保存来源选择失败"));
    }
  }

  async function generate() {
    if (templateIds.length === 0) {
      message.error("请先选择模板");
      return;
    }
    setGenerating(true);
    try {
      const res = await generateDocuments(batchId, templateIds);
      setFiles(res.files);
      onGenerated?.(res.files);
      message.success(res.message);
    } catch (err) {
      message.error(errorText(err, "生成文档失败"));
    } finally {
      setGenerating(false);
    }
  }

  async function download(name: string) {
    try {
      saveBlob((await downloadGenerated(name)).blob, name);
    } catch (err) {
      message.error(errorText(err, "下载文件失败"));
    }
  }

  const current = rows.find((r) => r.key === choosing);
  const sourceOf = (r: (typeof rows)[number]) =>
    r.keptSource ?? r.values.find((v) => v.value === r.value)?.source;
  // Where the value was read: the page crop with its box(es), as on /ocr-extract (issue #27 item 4).
  const cropOf = (v: FieldValue | undefined, maxWidth: number) =>
    v?.box && v.page && !readOnly
      ? (
        <SourceCrop
          key={`${v.source}:${v.page}:${v.line}`}
          page={v.page}
          box={v.box}
          boxes={v.boxes}
          maxWidth={maxWidth}
          load={() => getRecordPageImage(batchId, v.source, v.page!)}
        />
      )
      : null;
  const chosenOf = (r: (typeof rows)[number]) =>
    r.values.find((v) => v.value === r.value && v.source === sourceOf(r));
  return (
    <Space orientation="vertical" style={{ width: "100%" }}>
      <Card size="small" title="处理进度">
        <Progress percent={progressPercent(progress)} />
        <Typography.Text>{progress.progress_message}</Typography.Text>
        <div style={{ marginTop: 8 }}>
          {progress.files.map((f) => (
            <Tag
              key={f.fileName}
              color={f.status === "completed" ? "success" : f.status === "failed" ? "error" : "processing"}
            >
              {f.fileName}
              {f.error ? `：${f.error}` : ""}
              {f.status === "processing" && f.pagesTotal
                ? `（已读 ${f.pagesDone ?? 0}/${f.pagesTotal} 页）`
                : ""}
            </Tag>
          ))}
        </div>
      </Card>
      {done && (
        <Card size="small" title="提取结果">
          <Table
            rowKey="key"
            size="small"
            scroll={{ x: "max-content" }}
            pagination={false}
            dataSource={rows}
            columns={[
              { title: "字段", dataIndex: "label", width: narrow ? 90 : 180 },
              {
                title: "值",
                dataIndex: "value",
                render: (v: string | null, r) => {
                  const guessed = v !== null && r.values.some((x) => x.value === v && x.unverified) &&
                    !r.values.some((x) => x.value === v && !x.unverified);
                  return (
                    <Space size={4} wrap>
                      {v ?? <Typography.Text type="secondary">未找到</Typography.Text>}
                      {v === null && r.values.some((x) => x.unverified) && (
                        <Tag color="orange">有模型推断值待确认</Tag>
                      )}
                      {guessed && <Tag color="orange">{UNVERIFIED_CHECK}</Tag>}
                      {r.kept && (
                        <Tooltip title="人工修改的值，再次处理时保留">
                          <Tag color="blue">已修改</Tag>
                        </Tooltip>
                      )}
                      {r.conflicts.length > 0 && (
                        <Tooltip title={`新文件中的值：${conflictText(r.conflicts)}`}>
                          <Tag color="error">冲突</Tag>
                        </Tooltip>
                      )}
                      {narrow && sourceOf(r) && <Tag>{sourceOf(r)}</Tag>}
                      {narrow && cropOf(chosenOf(r), 220)}
                    </Space>
                  );
                },
              },
              {
                title: "来源",
                key: "source",
                // On a phone the source goes under the value, so 操作 stays on screen.
                hidden: narrow,
                render: (_, r) => {
                  const src = sourceOf(r);
                  return src
                    ? (
                      <Space orientation="vertical" size={0}>
                        <Tag>{src}</Tag>
                        {cropOf(chosenOf(r), 320)}
                      </Space>
                    )
                    : null;
                },
              },
              {
                title: "操作",
                key: "choose",
                width: narrow ? 110 : 140,
                fixed: "right",
                hidden: !editable,
                render: (_, r) => (
                  <Button
                    size="small"
                    onClick={() => setChoosing(r.key)}
                  >
                    {r.values.length > 1 ? `选择来源（${r.values.length}）` : "修改"}
                  </Button>
                ),
              },
            ]}
          />
        </Card>
      )}
      {editable && (
        <Card size="small" title="生成文书">
          <Space wrap>
            <Select
              mode="multiple"
              style={{ minWidth: 320 }}
              placeholder="选择输出文书模板"
              value={templateIds}
              onChange={setTemplateIds}
              options={templates.map((t) => ({ value: t.id, label: t.template_name }))}
            />
            <Button type="primary" loading={generating} onClick={generate}>生成文档</Button>
            {files.length > 1 && (
              <Button
                onClick={() =>
                  saveGeneratedZip(files.map((f) => f.fileName)).catch((err) =>
                    message.error(errorText(err, "下载文件失败"))
                  )}
              >
                打包下载
              </Button>
            )}
          </Space>
          {files.map((f) => (
            <div key={f.fileName} style={{ marginTop: 8 }}>
              <Button type="link" onClick={() => download(f.fileName)}>{f.fileName}</Button>
              {f.emptyVariables.length > 0 && (
                <Typography.Text type="warning">未填写的变量：{f.emptyVariables.join("、")}</Typography.Text>
              )}
            </div>
          ))}
        </Card>
      )}
      <SourceChoiceModal
        field={current ?? null}
        onSave={saveChoice}
        onClear={clearChoice}
        onClose={() => setChoosing(null)}
        onMissing={() => message.error("请选择一个值")}
        crop={(v) => cropOf(v, 440)}
      />
    </Space>
  );
}
