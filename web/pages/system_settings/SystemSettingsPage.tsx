import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { App, Button, Card, Form, Input, InputNumber, Space, Spin, Switch } from "antd";
import { useEffect, useState } from "react";
import { z } from "zod";
import { INVITATION_MAX_USES_MAX } from "../../../common/constants.ts";
import { type FooterLink, settingsBody, type SystemSettings } from "../../../common/schemas/settings.ts";
import { errorText } from "../../api/client.ts";
import { getSystemSettings, saveSystemSettings } from "../../api/system_settings.ts";
import { loadSiteSettings, parseFooterLinks } from "../../components/site_settings.ts";
import { zodRule } from "../../components/zod_rule.ts";
import { InvitationCodesPanel } from "./InvitationCodesPanel.tsx";
import { SiteImageUpload } from "./SiteImageUpload.tsx";

type FormValues = Omit<SystemSettings, "footer_links"> & { footer_links: Partial<FooterLink>[] };

const shape = settingsBody.shape;

/** A field the form requires: the schema's rule without the optional wrapper (the POST takes a patch). */
function requiredRule(schema: z.ZodType) {
  return zodRule(schema instanceof z.ZodOptional ? schema.unwrap() as z.ZodType : schema);
}

const footerLinkShape = z.object({ text: z.string(), url: z.string() });

