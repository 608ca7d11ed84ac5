import { ApiOutlined, SaveOutlined } from "@ant-design/icons";
import {
  App,
  AutoComplete,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Slider,
  Space,
  Spin,
  Switch,
  Tag,
} from "antd";
import { useCallback, useEffect, useState } from "react";
import { AI_DEFAULTS, type AiSettingsBody, aiSettingsBody } from "../../../common/schemas/ai_settings.ts";
import { type AiSettings, getAiSettings, saveAiSettings, testAiConnection } from "../../api/ai_settings.ts";
import { ApiError, errorText } from "../../api/client.ts";
import { zodRule } from "../../components/zod_rule.ts";
import { temperatureLabel } from "./temperature_label.ts";

/** Suggestions only: any model name of an OpenAI-compatible service may be typed. */
const MODEL_OPTIONS = [
  "deepseek-chat",
  "deepseek-reasoner",
  "qwen-plus",
  "qwen-max",
  "qwen-turbo",
  "glm-4-plus",
  "moonshot-v1-8k",
  "gpt-4o-mini",
  "gpt-4o",
].map((value) => ({ value }));

const TEMPERATURE_COLORS = { 保守: "blue", 平衡: "green", 创意: "orange" } as const;

type FormValues = AiSettingsBody;

/** Slider and number box for 0-1 in steps of 0.1, with the 保守/平衡/创意 label. */
function TemperatureInput({ value, onChange }: { value?: number; onChange?: (v: number | null) => void }) {
  const current = typeof value === "number" ? value : AI_DEFAULTS.temperature;
  const label = temperatureLabel(current);
  return (
    <Space align="center" wrap style={{ width: "100%" }}>
      <Slider
        min={0}
        max={1}
        step={0.1}
        value={current}
        onChange={(v) => onChange?.(v)}
        style={{ width: 240 }}
        aria-label="温度滑块"
      />
      <InputNumber
        min={0}
        max={1}
        step={0.1}
        precision={1}
        value={value}
        onChange={onChange}
        aria-label="温度"
      />
      <Tag color={TEMPERATURE_COLORS[label]}>{label}</Tag>
    </Space>
  );
}

function toForm(s: AiSettings): FormValues {
  return {
    model: s.model,
    api_key: s.api_key,
    base_url: s.base_url,
    temperature: s.temperature,
    max_tokens: s.max_tokens,
    system_prompt: s.system_prompt,
    enable_sensitive_filter: s.enable_sensitive_filter,
  };
}

