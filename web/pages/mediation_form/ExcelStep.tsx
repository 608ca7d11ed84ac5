import { DownloadOutlined, InboxOutlined, SaveOutlined } from "@ant-design/icons";
import { App, Button, Form, Input, Space, Tag, Typography, Upload } from "antd";
import { useEffect, useState } from "react";
import {
  EXCEL_TEMPLATE_COLUMN_WIDTH,
  EXCEL_TEMPLATE_FILE_NAME,
  EXCEL_TEMPLATE_SHEET,
} from "../../../common/constants.ts";
import { errorText } from "../../api/client.ts";
import { getMediationSettings, saveMediationSettings } from "../../api/mediation.ts";
import { downloadXlsx } from "../../components/xlsx_export.ts";
import type { ChosenTemplate } from "./chosen_template.ts";
import { TEMPLATE_REQUIRED_TEXT } from "./excel_checks.ts";

export const DEFAULT_NAME_PATTERN = "{案号}_{被申请人}";

interface Props {
  template: ChosenTemplate | null;
  /** An upload or a batch is under way: no second upload. */
  busy: boolean;
  namePattern: string;
  onNamePatternChange: (pattern: string) => void;
  onFile: (file: File) => void;
}

/**
 * Step 2 (part 2 §2.4): the Excel template download (template.xlsx, sheet Sheet1, header row = the
 * template's variables, column width 20), the output file-name pattern, and the filled Excel upload
 * (disabled until a template is chosen).
 */
export function ExcelStep({ template, busy, namePattern, onNamePatternChange, onFile }: Props) {
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    getMediationSettings().then(
      ({ namePattern }) => onNamePatternChange(namePattern || DEFAULT_NAME_PATTERN),
      () => onNamePatternChange(DEFAULT_NAME_PATTERN),
    );
  }, [onNamePatternChange]);

  async function downloadExcelTemplate() {
    if (!template) return void message.warning(TEMPLATE_REQUIRED_TEXT);
    try {
      await downloadXlsx(EXCEL_TEMPLATE_FILE_NAME, template.variables, [], {
        sheetName: EXCEL_TEMPLATE_SHEET,
        columnWidth: EXCEL_TEMPLATE_COLUMN_WIDTH,
      });
    } catch {
      message.error("下载失败");
    }
  }

  async function savePattern() {
    setSaving(true);
    try {
      const saved = await saveMediationSettings(namePattern.trim());
      onNamePatternChange(saved.namePattern ?? namePattern.trim());
      message.success("保存成功");
    } catch (err) {
      message.error(errorText(err, "保存失败"));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <Space wrap>
        <Button icon={<DownloadOutlined />} disabled={!template} onClick={downloadExcelTemplate}>
          下载Excel模板
        </Button>
        <Typography.Text type="secondary">表头即模板变量，每一行数据生成一份文书</Typography.Text>
      </Space>
      <Form layout="vertical" component="div">
        <Form.Item
          label="输出文件名规则"
          extra="用 {列名} 引用 Excel 列，例如 {案号}_{被申请人}；列值都为空时按行号命名"
          style={{ marginBottom: 8 }}
        >
          <Space.Compact style={{ width: "100%", maxWidth: 520 }}>
            <Input
              aria-label="输出文件名规则"
              value={namePattern}
              maxLength={100}
              onChange={(e) => onNamePatternChange(e.target.value)}
            />
            <Button icon={<SaveOutlined />} loading={saving} onClick={savePattern}>保存</Button>
          </Space.Compact>
        </Form.Item>
        {template && template.variables.length > 0 && (
          <Space size={[4, 4]} wrap>
            {template.variables.map((name) => (
              <Tag
                key={name}
                style={{ cursor: "pointer" }}
                onClick={() => onNamePatternChange(`${namePattern}{${name}}`)}
              >
                {`{${name}}`}
              </Tag>
            ))}
          </Space>
        )}
      </Form>
      {/* The disabled dragger ignores clicks; the wrapper says why (part 2 §5: 请先选择或上传模板). */}
      <div onClick={() => !template && message.warning(TEMPLATE_REQUIRED_TEXT)}>
        <Upload.Dragger
          accept=".xlsx,.xls"
          multiple={false}
          showUploadList={false}
          disabled={!template || busy}
          beforeUpload={(file) => {
            onFile(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">点击或拖拽填好的 Excel 文件到此处上传</p>
          <p className="ant-upload-hint">支持 .xlsx、.xls，文件小于 10MB；每行数据消耗 1 次文书生成次数</p>
        </Upload.Dragger>
      </div>
    </Space>
  );
}
