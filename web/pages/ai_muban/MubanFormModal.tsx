import { UploadOutlined } from "@ant-design/icons";
import { Alert, App, Button, Form, Input, Modal, Upload } from "antd";
import { useEffect, useState } from "react";
import {
  AI_MUBAN_DESCRIPTION_MAX,
  AI_MUBAN_MAX_BYTES,
  AI_MUBAN_NAME_MAX,
} from "../../../common/constants.ts";
import { errorMessage } from "../../../common/errors.ts";
import { aiMubanDescription, aiMubanName } from "../../../common/schemas/ai_muban.ts";
import { type AiMubanTemplate, createAiMubanTemplate, updateAiMubanTemplate } from "../../api/ai_muban.ts";
import { errorText } from "../../api/client.ts";
import { zodRule } from "../../components/zod_rule.ts";

interface Props {
  /** null: closed; "new": upload; a template: edit it. */
  target: AiMubanTemplate | "new" | null;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  template_name: string;
  description?: string;
}

/** Part 4 §5: .docx only, at most 10 MB: the message, or null. */
export function checkMubanFile(file: { name: string; size: number }): string | null {
  if (!/\.docx$/i.test(file.name)) return errorMessage("AI_MUBAN_NOT_DOCX");
  if (file.size > AI_MUBAN_MAX_BYTES) return errorMessage("AI_MUBAN_FILE_TOO_LARGE");
  return null;
}

/** The one dialog of upload and edit (part 4 §2): name, description and, on create, one .docx. */
export function MubanFormModal({ target, onClose, onSaved }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const editing = target !== null && target !== "new" ? target : null;

  useEffect(() => {
    if (target === null) return;
    setFile(null);
    setFileError(null);
    form.setFieldsValue({
      template_name: editing?.template_name ?? "",
      description: editing?.description ?? "",
    });
  }, [target, editing, form]);

  async function save() {
    // Invalid fields stay in the dialog with their messages (validateFields rejects).
    const values = await form.validateFields().catch(() => null);
    if (!editing && !file) setFileError(errorMessage("AI_MUBAN_FILE_REQUIRED"));
    if (!values) return;
    if (!editing && !file) {
      setFileError(errorMessage("AI_MUBAN_FILE_REQUIRED"));
      return;
    }
    setSaving(true);
    try {
      const body = {
        template_name: values.template_name.trim(),
        description: values.description?.trim() ?? "",
      };
      if (editing) {
        await updateAiMubanTemplate(editing.id, body);
        message.success("更新成功");
      } else {
        await createAiMubanTemplate(body, file!);
        message.success("上传成功");
      }
      onSaved();
      onClose();
    } catch (err) {
      message.error(errorText(err, "保存失败"));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={target !== null}
      title={editing ? "编辑模板" : "上传模板"}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="template_name" label="模板名称" required rules={[zodRule(aiMubanName)]}>
          <Input placeholder="请输入模板名称" maxLength={AI_MUBAN_NAME_MAX} />
        </Form.Item>
        <Form.Item name="description" label="模板描述" rules={[zodRule(aiMubanDescription.optional())]}>
          <Input.TextArea rows={3} placeholder="请输入模板描述" maxLength={AI_MUBAN_DESCRIPTION_MAX} />
        </Form.Item>
        {!editing && (
          <Form.Item
            label="模板文件"
            required
            validateStatus={fileError ? "error" : undefined}
            help={fileError ?? undefined}
          >
            <Upload
              accept=".docx"
              maxCount={1}
              fileList={file ? [{ uid: "1", name: file.name, status: "done" }] : []}
              onRemove={() => setFile(null)}
              beforeUpload={(picked) => {
                const problem = checkMubanFile(picked);
                if (problem) {
                  message.error(problem);
                  setFileError(problem);
                } else {
                  setFile(picked);
                  setFileError(null);
                }
                return Upload.LIST_IGNORE;
              }}
            >
              <Button icon={<UploadOutlined />}>选择文件</Button>
            </Upload>
          </Form.Item>
        )}
        <Alert
          type="info"
          showIcon
          message="模板中的变量请使用 ${变量名} 的格式，例如 ${原告}、${借款金额}"
        />
      </Form>
    </Modal>
  );
}
