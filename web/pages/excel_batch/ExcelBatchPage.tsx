import { App, Button, Card, Form, Space, Steps, Tag } from "antd";
import { useCallback, useEffect, useState } from "react";
import { createTaskBody, type ExcelUploadResult } from "../../../common/schemas/excel_batch.ts";
import { fieldMappings } from "../../../common/schemas/excel_templates.ts";
import { errorText } from "../../api/client.ts";
import { createTask, parseTemplate } from "../../api/excel_batch.ts";
import { getMemberLimits } from "../../api/mediation.ts";
import { MappingStep } from "./MappingStep.tsx";
import { type ParagraphConfig, ParagraphStep } from "./ParagraphStep.tsx";
import { type ChosenTemplate, ParamsStep, type ParamsValues } from "./ParamsStep.tsx";
import { ResultStep } from "./ResultStep.tsx";
import { UploadStep } from "./UploadStep.tsx";
import { type MappingRow, suggestMappings, toParagraphMappings } from "./wizard_logic.ts";

const STEPS = ["上传Excel", "设置参数", "字段映射", "段落配置", "处理结果"];
const NO_PARAGRAPHS: ParagraphConfig = {
  enabled: false,
  merge: false,
  prefixEnabled: false,
  prefixText: "",
  items: [],
};

/** /excel-batch: the Excel batch wizard, five steps 0-4 (part 2 §2.1). */
export function ExcelBatchPage() {
  const { message } = App.useApp();
  const [step, setStep] = useState(0);
  const [left, setLeft] = useState<number | null>(null);
  const [upload, setUpload] = useState<ExcelUploadResult | null>(null);
  const [form] = Form.useForm<ParamsValues>();
  const [template, setTemplate] = useState<ChosenTemplate | null>(null);
  const [parsed, setParsed] = useState<{ variables: string[]; paragraphVariables: string[] } | null>(null);
  const [mappings, setMappings] = useState<MappingRow[]>([]);
  const [paragraphs, setParagraphs] = useState<ParagraphConfig>(NO_PARAGRAPHS);
  const [busy, setBusy] = useState(false);
  const [taskId, setTaskId] = useState<string | null>(null);

  const loadLimits = useCallback(() => {
    getMemberLimits().then((r) => setLeft(r.limits.mediationLimit), () => message.error("获取使用限制失败"));
  }, [message]);
  useEffect(loadLimits, [loadLimits]);

  function onUploaded(result: ExcelUploadResult) {
    setUpload(result);
    form.setFieldsValue({ batchSize: result.totalRows });
    setParsed(null);
  }

  async function toMapping() {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    if (!template) return void message.error("请选择或上传Word模板");
    setBusy(true);
    try {
      const result = await parseTemplate(template.templateFile);
      setParsed(result);
      setMappings(suggestMappings(upload!.headers, result.variables));
      setParagraphs((p) => ({
        ...p,
        items: p.items.filter((i) => result.paragraphVariables.includes(i.variable.trim())),
      }));
      setStep(2);
    } catch (err) {
      message.error(errorText(err, "解析模板失败"));
    } finally {
      setBusy(false);
    }
  }

  async function toParagraphs() {
    try {
      await form.validateFields();
    } catch {
      setStep(1);
      return;
    }
    const checked = fieldMappings.safeParse(
      mappings.map(({ excelField, templateField }) => ({ excelField, templateField })),
    );
    if (!checked.success) return void message.error(checked.error.issues[0].message);
    setStep(3);
  }

  async function start() {
    const params = form.getFieldsValue(true) as ParamsValues;
    const body = {
      taskName: params.taskName,
      sourceFile: upload!.filePath,
      templateFile: template!.templateFile,
      batchSize: params.batchSize,
      totalRows: upload!.totalRows,
      fieldMappings: mappings.map(({ excelField, templateField }) => ({ excelField, templateField })),
      paragraphEnabled: paragraphs.enabled,
      mergeOutput: paragraphs.merge,
      prefixEnabled: paragraphs.prefixEnabled,
      prefixTemplate: paragraphs.prefixText,
      paragraphMappings: paragraphs.enabled ? toParagraphMappings(paragraphs.items) : [],
      fileNamePattern: params.fileNamePattern ?? "",
    };
    const checked = createTaskBody.safeParse(body);
    if (!checked.success) return void message.error(checked.error.issues[0].message);
    setBusy(true);
    try {
      const result = await createTask(body);
      message.success(result.message);
      setLeft(result.limits.mediationLimit);
      setTaskId(result.taskId);
      setStep(4);
    } catch (err) {
      message.error(errorText(err, "创建任务失败"));
    } finally {
      setBusy(false);
    }
  }

  function restart() {
    setStep(0);
    setUpload(null);
    setTemplate(null);
    setParsed(null);
    setMappings([]);
    setParagraphs(NO_PARAGRAPHS);
    setTaskId(null);
    form.resetFields();
  }

  const next: Record<number, () => void> = {
    0: () => (upload ? setStep(1) : message.error("请先上传Excel文件")),
    1: () => void toMapping(),
    2: () => void toParagraphs(),
  };

  return (
    <Card
      title="Excel批量生成"
      extra={<Tag color={left !== null && left <= 0 ? "red" : "blue"}>剩余次数：{left ?? "-"}</Tag>}
    >
      <Steps current={step} items={STEPS.map((title) => ({ title }))} style={{ marginBottom: 24 }} />
      <div style={{ minHeight: 240 }}>
        {step === 0 && <UploadStep upload={upload} onUploaded={onUploaded} />}
        <div style={{ display: step === 1 ? undefined : "none" }}>
          <ParamsStep
            form={form}
            totalRows={upload?.totalRows ?? 1}
            headers={upload?.headers ?? []}
            template={template}
            onTemplate={setTemplate}
          />
        </div>
        {step === 2 && parsed && upload && (
          <MappingStep
            headers={upload.headers}
            variables={parsed.variables}
            rows={mappings}
            onChange={setMappings}
          />
        )}
        {step === 3 && parsed && (
          <ParagraphStep
            config={paragraphs}
            paragraphVariables={parsed.paragraphVariables}
            onChange={setParagraphs}
          />
        )}
        {step === 4 && taskId && <ResultStep taskId={taskId} onFinished={loadLimits} />}
      </div>
      <Space style={{ marginTop: 24 }}>
        {step > 0 && step < 4 && <Button onClick={() => setStep(step - 1)} disabled={busy}>上一步</Button>}
        {step < 3 && <Button type="primary" loading={busy} onClick={next[step]}>下一步</Button>}
        {step === 3 && <Button type="primary" loading={busy} onClick={start}>开始处理</Button>}
        {step === 4 && <Button onClick={restart}>新建任务</Button>}
      </Space>
    </Card>
  );
}