/** The model configuration card of /ai-settings: a full replacement of the settings on save. */
export function AiSettingsForm() {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [loading, setLoading] = useState(true);
  /** Saving is a full replacement: without the stored settings, a save would overwrite them with defaults. */
  const [loaded, setLoaded] = useState(false);
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  /** The stored key as the server shows it ("sk-****abcd"), "" when none. */
  const [savedKey, setSavedKey] = useState("");
  const [dirty, setDirty] = useState(false);

  const show = useCallback((s: AiSettings) => {
    form.setFieldsValue(toForm(s));
    setSavedKey(s.has_api_key ? s.api_key : "");
    setDirty(false);
  }, [form]);

  useEffect(() => {
    getAiSettings().then(
      ({ settings }) => {
        show(settings);
        setLoaded(true);
      },
      (err) => {
        if (err instanceof ApiError && err.status === 403) message.error("没有访问权限");
        else if (!(err instanceof ApiError && err.status === 401)) {
          message.error(errorText(err, "获取AI设置失败"));
        }
      },
    ).finally(() => setLoading(false));
  }, [message, show]);

  async function onSave(values: FormValues) {
    setSaving(true);
    try {
      const { settings } = await saveAiSettings({
        ...values,
        base_url: values.base_url?.trim() ?? "",
        system_prompt: values.system_prompt.trim(),
      });
      show(settings);
      message.success("保存成功");
    } catch (err) {
      const text = errorText(err, "保存失败");
      message.error(text);
      // The server's refusal of one field shows under it, in view.
      const field = err instanceof ApiError ? err.field as keyof FormValues | undefined : undefined;
      if (field !== undefined && (field in AI_DEFAULTS || field === "api_key")) {
        form.setFields([{ name: field, errors: [err instanceof ApiError ? err.message : text] }]);
        form.scrollToField(field, { block: "center" });
      }
    } finally {
      setSaving(false);
    }
  }

  async function onTest() {
    if (dirty) return void message.warning("设置已修改，请先保存再测试连接");
    if (!savedKey) return void message.warning("请先填写并保存API密钥");
    setTesting(true);
    try {
      const res = await testAiConnection();
      message.success(res.message || "连接成功");
    } catch (err) {
      message.error(errorText(err, "连接失败"));
    } finally {
      setTesting(false);
    }
  }

  return (
    <Card title="模型配置">
      <Spin spinning={loading}>
        <Form
          form={form}
          name="ai_settings"
          layout="vertical"
          style={{ maxWidth: 720 }}
          initialValues={{ ...AI_DEFAULTS, api_key: "" }}
          onValuesChange={() => setDirty(true)}
          onFinish={onSave}
          scrollToFirstError={{ block: "center", behavior: "instant", focus: true }}
        >
          <Form.Item name="model" label="AI模型" required rules={[zodRule(aiSettingsBody.shape.model)]}>
            <AutoComplete options={MODEL_OPTIONS} placeholder="请选择AI模型" aria-label="AI模型" />
          </Form.Item>
          <Form.Item
            name="base_url"
            label="接口地址"
            extra="任何兼容 OpenAI 接口的服务均可，如 https://api.deepseek.com/v1、https://dashscope.aliyuncs.com/compatible-mode/v1 或本地服务地址"
            rules={[zodRule(aiSettingsBody.shape.base_url)]}
          >
            <Input placeholder="https://api.deepseek.com/v1" />
          </Form.Item>
          <Form.Item
            name="api_key"
            label="API密钥"
            required
            extra={savedKey
              ? `当前密钥：${savedKey}（只显示首尾几位）；不修改则保留原密钥，输入新密钥则替换`
              : "尚未设置密钥"}
            rules={[zodRule(aiSettingsBody.shape.api_key)]}
          >
            <Input.Password placeholder="请输入API密钥" autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="temperature"
            label="温度"
            required
            extra="数值越低回答越稳定，越高越有创意"
            rules={[zodRule(aiSettingsBody.shape.temperature)]}
          >
            <TemperatureInput />
          </Form.Item>
          <Form.Item
            name="max_tokens"
            label="最大Token数"
            required
            rules={[zodRule(aiSettingsBody.shape.max_tokens)]}
          >
            <InputNumber
              min={100}
              max={4000}
              step={100}
              precision={0}
              style={{ width: 200 }}
              aria-label="最大Token数"
            />
          </Form.Item>
          <Form.Item
            name="system_prompt"
            label="系统提示词"
            required
            rules={[zodRule(aiSettingsBody.shape.system_prompt)]}
          >
            <Input.TextArea rows={5} placeholder="请输入系统提示词" showCount maxLength={10_000} />
          </Form.Item>
          <Form.Item name="enable_sensitive_filter" label="启用敏感词过滤" valuePropName="checked">
            <Switch aria-label="启用敏感词过滤" />
          </Form.Item>
          <Space>
            <Button
              type="primary"
              htmlType="submit"
              icon={<SaveOutlined />}
              loading={saving}
              disabled={!loaded}
              title={!loaded && !loading ? "获取AI设置失败，请刷新页面后再保存" : undefined}
            >
              保存设置
            </Button>
            <Button icon={<ApiOutlined />} onClick={onTest} loading={testing}>测试连接</Button>
          </Space>
        </Form>
      </Spin>
    </Card>
  );
}
