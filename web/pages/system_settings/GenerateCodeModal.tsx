import { DatePicker, Form, Input, InputNumber, Modal, Select, Typography } from "antd";
import type { Dayjs } from "dayjs";
import dayjs from "dayjs";
import { useLayoutEffect, useState } from "react";
import { INVITATION_MAX_USES_MAX, INVITATION_MAX_USES_MIN } from "../../../common/constants.ts";
import { EXPIRY_TIME_CHOICES, invitationBody } from "../../../common/schemas/invitations.ts";
import { errorText } from "../../api/client.ts";
import { createInvitationCode, type InvitationCode } from "../../api/invitation_codes.ts";
import { zodRule } from "../../components/zod_rule.ts";
import { buildExpiredAt, DEFAULT_EXPIRY_TIME } from "./expiry.ts";

interface Values {
  maxUses: number;
  expiryDate?: Dayjs | null;
  expiryTime?: string | null;
  remark?: string;
}

interface Props {
  open: boolean;
  /** The settings' default_max_uses: the dialog's starting value. */
  defaultMaxUses: number;
  onClose: () => void;
  onCreated: (code: InvitationCode) => void;
  onError: (text: string) => void;
}

/** 生成邀请码: max uses 1-100, expiry date plus one of six times (or none), remark. */
export function GenerateCodeModal({ open, defaultMaxUses, onClose, onCreated, onError }: Props) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  // Before the browser paints: a reset after the dialog shows would wipe what was typed in it.
  useLayoutEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue({ maxUses: defaultMaxUses, expiryDate: null, expiryTime: DEFAULT_EXPIRY_TIME });
    }
  }, [open, defaultMaxUses, form]);

  async function submit() {
    // Invalid fields show their messages; nothing to send.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const { code } = await createInvitationCode({
        maxUses: values.maxUses,
        expiredAt: buildExpiredAt(values.expiryDate?.format("YYYY-MM-DD"), values.expiryTime),
        remark: values.remark ?? "",
      });
      onCreated(code);
    } catch (err) {
      onError(errorText(err, "生成邀请码失败"));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      title="生成邀请码"
      open={open}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      okText="生成"
      cancelText="取消"
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="maxUses"
          label="最大使用次数"
          rules={[{ required: true, message: "请输入最大使用次数" }, zodRule(invitationBody.shape.maxUses)]}
        >
          <InputNumber
            min={INVITATION_MAX_USES_MIN}
            max={INVITATION_MAX_USES_MAX}
            precision={0}
            style={{ width: "100%" }}
          />
        </Form.Item>
        <Form.Item label="过期时间" style={{ marginBottom: 0 }}>
          <div style={{ display: "flex", gap: 8 }}>
            <Form.Item name="expiryDate" style={{ flex: 1 }}>
              <DatePicker
                style={{ width: "100%" }}
                placeholder="选择日期"
                disabledDate={(d) => d.isBefore(dayjs().startOf("day"))}
              />
            </Form.Item>
            <Form.Item name="expiryTime" style={{ width: 140 }}>
              <Select
                aria-label="过期时刻"
                placeholder="选择时间"
                allowClear
                options={EXPIRY_TIME_CHOICES.map((t) => ({ value: t, label: t }))}
              />
            </Form.Item>
          </div>
          <Typography.Text type="secondary" style={{ display: "block", marginTop: -16, marginBottom: 16 }}>
            日期或时间未选择时，邀请码永久有效
          </Typography.Text>
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[zodRule(invitationBody.shape.remark)]}>
          <Input.TextArea rows={2} maxLength={200} showCount placeholder="选填" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
