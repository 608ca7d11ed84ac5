import { PlusOutlined } from "@ant-design/icons";
import { Alert, App, Button, Checkbox, Input, Select, Space, Typography } from "antd";
import { useEffect, useState } from "react";
import { normalizePrefixText, PARAGRAPH_PREFIX_MAX, previewPrefixes } from "../../../common/paragraphs.ts";
import { PARAGRAPH_DUPLICATE, PREFIX_UPPERCASE_N } from "../../../common/schemas/excel_batch.ts";
import { errorText } from "../../api/client.ts";
import { listParagraphTemplates, type ParagraphTemplateRecord } from "../../api/excel_templates.ts";
import { ParagraphItemCard } from "./ParagraphItemCard.tsx";
import { emptyParagraphItem, type ParagraphItem, paragraphItemFromTemplate } from "./wizard_logic.ts";

export interface ParagraphConfig {
  enabled: boolean;
  merge: boolean;
  prefixEnabled: boolean;
  prefixText: string;
  items: ParagraphItem[];
}

interface Props {
  config: ParagraphConfig;
  paragraphVariables: string[];
  onChange: (config: ParagraphConfig) => void;
}

/** Step 3 (part 2 §2.1): paragraphs, merge output, prefix with its preview, templates and presets. */
export function ParagraphStep({ config, paragraphVariables, onChange }: Props) {
  const { message } = App.useApp();
  const [templates, setTemplates] = useState<ParagraphTemplateRecord[]>([]);
  const set = (patch: Partial<ParagraphConfig>) => onChange({ ...config, ...patch });

  useEffect(() => {
    listParagraphTemplates().then(
      (r) => setTemplates(r.templates),
      (err) => message.error(errorText(err, "获取模板列表失败")),
    );
  }, [message]);

  function isTaken(variable: string, exceptKey?: string) {
    const name = variable.trim();
    return name !== "" && config.items.some((i) => i.key !== exceptKey && i.variable.trim() === name);
  }

  function pickTemplate(id: string) {
    const template = templates.find((t) => t.id === id);
    if (!template) return;
    if (isTaken(template.variable)) return void message.warning(PARAGRAPH_DUPLICATE);
    set({ items: [...config.items, paragraphItemFromTemplate(template)] });
  }

  function changePrefix(text: string) {
    const { text: fixed, corrected } = normalizePrefixText(text);
    if (corrected) message.warning(PREFIX_UPPERCASE_N);
    set({ prefixText: fixed });
  }

  function addItem() {
    const unused = paragraphVariables.find((v) => !isTaken(v)) ?? "";
    set({ items: [...config.items, emptyParagraphItem(unused)] });
  }

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <Space wrap size="large">
        <Checkbox checked={config.enabled} onChange={(e) => set({ enabled: e.target.checked })}>
          启用段落
        </Checkbox>
        <Checkbox checked={config.merge} onChange={(e) => set({ merge: e.target.checked })}>
          合并输出为一个文档
        </Checkbox>
      </Space>
      {config.merge && (
        <Alert
          type="info"
          showIcon
          title={config.enabled
            ? "合并输出：所有处理的行生成一个文档，段落按行顺序排列，其他变量取第一行的值；只扣除 1 次使用次数"
            : "合并输出：所有处理的行生成一个文档，每行按模板生成一份、各自从新的一页开始，按行顺序排列（同 Word 邮件合并）；只扣除 1 次使用次数"}
        />
      )}
      {config.enabled && (
        <>
          {paragraphVariables.length === 0 && (
            <Alert type="warning" showIcon title="当前模板中没有 #{变量名} 格式的段落变量" />
          )}
          <Space wrap align="center">
            <Checkbox
              checked={config.prefixEnabled}
              onChange={(e) => set({ prefixEnabled: e.target.checked })}
            >
              启用段落前缀
            </Checkbox>
            <Input
              aria-label="前缀内容"
              style={{ width: 220 }}
              placeholder="例如 N、 或 第N项："
              maxLength={PARAGRAPH_PREFIX_MAX}
              disabled={!config.prefixEnabled}
              value={config.prefixText}
              onChange={(e) => changePrefix(e.target.value)}
            />
            <Typography.Text type="secondary">N 代表序号</Typography.Text>
          </Space>
          {config.prefixEnabled && config.prefixText && (
            <Typography.Text>
              预览：{previewPrefixes(config.prefixText).map((p, i) => (
                <Typography.Text code key={i}>{p}</Typography.Text>
              ))}
            </Typography.Text>
          )}
          <Select
            aria-label="段落模板"
            placeholder="选择已有段落模板（添加为一个段落）"
            style={{ width: 320 }}
            value={null}
            options={templates.map((t) => ({ value: t.id, label: `${t.template_name}（${t.variable}）` }))}
            onChange={(id: string) => pickTemplate(id)}
          />
          {config.items.map((item, index) => (
            <ParagraphItemCard
              key={item.key}
              index={index}
              item={item}
              variables={paragraphVariables}
              onChange={(next) => set({ items: config.items.map((i) => (i.key === item.key ? next : i)) })}
              onVariable={(variable) => {
                if (isTaken(variable, item.key)) message.warning(PARAGRAPH_DUPLICATE);
              }}
              onRemove={() => set({ items: config.items.filter((i) => i.key !== item.key) })}
            />
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={addItem}>
            添加段落
          </Button>
        </>
      )}
    </Space>
  );
}
