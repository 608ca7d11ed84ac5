import { UploadOutlined } from "@ant-design/icons";
import { App, Button, Card, DatePicker, Form, Input, Select, Space, Table } from "antd";
import type { Dayjs } from "dayjs";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  CASE_SPLIT_DEFAULT_PAGE_SIZE,
  CASE_SPLIT_LEVEL_LABELS,
  CASE_SPLIT_LEVELS,
  CASE_SPLIT_LINK_TTL_MS,
  CASE_SPLIT_PAGE_SIZES,
  type CaseSplitLevel,
} from "../../../common/constants.ts";
import type { CaseSplitListQuery } from "../../../common/schemas/case_split.ts";
import {
  type CaseSplitTask,
  caseSplitUrl,
  deleteCaseSplitTask,
  downloadAllCaseSplit,
  listCaseSplitTasks,
} from "../../api/case_split.ts";
import { errorText } from "../../api/client.ts";
import { saveBlob } from "../../components/save_file.ts";
import { usePolling } from "../../components/use_polling.ts";
import { summaryFileName } from "./case_split_view.ts";
import { taskColumns } from "./columns.tsx";
import { UnassignedModal } from "./UnassignedModal.tsx";
import { UploadModal } from "./UploadModal.tsx";

interface Filters {
  filename?: string;
  splitLevel?: CaseSplitLevel;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

const POLL_MS = 2_000;

function toQuery(filters: Filters): Partial<CaseSplitListQuery> {
  const [start, end] = filters.dates ?? [];
  return {
    filename: filters.filename?.trim() || undefined,
    splitLevel: filters.splitLevel,
    startDate: start ? start.format("YYYY-MM-DD") : undefined,
    endDate: end ? end.format("YYYY-MM-DD") : undefined,
  };
}

/** A link click as the spec has it: the region file opens from its downloadUrl (part 4 §7). */
function openLink(url: string) {
  const link = document.createElement("a");
  link.href = url;
  link.target = "_blank";
  link.rel = "noopener noreferrer";
  link.download = "";
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** /excel-case-split (县市案件分类, part 4 §2): upload a case sheet, split it by city or county. */
export function ExcelCaseSplitPage() {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(CASE_SPLIT_DEFAULT_PAGE_SIZE);
  const [tasks, setTasks] = useState<CaseSplitTask[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [unassigned, setUnassigned] = useState<CaseSplitTask | null>(null);
  const loadedAt = useRef(0);
  const statuses = useRef(new Map<string, CaseSplitTask["status"]>());

  const load = useCallback(async (quiet = false): Promise<CaseSplitTask[] | null> => {
    if (!quiet) setLoading(true);
    try {
      const res = await listCaseSplitTasks({ ...toQuery(filters), page, pageSize }, true);
      for (const task of res.tasks) {
        const before = statuses.current.get(task.id);
        if (before === "processing" && task.status === "completed") message.success("分类完成");
        if (before === "processing" && task.status === "failed") message.error(task.error || "分类失败");
        statuses.current.set(task.id, task.status);
      }
      setTasks(res.tasks);
      setTotal(res.total);
      loadedAt.current = Date.now();
      return res.tasks;
    } catch (err) {
      if (!quiet) message.error(errorText(err, "获取任务列表失败"));
      return null;
    } finally {
      if (!quiet) setLoading(false);
    }
  }, [filters, page, pageSize, message]);

  useEffect(() => {
    void load();
  }, [load]);

  const processing = tasks.some((t) => t.status === "processing");
  // load() reports its own failures (quietly here) and answers null: polling goes on.
  usePolling(processing ? "processing" : null, {
    fetch: () => load(true),
    done: () => false,
    intervalMs: POLL_MS,
    delayFirst: true,
  });

  async function openFile(task: CaseSplitTask, index: number) {
    let current: CaseSplitTask | undefined = task;
    // Links are signed for a limited time: a list open for long is read again first.
    if (Date.now() - loadedAt.current > CASE_SPLIT_LINK_TTL_MS - 5 * 60_000) {
      current = (await load(true))?.find((t) => t.id === task.id);
    }
    const file = current?.output_files[index];
    if (!file) return message.error("下载文件失败");
    openLink(caseSplitUrl(file.downloadUrl));
  }

  async function downloadAll(task: CaseSplitTask) {
    try {
      const { blob } = await downloadAllCaseSplit(task.id);
      saveBlob(blob, summaryFileName(task.original_filename));
      message.success("批量下载成功");
    } catch (err) {
      message.error(errorText(err, "批量下载失败"));
    }
  }

  function confirmDelete(task: CaseSplitTask) {
    modal.confirm({
      title: "确定要删除此任务吗？",
      okText: "删除",
      okButtonProps: { danger: true },
      cancelText: "取消",
      onOk: async () => {
        try {
          await deleteCaseSplitTask(task.id);
          message.success("删除成功");
          if (tasks.length === 1 && page > 1) setPage(page - 1);
          else await load();
        } catch (err) {
          message.error(errorText(err, "删除失败"));
        }
      },
    });
  }

  return (
    <Card title="县市案件分类">
      <Form<Filters>
        form={form}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(values) => {
          setPage(1);
          setFilters(values);
        }}
      >
        <Form.Item name="filename" label="文件名">
          <Input placeholder="请输入文件名" allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="splitLevel" label="分类级别">
          <Select
            placeholder="全部"
            allowClear
            style={{ width: 120 }}
            options={CASE_SPLIT_LEVELS.map((l) => ({ value: l, label: CASE_SPLIT_LEVEL_LABELS[l] }))}
          />
        </Form.Item>
        <Form.Item name="dates" label="创建日期">
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">搜索</Button>
            <Button
              onClick={() => {
                form.resetFields();
                setPage(1);
                setFilters({});
              }}
            >
              重置
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploadOpen(true)}>上传文件</Button>
      </Space>
      <Table<CaseSplitTask>
        rowKey="id"
        loading={loading}
        dataSource={tasks}
        columns={taskColumns({
          onOpenFile: openFile,
          onDownloadAll: downloadAll,
          onShowUnassigned: setUnassigned,
          onDelete: confirmDelete,
        })}
        scroll={{ x: 1100 }}
        pagination={{
          current: page,
          pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: CASE_SPLIT_PAGE_SIZES,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (p, size) => {
            setPage(size !== pageSize ? 1 : p);
            setPageSize(size);
          },
        }}
      />
      <UploadModal
        open={uploadOpen}
        onClose={() => {
          setUploadOpen(false);
          void load(true);
        }}
        onStarted={(taskId) => {
          setUploadOpen(false);
          statuses.current.set(taskId, "processing");
          setPage(1);
          void load();
        }}
      />
      {unassigned && <UnassignedModal task={unassigned} onClose={() => setUnassigned(null)} />}
    </Card>
  );
}
