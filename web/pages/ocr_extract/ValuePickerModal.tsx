import { Empty, Modal, Radio, Space, Tag, Typography } from "antd";
import { useEffect, useState } from "react";
import { type OcrFieldValue, type OcrMergedField, UNVERIFIED_CHECK } from "../../../common/schemas/ocr.ts";
import { getPageImage } from "../../api/ocr_extract.ts";
import { SourceCrop } from "../../components/SourceCrop.tsx";
import { SourceSnippet } from "../../components/SourceSnippet.tsx";

interface Props {
  /** The batch and its files, to show the page a candidate was read from. */
  batchId?: string;
  fileResults?: { recordId: string; fileName: string }[];
  field: (OcrMergedField & { key: string }) | null;
  candidates: OcrFieldValue[];
  onClose: () => void;
  /** Called with the chosen value. */
  onPick: (value: string) => void;
  onMissing: () => void;
}

/** The value picker: every value the case's files gave for one field, with its source line. */
export function ValuePickerModal(
  { batchId, fileResults, field, candidates, onClose, onPick, onMissing }: Props,
) {
  // By position: two files stating the same value are two choices, and only one of them is selected.
  const [chosen, setChosen] = useState<number | null>(null);
  useEffect(() => {
    const same = (c: OcrFieldValue) => c.value === field?.value;
    const at = candidates.findIndex((c) => same(c) && c.source.fileName === field?.sourceFile);
    const first = candidates.findIndex(same);
    setChosen(at >= 0 ? at : first >= 0 ? first : null);
  }, [field, candidates]);
  const recordOf = (fileName: string) => fileResults?.find((f) => f.fileName === fileName)?.recordId;
  return (
    <Modal
      title={field ? `选择“${field.label}”的值` : ""}
      open={field !== null}
      onCancel={onClose}
      onOk={() => (chosen !== null && candidates[chosen] ? onPick(candidates[chosen].value) : onMissing())}
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
                <Radio key={`${c.value}-${i}`} value={i}>
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
                    <SourceSnippet snippet={c.source.snippet} value={c.value} />
                    {batchId && c.source.box && recordOf(c.source.fileName) && (
                      <SourceCrop
                        key={`${c.source.fileName}:${c.source.page}:${c.source.line}`}
                        page={c.source.page}
                        box={c.source.box}
                        boxes={c.source.boxes}
                        load={() => getPageImage(batchId, recordOf(c.source.fileName)!, c.source.page)}
                      />
                    )}
                  </Space>
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        )}
    </Modal>
  );
}
