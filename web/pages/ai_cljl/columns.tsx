import { Button, Space, type TableColumnsType, Tag } from "antd";
import type { FolderRecordView } from "../../api/custom_ocr.ts";
import { formatTime } from "../../components/format_time.ts";

export const STATUS = {
  pending: { color: "default", label: "等待中" },
  processing: { color: "processing", label: "处理中" },
  completed: { color: "success", label: "已完成" },
  failed: { color: "error", label: "失败" },
} as const;

/** The type filter's values: custom OCR splits into folder and upload runs. */
export const TYPES = {
  custom_folder: "自定义OCR·文件夹",
  custom_upload: "自定义OCR·上传",
  ocr: "OCR识别",
  ocr_extract: "OCR信息提取",
} as const;
export type RunType = keyof typeof TYPES;

export function runType(r: FolderRecordView): RunType {
  if (r.kind === "ocr" || r.kind === "ocr_extract") return r.kind;
  return r.folder_path ? "custom_folder" : "custom_upload";
}

/** The screen a run belongs to (reopened there by its owner). */
export const SCREEN_OF: Record<FolderRecordView["kind"], { path: string; title: string }> = {
  custom_ocr: { path: "/custom-ocr", title: "自定义OCR" },
  ocr: { path: "/ocr", title: "OCR识别" },
  ocr_extract: { path: "/ocr-extract", title: "OCR信息提取" },
};

export function recordColumns(options: {
  withUser: boolean;
  onOpen: (r: FolderRecordView) => void;
  onDelete: (r: FolderRecordView) => void;
}): TableColumnsType<FolderRecordView> {
  return [
    ...(options.withUser ? [{ title: "用户", dataIndex: "username", width: 100 }] : []),
    {
      title: "类型",
      key: "type",
      width: 140,
      render: (_, r) => <Tag>{TYPES[runType(r)]}</Tag>,
    },
    {
      title: "案件 / 文件",
      dataIndex: "folder_path",
      // Wraps rather than cuts: the case is what a clerk looks for.
      width: 280,
      render: (v: string, r) => (
        <Space size={4} wrap>
          <span style={{ wordBreak: "break-all" }}>
            {v || r.case_name || r.files.map((f) => f.fileName).join("、")}
          </span>
          {(r.history?.length ?? 0) > 0 && <Tag color="blue">共处理 {r.history!.length + 1} 次</Tag>}
        </Space>
      ),
    },
    { title: "规则 / 模板", dataIndex: "rule_name", render: (v: string) => v || "-" },
    { title: "文件数", key: "files", width: 80, render: (_, r) => r.files.length },
    {
      title: "状态",
      dataIndex: "status",
      width: 90,
      render: (s: keyof typeof STATUS) => <Tag color={STATUS[s].color}>{STATUS[s].label}</Tag>,
    },
    {
      title: "AI使用次数",
      key: "uses",
      width: 120,
      render: (_, r) =>
        `${r.ai_uses_charged - r.ai_uses_refunded}${
          r.ai_uses_refunded ? `（退回 ${r.ai_uses_refunded}）` : ""
        }`,
    },
    { title: "创建时间", dataIndex: "created_at", width: 170, render: (v: string) => formatTime(v) },
    { title: "更新时间", dataIndex: "updated_at", width: 170, render: (v: string) => formatTime(v) },
    {
      title: "操作",
      key: "actions",
      width: 130,
      // Pinned: when the table scrolls (phones, the 全部用户 view), 查看 and 删除 stay in reach.
      fixed: "right",
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => options.onOpen(r)}>查看</Button>
          {r.kind === "custom_ocr" && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() => options.onDelete(r)}
            >
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];
}
