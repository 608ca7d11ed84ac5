import { ReloadOutlined, SafetyCertificateOutlined } from "@ant-design/icons";
import { Form, Input } from "antd";
import type { KeyboardEvent } from "react";
import { CAPTCHA_IMAGE_SIZE } from "../../../common/constants.ts";
import { captchaFields } from "../../../common/schemas/auth.ts";
import { zodRule } from "../../components/zod_rule.ts";

export interface CaptchaImage {
  captchaId: string;
  /** SVG markup from the server. */
  captchaImage: string;
}

interface Props {
  captcha: CaptchaImage | null;
  loading: boolean;
  onRefresh: () => void;
}

/** The captcha input with its image; clicking the image fetches a new one. */
export function CaptchaField({ captcha, loading, onRefresh }: Props) {
  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onRefresh();
    }
  }

  return (
    <Form.Item>
      <div style={{ display: "flex", gap: 8 }}>
        <Form.Item name="captchaText" noStyle rules={[zodRule(captchaFields.captchaText)]}>
          <Input
            size="large"
            prefix={<SafetyCertificateOutlined />}
            placeholder="验证码"
            aria-label="验证码"
            autoComplete="off"
            maxLength={10}
            style={{ height: CAPTCHA_IMAGE_SIZE.height }}
          />
        </Form.Item>
        <div
          style={{
            flex: `0 0 ${CAPTCHA_IMAGE_SIZE.width}px`,
            height: CAPTCHA_IMAGE_SIZE.height,
            border: "1px solid #d9d9d9",
            borderRadius: 6,
            overflow: "hidden",
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
            background: "#fff",
            cursor: "pointer",
          }}
        >
          {captcha
            ? (
              <img
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.captchaImage)}`}
                alt="验证码"
                aria-label="验证码"
                title="点击刷新"
                tabIndex={0}
                onClick={onRefresh}
                onKeyDown={onKeyDown}
                style={{ width: "100%", height: "100%", objectFit: "contain", opacity: loading ? 0.4 : 1 }}
              />
            )
            : (
              <span role="button" tabIndex={0} title="点击刷新" onClick={onRefresh} onKeyDown={onKeyDown}>
                <ReloadOutlined spin={loading} /> 刷新
              </span>
            )}
        </div>
      </div>
    </Form.Item>
  );
}
