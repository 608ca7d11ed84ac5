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
    const frame = requestAnimationFrame(selectName);
    return () => cancelAnimationFrame(frame);
  }, [open, oldName, keepExtension, form]);

  /** Focuses the name with its part before the extension selected, once: on a busy machine the
   * input may not exist yet at the first frame, so the end of the opening animation tries again
   * (the dialog would otherwise keep the focus on its own panel). */
  function selectName() {
    const element = input.current?.input;
    if (!element || document.activeElement === element) return;
    const name = oldName ?? "";
    const dot = name.lastIndexOf(".");
    element.focus();
    element.setSelectionRange(0, keepExtension && dot > 0 ? dot : name.length);
  }

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
      afterOpenChange={(visible) => visible && selectName()}
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
