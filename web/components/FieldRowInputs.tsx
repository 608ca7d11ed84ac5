import { Form, Input } from "antd";

/**
 * The field editors' columns, in one order with one set of hints in a clerk's words (issue #27 item 5):
 * the OCR信息提取 template and the custom OCR rule both ask 字段名称, then 键名, then 提取说明.
 */
export const FIELD_HINTS = {
  label: "字段名称，如 借款人",
  key: "键名（选填，默认同字段名称）",
  prompt: "提取说明（选填），如 借条上的借款人姓名",
} as const;

/** A field row's three inputs for the Form.List item `name` (aria-labels 字段名称1, 键名1, 提取说明1...). */
export function FieldRowInputs({ name, index }: { name: number; index: number }) {
  return (
    <>
      <Form.Item name={[name, "label"]} style={{ marginBottom: 0 }}>
        <Input placeholder={FIELD_HINTS.label} aria-label={`字段名称${index + 1}`} style={{ width: 170 }} />
      </Form.Item>
      <Form.Item name={[name, "key"]} style={{ marginBottom: 0 }}>
        <Input placeholder={FIELD_HINTS.key} aria-label={`字段键名${index + 1}`} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name={[name, "prompt"]} style={{ marginBottom: 0 }}>
        <Input placeholder={FIELD_HINTS.prompt} aria-label={`提取说明${index + 1}`} style={{ width: 250 }} />
      </Form.Item>
    </>
  );
}

/** A typed field row: the key defaults to the label (template variables are looked up by both). */
export function withDefaultKey<T extends { key?: string; label?: string }>(row: T): T & { key: string } {
  const label = (row.label ?? "").trim();
  const key = (row.key ?? "").trim();
  return { ...row, label, key: key || label };
}
