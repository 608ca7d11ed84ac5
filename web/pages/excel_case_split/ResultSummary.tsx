import { DownloadOutlined } from "@ant-design/icons";
import { Button, List, Progress, Space, Tag, Tooltip, Typography } from "antd";
import { useState } from "react";
import { CASE_SPLIT_REGIONS_PER_PAGE } from "../../../common/constants.ts";
import { type CaseSplitTask, caseSplitUrl } from "../../api/case_split.ts";
import { percentOf, splitRegions } from "./case_split_view.ts";

interface Props {
  task: CaseSplitTask;
  /** Opens a region file from its downloadUrl (the page refreshes stale links first). */
  onOpenFile: (task: CaseSplitTask, index: number) => void;
  onDownloadAll: (task: CaseSplitTask) => Promise<void>;
}

type RegionFile = CaseSplitTask["output_files"][number] & { index: number };

function RegionLink({ file, task, onOpenFile }: { file: RegionFile } & Pick<Props, "task" | "onOpenFile">) {
  return (
    <a
      href={caseSplitUrl(file.downloadUrl)}
      target="_blank"
      rel="noopener noreferrer"
      download
      aria-label={`下载${file.region}`}
      onClick={(e) => {
        e.preventDefault();
        onOpenFile(task, file.index);
      }}
    >
      <DownloadOutlined /> 下载
    </a>
  );
}

/** The result column (part 4 §2, §4): counts with whole-number percentages, region tags, downloads. */
export function ResultSummary({ task, onOpenFile, onDownloadAll }: Props) {
  const [open, setOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  if (task.status === "failed") {
    return (
      <Tooltip title={task.error}>
        <Typography.Text type="danger">分类失败</Typography.Text>
      </Tooltip>
    );
  }
  if (task.status === "processing") {
    const p = task.progress;
    return (
      <Space direction="vertical" size={0} style={{ minWidth: 160 }}>
        <Typography.Text type="warning">处理中...</Typography.Text>
        {p && p.total > 0 && <Progress percent={percentOf(p.done, p.total)} size="small" />}
      </Space>
    );
  }
  if (task.status !== "completed" || task.output_files.length === 0) {
    return <Typography.Text type="secondary">-</Typography.Text>;
  }
  const files: RegionFile[] = task.output_files.map((f, index) => ({ ...f, index }));
  const { recognised, unrecognised } = splitRegions({ output_files: files });
  const unrecognisedRows = task.total_rows - task.success_rows;

  return (
    <Space direction="vertical" size={4} style={{ width: "100%", minWidth: 280 }}>
      <Space size={12} wrap>
        <span>总行数：{task.total_rows}</span>
        <Typography.Text type="success">
          成功分类：{task.success_rows}（{percentOf(task.success_rows, task.total_rows)}%）
        </Typography.Text>
        <Typography.Text type="danger">
          未识别：{unrecognisedRows}（{percentOf(unrecognisedRows, task.total_rows)}%）
        </Typography.Text>
      </Space>
      <Space size={4} wrap>
        <Tag color="blue">已识别地区 {recognised.length} 个</Tag>
        <Tag color="orange">未识别地区 {unrecognised.length} 个</Tag>
        <Button type="link" size="small" onClick={() => setOpen(!open)}>{open ? "收起" : "展开"}</Button>
        <Button
          size="small"
          icon={<DownloadOutlined />}
          loading={downloading}
          onClick={async () => {
            setDownloading(true);
            await onDownloadAll(task).finally(() => setDownloading(false));
          }}
        >
          批量下载
        </Button>
      </Space>
      {open && (
        <>
          <List
            size="small"
            bordered
            header="已识别地区"
            dataSource={recognised}
            rowKey="index"
            pagination={recognised.length > CASE_SPLIT_REGIONS_PER_PAGE
              ? { pageSize: CASE_SPLIT_REGIONS_PER_PAGE, size: "small", showSizeChanger: false }
              : false}
            renderItem={(file) => (
              <List.Item actions={[<RegionLink key="d" file={file} task={task} onOpenFile={onOpenFile} />]}>
                {file.region}（{file.count}条）
              </List.Item>
            )}
          />
          {unrecognised.length > 0 && (
            <List
              size="small"
              bordered
              header="未识别地区"
              dataSource={unrecognised}
              rowKey="index"
              renderItem={(file) => (
                <List.Item actions={[<RegionLink key="d" file={file} task={task} onOpenFile={onOpenFile} />]}>
                  {file.region}（{file.count}条）
                </List.Item>
              )}
            />
          )}
        </>
      )}
    </Space>
  );
}
