import { InboxOutlined } from "@ant-design/icons";
import { App, Spin, Upload } from "antd";
import { useState } from "react";
import { TEMPLATE_MAX_BYTES } from "../../common/constants.ts";
import { errorMessage } from "../../common/errors.ts";
import { NO_VARIABLES_WARNING } from "../../common/schemas/templates.ts";
import { errorText } from "../api/client.ts";
import type { TemplateUploadResult } from "../api/templates.ts";

const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** The checks of part 2 §5 "Template upload" done before sending: the Chinese message, or null. */
export function checkTemplateFile(file: { name: string; size: number }): string | null {
  if (!/\.docx$/i.test(file.name)) return errorMessage("TEMPLATE_NOT_DOCX");
  if (file.size > TEMPLATE_MAX_BYTES) {
    return errorMessage("FILE_TOO_LARGE", { limit: `${TEMPLATE_MAX_BYTES / 1024 / 1024}MB` });
  }
  return null;
}

interface Props {
  upload: (file: File) => Promise<TemplateUploadResult>;
  /** Called after a successful upload (also when no variables were found: the caller decides). */
  onUploaded: (result: TemplateUploadResult) => void;
  hint?: string;
  disabled?: boolean;
}

/**
 * Drag-or-click upload of one Word template (.docx): checks type and size first, then shows the
 * server's answer: 模板上传成功, the no-variables warning, or the server's error (a malformed
 * placeholder is named with its context) / 模板上传失败.
 */
export function TemplateUpload({ upload, onUploaded, hint, disabled }: Props) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  async function send(file: File) {
    setBusy(true);
    try {
      const result = await upload(file);
      if (result.noVariables || result.variables.length === 0) {
        message.warning(result.warning || NO_VARIABLES_WARNING);
      } else message.success("模板上传成功");
      onUploaded(result);
    } catch (err) {
      message.error(errorText(err, "模板上传失败"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Spin spinning={busy} description="正在上传...">
      <Upload.Dragger
        accept={`.docx,${DOCX_MIME}`}
        multiple={false}
        showUploadList={false}
        disabled={disabled || busy}
        beforeUpload={(file) => {
          const problem = checkTemplateFile(file);
          if (problem) message.error(problem);
          else void send(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击或拖拽 Word 模板 (.docx) 到此处上传</p>
        <p className="ant-upload-hint">{hint ?? "模板中用 ${变量名} 标记要填入的内容，例如 ${申请人}"}</p>
      </Upload.Dragger>
    </Spin>
  );
}