/** /system-settings: basic, login page, footer and clean-up, invitation codes (part 3 §2, §5). */
export function SystemSettingsPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [defaultMaxUses, setDefaultMaxUses] = useState(1);
  const logoUrl = Form.useWatch("logo_url", form);
  const faviconUrl = Form.useWatch("favicon_url", form);
  const autoCleanup = Form.useWatch("auto_cleanup", form);

  useEffect(() => {
    getSystemSettings().then(
      ({ settings }) => {
        form.setFieldsValue({ ...settings, footer_links: parseFooterLinks(settings.footer_links) });
        setDefaultMaxUses(settings.default_max_uses);
      },
      (err) => message.error(errorText(err, "获取系统设置失败")),
    ).finally(() => setLoading(false));
  }, [form, message]);

  async function save(values: FormValues) {
    const links = (values.footer_links ?? []).filter((l) => l?.text || l?.url)
      .map((l) => footerLinkShape.parse({ text: l.text ?? "", url: l.url ?? "" }));
    setSaving(true);
    try {
      const { settings } = await saveSystemSettings({
        system_name: values.system_name,
        site_title: values.site_title,
        default_domain: values.default_domain ?? "",
        login_title: values.login_title,
        login_subtitle: values.login_subtitle,
        footer_copyright: values.footer_copyright ?? "",
        footer_icp: values.footer_icp ?? "",
        footer_links: JSON.stringify(links),
        auto_cleanup: values.auto_cleanup === true,
        cleanup_days: values.cleanup_days,
        invitation_enabled: values.invitation_enabled === true,
        default_max_uses: values.default_max_uses,
      });
      form.setFieldsValue({ default_domain: settings.default_domain });
      setDefaultMaxUses(settings.default_max_uses);
      message.success("保存成功");
      loadSiteSettings({ force: true }).catch(() => undefined);
    } catch (err) {
      message.error(errorText(err, "保存设置失败"));
    } finally {
      setSaving(false);
    }
  }

  /** The server stored the image and saved its URL already (part 3 §4): show it and refresh the shell. */
  function onImageUploaded(field: "logo_url" | "favicon_url", url: string) {
    form.setFieldValue(field, url);
    message.success("上传成功，已保存");
    loadSiteSettings({ force: true }).catch(() => undefined);
  }

  return (
    <Spin spinning={loading}>
      <Space direction="vertical" size={16} style={{ width: "100%" }}>
        <Form form={form} layout="vertical" style={{ maxWidth: 860 }} onFinish={save}>
          <Card title="基本设置" style={{ marginBottom: 16 }}>
            <Form.Item name="system_name" label="系统名称" rules={[requiredRule(shape.system_name)]}>
              <Input maxLength={50} showCount placeholder="2-50个字符" />
            </Form.Item>
            <Form.Item name="site_title" label="网站标题" rules={[requiredRule(shape.site_title)]}>
              <Input maxLength={100} showCount placeholder="2-100个字符，显示在浏览器标签上" />
            </Form.Item>
            <Form.Item
              name="default_domain"
              label="新用户默认域名"
              rules={[zodRule(shape.default_domain)]}
              extra="新注册用户的默认域名，例如 example.com 或 https://example.com，留空使用系统域名"
            >
              <Input placeholder="example.com" />
            </Form.Item>
            <Form.Item name="logo_url" label="系统Logo">
              <SiteImageUpload
                kind="logo"
                value={logoUrl}
                onUploaded={(url) => onImageUploaded("logo_url", url)}
              />
            </Form.Item>
            <Form.Item name="favicon_url" label="网站图标" style={{ marginBottom: 0 }}>
              <SiteImageUpload
                kind="favicon"
                value={faviconUrl}
                onUploaded={(url) => onImageUploaded("favicon_url", url)}
              />
            </Form.Item>
          </Card>

          <Card title="登录页设置" style={{ marginBottom: 16 }}>
            <Form.Item name="login_title" label="登录页标题" rules={[requiredRule(shape.login_title)]}>
              <Input maxLength={200} showCount placeholder="2-200个字符" />
            </Form.Item>
            <Form.Item
              name="login_subtitle"
              label="登录页副标题"
              rules={[requiredRule(shape.login_subtitle)]}
              style={{ marginBottom: 0 }}
            >
              <Input maxLength={200} showCount placeholder="2-200个字符" />
            </Form.Item>
          </Card>

          <Card title="页脚与自动清理" style={{ marginBottom: 16 }}>
            <Form.Item name="footer_copyright" label="版权信息" rules={[zodRule(shape.footer_copyright)]}>
              <Input maxLength={200} placeholder="例如 © 2026 某某律师事务所" />
            </Form.Item>
            <Form.Item name="footer_icp" label="ICP备案号" rules={[zodRule(shape.footer_icp)]}>
              <Input maxLength={100} placeholder="例如 京ICP备12345678号" />
            </Form.Item>
            <Form.Item label="页脚链接">
              <Form.List name="footer_links">
                {(fields, { add, remove }) => (
                  <Space direction="vertical" style={{ width: "100%" }}>
                    {fields.map((field) => (
                      <Space key={field.key} align="start" style={{ display: "flex" }}>
                        <Form.Item
                          name={[field.name, "text"]}
                          rules={[{ required: true, message: "链接文字不能为空" }, {
                            max: 50,
                            message: "链接文字不能超过50个字符",
                          }]}
                          style={{ marginBottom: 0 }}
                        >
                          <Input placeholder="链接文字" aria-label="链接文字" style={{ width: 200 }} />
                        </Form.Item>
                        <Form.Item
                          name={[field.name, "url"]}
                          rules={[
                            { required: true, message: "链接地址不能为空" },
                            {
                              pattern: /^(https?:\/\/|\/(?!\/))/i,
                              message: "链接地址必须以 http://、https:// 或 / 开头",
                            },
                          ]}
                          style={{ marginBottom: 0 }}
                        >
                          <Input placeholder="https://" aria-label="链接地址" style={{ width: 360 }} />
                        </Form.Item>
                        <Button
                          icon={<DeleteOutlined />}
                          aria-label="删除链接"
                          onClick={() => remove(field.name)}
                        />
                      </Space>
                    ))}
                    <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ text: "", url: "" })}>
                      添加链接
                    </Button>
                  </Space>
                )}
              </Form.List>
            </Form.Item>
            <Space size={48} align="start">
              <Form.Item
                name="auto_cleanup"
                label="自动清理"
                valuePropName="checked"
                extra="每天清理超过保留天数的已完成任务及其文件"
              >
                <Switch checkedChildren="开" unCheckedChildren="关" />
              </Form.Item>
              <Form.Item
                name="cleanup_days"
                label="保留天数"
                rules={[{ required: true, message: "请输入保留天数" }, zodRule(shape.cleanup_days)]}
                style={{ marginBottom: 0 }}
              >
                <InputNumber
                  min={1}
                  max={3650}
                  precision={0}
                  addonAfter="天"
                  disabled={autoCleanup === false}
                />
              </Form.Item>
            </Space>
          </Card>

          <Card title="邀请码设置" style={{ marginBottom: 16 }}>
            <Space size={48} align="start">
              <Form.Item
                name="invitation_enabled"
                label="启用邀请码"
                valuePropName="checked"
                extra="开启后，注册时必须填写有效的邀请码"
              >
                <Switch checkedChildren="开" unCheckedChildren="关" />
              </Form.Item>
              <Form.Item
                name="default_max_uses"
                label="默认使用次数"
                rules={[{ required: true, message: "请输入默认使用次数" }, zodRule(shape.default_max_uses)]}
              >
                <InputNumber min={1} max={INVITATION_MAX_USES_MAX} precision={0} />
              </Form.Item>
            </Space>
          </Card>

          <Button type="primary" htmlType="submit" loading={saving} disabled={loading}>
            保存设置
          </Button>
        </Form>

        <InvitationCodesPanel defaultMaxUses={defaultMaxUses} />
      </Space>
    </Spin>
  );
}
