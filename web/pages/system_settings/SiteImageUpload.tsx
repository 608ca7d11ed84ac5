import { UploadOutlined } from "@ant-design/icons";
import { App, Button, Space, Typography, Upload } from "antd";
import { useState } from "react";
import { FAVICON_MAX_BYTES, LOGO_MAX_BYTES } from "../../../common/constants.ts";
import { ApiError, errorText } from "../../api/client.ts";
import { uploadSiteImage } from "../../api/system_settings.ts";
import { getToken } from "../../auth/session.ts";

export const NOT_SIGNED_IN_TEXT = "未登录或登录已过期，请重新登录";

/** Part 3 §5: logo JPG or PNG under 2 MB (200x200 suggested), favicon ICO or PNG under 1 MB (32x32). */
const RULES = {
  logo: {
    label: "上传Logo",
    extensions: ["jpg", "jpeg", "png"],
    accept: ".jpg,.jpeg,.png,image/jpeg,image/png",
    maxBytes: LOGO_MAX_BYTES,
    typeText: "只能上传JPG/PNG格式的文件",
    sizeText: "文件大小不能超过2MB",
    hint: "JPG/PNG，小于2MB，建议尺寸 200x200",
    preview: 64,
  },
  favicon: {
    label: "上传图标",
    extensions: ["ico", "png"],
    accept: ".ico,.png,image/x-icon,image/vnd.microsoft.icon,image/png",
    maxBytes: FAVICON_MAX_BYTES,
    typeText: "只能上传ICO/PNG格式的文件",
    sizeText: "文件大小不能超过1MB",
    hint: "ICO/PNG，小于1MB，建议尺寸 32x32",
    preview: 32,
  },
} as const;

/** The browser-side check of a chosen file; the server checks again (by content). Null when fine. */
export function checkSiteImage(
  kind: "logo" | "favicon",
  file: { name: string; size: number },
): string | null {
  const rule = RULES[kind];
  const ext = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? "";
  if (!(rule.extensions as readonly string[]).includes(ext)) return rule.typeText;
  if (file.size >= rule.maxBytes) return rule.sizeText;
  return null;
}

interface Props {
  kind: "logo" | "favicon";
  /** The current image URL ("" for none). */
  value?: string;
  /** Called with the new URL: the server has stored it in the settings already. */
  onUploaded: (url: string) => void;
}

/** Logo or favicon picker: checks, uploads at once, previews. */
export function SiteImageUpload({ kind, value, onUploaded }: Props) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const rule = RULES[kind];

  async function upload(file: File) {
    if (!getToken()) return void message.error(NOT_SIGNED_IN_TEXT);
    const problem = checkSiteImage(kind, file);
    if (problem) return void message.error(problem);
    setBusy(true);
    try {
      const { url } = await uploadSiteImage(kind, file);
      onUploaded(url);
    } catch (err) {
      // A 401 ends the session in the API client; this screen words it as part 3 §8 does.
      if (err instanceof ApiError && err.status === 401) {
        message.open({ type: "error", content: NOT_SIGNED_IN_TEXT, key: "auth-redirect" });
      } else message.error(errorText(err, "上传失败"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Space align="center" size={16}>
      <div
        style={{
          width: rule.preview + 16,
          height: rule.preview + 16,
          border: "1px dashed #d9d9d9",
          borderRadius: 6,
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          background: "#fafafa",
        }}
      >
        {value
          ? (
            <img
              src={value}
              alt={kind === "logo" ? "当前Logo" : "当前图标"}
              style={{ maxWidth: rule.preview, maxHeight: rule.preview }}
            />
          )
          : <Typography.Text type="secondary">无</Typography.Text>}
      </div>
      <Space direction="vertical" size={4}>
        <Upload
          accept={rule.accept}
          showUploadList={false}
          beforeUpload={(file) => {
            upload(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>{rule.label}</Button>
        </Upload>
        <Typography.Text type="secondary">{rule.hint}</Typography.Text>
      </Space>
    </Space>
  );
}
