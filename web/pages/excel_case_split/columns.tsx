import { Button, Space, type TableColumnsType, Tag } from "antd";
import { CASE_SPLIT_LEVEL_LABELS } from "../../../common/constants.ts";
import type { CaseSplitTask } from "../../api/case_split.ts";
import { formatTime } from "../../components/format_time.ts";
import { STATUS_TAGS } from "./case_split_view.ts";
import { ResultSummary } from "./ResultSummary.tsx";

export interface ColumnActions {
  onOpenFile: (task: CaseSplitTask, index: number) => void;
  onDownloadAll: (task: CaseSplitTask) => Promise<void>;
  onShowUnassigned: (task: CaseSplitTask) => void;
  onDelete: (task: CaseSplitTask) => void;
}

/** Task table columns (part 4 §2): created, status, level, file, result, unassigned info, delete. */
export function taskColumns(actions: ColumnActions): TableColumnsType<CaseSplitTask> {
  return [
    { title: "创建时间", dataIndex: "created_at", width: 170, render: (v: number) => formatTime(v) },
    {
      title: "状态",
      dataIndex: "status",
      width: 90,
      render: (status: CaseSplitTask["status"]) => (
        <Tag color={STATUS_TAGS[status].color}>{STATUS_TAGS[status].label}</Tag>
      ),
    },
    {
      title: "分类级别",
      dataIndex: "split_level",
      width: 90,
      render: (level: CaseSplitTask["split_level"]) => (level ? CASE_SPLIT_LEVEL_LABELS[level] : "-"),
    },
    { title: "文件名", dataIndex: "original_filename", ellipsis: true },
    {
      title: "分类结果",
      key: "result",
      width: 460,
      render: (_: unknown, task) => (
        <ResultSummary task={task} onOpenFile={actions.onOpenFile} onDownloadAll={actions.onDownloadAll} />
      ),
    },
    {
      title: "操作",
      key: "actions",
      width: 170,
      render: (_: unknown, task) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            disabled={task.status !== "completed"}
            onClick={() => actions.onShowUnassigned(task)}
          >
            未分配信息
          </Button>
          <Button type="link" size="small" danger onClick={() => actions.onDelete(task)}>删除</Button>
        </Space>
      ),
    },
  ];
}
