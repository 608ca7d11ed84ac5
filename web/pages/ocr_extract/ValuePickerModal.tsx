import { Empty, Modal, Radio, Space, Tag, Typography } from "antd";
import { useEffect, useState } from "react";
import { type OcrFieldValue, type OcrMergedField, UNVERIFIED_CHECK } from "../../../common/schemas/ocr.ts";

interface Props {
  field: (OcrMergedField & { key: string }) | null;
  candidates: OcrFieldValue[];
  onClose: () => void;
  /** Called with the chosen value. */
  onPick: (value: string) => void;
  onMissing: () => void;
}

/** The snippet with the value highlighted. */
export function Snippet({ snippet, value }: { snippet: string; value: string }) {
  const at = value ? snippet.indexOf(value) : -1;
  if (at < 0) return <Typography.Text type="secondary">{snippet}</Typography.Text>;
  return (
    <Typography.Text type="secondary">
      {snippet.slice(0, at)}
      <mark>{value}</mark>
      {snippet.slice(at + value.length)}
    </Typography.Text>
  );
}

/** The value picker: every value the case's files gave for one field, with its source line. */
export function ValuePickerModal({ field, candidates, onClose, onPick, onMissing }: Props) {
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => setChosen(field?.value ?? null), [field]);
  return (
    <Modal
      title={field ? `选择“${field.label}”的值` : ""}
      open={field !== null}
      onCancel={onClose}
      onOk={() => (chosen ? onPick(chosen) : onMissing())}
      okText="确定"
      cancelText="取消"
      width={720}
    >
      {candidates.length === 0
        ? <Empty description="各文件中都没有找到这个字段" image={Empty.PRESENTED_IMAGE_SIMPLE} />
        : (
          <Radio.Group value={chosen} onChange={(e) => setChosen(e.target.value)} style={{ width: "100%" }}>
            <Space direction="vertical" style={{ width: "100%" }}>
              {candidates.map((c, i) => (
                <Radio key={`${c.value}-${i}`} value={c.value}>
                  <Space direction="vertical" size={0}>
                    <Space wrap>
                      <Typography.Text strong>{c.value}</Typography.Text>
                      <Tag>{c.source.fileName} · 第{c.source.page}页第{c.source.line}行</Tag>
                      <Tag color={c.method === "model" ? "purple" : "blue"}>
                        {c.method === "model" ? "模型" : "规则"}
                      </Tag>
                      <Typography.Text type="secondary">
                        置信度 {Math.round(c.confidence * 100)}%
                      </Typography.Text>
                      {c.checks?.filter((k) => k !== UNVERIFIED_CHECK).map((k) => (
                        <Tag key={k} color="green">{k}</Tag>
                      ))}
                      {c.unverified && <Tag color="orange">{UNVERIFIED_CHECK}</Tag>}
                    </Space>
                    <Snippet snippet={c.source.snippet} value={c.value} />
                  </Space>
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        )}
    </Modal>
  );
}
