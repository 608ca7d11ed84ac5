import { App, Button, Form, InputNumber, Modal, Radio, Space, Typography } from "antd";
import { useEffect, useState } from "react";
import {
  QUOTA_FIELDS,
  QUOTA_KINDS,
  QUOTA_LABELS,
  QUOTA_MAX,
  type QuotaKind,
} from "../../../common/constants.ts";
import { updateLimitBody } from "../../../common/schemas/member.ts";
import { errorText } from "../../api/client.ts";
import { updateLimit, type UserQuotaRow } from "../../api/member.ts";
import { zodRule } from "../../components/zod_rule.ts";

/** Quick buttons of the edit dialog (part 3 §5). */
const STEPS = [10, 50, 100];

interface Props {
  /** The user being edited; null keeps the dialog closed. */
  row: UserQuotaRow | null;
  initialKind: QuotaKind;
  onClose: () => void;
  onSaved: (userId: number) => void;
}

/** Sets one of a user's quotas to 0-99999, with +10/+50/+100 quick buttons (part 3 §5). */
export function QuotaEditModal({ row, initialKind, onClose, onSaved }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ type: QuotaKind; limit: number | null }>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (row) form.setFieldsValue({ type: initialKind, limit: row[QUOTA_FIELDS[initialKind]] });
  }, [row, initialKind, form]);

  function onKind(kind: QuotaKind) {
    if (row) form.setFieldsValue({ limit: row[QUOTA_FIELDS[kind]] });
  }

  function addStep(step: number) {
    const current = Number(form.getFieldValue("limit") ?? 0);
    form.setFieldsValue({ limit: Math.min(QUOTA_MAX, current + step) });
    void form.validateFields(["limit"]);
  }

  async function onOk() {
    if (!row) return;
    const values = await form.validateFields().catch(() => null);
    if (!values || values.limit === null) return;
    setSaving(true);
    try {
      await updateLimit({ userId: row.id, type: values.type, limit: values.limit });
      message.success("修改成功");
      onSaved(row.id);
      onClose();
    } catch (err) {
      message.error(errorText(err, "修改额度失败"));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      title="修改额度"
      open={row !== null}
      onOk={onOk}
      onCancel={onClose}
      confirmLoading={saving}
      forceRender
    >
      <Typography.Paragraph>用户：{row?.username}</Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item name="type" label="额度类型">
          <Radio.Group
            optionType="button"
            options={QUOTA_KINDS.map((k) => ({ value: k, label: QUOTA_LABELS[k] }))}
            onChange={(e) => onKind(e.target.value)}
          />
        </Form.Item>
        <Form.Item
          name="limit"
          label="剩余次数"
          rules={[{ required: true, message: "请输入额度" }, zodRule(updateLimitBody.shape.limit)]}
        >
          <InputNumber min={0} max={QUOTA_MAX} precision={0} style={{ width: 200 }} aria-label="剩余次数" />
        </Form.Item>
        <Space>
          {STEPS.map((step) => <Button key={step} onClick={() => addStep(step)}>+{step}</Button>)}
        </Space>
      </Form>
    </Modal>
  );
}
