import { Form, Input, Modal, Select } from "antd";
import { useEffect, useState } from "react";
import type { PresetView } from "../../../common/schemas/ai_chat.ts";
import { extractionCaseData, listExtractionBatches } from "../../api/ai_chat.ts";
import { usePermission } from "../../auth/usePermission.ts";
import { formatTime } from "../../components/format_time.ts";

export interface PresetChoice {
  presetId: string;
  caseData: Record<string, string>;
}

/** Picks a drafting preset and takes the case's values for its fields (empty ones become marked gaps). */
export function PresetModal(
  { open, presets, onCancel, onOk }: {
    open: boolean;
    presets: PresetView[];
    onCancel: () => void;
    onOk: (choice: PresetChoice) => Promise<void>;
  },
) {
  const [presetId, setPresetId] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Record<string, string>>();
  const preset = presets.find((p) => p.id === presetId) ?? null;
  const { can } = usePermission();
  const canImport = can("ocr_extract");
  const [batches, setBatches] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    if (!open || !canImport) return;
    listExtractionBatches().then(
      (r) =>
        setBatches(
          r.batches.filter((b) => b.status !== "processing").map((b) => ({
            value: b.batchId,
            // The case first: several batches of one template are told apart by their parties.
            label: `${b.caseName || "未识别当事人"} · ${b.totalFiles} 个文件 · ${
              formatTime(b.createdAt).slice(0, 16)
            } · ${b.templateName}`,
          })),
        ),
      () => {},
    );
  }, [open, canImport]);

  async function importBatch(batchId: string) {
    if (!preset) return;
    const r = await extractionCaseData(batchId, preset.id);
    form.setFieldsValue(r.caseData);
  }

  async function submit() {
    if (!presetId) return;
    const values = form.getFieldsValue();
    const caseData: Record<string, string> = {};
    for (const [k, v] of Object.entries(values)) {
      if (typeof v === "string" && v.trim()) caseData[k] = v.trim();
    }
    setSaving(true);
    try {
      await onOk({ presetId, caseData });
      form.resetFields();
      setPresetId(null);
    } catch {
      // the API client has shown the server's message; the dialog stays open to correct it
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      title="按模板起草"
      open={open}
      onCancel={onCancel}
      onOk={submit}
      okText="生成文书"
      okButtonProps={{ disabled: !presetId, loading: saving }}
      width={720}
      destroyOnHidden
    >
      <Select
        aria-label="文书模板"
        placeholder="请选择文书模板"
        style={{ width: "100%", marginBottom: 16 }}
        value={presetId}
        onChange={(v) => {
          setPresetId(v);
          form.resetFields();
        }}
        options={presets.map((p) => ({ value: p.id, label: p.title }))}
      />
      {preset && canImport && batches.length > 0 && (
        <Select
          aria-label="从提取结果导入"
          placeholder="从OCR信息提取结果导入案件信息（可选）"
          style={{ width: "100%", marginBottom: 16 }}
          options={batches}
          onChange={(v: string) => importBatch(v).catch(() => {})}
        />
      )}
      {preset && (
        <Form
          form={form}
          layout="horizontal"
          labelCol={{ span: 7 }}
          style={{ maxHeight: 420, overflowY: "auto" }}
        >
          {preset.fields.map((f) => (
            <Form.Item key={f.key} name={f.key} label={f.label} style={{ marginBottom: 8 }}>
              <Input placeholder={f.hint ?? "未填写的内容在文书中标为待填写"} />
            </Form.Item>
          ))}
        </Form>
      )}
    </Modal>
  );
}
