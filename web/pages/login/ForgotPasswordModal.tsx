import { LockOutlined, MailOutlined, SafetyOutlined, UserOutlined } from "@ant-design/icons";
import { App, Button, Form, Input, Modal, Space } from "antd";
import { useEffect, useState } from "react";
import { RESET_CODE_LENGTH, RESET_CODE_RESEND_SECONDS } from "../../../common/constants.ts";
import { email, loginUsername, password, resetCode } from "../../../common/schemas/auth.ts";
import { resetPassword, sendResetCode } from "../../api/auth.ts";
import { errorText } from "../../api/client.ts";
import { confirmPasswordRule } from "../../components/form_rules.ts";
import { zodRule } from "../../components/zod_rule.ts";

interface Props {
  open: boolean;
  onClose: () => void;
}

interface ResetValues {
  username: string;
  email: string;
  code: string;
  newPassword: string;
  confirmPassword: string;
}

/** 重置密码: mail a 6-digit code to the registered address, then set a new password. */
export function ForgotPasswordModal({ open, onClose }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ResetValues>();
  const [seconds, setSeconds] = useState(0);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);

  async function onSendCode() {
    let values: Pick<ResetValues, "username" | "email">;
    try {
      values = await form.validateFields(["username", "email"]);
    } catch {
      return;
    }
    setSending(true);
    try {
      await sendResetCode({ username: values.username.trim(), email: values.email.trim() });
      message.success("验证码已发送到您的邮箱");
      setSeconds(RESET_CODE_RESEND_SECONDS);
    } catch (err) {
      message.error(errorText(err, "发送验证码失败"));
    } finally {
      setSending(false);
    }
  }

  async function onSubmit() {
    let values: ResetValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSubmitting(true);
    try {
      await resetPassword({
        username: values.username.trim(),
        code: values.code.trim(),
        newPassword: values.newPassword,
      });
      message.success("密码重置成功");
      form.resetFields();
      onClose();
    } catch (err) {
      message.error(errorText(err, "重置密码失败"));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Modal
      title="重置密码"
      open={open}
      onCancel={onClose}
      onOk={onSubmit}
      okText="重置密码"
      confirmLoading={submitting}
      afterClose={() => form.resetFields()}
    >
      <Form
        form={form}
        name="reset_password"
        layout="vertical"
        requiredMark={false}
        style={{ marginTop: 16 }}
      >
        <Form.Item name="username" label="用户名" rules={[zodRule(loginUsername)]}>
          <Input prefix={<UserOutlined />} placeholder="请输入用户名" autoComplete="username" />
        </Form.Item>
        <Form.Item name="email" label="注册邮箱" rules={[zodRule(email)]}>
          <Input prefix={<MailOutlined />} placeholder="请输入注册时填写的邮箱" autoComplete="email" />
        </Form.Item>
        <Form.Item label="邮箱验证码" required>
          <Space.Compact style={{ width: "100%" }}>
            <Form.Item name="code" noStyle rules={[zodRule(resetCode)]}>
              <Input
                prefix={<SafetyOutlined />}
                placeholder={`请输入${RESET_CODE_LENGTH}位验证码`}
                aria-label="邮箱验证码"
                maxLength={RESET_CODE_LENGTH}
                autoComplete="one-time-code"
              />
            </Form.Item>
            <Button onClick={onSendCode} loading={sending} disabled={seconds > 0} style={{ minWidth: 128 }}>
              {seconds > 0 ? `${seconds}秒后重新发送` : "发送验证码"}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="newPassword" label="新密码" rules={[zodRule(password)]}>
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
          rules={[confirmPasswordRule("newPassword")]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder="请再次输入新密码"
            autoComplete="new-password"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
