import { DeleteOutlined } from "@ant-design/icons";
import { AutoComplete, Button, Card, Checkbox, Input, Space, Typography } from "antd";
import {
  isParagraphFlagDisabled,
  PARAGRAPH_PRESETS,
  type ParagraphFlag,
  setParagraphFlag,
} from "../../../common/paragraphs.ts";
import type { ParagraphItem } from "./wizard_logic.ts";

const FLAG_LABELS: [ParagraphFlag, string][] = [
  ["noIndent", "不缩进"],
  ["allIndent", "全部缩进（2个字符）"],
  ["addLineBreak", "添加换行"],
  ["noLineBreak", "不换行"],
  ["removeLastChar", "删除最后一个字符"],
  ["usePrefix", "使用段落前缀"],
];

interface Props {
  index: number;
  item: ParagraphItem;
  /** The template's paragraph variables (#{名称}). */
  variables: string[];
  onChange: (item: ParagraphItem) => void;
  onVariable: (variable: string) => void;
  onRemove: () => void;
}

/** One paragraph of step 3: variable, settings (with the exclusivity of part 2 §4), presets, text. */
export function ParagraphItemCard({ index, item, variables, onChange, onVariable, onRemove }: Props) {
  return (
    <Card
      size="small"
      title={`段落 ${index + 1}`}
      extra={
        <Button type="link" danger icon={<DeleteOutlined />} onClick={onRemove}>
          删除段落
        </Button>
      }
    >
      <Space orientation="vertical" style={{ width: "100%" }}>
        <Space wrap>
          <Typography.Text>段落变量</Typography.Text>
          <AutoComplete
            aria-label={`段落变量${index + 1}`}
            style={{ width: 260 }}
            placeholder="#{变量名}"
            value={item.variable}
            options={variables.map((v) => ({ value: v }))}
            onChange={(v: string) => onChange({ ...item, variable: v })}
            onSelect={(v: string) => onVariable(v)}
            onBlur={() => onVariable(item.variable)}
          />
          <Typography.Text type="secondary">预设：</Typography.Text>
          {PARAGRAPH_PRESETS.map((preset) => (
            <Button
              key={preset.key}
              size="small"
              onClick={() => onChange({ ...item, ...preset.flags })}
            >
              {preset.label}
            </Button>
          ))}
        </Space>
        <Space wrap>
          {FLAG_LABELS.map(([flag, label]) => (
            <Checkbox
              key={flag}
              checked={item[flag]}
              disabled={isParagraphFlagDisabled(item, flag)}
              onChange={(e) => onChange({ ...item, ...setParagraphFlag(item, flag, e.target.checked) })}
            >
              {label}
            </Checkbox>
          ))}
        </Space>
        <Input.TextArea
          aria-label={`段落模板${index + 1}`}
          rows={3}
          placeholder="段落模板内容，用 ${列名} 引用Excel列，例如：被申请人${姓名}，欠款${金额|千分位}元；"
          value={item.template}
          onChange={(e) => onChange({ ...item, template: e.target.value })}
        />
      </Space>
    </Card>
  );
}
