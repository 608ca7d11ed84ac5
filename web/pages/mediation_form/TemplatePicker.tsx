import { DownloadOutlined, FileWordOutlined, SwapOutlined } from "@ant-design/icons";
import { App, Button, Card, Descriptions, Empty, Radio, Select, Space, Spin } from "antd";
import dayjs from "dayjs";
import { useEffect, useState } from "react";
import { errorText } from "../../api/client.ts";
import { downloadTemplateFile, type TemplateSource } from "../../api/mediation.ts";
import {
  type ManagerTemplate,
  personalTemplatesApi,
  systemTemplatesApi,
  uploadTemporaryTemplate,
} from "../../api/templates.ts";
import { saveBlob } from "../../components/save_file.ts";
import { VariableTags } from "../../components/TemplateLibrary.tsx";
import { TemplateUpload } from "../../components/TemplateUpload.tsx";
import { type ChosenTemplate, SOURCE_LABELS } from "./chosen_template.ts";

interface Props {
  value: ChosenTemplate | null;
  onChange: (template: ChosenTemplate | null) => void;
  disabled?: boolean;
}

function fromManager(source: TemplateSource, t: ManagerTemplate): ChosenTemplate {
  return { source, id: t.id, fileName: t.fileName, uploadTime: t.uploadTime, variables: t.variables };
}

/**
 * Step 1 (part 2 §2.4): the template source (system, personal, temporary .docx), the choice, and the
 * template card with its variables as tags and a 更换模板 link. Changing the source resets the choice;
 * choosing 个人模板 loads the personal templates; a temporary template without variables is dropped.
 */
export function TemplatePicker({ value, onChange, disabled }: Props) {
  const { message } = App.useApp();
  const [source, setSource] = useState<TemplateSource>(value?.source ?? "system");
  const [lists, setLists] = useState<Partial<Record<"system" | "personal", ManagerTemplate[]>>>({});
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (source === "temp") return;
    let cancelled = false;
    const library = source === "system" ? systemTemplatesApi : personalTemplatesApi;
    setLoading(true);
    library.list().then(
      ({ templates }) => !cancelled && setLists((prev) => ({ ...prev, [source]: templates ?? [] })),
      (err) =>
        !cancelled &&
        message.error(errorText(err, source === "system" ? "获取模板列表失败" : "获取个人模板列表失败")),
    ).finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [source, message]);

  function changeSource(next: TemplateSource) {
    setSource(next);
    onChange(null);
  }

  async function downloadWord(template: ChosenTemplate) {
    try {
      const { blob, fileName } = await downloadTemplateFile(template.source, {
        id: template.id,
        path: template.path,
      });
      saveBlob(blob, fileName ?? template.fileName);
    } catch (err) {
      message.error(errorText(err, "下载模板失败"));
    }
  }

  if (value) {
    return (
      <Card
        size="small"
        title={
          <Space>
            <FileWordOutlined />
            {value.fileName}
          </Space>
        }
        extra={
          <Space>
            <Button type="link" icon={<DownloadOutlined />} onClick={() => downloadWord(value)}>
              下载模板
            </Button>
            <Button type="link" icon={<SwapOutlined />} disabled={disabled} onClick={() => onChange(null)}>
              更换模板
            </Button>
          </Space>
        }
      >
        <Descriptions column={1} size="small">
          <Descriptions.Item label="模板来源">{SOURCE_LABELS[value.source]}</Descriptions.Item>
          <Descriptions.Item label="上传时间">
            {dayjs(value.uploadTime).format("YYYY-MM-DD HH:mm:ss")}
          </Descriptions.Item>
          <Descriptions.Item label={`模板变量（${value.variables.length}）`}>
            <VariableTags variables={value.variables} />
          </Descriptions.Item>
        </Descriptions>
      </Card>
    );
  }

  const list = source === "temp" ? [] : lists[source] ?? [];
  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <Radio.Group
        value={source}
        disabled={disabled}
        onChange={(e) => changeSource(e.target.value)}
        optionType="button"
        buttonStyle="solid"
        options={(["system", "personal", "temp"] as const).map((key) => ({
          value: key,
          label: SOURCE_LABELS[key],
        }))}
      />
      {source === "temp"
        ? (
          <TemplateUpload
            upload={uploadTemporaryTemplate}
            hint="临时模板只用于本次生成，不会保存到模板列表"
            onUploaded={(result) => {
              // The warning was shown by TemplateUpload; a template without variables is not kept.
              if (result.noVariables || result.variables.length === 0) return;
              onChange({
                source: "temp",
                path: result.filePath,
                fileName: result.fileName,
                uploadTime: result.uploadTime ?? new Date().toISOString(),
                variables: result.variables,
              });
            }}
          />
        )
        : (
          <Spin spinning={loading}>
            {list.length === 0 && !loading
              ? (
                <Empty
                  description={source === "system" ? "暂无系统模板" : "暂无个人模板，请先在“我的模板”中上传"}
                />
              )
              : (
                <Select
                  style={{ width: "100%", maxWidth: 520 }}
                  placeholder={source === "system" ? "请选择系统模板" : "请选择个人模板"}
                  aria-label="选择模板"
                  showSearch={{ optionFilterProp: "label" }}
                  options={list.map((t) => ({ value: t.id, label: t.fileName }))}
                  onChange={(id: string) => {
                    const picked = list.find((t) => t.id === id);
                    if (picked) onChange(fromManager(source, picked));
                  }}
                />
              )}
          </Spin>
        )}
    </Space>
  );
}
