import { Form, Modal, Typography } from "antd";
import { useLayoutEffect, useState } from "react";
import type { RegisterGiftValues } from "../../../common/schemas/register_gift.ts";
import { errorText } from "../../api/client.ts";
import { type GiftCodeRow, saveCodeGift } from "../../api/register_gift.ts";
import { GiftFields } from "./GiftFields.tsx";

interface Props {
  code: GiftCodeRow | null;
  /** The values the dialog starts from when the code has no gift of its own yet. */
  initial: RegisterGiftValues;
  onClose: () => void;
  onSaved: () => void;
  onError: (text: string) => void;
}

/** 设置赠送 for one invitation code: replaces the default gift for accounts registered with it. */
export function CodeGiftModal({ code, initial, onClose, onSaved, onError }: Props) {
  const [form] = Form.useForm<RegisterGiftValues>();
  const [saving, setSaving] = useState(false);

  // Before the browser paints: a reset after the dialog shows would wipe what was typed in it.
  useLayoutEffect(() => {
    if (!code) return;
    form.resetFields();
    form.setFieldsValue(code.gift ?? initial);
  }, [code, initial, form]);

  async function submit() {
    if (!code) return;
    // Invalid fields show their messages; nothing to send.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await saveCodeGift(code.id, values);
      onSaved();
    } catch (err) {
      onError(errorText(err, "保存失败"));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      title={code ? `邀请码 ${code.code} 的注册赠送` : ""}
      open={code !== null}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      okText="保存"
      cancelText="取消"
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        使用此邀请码注册的账号将获得以下额度（代替默认赠送）。
      </Typography.Paragraph>
      <Form form={form} name="code_gift" layout="vertical" preserve={false}>
        <GiftFields />
      </Form>
    </Modal>
  );
}
