import { SaveOutlined } from "@ant-design/icons";
import { App, Button, Input, Space, Tag } from "antd";
import { useState } from "react";
import { excelBatchSettingsBody } from "../../../common/schemas/excel_batch.ts";
import { errorText } from "../../api/client.ts";
import { saveExcelBatchSettings } from "../../api/excel_batch.ts";

interface Props {
  /** Given by Form.Item. */
  value?: string;
  onChange?: (value: string) => void;
  /** The uploaded sheet's headers, offered as {列名} tags. */
  headers: readonly string[];
}

/** The output file-name pattern, as on /mediation-form: typed, built from tags, saved per member. */
export function FileNamePatternField({ value = "", onChange, headers }: Props) {
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  async function save() {
    const checked = excelBatchSettingsBody.safeParse({ fileNamePattern: value });
    if (!checked.success) return void message.error(checked.error.issues[0].message);
    setSaving(true);
    try {
      await saveExcelBatchSettings(checked.data.fileNamePattern);
      message.success("文件名规则已保存");
    } catch (err) {
      message.error(errorText(err, "保存失败"));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Space orientation="vertical" size={8} style={{ width: "100%" }}>
      <Space.Compact style={{ width: "100%" }}>
        <Input
          aria-label="输出文件名规则"
          value={value}
          maxLength={100}
          onChange={(e) => onChange?.(e.target.value)}
        />
        <Button icon={<SaveOutlined />} loading={saving} onClick={save}>保存</Button>
      </Space.Compact>
      <Space size={[4, 4]} wrap>
        {["任务名", "序号", ...headers].map((name) => (
          <Tag
            key={name}
            style={{ cursor: "pointer" }}
            onClick={() => onChange?.(`${value}{${name}}`)}
          >
            {`{${name}}`}
          </Tag>
        ))}
      </Space>
    </Space>
  );
}
