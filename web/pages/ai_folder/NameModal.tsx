import { Form, Input, type InputRef, Modal } from "antd";
import { useEffect, useRef } from "react";
import { aiFolderName } from "../../../common/schemas/ai_folder.ts";
import { zodRule } from "../../components/zod_rule.ts";

interface Props {
  open: boolean;
  title: string;
  /** The old name of a rename (the new one must differ); undefined for a new folder. */
  oldName?: string;
  /** A file's rename: only the name before its extension is selected, ready to type over. */
  keepExtension?: boolean;
  onSubmit: (name: string) => Promise<boolean>;
  onClose: () => void;
}

/** The name dialog of 新建文件夹 and 重命名 (part 4 §5: the names rule). */
export function NameModal({ open, title, oldName, keepExtension, onSubmit, onClose }: Props) {
  const [form] = Form.useForm<{ name: string }>();
  const input = useRef<InputRef>(null);
  useEffect(() => {
    if (!open) return;
    const name = oldName ?? "";
    form.setFieldsValue({ name });
    const dot = name.lastIndexOf(".");
    const end = keepExtension && dot > 0 ? dot : name.length;
    const frame = requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.input?.setSelectionRange(0, end);
    });
    return () => cancelAnimationFrame(frame);
  }, [open, oldName, keepExtension, form]);

  async function submit() {
    // An invalid name stays in the dialog with its message (validateFields rejects).
    const values = await form.validateFields().catch(() => null);
    if (values && (await onSubmit(values.name.trim()))) onClose();
  }

  return (
    <Modal
      open={open}
      title={title}
      okText="确定"
      cancelText="取消"
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} onFinish={submit}>
        <Form.Item
          name="name"
          label="名称"
          rules={[
            zodRule(aiFolderName),
            {
              validator: (_rule, value: string | undefined) =>
                oldName !== undefined && value?.trim() === oldName
                  ? Promise.reject(new Error("新名称不能与原名称相同"))
                  : Promise.resolve(),
            },
          ]}
        >
          <Input ref={input} aria-label="名称" placeholder="请输入名称" maxLength={255} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
