import { UploadOutlined } from "@ant-design/icons";
import {
  App,
  Button,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Select,
  Space,
  Typography,
  Upload,
} from "antd";
import { useEffect, useState } from "react";
import { errorMessage } from "../../../common/errors.ts";
import {
  EXCEL_BATCH_DEFAULT_NAME_PATTERN,
  fileNamePattern,
  taskName,
} from "../../../common/schemas/excel_batch.ts";
import { getExcelBatchSettings } from "../../api/excel_batch.ts";
import { errorText } from "../../api/client.ts";
import {
  listWordTemplates,
  uploadAndKeepWordTemplate,
  type WordTemplateRecord,
} from "../../api/excel_templates.ts";
import { zodRule } from "../../components/zod_rule.ts";
import { FileNamePatternField } from "./FileNamePatternField.tsx";

/** The template chosen in step 1: a saved one (file_path) or a fresh upload (its filePath). */
export interface ChosenTemplate {
  templateFile: string;
  fileName: string;
  source: "saved" | "upload";
}

export interface ParamsValues {
  taskName: string;
  batchSize: number;
  fileNamePattern: string;
}

interface Props {
  form: FormInstance<ParamsValues>;
  totalRows: number;
  /** The uploaded sheet's headers (for the file-name pattern). */
  headers: readonly string[];
  template: ChosenTemplate | null;
  onTemplate: (template: ChosenTemplate | null) => void;
}

/** What the wizard says when it has kept an uploaded template among the Word templates. */
export function keptTemplateText(name: string): string {
  return `模板上传成功，已保存到“自定义模板”（模板名称：${name}），下次可直接选择`;
}

/** Step 1 (part 2 §2.1): task name, processing count (1..rows), Word template (saved or uploaded). */
export function ParamsStep({ form, totalRows, headers, template, onTemplate }: Props) {
  const { message } = App.useApp();
  const [templates, setTemplates] = useState<WordTemplateRecord[]>([]);
  const [uploading, setUploading] = useState(false);
  const [savedPattern, setSavedPattern] = useState(EXCEL_BATCH_DEFAULT_NAME_PATTERN);

  useEffect(() => {
    getExcelBatchSettings().then(({ fileNamePattern }) => {
      setSavedPattern(fileNamePattern);
      if (!form.isFieldTouched("fileNamePattern")) form.setFieldValue("fileNamePattern", fileNamePattern);
    }, () => {
      // The default pattern stays; the task works the same.
    });
  }, [form]);

  useEffect(() => {
    listWordTemplates().then(
      (r) => setTemplates(r.templates),
      (err) => message.error(errorText(err, "获取模板列表失败")),
    );
  }, [message]);

  async function upload(file: File) {
    if (!/\.docx$/i.test(file.name)) return void message.error(errorMessage("TEMPLATE_NOT_DOCX"));
    setUploading(true);
    try {
      const result = await uploadAndKeepWordTemplate(file);
      setTemplates((list) => [result.template, ...list.filter((t) => t.id !== result.template.id)]);
      onTemplate({ templateFile: result.filePath, fileName: result.fileName, source: "saved" });
      if (result.warning) message.warning(result.warning);
      message.success(keptTemplateText(result.template.template_name));
    } catch (err) {
      message.error(errorText(err, "模板上传失败"));
    } finally {
      setUploading(false);
    }
  }

  const options = templates.map((t) => ({
    value: t.file_path,
    label: `${t.template_name}（${t.original_filename}）`,
  }));
  if (template?.source === "upload") {
    options.unshift({ value: template.templateFile, label: `上传：${template.fileName}` });
  }

  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 560 }}>
      <Form.Item name="taskName" label="任务名称" required rules={[zodRule(taskName)]}>
        <Input placeholder="请输入任务名称" maxLength={100} />
      </Form.Item>
      <Form.Item
        name="batchSize"
        label="处理数量"
        required
        extra={`共 ${totalRows} 行，从第1行起处理指定数量`}
        rules={[{
          required: true,
          type: "integer",
          min: 1,
          max: totalRows,
          message: `处理数量必须在1到${totalRows}之间`,
        }]}
      >
        <InputNumber min={1} max={totalRows} precision={0} style={{ width: 200 }} aria-label="处理数量" />
      </Form.Item>
      <Form.Item
        name="fileNamePattern"
        label="输出文件名规则"
        initialValue={savedPattern}
        extra="用 {列名} 引用 Excel 列，{任务名} 为任务名称，{序号} 为第几个文件；列值都为空时按行号命名；合并输出时文件名为任务名称"
        rules={[zodRule(fileNamePattern)]}
      >
        <FileNamePatternField headers={headers} />
      </Form.Item>
      <Form.Item label="Word模板" required>
        <Space orientation="vertical" style={{ width: "100%" }}>
          <Select
            aria-label="选择Word模板"
            placeholder="从自定义模板中选择"
            value={template?.templateFile}
            options={options}
            showSearch={{ optionFilterProp: "label" }}
            onChange={(value: string) => {
              const saved = templates.find((t) => t.file_path === value);
              if (saved) {
                onTemplate({
                  templateFile: value,
                  fileName: saved.original_filename,
                  source: "saved",
                });
              }
            }}
          />
          <Space>
            <Upload
              accept=".docx"
              showUploadList={false}
              beforeUpload={(file) => {
                void upload(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={uploading}>上传Word模板</Button>
            </Upload>
            <Typography.Text type="secondary">上传的模板会保存到“自定义模板”</Typography.Text>
            {template && <Typography.Text type="secondary">已选择：{template.fileName}</Typography.Text>}
          </Space>
        </Space>
      </Form.Item>
    </Form>
  );
}
