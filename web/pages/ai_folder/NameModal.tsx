import { Form, Input, Modal } from "antd";
import { useEffect } from "react";
import { aiFolderName } from "../../../common/schemas/ai_folder.ts";
import { zodRule } from "../../components/zod_rule.ts";

interface Props {
  open: boolean;
  title: string;
  /** The old name of a rename (the new one must differ); undefined for a new folder. */
  oldName?: string;
  onSubmit: (name: string) => Promise<boolean>;
  onClose: () => void;
}

/** The name dialog of 新建文件夹 and 重命名 (part 4 §5: the names rule). */
export function NameModal({ open, title, oldName, onSubmit, onClose }: Props) {
  const [form] = Form.useForm<{ name: string }>();
  useEffect(() => {
    if (open) form.setFieldsValue({ name: oldName ?? "" });
  }, [open, oldName, form]);

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
          <Input autoFocus placeholder="请输入名称" maxLength={255} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
