import { KeyOutlined, LockOutlined, MailOutlined, UserOutlined } from "@ant-design/icons";
import { App, Button, Form, Input } from "antd";
import { useCallback, useEffect, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { errorMessage } from "../../../common/errors.ts";
import { email, loginUsername, password } from "../../../common/schemas/auth.ts";
import type { PublicSettings } from "../../../common/schemas/settings.ts";
import { login, register } from "../../api/auth.ts";
import { generateCaptcha, verifyCaptcha } from "../../api/captcha.ts";
import { ApiError, errorText } from "../../api/client.ts";
import { listLoginFeatures, type LoginFeature } from "../../api/settings.ts";
import { consumeEndedByApp, getCachedSettings, startSession, useSession } from "../../auth/session.ts";
import { confirmPasswordRule } from "../../components/form_rules.ts";
import { loadSiteSettings } from "../../components/site_settings.ts";
import { zodRule } from "../../components/zod_rule.ts";
import { CaptchaField, type CaptchaImage } from "./CaptchaField.tsx";
import { ForgotPasswordModal } from "./ForgotPasswordModal.tsx";
import { LoginAside, LoginFooter } from "./LoginAside.tsx";

type Mode = "login" | "register";

interface FormValues {
  username: string;
  password: string;
  confirmPassword?: string;
  email?: string;
  invitationCode?: string;
  captchaText: string;
}

/** /login: a signed-in user goes to /; everyone else gets the login/register screen. */
export function LoginPage() {
  const { token, user } = useSession();
  if (token && user) return <Navigate to="/" replace state={{ fromLogin: true }} />;
  return <LoginScreen />;
}

function LoginScreen() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const [mode, setMode] = useState<Mode>("login");
  const [settings, setSettings] = useState<PublicSettings | null>(null);
  const [features, setFeatures] = useState<LoginFeature[]>([]);
  const [captcha, setCaptcha] = useState<CaptchaImage | null>(null);
  const [captchaLoading, setCaptchaLoading] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);

  const refreshCaptcha = useCallback(async () => {
    setCaptchaLoading(true);
    form.setFieldValue("captchaText", "");
    try {
      const { captchaId, captchaImage } = await generateCaptcha();
      setCaptcha({ captchaId, captchaImage });
    } catch {
      message.error("获取验证码失败");
    } finally {
      setCaptchaLoading(false);
    }
  }, [form, message]);

  useEffect(() => {
    consumeEndedByApp();
    loadSiteSettings().then(setSettings, () => {});
    listLoginFeatures().then(({ features }) => setFeatures(features ?? []), () => {});
    refreshCaptcha();
  }, [refreshCaptcha]);

  function switchMode(next: Mode) {
    setMode(next);
    form.resetFields();
  }

  async function onFinish(values: FormValues) {
    if (!captcha) return refreshCaptcha();
    const captchaId = captcha.captchaId;
    const captchaText = values.captchaText.trim();
    setSubmitting(true);
    try {
      try {
        await verifyCaptcha({ captchaId, captchaText });
      } catch (err) {
        const offline = err instanceof ApiError && (err.code === "TIMEOUT" || err.code === "NETWORK");
        message.error(offline ? err.message : "验证码错误");
        await refreshCaptcha();
        return;
      }
      const username = values.username.trim();
      const result = mode === "login"
        ? await login({ username, password: values.password, captchaId, captchaText })
        : await register({
          username,
          password: values.password,
          email: (values.email ?? "").trim(),
          invitationCode: (values.invitationCode ?? "").trim(),
          captchaId,
          captchaText,
        });
      startSession(result.token, result.user);
      message.success(mode === "login" ? "登录成功" : "注册成功");
      navigate("/", { replace: true, state: { fromLogin: true } });
    } catch (err) {
      message.error(errorText(err, mode === "login" ? "登录失败" : "注册失败"));
      await refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  }

  const cached = getCachedSettings();
  const invitationEnabled = settings?.invitation_enabled === true;
  const isLogin = mode === "login";

  return (
    <div
      style={{
        minHeight: "100vh",
        display: "flex",
        flexDirection: "column",
        background: "linear-gradient(135deg, #0f2f66 0%, #1f5fbf 55%, #4f8fe6 100%)",
      }}
    >
      <main
        style={{
          flex: 1,
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          gap: 48,
          padding: "48px 24px",
          flexWrap: "wrap",
        }}
      >
        <LoginAside
          title={settings?.login_title ?? cached?.siteTitle ?? ""}
          subtitle={settings?.login_subtitle ?? ""}
          logoUrl={settings?.logo_url ?? cached?.logoUrl ?? ""}
          features={features}
        />
        {/* A plain panel rather than antd Card: Card pulls in Tabs and Menu (bundle size). */}
        <section
          aria-label={isLogin ? "用户登录" : "用户注册"}
          style={{
            width: 400,
            maxWidth: "100%",
            boxSizing: "border-box",
            padding: "32px 32px 20px",
            background: "#fff",
            borderRadius: 12,
            boxShadow: "0 12px 32px rgba(0, 0, 0, 0.18)",
          }}
        >
          <h2 style={{ textAlign: "center", fontSize: 22, fontWeight: 600, margin: "0 0 24px" }}>
            {isLogin ? "用户登录" : "用户注册"}
          </h2>
          <Form form={form} name="auth" onFinish={onFinish} autoComplete="on" requiredMark={false}>
            <Form.Item name="username" rules={[zodRule(loginUsername)]}>
              <Input
                size="large"
                prefix={<UserOutlined />}
                placeholder="用户名"
                aria-label="用户名"
                autoComplete="username"
              />
            </Form.Item>
            <Form.Item name="password" rules={[zodRule(password)]}>
              <Input.Password
                size="large"
                prefix={<LockOutlined />}
                placeholder="密码"
                aria-label="密码"
                autoComplete={isLogin ? "current-password" : "new-password"}
              />
            </Form.Item>
            {!isLogin && (
              <>
                <Form.Item
                  name="confirmPassword"
                  dependencies={["password"]}
                  rules={[confirmPasswordRule("password")]}
                >
                  <Input.Password
                    size="large"
                    prefix={<LockOutlined />}
                    placeholder="确认密码"
                    aria-label="确认密码"
                    autoComplete="new-password"
                  />
                </Form.Item>
                <Form.Item name="email" rules={[zodRule(email)]} extra="用于找回密码">
                  <Input
                    size="large"
                    prefix={<MailOutlined />}
                    placeholder="邮箱"
                    aria-label="邮箱"
                    autoComplete="email"
                  />
                </Form.Item>
                {invitationEnabled && (
                  <Form.Item
                    name="invitationCode"
                    rules={[{
                      required: true,
                      whitespace: true,
                      message: errorMessage("INVITATION_REQUIRED"),
                    }]}
                  >
                    <Input size="large" prefix={<KeyOutlined />} placeholder="邀请码" aria-label="邀请码" />
                  </Form.Item>
                )}
              </>
            )}
            <CaptchaField captcha={captcha} loading={captchaLoading} onRefresh={refreshCaptcha} />
            <Form.Item style={{ marginBottom: 12 }}>
              <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
                {isLogin ? "登录" : "注册"}
              </Button>
            </Form.Item>
          </Form>
          <div style={{ display: "flex", justifyContent: "space-between" }}>
            <Button
              type="link"
              style={{ padding: 0 }}
              onClick={() => switchMode(isLogin ? "register" : "login")}
            >
              {isLogin ? "没有账号？立即注册" : "已有账号？返回登录"}
            </Button>
            {isLogin && (
              <Button type="link" style={{ padding: 0 }} onClick={() => setForgotOpen(true)}>
                忘记密码？
              </Button>
            )}
          </div>
        </section>
      </main>
      <LoginFooter settings={settings} />
      <ForgotPasswordModal open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </div>
  );
}
