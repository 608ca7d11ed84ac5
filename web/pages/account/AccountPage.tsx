import { LockOutlined, MailOutlined } from "@ant-design/icons";
import { App, Button, Card, Descriptions, Form, Input, Space, Tag } from "antd";
import { useEffect, useState } from "react";
import { changeEmailBody, changePasswordBody } from "../../../common/schemas/account.ts";
import { changeEmail, changePassword } from "../../api/account.ts";
import { ApiError, errorText } from "../../api/client.ts";
import { getProfile } from "../../api/profile.ts";
import { getUser, type SessionUser, setUser, useSession } from "../../auth/session.ts";
import { confirmPasswordRule } from "../../components/form_rules.ts";
import { zodRule } from "../../components/zod_rule.ts";
import { roleLabel } from "../../components/role_label.ts";

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** /account (any signed-in user): one's own details, password change (old password required) and e-mail. */
export function AccountPage() {
  const { message } = App.useApp();
  const { user: sessionUser } = useSession();
  const [profile, setProfile] = useState<SessionUser | null>(sessionUser);
  const [passwordForm] = Form.useForm<PasswordValues>();
  const [emailForm] = Form.useForm<{ email: string }>();
  const [savingPassword, setSavingPassword] = useState(false);
  const [savingEmail, setSavingEmail] = useState(false);

  useEffect(() => {
    getProfile().then(
      ({ user }) => {
        setProfile(user);
        emailForm.setFieldsValue({ email: user.email });
      },
      (err) => message.error(errorText(err, "获取账号信息失败")),
    );
  }, [emailForm, message]);

  async function onChangePassword(values: PasswordValues) {
    setSavingPassword(true);
    try {
      await changePassword({ oldPassword: values.oldPassword, newPassword: values.newPassword });
      message.success("密码修改成功");
      passwordForm.resetFields();
    } catch (err) {
      const text = errorText(err, "修改密码失败");
      if (err instanceof ApiError && err.field && err.field in values) {
        passwordForm.setFields([{ name: err.field as keyof PasswordValues, errors: [text] }]);
      }
      message.error(text);
    } finally {
      setSavingPassword(false);
    }
  }

  async function onChangeEmail(values: { email: string }) {
    setSavingEmail(true);
    try {
      const { email } = await changeEmail({ email: values.email.trim() });
      message.success("邮箱修改成功");
      setProfile((p) => (p ? { ...p, email } : p));
      const stored = getUser();
      if (stored) setUser({ ...stored, email });
    } catch (err) {
      message.error(errorText(err, "修改邮箱失败"));
    } finally {
      setSavingEmail(false);
    }
  }

  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <Card title="账号信息">
        <Descriptions column={{ xs: 1, sm: 3 }}>
          <Descriptions.Item label="用户名">{profile?.username ?? "-"}</Descriptions.Item>
          <Descriptions.Item label="角色">
            {profile
              ? <Tag color={profile.role === "admin" ? "red" : "blue"}>{roleLabel(profile.role)}</Tag>
              : "-"}
          </Descriptions.Item>
          <Descriptions.Item label="邮箱">{profile?.email || "-"}</Descriptions.Item>
        </Descriptions>
      </Card>

      <Card title="修改密码">
        <Form
          form={passwordForm}
          name="change_password"
          layout="vertical"
          style={{ maxWidth: 420 }}
          onFinish={onChangePassword}
        >
          <Form.Item
            name="oldPassword"
            label="原密码"
            required
            rules={[zodRule(changePasswordBody.shape.oldPassword)]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              placeholder="请输入原密码"
              autoComplete="current-password"
            />
          </Form.Item>
          <Form.Item
            name="newPassword"
            label="新密码"
            required
            rules={[zodRule(changePasswordBody.shape.newPassword)]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              placeholder="请输入新密码（6-20个字符）"
              autoComplete="new-password"
            />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label="确认新密码"
            dependencies={["newPassword"]}
            rules={[{ required: true, message: "请再次输入新密码" }, confirmPasswordRule("newPassword")]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              placeholder="请再次输入新密码"
              autoComplete="new-password"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={savingPassword}>修改密码</Button>
        </Form>
      </Card>

      <Card title="修改邮箱">
        <Form
          form={emailForm}
          name="change_email"
          layout="vertical"
          style={{ maxWidth: 420 }}
          initialValues={{ email: sessionUser?.email ?? "" }}
          onFinish={onChangeEmail}
        >
          <Form.Item
            name="email"
            label="邮箱"
            extra="用于找回密码"
            required
            rules={[zodRule(changeEmailBody.shape.email)]}
          >
            <Input prefix={<MailOutlined />} placeholder="请输入邮箱" autoComplete="email" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={savingEmail}>保存邮箱</Button>
        </Form>
      </Card>
    </Space>
  );
}
