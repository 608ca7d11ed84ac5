import { Form, InputNumber } from "antd";
import { QUOTA_MAX } from "../../../common/constants.ts";
import { registerGiftBody } from "../../../common/schemas/register_gift.ts";
import { zodRule } from "../../components/zod_rule.ts";

/** The three counters a new account receives, in the quota set's field names. */
export const GIFT_FIELDS = [
  { name: "mediationLimit", label: "文书生成" },
  { name: "pdfConvertLimit", label: "PDF转换" },
  { name: "aiLimit", label: "AI功能" },
] as const;

/** Three 0-99999 inputs, checked by the server's own schema. */
export function GiftFields() {
  return (
    <>
      {GIFT_FIELDS.map((f) => (
        <Form.Item
          key={f.name}
          name={f.name}
          label={`${f.label}赠送次数`}
          rules={[
            { required: true, message: `请输入${f.label}赠送次数` },
            zodRule(registerGiftBody.shape[f.name]),
          ]}
        >
          <InputNumber min={0} max={QUOTA_MAX} precision={0} addonAfter="次" style={{ width: 220 }} />
        </Form.Item>
      ))}
    </>
  );
}

/** "文书生成 100 次、PDF转换 100 次、AI功能 50 次" */
export function describeGift(gift: Record<(typeof GIFT_FIELDS)[number]["name"], number>): string {
  return GIFT_FIELDS.map((f) => `${f.label} ${gift[f.name]} 次`).join("、");
}
