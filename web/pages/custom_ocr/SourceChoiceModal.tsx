import { Alert, Button, Input, Modal, Radio, Space, Tag } from "antd";
import { type ReactNode, useLayoutEffect, useState } from "react";
import { UNVERIFIED_CHECK } from "../../../common/schemas/ocr.ts";
import type { FieldValue } from "../../api/custom_ocr.ts";

/** The field being reviewed: its current value, every value read for it, and the person's marks. */
export interface ChoiceField {
  key: string;
  label: string;
  value: string | null;
  values: FieldValue[];
  kept: boolean;
  /** The file (or 手动输入) of the value a person chose. */
  keptSource?: string;
  conflicts: FieldValue[];
}

const TYPED = "typed";

export function conflictText(values: FieldValue[]): string {
  return values.map((v) => `${v.value}（${v.source}）`).join("、");
}

/**
 * The source-choice dialog (part 4 §2): one radio per value read (by position, so two files stating the
 * same value are two choices and only one is selected) and 手动输入, which typing in its box selects.
 * Answers `onSave` with the value and, for a read one, its file; 请选择一个值 when nothing is given.
 */
export function SourceChoiceModal(
  { field, onSave, onClear, onClose, onMissing, crop }: {
    field: ChoiceField | null;
    /** Where a read value stands on its page (the page crop), when known. */
    crop?: (value: FieldValue) => ReactNode;
    onSave: (choice: { value: string; source?: string }) => void;
    onClear: () => void;
    onClose: () => void;
    onMissing: () => void;
  },
) {
  const [picked, setPicked] = useState<string>("");
  const [typed, setTyped] = useState("");
  useLayoutEffect(() => {
    const values = field?.values ?? [];
    const same = (v: FieldValue) => v.value === field?.value;
    const chosen = values.findIndex((v) => same(v) && v.source === field?.keptSource);
    const at = chosen >= 0 ? chosen : values.findIndex(same);
    setPicked(at >= 0 ? String(at) : "");
    setTyped("");
  }, [field]);

  function save() {
    if (!field) return;
    if (picked === TYPED) {
      const value = typed.trim();
      return value ? onSave({ value }) : onMissing();
    }
    const chosen = field.values[Number(picked)];
    return picked !== "" && chosen ? onSave({ value: chosen.value, source: chosen.source }) : onMissing();
  }

  return (
    <Modal
      open={field !== null}
      title={`选择来源：${field?.label ?? ""}`}
      okText="确定"
      cancelText="取消"
      onOk={save}
      onCancel={onClose}
      footer={(buttons) => (
        <>
          {field?.kept && <Button onClick={onClear}>恢复为识别值</Button>}
          {buttons}
        </>
      )}
    >
      {field && field.conflicts.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={`新文件中的值与人工修改的值不一致：${conflictText(field.conflicts)}`}
        />
      )}
      <Radio.Group value={picked} onChange={(e) => setPicked(e.target.value)}>
        <Space orientation="vertical">
          {(field?.values ?? []).map((v, i) => (
            <Radio key={`${i}:${v.value}@${v.source}`} value={String(i)}>
              {v.value} <Tag>{v.source}</Tag>
              {v.unverified && <Tag color="orange">{UNVERIFIED_CHECK}</Tag>}
              {crop?.(v)}
            </Radio>
          ))}
          <Radio value={TYPED}>
            手动输入{" "}
            <Input
              size="small"
              aria-label="手动输入的值"
              value={typed}
              onFocus={() => setPicked(TYPED)}
              onChange={(e) => {
                setTyped(e.target.value);
                setPicked(TYPED);
              }}
              style={{ width: 240 }}
            />
          </Radio>
        </Space>
      </Radio.Group>
    </Modal>
  );
}
